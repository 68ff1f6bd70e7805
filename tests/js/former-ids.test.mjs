// A renamed record (former_ids): a link or a stored table written before the rename holds
// the old id, and still finds the record after a redeploy, everywhere one can hold it: the
// calculators' and helpers' links (tools/opening.js), table links and the stored table's query (the
// play-along engine), search's in:table (the index's former map) and the record page's note
// (in-play.js reads data-cmp-former; the page itself is checked by tests/test_play_in_table_browser.py).
// The export is renamed in memory: mn-ajax becomes mn-aias, keeping former_ids [mn-ajax].
// Run: COMPENDIUM_RECORDS=/path/to/api/records.json node --test tests/js/former-ids.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { currentId, formerIdMap, withCurrentIds } from "../../content/assets/shared/former-ids.js";
import { openingQuery } from "../../content/assets/tools/opening.js";
import * as MN from "../../content/assets/calculators/mn-battle.js";
import { rulesFromRecords, tableFromQuery, tableToQuery, inPlayIds } from "../../content/assets/play/engine/index.js";
import { loadIndex, search } from "../../content/assets/search/engine/search.js";
import { checkedTable } from "../../content/assets/play/stored-table.js";

const RECORDS_PATH = process.env.COMPENDIUM_RECORDS;
assert.ok(RECORDS_PATH, "set COMPENDIUM_RECORDS to an api/records.json built from the current data");
const EXPORT = JSON.parse(readFileSync(RECORDS_PATH, "utf8"));
const renamed = (rec) => (rec.id === "mn-ajax" ? { ...rec, id: "mn-aias", former_ids: ["mn-ajax"] } : rec);
const RENAMED = { ...EXPORT, records: EXPORT.records.map(renamed) };
const MAP = formerIdMap(RENAMED);

test("the map and the query rewrite: only whole ids in values, every other character kept", () => {
  assert.equal(MAP.get("mn-ajax"), "mn-aias");
  assert.equal(currentId(MAP, "mn-ajax"), "mn-aias");
  assert.equal(currentId(MAP, "mn-hamilcar"), "mn-hamilcar");
  assert.equal(withCurrentIds("a.heroes=mn-hamilcar,mn-ajax&in=mn-ajax.1&&x=mn-ajaxx&mn-ajax=1&at=2.mn-ajax", MAP),
    "a.heroes=mn-hamilcar,mn-aias&in=mn-aias.1&&x=mn-ajaxx&mn-ajax=1&at=2.mn-aias");
  assert.equal(withCurrentIds("a=mn-ajax-2&b=xmn-ajax", MAP), "a=mn-ajax-2&b=xmn-ajax");   // part of a longer id or word
  assert.equal(withCurrentIds("a.heroes=mn-ajax", new Map()), "a.heroes=mn-ajax");
  assert.equal(withCurrentIds(undefined, MAP), undefined);
  assert.equal(formerIdMap(EXPORT).size, 0, "today's data renames nothing");
});

test("a battle calculator link with the old id opens the renamed hero, in the calculator's own form", () => {
  const rules = MN.rulesFromRecords(RENAMED);
  const { query } = openingQuery(RENAMED, "calculators/mare-nostrum-battle.md", "?a.legions=3&a.heroes=mn-ajax&d.legions=3");
  assert.equal(query, "a.legions=3&a.heroes=mn-aias&d.legions=3");
  const s = MN.scenarioFromQuery(query);
  assert.deepEqual(MN.validateScenario(rules, s).errors, []);
  assert.equal(MN.scenarioToQuery(s), query);
});

test("a table link and a stored table's query with the old id keep the record in play", () => {
  const rules = rulesFromRecords(RENAMED);
  const { table, errors } = tableFromQuery(rules, "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&in=mn-ajax.1");
  assert.deepEqual(errors, []);
  assert.deepEqual(table.inPlay, [{ id: "mn-aias", player: 1 }]);
  // The link is the table's log: the record enters as e=i<id without its prefix>.
  assert.match(tableToQuery(rules, table), /e=iaias\.1/);
  // A log written before the rename names the old id without its prefix: it is read the same way.
  const logged = tableFromQuery(rules, "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&e=iajax.1&e=m1.combat");
  assert.deepEqual(logged.errors, []);
  assert.deepEqual(logged.table.inPlay, [{ id: "mn-aias", player: 1 }]);
  assert.ok(inPlayIds(rules, table).some((x) => x.id === "mn-aias" && x.player === 1));
  assert.deepEqual(tableFromQuery(rulesFromRecords(EXPORT), "g=mare-nostrum&n=4&in=mn-ajax.1").errors, [], "and today's links as before");
});

test("in:table finds the renamed record for a table stored before the rename", () => {
  const raw = JSON.parse(readFileSync(join(dirname(RECORDS_PATH), "..", "search", "index.json"), "utf8"));
  const docs = raw.docs.map((d) => { const row = [...d]; const i = raw.doc_fields.indexOf("id"); if (row[i] === "mn-ajax") row[i] = "mn-aias"; return row; });
  const index = loadIndex({ ...raw, docs, former: { "mn-ajax": "mn-aias" } });
  const stored = checkedTable({ v: 1, game: "mare-nostrum", query: "g=mare-nostrum&n=4&in=mn-ajax.1", inPlay: [{ id: "mn-ajax", player: 1 }] });
  const found = search(index, "in:table", { stored }).results.map((r) => r.doc.id);
  assert.deepEqual(found, ["mn-aias"]);
  const without = loadIndex({ ...raw, docs });
  assert.deepEqual(search(without, "in:table", { stored }).results.map((r) => r.doc.id), [], "without the map it drops out");
});
