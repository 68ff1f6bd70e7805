// Play along's records file per game: content/assets/play/page/load.js's pure parts
// and the files generator/export/records.py writes beside api/records.json (api/games/<game>.json,
// api/games/index.json). The engine reads a game's file exactly as it reads the whole export: the
// same rules, the same moments; a link to an unknown game still names every game.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync, existsSync, mkdtempSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import * as E from "../../content/assets/play/engine/index.js";
import { playFile, openingGame, playRules, addGame } from "../../content/assets/play/page/load.js";
import { gameFile } from "../../content/assets/shared/load-records.js";
import { realData } from "./helper-records.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The api/ folder the export was written to (beside COMPENDIUM_RECORDS, or a fresh write). */
function apiFolder() {
  if (process.env.COMPENDIUM_RECORDS) return dirname(process.env.COMPENDIUM_RECORDS);
  const out = mkdtempSync(join(tmpdir(), "play-load-"));
  const venv = join(ROOT, ".venv", "bin", "python");
  execFileSync(existsSync(venv) ? venv : "python3", ["-m", "generator", "write", out], { cwd: ROOT, stdio: "pipe" });
  return join(out, "api");
}
const API = apiFolder();
const file = (name) => JSON.parse(readFileSync(join(API, "..", gameFile(name)), "utf8"));
const whole = realData();
const GAMES = [...new Set(whole.records.filter((r) => r.kind === "game").map((r) => r.game))].sort();

test("a game's file holds that game's records exactly as records.json does, and the list of every game", () => {
  const index = file("index");
  assert.deepEqual(index.games.map((x) => x.game).sort(), GAMES);
  assert.equal(index.version, whole.version);
  for (const slug of GAMES) {
    const own = file(slug);
    assert.equal(own.game, slug);
    assert.deepEqual(own.games, index.games);
    assert.deepEqual(own.records, whole.records.filter((r) => r.game === slug), slug);
    assert.equal(own.count, own.records.length);
  }
});

test("the engine reads a game's file as it reads the whole export: the same setup and moments", () => {
  const all = E.rulesFromRecords(whole);
  const tables = {
    "mare-nostrum": "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&s=mn-egypt&s=mn-carthage&in=mn-ajax.2&at=1.mn-military-phase",
    "ancient-conquest": "g=ancient-conquest&n=4&s=1&s=2&s=3&s=4&at=9.ac-placement-of-units",
    "seven-wonders-myths": "g=seven-wonders-myths&n=3",
    "mosaic-wars-disasters": "g=mosaic-wars-disasters&n=2",
    "diplomacy-variant": "g=diplomacy-variant",
  };
  for (const slug of GAMES) {
    const rules = playRules(E.rulesFromRecords, { games: file(slug).games, data: file(slug) });
    assert.deepEqual(Object.keys(rules.games), [slug]);
    assert.deepEqual(rules.slugs, all.slugs, "every game is offered, in the engine's order");
    const a = E.tableFromQuery(all, tables[slug]);
    const b = E.tableFromQuery(rules, tables[slug]);
    assert.deepEqual(b, a, slug);
    assert.deepEqual(E.setupFor(rules, b.table), E.setupFor(all, a.table), slug);
    let pa = E.firstPosition(all, a.table);
    for (let i = 0; i < 40 && pa; i += 1) {
      assert.deepEqual(E.momentAt(rules, b.table, pa), E.momentAt(all, a.table, pa), `${slug} ${pa}`);
      pa = E.nextPosition(all, a.table, pa);
    }
  }
});

test("a game chosen later is added to the page's rules; a link to an unknown game names them all", () => {
  const rules = playRules(E.rulesFromRecords, { games: file("index").games, data: { version: 1, records: [] } });
  assert.deepEqual(Object.keys(rules.games), []);
  assert.equal(rules.names["mare-nostrum"], "Mare Nostrum: Mythology");
  const unknown = E.tableFromQuery(rules, "g=atlantis");
  for (const slug of GAMES) assert.ok(unknown.errors[0].message.includes(slug), `${slug} named: ${unknown.errors[0].message}`);
  addGame(E.rulesFromRecords, rules, { data: file("mare-nostrum") });
  assert.deepEqual(Object.keys(rules.games), ["mare-nostrum"]);
  assert.deepEqual(E.tableFromQuery(rules, "g=mare-nostrum&n=4").errors, []);
});

test("the file asked for is a game's slug or the index, whatever the link or the device holds", () => {
  assert.equal(playFile("mare-nostrum"), "mare-nostrum");
  for (const bad of [null, undefined, "", "../records", "Mare", "a b", "a--b", "-a", "x".repeat(61), "%2e%2e", 7, {}, "mare-nostrum.json"]) {
    assert.equal(playFile(bad), "index", String(bad));
  }
  assert.equal(openingGame("?g=mare-nostrum&g=x", "ancient-conquest"), "mare-nostrum", "the link's first g");
  assert.equal(openingGame("?n=4", "ancient-conquest"), "ancient-conquest", "else the device's table");
  assert.equal(openingGame("", null), null);
  assert.equal(openingGame("?g=%zz", 5), "%zz", "a bad escape is read as URLSearchParams reads it, never a throw");
  assert.equal(openingGame("", { game: "x" }), null);
});

test("a renamed record stays in play at a table kept or linked before the rename: the page's rules keep the old ids", () => {
  // Hercules renamed Heracles after a table was kept with him (former_ids, CONTRIBUTING.md "Ids").
  const renamed = structuredClone(file("mare-nostrum"));
  const rec = renamed.records.find((r) => r.id === "mn-hercules");
  rec.id = "mn-heracles";
  rec.former_ids = ["mn-hercules"];
  const rules = playRules(E.rulesFromRecords, { games: renamed.games, data: renamed });
  for (const q of ["g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&in=mn-hercules.2", "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&e=paaa1&e=ihercules.2"]) {
    const r = E.tableFromQuery(rules, q);
    assert.deepEqual(r.errors, [], q);
    assert.deepEqual(r.table.inPlay, [{ id: "mn-heracles", player: 2 }], q);
  }
  const later = playRules(E.rulesFromRecords, { games: file("index").games, data: { version: 1, records: [] } });
  addGame(E.rulesFromRecords, later, { data: renamed });
  assert.deepEqual(E.tableFromQuery(later, "g=mare-nostrum&n=4&in=mn-hercules.1").table.inPlay, [{ id: "mn-heracles", player: 1 }]);
});
