// A link in the other battle calculator's form names the keys it does not read, and
// an engine's "the records lack ..." sentences are read back into the record and fact they name
// (generator/validate/bridges/engine_gaps.mjs), so the check can point at the line.
// Pure: needs no records. Run: node --test tests/js/query-forms.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import * as MN from "../../content/assets/calculators/mn-battle.js";
import * as AC from "../../content/assets/calculators/ac-battle.js";
import { readEngine } from "../../generator/validate/bridges/engine_gaps.mjs";
import { scenarioFromLink } from "../../content/assets/calculators/ac-battle-page/link.js";

test("an Ancient Conquest link given to the Mare Nostrum calculator names its keys", () => {
  const [note] = MN.foreignKeyNotes("a=i4&d=i4.m6&t=clear");
  assert.equal(note.message, "“a”, “d”, “t” are not this calculator's keys: the link is written for the Ancient Conquest battle calculator.");
  assert.deepEqual(MN.queryNotes("a=i4&d=i4.m6&t=clear")[0], note);   // the page's hints show it first
  assert.match(MN.foreignKeyNotes("reddot=main")[0].message, /^“reddot” is not one of this calculator's keys/);
});

test("a Mare Nostrum link given to the Ancient Conquest calculator names its keys", () => {
  const [note] = AC.foreignKeyNotes("a.legions=3&d.legions=1");
  assert.equal(note.message, "“a.legions”, “d.legions” are not this calculator's keys: the link is written for the Mare Nostrum battle calculator.");
  const many = AC.foreignKeyNotes("w=1&x=2&y=3&z=4")[0].message;
  assert.equal(many, "“w”, “x”, “y” and 1 more are not this calculator's keys.");
});

test("the Ancient Conquest page says so when its link is in the Mare Nostrum form, read or half-read", () => {
  const limits = { attackers: 18, defenders: 3, stackMost: 3, hexesAround: 6 };
  const mn = "“a.legions”, “d.legions” are not this calculator's keys: the link is written for the Mare Nostrum battle calculator.";
  const only = scenarioFromLink("a.legions=3&d.legions=1", limits);
  assert.deepEqual(only.notices, [mn]);                        // no unit of its own: the plain form, and why
  assert.deepEqual(only.s, AC.defaultScenario());
  const half = scenarioFromLink("a=i11&d=i6&a.legions=3&d.legions=1", limits);
  assert.deepEqual(half.notices, [mn]);                        // its own keys read, the others named
  assert.deepEqual(half.s.attackers.map((u) => u.factor), [11]);
  assert.deepEqual(scenarioFromLink("a=i6&d=i6&t=hills&t=forest&w=1", limits).notices,
    ["“w” is not one of this calculator's keys.", "“t” is in the link 2 times; the first value, “hills”, was used."]);
  assert.deepEqual(scenarioFromLink(AC.encodeScenario(AC.defaultScenario()), limits).notices, []);
  assert.deepEqual(scenarioFromLink("q=ajax", limits).notices, []);           // the header search's key, not the calculator's
  assert.deepEqual(scenarioFromLink("a=i6&d=i6&q=ajax", limits).notices, []);
});

test("each calculator's own form has no foreign keys", () => {
  assert.deepEqual(MN.foreignKeyNotes("a.legions=3&d.legions=1&d.fortresses=1&r.mars=always&plan=1"), []);
  const own = AC.encodeScenario(AC.defaultScenario());
  assert.deepEqual(AC.foreignKeyNotes(own), []);
  assert.deepEqual(AC.foreignKeyNotes(`${own}&o=enc&f=enc&dg=both`), []);
});

test("an engine's gaps name their record, fact, field or table cell themselves", () => {
  const lost = "Points of total per enemy unit lost";
  const combat = (facts) => ({ id: "mn-combat", game: "mare-nostrum", kind: "rule", facts });
  const mn = readEngine("mn-battle", { version: 1, records: [combat([{ label: lost, value: "six" }])] }).gaps;
  const g = mn.find((x) => x.record === "mn-combat" && x.fact === lost);
  assert.equal(g.value, "six");
  assert.equal(g.check, "engine/mn-battle");
  assert.ok(g.fix && g.problem && !g.problem.startsWith("mn-combat"), JSON.stringify(g));
  assert.ok(mn.some((x) => x.record === "mn-legion" && x.message === "record mn-legion is missing"));
  assert.ok(mn.some((x) => x.record === null && x.message === "no hero record has a combat block"));
  const ac = readEngine("ac-battle", { version: 1, records: [{ id: "ac-terrain-effects-table", rows: [] }] }).gaps;
  const terrain = ac.find((x) => x.message.startsWith("no number for defenderMountain:"));
  assert.deepEqual([terrain.record, terrain.row, terrain.column], ["ac-terrain-effects-table", ["terrain", "Mountain"], "defender_multiplier"]);
});

test("an engine that cannot read empty records says what it lacks, and never throws", () => {
  for (const engine of ["mn-battle", "ac-battle", "mn-sets", "ac-victory", "dip-score", "mos-disaster"]) {
    const { rules, gaps } = readEngine(engine, { version: 1, records: [] });
    assert.equal(rules, null, engine);
    assert.ok(gaps.length >= 1 && gaps.every((g) => typeof g.message === "string"), engine);
  }
});
