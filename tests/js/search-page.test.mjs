// The header's search box in a DOM in Node (tests/js/dom.mjs), on the theme's own markup
// (HEADER_SEARCH: generator/mkdocs_theme/partials/search.html) run by search/early.js and
// search/page.js: what a query typed or shared in the address becomes on the page (its chips, a
// chip taken off, a correction followed, the reason nothing matched, a message for a hostile or
// broken one), and what the device's stored table gives in:table. What the engine makes of each
// query is in tests/js/search-syntax.test.mjs and search-in-table.test.mjs; these check the box.
// Moved from tests/test_search_syntax_browser.py, test_search_browser.py and
// test_play_in_table_browser.py, which keep what only a browser shows: the chips' layout and tap
// targets at each width, a result tapped and landed on, instant navigation, the keyboard, the
// guide's examples in their page, offline and the downloadable copy.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { open, closePage, until, pageMarkup, HEADER_SEARCH } from "./dom.mjs";
import { realData } from "./helper-records.mjs";

after(closePage);

const RECORDS = realData().records;
// The site's root as the page's modules take it (content/, a file: address: a link to a folder
// gets its index.html, as in the downloadable copy).
const CONTENT = new URL("../../content/", import.meta.url).href;
const BOX = "input.md-search__input";
const STATUS = ".cmp-search__status";
const TABLE_KEY = "compendium.table.v1";

/** A page of the site at `path` with the header's search, as the theme draws it on every page. */
function withSearch(path = "", options = {}) {
  return open(path, { root: `${HEADER_SEARCH}<article></article>`, module: ["search/early.js", "search/page.js"],
    ready: false, width: 375, ...options });
}

/** As a player does: the magnifier (the theme's toggle), then the words into the box. */
function search(page, query) {
  if (!page.$("#__search").checked) page.click("#__search");
  page.fill(BOX, query);
}

const status = (page) => page.text(STATUS);
const waitStatus = (page, text) => until(() => status(page).includes(text), `the status "${text}" (it says "${status(page)}")`);
const chips = (page) => page.$$(".cmp-search__chip-label").map((c) => c.textContent);
const resultIds = (page) => page.$$(".cmp-search__list a").map((a) => a.dataset.id);

test("a field query shows its chips and a chip comes off", async () => {
  const mn = RECORDS.filter((r) => r.game === "mare-nostrum");
  const heroes = mn.filter((r) => r.kind === "hero");
  const page = await withSearch();
  search(page, "game:mn kind:heroes");
  await waitStatus(page, `${heroes.length} records match`);
  assert.deepEqual(chips(page), ["Game: Mare Nostrum", "Kind: Hero"]);
  assert.equal(page.$$(".cmp-search__list a[data-id='mn-ajax']").length, 1);
  assert.equal(page.$("a.cmp-search__share").href, `${CONTENT}search/?q=game%3Amn+kind%3Aheroes`);
  page.click("button[aria-label='Remove Kind: Hero']");
  await waitStatus(page, `${mn.length} records match`);
  assert.equal(page.$(BOX).value, "game:mn");
  assert.deepEqual(chips(page), ["Game: Mare Nostrum"]);
  assert.deepEqual(page.errors, []);
});

test("a wrong field names the closest and the fix runs", async () => {
  const page = await withSearch();
  search(page, "kind:god cots<9");
  const problem = await until(() => page.$(".cmp-search__problem"), "a problem");
  assert.ok(problem.textContent.includes("did you mean cost"), problem.textContent);
  problem.querySelector("a.cmp-search__fix").click();
  await until(() => page.$(BOX).value === "kind:god cost<9", "the fix in the box");
  await waitStatus(page, "records match");
  assert.deepEqual(chips(page), ["Kind: God", "Cost < 9"]);
  assert.deepEqual(page.errors, []);
});

test("nothing found always says why", async () => {
  const page = await withSearch();
  search(page, "game:mn kind:hero cost<9");
  await waitStatus(page, "No record matches Game: Mare Nostrum and Kind: Hero and Cost < 9");
  page.fill(BOX, "pantheon:grek ");
  await until(() => page.$$(".cmp-search__problem a.cmp-search__fix").some((a) => a.textContent.includes("pantheon:Greek")),
    "the fix pantheon:Greek");
  assert.deepEqual(page.errors, []);
});

