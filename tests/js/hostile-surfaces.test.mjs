// Hostile input on the tool pages, in a DOM in Node (tests/js/dom.mjs): a malformed or newer export
// on the card browser and a calculator, a loss order of '__proto__' and a repeated key from a link,
// 3,000 unknown keys on a helper. Each checks what the player sees. Moved from
// tests/test_hostile_surfaces_browser.py, as were its last two, a removed record's old anchor on a
// list page and a search with no letter (tests/js/search-page.test.mjs, on the theme's markup).
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { open, closePage, until } from "./dom.mjs";

after(closePage);

for (const [body, words] of [
  ['{"version": 1, "records": {"records": []}}', "has an object where its list of records belongs"],
  ['{"version": 2, "records": []}', "has version 2; this page reads version 1"],
  ["[1, 2]", "holds a list, not the compendium's export"],
  ["{oops", "is not valid JSON"],
]) {
  test(`the card browser names a malformed or newer export: ${body}`, async () => {
    const page = await open("browse/", { root: '<div id="cmp-browse" class="cmp-browse cmp-tool"></div>', module: "browse/browse.js",
      files: { "api/browse.json": body }, ready: false });
    const problem = await until(() => page.$(".cmp-browse__problem:not([hidden])"), ".cmp-browse__problem");
    const text = problem.textContent;
    assert.ok(text.includes(words) && text.includes("api/browse.json") && !text.includes("is not a function") && !text.includes("undefined"), text);
  });
}

test("a calculator names a newer export", async () => {
  const page = await open("calculators/mare-nostrum-battle/", { root: "mn-battle", module: "calculators/mn-battle-page.js",
    files: { "api/games/mare-nostrum.json": { version: 2, records: [] } } });   // the calculator's game's records
  assert.equal(page.root.dataset.ready, "failed");
  const text = page.text("#mn-battle");
  assert.ok(text.includes("has version 2; this page reads version 1") && !text.includes("is missing"), text);
});

test("a loss order from a link shows words, and a repeated key says which value", async () => {
  const page = await open("calculators/mare-nostrum-battle/?a.legions=2&a.legions=5&d.legions=2&a.loss=__proto__,constructor",
    { root: "mn-battle", module: "calculators/mn-battle-page.js", width: 375 });
  assert.equal(page.root.dataset.ready, "true");
  const options = page.$$("#mnb-attacker-loss option").map((o) => o.textContent);
  const linked = options.filter((o) => o.startsWith("As in the link"));
  assert.deepEqual(linked, ["As in the link: “__proto__”, then “constructor”"], options.join(" | "));
  assert.ok(!options.some((o) => o.includes("object") || o.includes("function")), options.join(" | "));
  assert.ok(page.text("#mnb-attacker-legions-error").includes("the first value, “2”, was used"), page.text("#mnb-attacker-legions-error"));
});

test("thousands of unknown keys give a few lines", async () => {
  const junk = Array.from({ length: 3000 }, (_, i) => `junk${i}=1`).join("&");
  const page = await open(`calculators/ancient-conquest-victory/?${junk}&cities=table&cities=none`,
    { root: "ac-victory", module: "helpers/ac-victory-page.js", width: 375 });
  assert.equal(page.root.dataset.ready, "true");
  const lines = page.$$("#acv-errors p").map((p) => p.textContent);
  assert.ok(lines.length <= 8, lines.join("\n"));
  assert.ok(lines.some((line) => line.includes("2,997 more keys in the link")), lines.join("\n"));
  assert.ok(page.text("#ac-victory").includes("“cities” is in the link 2 times; the first value, “table”, was used."));
});

test("the Ancient Conquest calculator says which value a repeated key gave", async () => {
  const page = await open("calculators/ancient-conquest-battle/?a=i11&d=i6&t=hills&t=clear",
    { root: "ac-battle", module: "calculators/ac-battle-page.js" });
  const notice = page.text("[data-testid=acb-link-notice]");
  assert.ok(notice.includes("“t” is in the link 2 times; the first value, “hills”, was used."), notice);
});
