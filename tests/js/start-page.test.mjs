// The start page in a DOM in Node (tests/js/dom.mjs), on its own markup as the generator writes it
// (the export's index.md) with the header's search box beside it: what the device's storage and
// the address give the page. A garbage, disabled or full recent list is ignored while the box
// still answers; a hostile ?q= is only text in the box and goes nowhere; the box's chips and
// corrections run there, not in the header's search. What recent.js reads from each value is in
// tests/js/start-recent.test.mjs. Moved from tests/test_start_page.py, which keeps what only a
// browser shows: the box first and thumb-sized, a result followed and landed on, the list filled
// by real record pages and reloads, instant navigation, and the downloadable copy from files.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { open, closePage, until, pageMarkup, HEADER_SEARCH, SITE } from "./dom.mjs";

after(closePage);

const START = pageMarkup("index.md");
const BOX = "#cmp-start-query";
const RESULTS = ".cmp-start__list a[href]";
const RECENT = "[data-cmp-recent]";
const KEY = "compendium-recent";
const CONTENT = new URL("../../content/", import.meta.url).href;   // the site's root as the page's modules take it
const onSite = (href) => href.startsWith(SITE) || href.startsWith(CONTENT);

/** The start page opened at `query`, its box's script run as the page runs it, and the header's search. */
function start(query = "", options = {}) {
  return open(query, { root: `${HEADER_SEARCH}<article>${START}</article>`, module: ["start/start.js", "search/page.js"],
    ready: false, width: 375, ...options });
}

async function typeAndWait(page, words) {
  page.fill(BOX, words);
  await until(() => page.$(RESULTS), `results for ${words}`);
}

test("a valid recent list is shown (what the garbage below must not be)", async () => {
  const page = await start("", { storage: { [KEY]: JSON.stringify([{ id: "mn-ajax", title: "Ajax", url: "mare-nostrum/heroes/mn-ajax/" }]) } });
  await until(() => page.shown(RECENT), "the recent list");
  // (the modules' root is content/, a file: address, so a link to a folder gets its index.html)
  assert.ok(page.$(`${RECENT} a[data-id='mn-ajax']`).href.startsWith(`${CONTENT}mare-nostrum/heroes/mn-ajax/`));
});

const GARBAGE = [
  "not json {",
  '{"an": "object"}',
  '"a string"',
  '[1, null, "x", {"id": "mn-ajax"}]',
  '[{"id": "mn-ajax", "title": "Evil", "url": "javascript:alert(1)//"}]',
  '[{"id": "mn-ajax", "title": "Evil", "url": "//evil.example/x/"}]',
  '[{"id": "mn-ajax", "title": "Evil", "url": "/mare-nostrum/heroes/mn-ajax/"}]',
  '[{"id": "<img src=x onerror=alert(1)>", "title": "x", "url": "a/"}]',
];

for (const stored of GARBAGE) {
  test(`garbage in storage is ignored: ${stored}`, async () => {
    const page = await start("", { storage: { [KEY]: stored } });
    await typeAndWait(page, "ajax");
    await page.settle();
    assert.ok(!page.shown(RECENT), `an entry of the garbage ${stored} is shown`);
    assert.equal(page.$$("img[src=x]").length, 0, stored);
    assert.deepEqual(page.errors, []);
  });
}

for (const storageBroken of ["disabled", "full"]) {
  test(`${storageBroken} storage is ignored`, async () => {
    const page = await start("", { storageBroken });
    await typeAndWait(page, "ajax");
    await page.settle();
    assert.ok(!page.shown(RECENT));
    // What a record page does with it (start/remember.js notes the record), then the clear button's call.
    const m = await page.module("start/recent.js");
    m.noteRecent(m.localStore(), { id: "mn-ajax", title: "Ajax", url: "mare-nostrum/heroes/mn-ajax/" });
    m.clearRecent(m.localStore());
    assert.deepEqual(m.readRecent(m.localStore()), []);
    assert.deepEqual(page.errors, []);
  });
}

const HOSTILE_Q = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "%00%01\u202e",
  "a".repeat(5000),
  "//evil.example/",
];

for (const q of HOSTILE_Q) {
  test(`a hostile query in the address goes nowhere: ${q.slice(0, 40)}`, async () => {
    const address = `?q=${encodeURIComponent(q)}`;
    const page = await start(address);
    const status = () => page.text("#cmp-start-status");
    await until(() => status().includes("“") || status().startsWith("Keep") || page.$(".cmp-start__list a")
      || page.shown("[data-cmp-start-problems]"), "the box's answer");
    await page.settle();
    const value = page.$(BOX).value;
    assert.ok(value.length <= 200 && !value.includes("\x00"), value.slice(0, 80));
    assert.equal(page.window.location.href, new URL(address, SITE).href, "the page stayed where it was");
    assert.equal(page.$$("img[src=x]").length, 0);
    assert.ok(page.$$("article script").every((s) => !s.textContent.includes("alert")));
    assert.deepEqual(page.asked.filter((u) => !onSite(u)), []);
    const hrefs = page.$$(".cmp-start a[href]").map((a) => a.href);
    assert.deepEqual(hrefs.filter((h) => !onSite(h)), []);
    assert.deepEqual(page.errors, []);
  });
}

test("the start box reads field syntax with chips and corrections", async () => {
  // The start page's own box shows the clauses as chips and the corrections, and runs them
  // there: neither goes to the header's search (whose page script listens on the document).
  const page = await start("?q=game%3Amn%20kind%3Ahero%20cots%3C9");
  await until(() => page.$("[data-cmp-start-problems] a[data-cmp-query]"), "a correction");
  assert.ok(page.text("[data-cmp-start-problems]").includes("did you mean cost"), page.text("[data-cmp-start-problems]"));
  assert.ok(!page.$("#__search").checked, "a ?q= on the start page is the start box's, not the header's");
  page.click("[data-cmp-start-problems] a[data-cmp-query]");
  await until(() => page.$(BOX).value.includes("cost"), "the correction in the box");
  const chips = () => page.$$("[data-cmp-start-chips] .cmp-search__chip");
  await until(() => chips().length, "the chips");
  assert.equal(chips().length, 3, chips().map((c) => c.textContent).join(" | "));
  page.$$("[data-cmp-start-chips] .cmp-search__chip-remove")[2].click();
  await until(() => !page.$(BOX).value.includes("cost"), "the chip taken out of the box");
  await until(() => chips().length === 2, "two chips");
  await until(() => page.$(RESULTS), "results");
  assert.ok(page.text("[data-cmp-start-status]").includes("records match"), page.text("[data-cmp-start-status]"));
  assert.ok(!page.$("#__search").checked);
  assert.deepEqual(page.errors, []);
});
