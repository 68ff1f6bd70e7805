// Tests for what the four table helpers share (content/assets/helpers/shared/, and the records
// and counts they share with play along in content/assets/shared/): record text as a reader
// sees it, and every value from a field or a link checked.
import test from "node:test";
import assert from "node:assert/strict";
import { plainText, numericFact, recordList, RecordsError } from "../../content/assets/shared/records.js";
import { readCount, INPUT_CEILING } from "../../content/assets/shared/input.js";
import { cleanName, NAME_LENGTH } from "../../content/assets/helpers/shared/input.js";
import * as A from "../../content/assets/helpers/ac-victory.js";
import { realData, recordIn } from "./helper-records.mjs";

test("a reference shows its words or the record's name, never braces", () => {
  const byId = new Map([["mn-ajax", { id: "mn-ajax", name: "Ajax" }]]);
  assert.equal(plainText("Ask {mn-ajax} or {mn-ajax|the hero}.", byId), "Ask Ajax or the hero.");
  assert.equal(plainText("{mn-nobody} stays readable", byId), "mn-nobody stays readable");
  assert.equal(plainText("<b>{mn-ajax}</b>", byId), "<b>Ajax</b>", "markup stays text; the page puts it in with textContent");
  assert.equal(plainText(undefined, byId), "");
});

test("record text with references reaches a helper as plain words", () => {
  const data = realData();
  recordIn(data, "ac-egyptian-empire").objectives[2].text = "Beat the {ac-hittite-empire} and hold {ac-kadesh|the fortress}.";
  const rules = A.rulesFromRecords(data);
  const text = rules.peoples.find((p) => p.id === "ac-egyptian-empire").objectives[2].text;
  assert.equal(text, "Beat the Hittite Empire and hold the fortress.");
});

test("counts: whole numbers in bounds, or a message naming the field", () => {
  assert.deepEqual(readCount("7", { label: "Legion", max: 8 }), { value: 7 });
  assert.deepEqual(readCount(" ", { label: "Legion" }), { value: 0 });
  assert.deepEqual(readCount(null, { label: "Legion", empty: null }), { value: null });
  for (const bad of ["x", "1.5", "1e3", "0x10", "--1", "Infinity", "NaN", "9".repeat(30)]) {
    const r = readCount(bad, { label: "Legion", max: 8 });
    assert.ok(r.error && r.error.startsWith("Legion: "), bad);
    assert.equal(r.value, undefined);
  }
  assert.match(readCount("9", { label: "Legion", max: 8, why: "the box has 8" }).error, /more than 8 \(the box has 8\)/);
  assert.match(readCount("-1", { label: "Legion" }).error, /below 0/);
  assert.match(readCount(String(INPUT_CEILING + 1), { label: "Money" }).error, /more than 999/);
});

test("names: no control characters, folded spaces, bounded length", () => {
  assert.equal(cleanName("  Rome\u0000 \t of\u2028old  "), "Rome of old");
  assert.equal(cleanName("x".repeat(100)).length, NAME_LENGTH);
  assert.equal(cleanName(undefined), "");
});

test("a missing fact is reported, not read as a number", () => {
  const problems = [];
  const byId = new Map([["x-a", { id: "x-a", facts: [{ label: "Count", value: "three" }] }]]);
  assert.equal(numericFact(byId, "x-a", "Count", problems), undefined);
  assert.equal(numericFact(byId, "x-b", "Count", problems), undefined);
  assert.deepEqual(problems.map((g) => g.message), ["x-a: 'Count' is \"three\", not a whole number from 0 to 999", "record x-b is missing"]);
  // Each gap names its place itself: the generator reads these, never the sentence.
  assert.deepEqual(problems.map((g) => [g.record, g.fact, g.value]), [["x-a", "Count", "three"], ["x-b", null, undefined]]);
  const err = new RecordsError("test helper", problems, "engine/test");
  assert.deepEqual(err.problems, problems.map((g) => g.message));
  assert.ok(err.details.every((g) => g.check === "engine/test" && g.fix));
  assert.equal(recordList({ nope: 1 }), null);
});
