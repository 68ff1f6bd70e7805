// A link in the other battle calculator's form names the keys it does not read, and
// an engine's "the records lack ..." sentences are read back into the record and fact they name
// (generator/validate/engine_gaps.mjs), so the check can point at the line.
// Pure: needs no records. Run: node --test tests/js/query-forms.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import * as MN from "../../content/assets/calculators/mn-battle.js";
import * as AC from "../../content/assets/calculators/ac-battle.js";
import { gapOf, readEngine } from "../../generator/validate/engine_gaps.mjs";
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

test("an engine's sentences become the record, fact, field or table cell they name", () => {
  const lost = "Points of total per enemy unit lost";
  assert.deepEqual(gapOf("mn-battle", `mn-combat: no numeric fact labelled '${lost}'`),
    { record: "mn-combat", fact: lost, field: null, row: null, column: null, message: `mn-combat: no numeric fact labelled '${lost}'` });
  assert.equal(gapOf("mn-battle", "mn-legion: the field 'count' is missing or not a whole number").field, "count");
  assert.equal(gapOf("mn-battle", "record mn-combat is missing").record, "mn-combat");
  const terrain = gapOf("ac-battle", "no number for defenderMountain: tried Terrain Effects Table, Mountain row, column defender_multiplier (absent)");
  assert.deepEqual([terrain.record, terrain.row, terrain.column], ["ac-terrain-effects-table", ["terrain", "Mountain"], "defender_multiplier"]);
  assert.equal(gapOf("ac-battle", "ac-fortified-cities: fact “Table used” names no table").fact, "Table used");
  assert.equal(gapOf("dip-score", "dip-c-diplo-scoring: 'Bonus when powers share a place' is \"x\"; the helper knows …").fact,
    "Bonus when powers share a place");
  assert.equal(gapOf("mn-battle", "no hero record has a combat block").record, null);
});

test("an engine that cannot read empty records says what it lacks, and never throws", () => {
  for (const engine of ["mn-battle", "ac-battle", "mn-sets", "ac-victory", "dip-score", "mos-disaster"]) {
    const { rules, gaps } = readEngine(engine, { version: 1, records: [] });
    assert.equal(rules, null, engine);
    assert.ok(gaps.length >= 1 && gaps.every((g) => typeof g.message === "string"), engine);
  }
});
