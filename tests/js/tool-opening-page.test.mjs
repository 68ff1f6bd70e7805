// A tool's opening on its page, in a DOM in Node (tests/js/dom.mjs): a link with its own state wins
// over the opening example, the "Opened on" note goes at the player's first change, and "start
// blank" gives the empty form. Moved from tests/test_tool_openings.py, which keeps each tool
// opening on a verdict with it and the first inputs on a phone's first screen, and "start blank"
// followed through instant navigation. What each tool opens on is in tests/js/tool-opening.test.mjs.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { open, closePage, until } from "./dom.mjs";

after(closePage);

// page -> its root, module, verdict selector and the words the opening verdict holds
const TOOLS = {
  "calculators/mare-nostrum-battle/": { root: "mn-battle", module: "calculators/mn-battle-page.js", verdict: "#mnb-verdict[data-state=ok]", words: "Still at war 63.7%" },
  "calculators/mosaic-disasters/": { root: "mos-disaster", module: "helpers/mos-disaster-page.js", verdict: "#mds-verdict-slot #mds-verdict", words: "you lose 6 Stone Production" },
  "calculators/mare-nostrum-sets/": { root: "mn-sets", module: "helpers/mn-sets-page.js", verdict: "#mns-verdict-slot #mns-verdict", words: "pays for the whole list" },
};

async function openTool(path, query = "") {
  const tool = TOOLS[path];
  const page = await open(path + query, { root: tool.root, module: tool.module });
  assert.equal(page.root.dataset.ready, "true");
  await until(() => page.$(tool.verdict), tool.verdict);
  return page;
}

for (const [path, own] of [["calculators/mare-nostrum-battle/", "?a.legions=3&d.legions=1&d.fortresses=1"],
  ["calculators/mosaic-disasters/", "?d=mos-chaos&h.money=12&mine=5&others=4"]]) {
  test(`a link with its own state wins: ${path}`, async () => {
    const { root, verdict, words } = TOOLS[path];
    const opening = await openTool(path);   // what the bare link opens on, for the words to be missed below
    assert.ok(opening.text(verdict).includes(words), opening.text(verdict));
    const page = await openTool(path, own);
    assert.ok(!page.text(verdict).includes(words), page.text(verdict));
    assert.equal(page.$$(`#${root} [data-opening]`).length, 0);
  });
}

test("the note goes at the first change, and start blank empties the form", async () => {
  const path = "calculators/mare-nostrum-sets/";
  const { verdict } = TOOLS[path];
  let page = await openTool(path);
  assert.equal(page.$$("#mn-sets [data-opening]").length, 1);
  page.fill("#mn-sets [data-field='tax']", "4");
  assert.equal(page.$$("#mn-sets [data-opening]").length, 0, "the note goes at the first change");
  page = await openTool(path);
  const blank = new URL(page.$("#mn-sets [data-blank]").getAttribute("href"), page.window.location.href);
  assert.equal(page.$("#mn-sets [data-blank]").getAttribute("target"), "_self", "the browser loads the empty form anew");
  page = await open(blank.pathname.slice(1) + blank.search, { root: "mn-sets", module: TOOLS[path].module });   // the link followed
  assert.equal(page.root.dataset.ready, "true");
  assert.equal(page.$$("#mn-sets [data-opening]").length, 0);
  assert.equal(page.$("#mn-sets [data-field='tax']").value, "");
  assert.equal(page.$$(verdict).length, 0);
  assert.equal(page.text("#mns-errors"), "", "start=blank is the page's own key, never an ignored one");
});
