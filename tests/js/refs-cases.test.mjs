// The reference syntax ({mn-ajax}, {mn-ajax|shown words}) as the site's scripts read it
// (content/assets/shared/refs.js) agrees with every case of tests/refs-cases.json, as
// generator/refs.py does (tests/test_refs_cases.py). The pages' own readers go through it.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { findRefs, replaceRefs, refPattern, ID_SOURCE } from "../../content/assets/shared/refs.js";
import { plainText } from "../../content/assets/shared/records.js";
import { plainText as calculatorText } from "../../content/assets/calculators/view/record-text.js";

const { cases: CASES } = JSON.parse(readFileSync(new URL("../refs-cases.json", import.meta.url), "utf8"));

/** A value of the cases file: a string, or a list of parts where [s, n] is s written n times. */
const joined = (v) => (v === null || typeof v === "string" ? v : v.map((p) => (typeof p === "string" ? p : p[0].repeat(p[1]))).join(""));
const nameOf = (id) => `«${id}»`;

test("the cases cover plain, hostile and borderline text", () => {
  assert.equal(new Set(CASES.map((c) => c.name)).size, CASES.length);
  for (const kind of ["plain", "hostile", "borderline"]) assert.ok(CASES.filter((c) => c.name.startsWith(`${kind}:`)).length >= 5, kind);
});

for (const c of CASES) {
  test(`the script reader agrees: ${c.name}`, () => {
    const text = joined(c.text);
    const expected = c.refs.map((r) => ({ id: joined(r.id), words: r.words }));
    const shown = joined(c.shown);
    assert.deepEqual(findRefs(text), expected);
    const seen = [];
    replaceRefs(text, (id, words) => { seen.push({ id, words }); return ""; });
    assert.deepEqual(seen, expected);
    assert.equal(replaceRefs(text, (id, words) => words || nameOf(id)), shown);
    // The pages' readers: the helpers' and play along's, and the calculators'.
    assert.equal(plainText(text, { get: (id) => ({ id, name: nameOf(id) }) }), shown);
    assert.equal(calculatorText(text, nameOf), shown);
  });
}

test("each pattern is new, so one reader's search leaves no state for the next", () => {
  const a = refPattern();
  assert.ok(a.exec("{mn-ajax} {mn-hector}"));
  assert.notEqual(a, refPattern());
  assert.equal(refPattern().lastIndex, 0);
  assert.deepEqual(findRefs(undefined), []);
});

test("every reference's id has the syntax of a record id", () => {
  const id = new RegExp(`^${ID_SOURCE}$`);
  for (const c of CASES) for (const r of c.refs) assert.ok(id.test(joined(r.id)), joined(r.id).slice(0, 40));
});