test("a shared search opens cold", async () => {
  const query = "kind:ruling trireme";
  const rulings = new Set(RECORDS.filter((r) => r.kind === "ruling").map((r) => r.id));
  let page = await withSearch(`search/?q=${encodeURIComponent(query)}`);
  await until(() => page.$("#__search").checked, "the search open");
  await until(() => page.$(".cmp-search__list a[data-id='mn-q-trireme-in-port']"), "the ruling");
  assert.equal(page.$(BOX).value, query);
  const shown = resultIds(page);
  assert.ok(shown.length && shown.every((id) => rulings.has(id)), shown.join(" "));
  assert.deepEqual(chips(page), ["Kind: Ruling", "trireme"]);
  // ?q= on any page, too
  page = await withSearch(`mare-nostrum/?q=${encodeURIComponent("civ:egypt")}`);
  await until(() => page.$(".cmp-search__list a[data-id='mn-cleopatra']"), "Cleopatra");
  assert.deepEqual(page.errors, []);
});

const HOSTILE_QUERIES = ["x".repeat(10000), "((kind:hero", '"open', "__proto__:x", "cost<NaN", "javascript:alert(1)",
  ".*+?^${}()|[]\\", "cost<99999999999999999999"];

for (const query of HOSTILE_QUERIES) {
  test(`a hostile shared query gets a message: ${query.slice(0, 40)}`, async () => {
    const page = await withSearch(`search/?q=${encodeURIComponent(query)}`);
    await until(() => page.$("#__search").checked, "the search open");
    await until(() => status(page).trim() !== "" && !status(page).includes("Loading") && !status(page).startsWith("Type"), "the status");
    const text = status(page);
    assert.ok(text && !text.includes("undefined") && !text.replace("‘NaN’", "").includes("NaN"), text);
    const hrefs = page.$$(".cmp-search__result a").map((a) => a.href);
    assert.deepEqual(hrefs.filter((h) => !h.startsWith(CONTENT)), []);
    assert.deepEqual(page.errors, []);
  });
}

test("a broken index is reported, not thrown", async () => {
  const files = { "search/index.json": "<html>proxy error</html>" };
  const page = await withSearch("", { files });
  page.$(BOX).focus();
  search(page, "ajax");
  await until(() => status(page).startsWith("The search could not start"), "the message");
  assert.ok(status(page).includes("not JSON"), status(page));
  files["search/index.json"] = '{"format": 7}';
  page.$(BOX).blur();
  page.$(BOX).focus();   // a new attempt on the next focus
  await until(() => status(page).includes("format 7"), "the format named");
  assert.deepEqual(page.errors, []);
});

test("a close spelling is announced", async () => {
  const page = await withSearch();
  search(page, "ceasar");
  await until(() => page.$(".cmp-search__list a"), "results");
  assert.equal(resultIds(page)[0], "mn-julius-caesar");
  assert.ok(status(page).includes("close spelling"), status(page));
});

const isControl = (c) => c < " " || c === "\x7f" || /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(c);

test("a shared query reaches the header box without control characters", async () => {
  // The header box folds NUL, BEL and ESC from a shared ?q= as the start page's box does: both fold
  // through shared/plain-text.js.
  const page = await withSearch("mare-nostrum/?q=aj%00ax%07%1B");
  await until(() => page.$("#__search").checked, "the search open");
  const value = page.$(BOX).value;
  assert.equal([...value].filter(isControl).length, 0, JSON.stringify(value));
  assert.deepEqual(value.split(/\s+/).filter(Boolean), ["aj", "ax"]);
});

// ---- in:table with no table, or garbage, on the device (test_play_in_table_browser.py)

const TABLE = { v: 1, game: "mare-nostrum", query: "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&s=&s=&in=mn-ajax.1&in=mn-colossus.2",
  inPlay: [{ id: "mn-ajax", player: 1 }, { id: "mn-hercules", player: 2 }, { id: "mn-colossus", player: 2 }, { id: "mn-athena", player: null }] };
const CHIP = "button[data-cmp-table-chip]";

test("no table on the device: in:table says so, no results, no chip", async () => {
  const page = await withSearch();
  search(page, "in:table");
  await until(() => status(page).trim().startsWith("No record matches"), "No record matches");
  await until(() => page.$$(".cmp-search__problem").some((p) => p.textContent.includes("No table is set on this device: set one on Play along")),
    "the message");
  assert.deepEqual(resultIds(page), []);
  assert.ok(!page.shown(CHIP));
  assert.equal(page.$(".cmp-search__problem a.cmp-search__page-link").href, `${CONTENT}play-along/index.html`);
  assert.deepEqual(page.errors, []);
});

