// The card browser opened on a search from its address (browse/?search=...), in a DOM in Node
// (tests/js/dom.mjs) with the real export: each clause of the query becomes its facet, and what is
// left of the query is echoed in a note, folded and cut to what the engine reads. Chromium keeps the
// browser's share: the facets written as a query open the header's search
// (tests/test_search_syntax_browser.py).
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { open, closePage } from "./dom.mjs";
import { realData } from "./helper-records.mjs";

after(closePage);

const ROOT = '<div id="cmp-browse" class="cmp-browse cmp-tool"></div>';
const browse = (query) => open(`browse/?search=${encodeURIComponent(query)}`, { root: ROOT, module: "browse/browse.js" });
// A control character, DEL, or a bidi mark or override: none may be echoed.
const CONTROL = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

test("a query opens the card browser with its facets set", async () => {
  const page = await browse("game:mn kind:heroes has:rulings");
  assert.equal(page.$("#cmp-browse-game").value, "mare-nostrum");
  assert.equal(page.$("#cmp-browse-kind").value, "hero");
  assert.equal(page.$("#cmp-browse-rulings").checked, true);
  const expected = realData().records.filter((r) => r.game === "mare-nostrum" && r.kind === "hero" && r.has_rulings)
    .map((r) => r.id).sort();
  assert.ok(expected.length > 0);
  assert.deepEqual(page.$$(".cmp-browse__item").map((e) => e.dataset.id).sort(), expected);
  assert.equal(page.shown(".cmp-browse__search"), false, "every clause became a facet");
});

test("the card browser echoes no bidi control and only what the engine reads", async () => {
  // ?search= is read at most 500 characters (MAX_SYNTAX_CHARS): " ajax  " (each control folded to a
  // space, then the +) and 493 of the z's.
  const page = await open(`browse/?search=%E2%80%AEajax%E2%81%A6+${"z".repeat(1990)}`, { root: ROOT, module: "browse/browse.js" });
  assert.ok(page.shown(".cmp-browse__search"), "the note of what the search kept");
  const text = page.text(".cmp-browse__search");
  assert.deepEqual(text.match(CONTROL), null, JSON.stringify(text.slice(0, 80)));
  assert.ok(text.includes("z".repeat(493)) && !text.includes("z".repeat(494)), String(text.length));
  assert.ok(text.includes("only the first 500 are read"), text.slice(-200));
});
