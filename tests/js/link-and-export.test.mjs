// The tools' hostile links and exports: which value a repeated key gave, unknown and
// repeated keys summarised past a few, one check of the export's form and version for every
// page, and the messages that read wrongly.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { NAMED, repeatedKeyNotes, unknownKeyNotes, capPerField } from "../../content/assets/link/query-notes.js";
import { checkedExport, ExportError, EXPORT_VERSION } from "../../content/assets/export/check.js";
import * as MN from "../../content/assets/calculators/mn-battle.js";
import { lossOrderText } from "../../content/assets/calculators/mn-battle-page/words.js";
import * as AV from "../../content/assets/helpers/ac-victory.js";
import * as MD from "../../content/assets/helpers/mos-disaster.js";
import * as DS from "../../content/assets/helpers/dip-score.js";
import * as MS from "../../content/assets/helpers/mn-sets/index.js";
import { realData } from "./helper-records.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const manyKeys = (n, key = (i) => `junk${i}`) => Array.from({ length: n }, (_, i) => `${key(i)}=1`).join("&");

test("a repeated key says which value was used; keys that may repeat do not", () => {
  const notes = repeatedKeyNotes(new URLSearchParams("a.legions=2&a.legions=5&avoid=x&avoid=y"), { repeatable: ["avoid"] });
  assert.deepEqual(notes, [{ field: "a.legions", message: "“a.legions” is in the link 2 times; the first value, “2”, was used." }]);
});

test("unknown and repeated keys are named for the first few, then summarised", () => {
  const q = new URLSearchParams(manyKeys(10_000));
  const unknown = unknownKeyNotes(q, new Set(["o"]));
  assert.equal(unknown.length, NAMED + 1);
  assert.match(unknown.at(-1).message, /^9,997 more keys in the link are not something this helper reads; they were ignored\.$/);
  const twice = new URLSearchParams(`${manyKeys(50)}&${manyKeys(50)}`);
  const repeated = repeatedKeyNotes(twice);
  assert.equal(repeated.length, NAMED + 1);
  assert.match(repeated.at(-1).message, /^47 more keys are in the link more than once; the first value of each was used\.$/);
  const run = capPerField(Array.from({ length: 500 }, () => ({ field: "avoid", message: "no" })));
  assert.equal(run.length, NAMED + 1);
  assert.match(run.at(-1).message, /497 more problems with “avoid” in the link are not listed\./);
});

test("the three helpers (and the score helper) give a few lines for 10,000 unknown or repeated keys", () => {
  const data = realData();
  const cases = [
    [AV, AV.rulesFromRecords(data), "o", "opt"],
    [MD, MD.rulesFromRecords(data), "avoid", "d"],
    [MS, MS.rulesFromRecords(data), "hold", "longer"],
    [DS, DS.rulesFromRecords(data), "p", "r.bonus"],
  ];
  for (const [mod, rules, repeatable] of cases) {
    const query = `${manyKeys(10_000)}&${manyKeys(10_000, () => repeatable)}`;
    const { errors } = mod === DS ? DS.scenarioFromQuery(query) : mod.scenarioFromQuery(rules, query);
    assert.ok(errors.length <= 4 * (NAMED + 1), `${errors.length} messages`);
    assert.ok(errors.some((e) => /9,997 more keys in the link/.test(e.message)), JSON.stringify(errors.slice(0, 6)));
  }
  const { errors } = MD.scenarioFromQuery(MD.rulesFromRecords(data), "mine=2&mine=7");
  assert.ok(errors.some((e) => e.message === "“mine” is in the link 2 times; the first value, “2”, was used."), JSON.stringify(errors));
});

test("repeated keys are counted in one pass over the link, not one pass per key", () => {
  // URLSearchParams' get and getAll each read the whole link: once per distinct key, 20,000 keys
  // held a helper page for seconds (quadratic). A note may read the link once per key it names.
  class Counting extends URLSearchParams {
    reads = 0;
    get(key) { this.reads += 1; return super.get(key); }
    getAll(key) { this.reads += 1; return super.getAll(key); }
  }
  const params = new Counting(`${manyKeys(10_000)}&${manyKeys(10_000)}`);
  const notes = repeatedKeyNotes(params);
  assert.ok(notes.some((n) => /9,997 more keys are in the link more than once/.test(n.message)), JSON.stringify(notes));
  assert.ok(params.reads <= NAMED, `${params.reads} reads of the whole link for 10,000 keys`);
});

test("the battle calculators say which value a repeated key gave", () => {
  assert.deepEqual(MN.queryNotes("a.legions=2&a.legions=9&d.legions=2"),
    [{ field: "attacker.legions", message: "“a.legions” is in the link 2 times; the first value, “2”, was used." }]);
  assert.equal(MN.scenarioFromQuery("a.legions=2&a.legions=9").attacker.legions, 2);
});

test("a loss order from a link shows its words, never an object's internals", () => {
  const s = MN.scenarioFromQuery("a.legions=2&d.legions=2&a.loss=__proto__,constructor");
  const text = lossOrderText(s.attacker.lossOrder);
  assert.equal(text, "“__proto__”, then “constructor”");
  assert.doesNotMatch(text, /object|function/);
});

test("records that lack mn-combat are named once, not once per fact", () => {
  assert.throws(() => MN.rulesFromRecords({ version: 1, records: [{ version: 1, records: [] }] }), (err) => {
    assert.equal(err.problems.filter((p) => p === "record mn-combat is missing").length, 1, err.message);
    assert.equal(err.message.split("record mn-combat is missing").length, 2, err.message);
    return true;
  });
});

test("every page checks the export's form and version, with a message a player can read", () => {
  const good = { version: EXPORT_VERSION, count: 1, records: [{ id: "mn-ajax" }] };
  assert.equal(checkedExport(good), good);
  const bad = [
    [null, /holds nothing, not the compendium's export/],
    [[{ id: "mn-ajax" }], /holds a list, not the compendium's export/],
    [{ records: [] }, /has no version number; this page reads version 1/],
    [{ version: 2, records: [] }, /has version 2; this page reads version 1/],
    [{ version: 1, records: { records: [] } }, /has an object where its list of records belongs/],
    [{ version: 1, records: "x" }, /has a string where its list of records belongs/],
    [{ version: 1, records: [{ id: "a" }, 5] }, /entry 2 of its records is not a record/],
  ];
  for (const [data, words] of bad) {
    assert.throws(() => checkedExport(data), (err) => err instanceof ExportError && words.test(err.message)
      && !/is not a function|undefined|\[object/.test(err.message));
  }
  // A page that reads a cut of the export names its own file.
  assert.throws(() => checkedExport({ version: 2, records: [] }, "api/browse.json"), /^Error: api\/browse\.json has version 2|api\/browse\.json has version 2/);
});

test("the pages' export version is the generator's", () => {
  const py = readFileSync(join(ROOT, "generator", "export", "records.py"), "utf8");
  assert.equal(Number(py.match(/^EXPORT_VERSION = (\d+)$/m)[1]), EXPORT_VERSION);
  assert.equal(realData().version, EXPORT_VERSION);
});

test("messages read as sentences: 'Your count', never 'Your the count'", () => {
  const rules = MD.rulesFromRecords(realData());
  const { errors } = MD.scenarioFromQuery(rules, "mine=x");
  assert.ok(errors.some((e) => e.message.startsWith("Your count: “x” is not a whole number")), JSON.stringify(errors));
  assert.ok(!errors.some((e) => /Your the/.test(e.message)));
});