for (const garbage of ["{not json", JSON.stringify({ ...TABLE, query: "javascript:alert(1)" }),
  JSON.stringify({ ...TABLE, inPlay: [{ id: "<img src=x onerror=alert(1)>", player: 1 }] })]) {
  test(`garbage for a table gives its reason at in:table and the search still works: ${garbage.slice(0, 40)}`, async () => {
    const page = await withSearch("", { storage: { [TABLE_KEY]: garbage } });
    search(page, "in:table kind:hero");
    await until(() => status(page).trim().startsWith("No record matches"), "No record matches");
    await until(() => page.$$(".cmp-search__problem").some((p) => p.textContent.includes("The table stored on this device cannot be used")),
      "the reason");
    assert.ok(!page.shown(CHIP));
    assert.equal(page.$$("img[src=x]").length, 0);
    page.fill(BOX, "ajax");
    await until(() => page.$(".cmp-search__list a[data-id='mn-ajax']"), "Ajax");
    assert.equal(resultIds(page)[0], "mn-ajax");
    assert.deepEqual(page.errors, []);
  });
}

test("garbage for a table: the card browser gives the reason, no chip, every record; a record page no note", async () => {
  const garbage = JSON.stringify({ ...TABLE, inPlay: [{ id: "<img src=x onerror=alert(1)>", player: 1 }] });
  let page = await open("browse/", { root: '<div id="cmp-browse" class="cmp-browse cmp-tool"></div>', module: "browse/browse.js",
    storage: { [TABLE_KEY]: garbage } });
  assert.equal(page.root.dataset.ready, "true");
  assert.equal(page.$$("label.cmp-browse__check--table").length, 0);
  assert.ok(page.text("[data-cmp-table-note]").includes("cannot be used"), page.text("[data-cmp-table-note]"));
  assert.equal(Number(page.$(".cmp-browse__list").dataset.count), RECORDS.length);
  assert.deepEqual(page.errors, []);
  // a record page (its body as the generator writes it): read, not in play, no note
  page = await open(RECORDS.find((r) => r.id === "mn-ajax").url, { root: `<article>${pageMarkup("mare-nostrum/heroes/mn-ajax.md")}</article>`,
    module: "page/in-play.js", ready: false, storage: { [TABLE_KEY]: garbage } });
  await until(() => page.$("[data-cmp-record='mn-ajax'][data-cmp-in-play-read='not in play']"), "the record page's reading");
  assert.equal(page.$$("[data-cmp-in-play]").length, 0);
  assert.deepEqual(page.errors, []);
});

test("a table on the device: a record page in play says so (what the garbage above must not give)", async () => {
  const page = await open(RECORDS.find((r) => r.id === "mn-colossus").url, { root: `<article>${pageMarkup("mare-nostrum/wonders/mn-colossus.md")}</article>`,
    module: "page/in-play.js", ready: false, storage: { [TABLE_KEY]: JSON.stringify(TABLE) } });
  const note = await until(() => page.$("[data-cmp-in-play='mn-colossus']"), "the note");
  assert.equal(note.textContent.trim(), "In play at your table (player 2)");
});

// ---- moved from tests/test_hostile_surfaces_browser.py (its last two tests; the file is gone)

test("a search with no letter says so", async () => {
  const page = await withSearch();
  search(page, "🙂?!");
  await until(() => page.text("#cmp-search-status").includes("no letter or digit"), "no letter or digit");
  assert.ok(!page.text("#cmp-search-status").includes("too common"));
  page.fill("#cmp-search-query", "a\u200bjax");
  await until(() => page.$("#cmp-search-results a[href*='mn-ajax']"), "Ajax");
  assert.deepEqual(page.errors, []);
});

test("a removed record's old anchor says so and offers a search", async () => {
  const page = await open("mare-nostrum/heroes/#mn-long-gone-hero", { root: `${HEADER_SEARCH}<article>${pageMarkup("mare-nostrum/heroes.md")}</article>`,
    module: ["search/early.js", "search/page.js", "page/record-links.js"], ready: false, width: 375 });
  const notice = await until(() => page.$("#cmp-gone"), "#cmp-gone");
  assert.ok(page.shown("#cmp-gone"));
  assert.ok(notice.textContent.includes("no record “mn-long-gone-hero” any more"), notice.textContent);
  assert.ok(page.window.location.href.endsWith("#mn-long-gone-hero"), "the address stays: nothing to land on");
  notice.querySelector("button").click();
  await until(() => page.$("#cmp-search-query").value === "long gone hero", "the words in the box");
  await until(() => page.text("#cmp-search-status").trim() !== "", "the status");
  assert.ok(page.$("#__search").checked, "the search opens");
  // An anchor that is no record id (the theme's own) says nothing; the notice goes with the hash.
  page.window.location.hash = "__md_top";
  await until(() => !page.$("#cmp-gone"), "the notice gone");
  assert.deepEqual(page.errors, []);
});
