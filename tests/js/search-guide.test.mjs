// Every example of the search guide (generator/templates/search_guide.yaml, rendered into
// search/index.md and written for this test as search/guide-examples.json) gives what the
// guide says it gives, on the built index and the records of api/records.json.
// Run: COMPENDIUM_RECORDS=/path/to/api/records.json node --test tests/js/search-guide.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadIndex, search } from "../../content/assets/search/engine/search.js";

const RECORDS_PATH = process.env.COMPENDIUM_RECORDS;
assert.ok(RECORDS_PATH, "set COMPENDIUM_RECORDS to an api/records.json built from the current data");
const SEARCH_DIR = join(dirname(RECORDS_PATH), "..", "search");
const INDEX = loadIndex(JSON.parse(readFileSync(join(SEARCH_DIR, "index.json"), "utf8")));
const SECTIONS = JSON.parse(readFileSync(join(SEARCH_DIR, "guide-examples.json"), "utf8"));
const BY_ID = new Map(JSON.parse(readFileSync(RECORDS_PATH, "utf8")).records.map((r) => [r.id, r]));

const examples = SECTIONS.flatMap((s) => s.examples.map((e) => ({ ...e, section: s.heading })));

test("the guide has examples in every section", () => {
  assert.ok(SECTIONS.length >= 5);
  for (const s of SECTIONS) assert.ok(s.examples.length > 0, s.heading);
});

for (const example of examples) {
  test(`guide example ${JSON.stringify(example.query)} gives what the guide says`, () => {
    const outcome = search(INDEX, example.query, { limit: Infinity });
    const ids = outcome.results.map((r) => r.doc.id);
    const expect = example.expect;
    assert.ok(Object.keys(expect).length, "the example says what it gives");
    if (expect.none) assert.equal(outcome.status, "none", ids.join(" "));
    else if (!expect.problem) assert.equal(outcome.status, "results");
    for (const id of expect.includes ?? []) assert.ok(ids.includes(id), `${id} among ${ids.slice(0, 12).join(" ")}`);
    for (const id of expect.excludes ?? []) assert.ok(!ids.includes(id), `${id} is not a result`);
    if (expect.first) assert.equal(ids[0], expect.first);
    if (expect.count !== undefined) assert.equal(ids.length, expect.count);
    if (expect.problem) assert.ok(outcome.problems.some((p) => p.message.includes(expect.problem)), JSON.stringify(outcome.problems));
    for (const [field, wanted] of Object.entries(expect.every ?? {})) {
      const allowed = Array.isArray(wanted) ? wanted : [wanted];
      for (const id of ids) {
        const rec = BY_ID.get(id);
        assert.ok(rec && allowed.includes(rec[field]), `${id}: ${field} is ${JSON.stringify(rec?.[field])}, the guide says ${JSON.stringify(wanted)}`);
      }
    }
  });
}
