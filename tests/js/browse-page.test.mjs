// The card browser (browse/, content/assets/browse/browse.js) in a DOM in Node (tests/js/dom.mjs),
// with the real export: what the list shows and counts for each facet (game, kind, cost, age,
// pantheon, phase, rulings, unknowns, the text filter), the sorts, the address's query after a
// change and a page opened on that address, the inline message for a wrong filter in the address,
// the links to the records, and a record URL that would leave the site shown as text. Opened on a
// search from its address (browse/?search=...), each clause of the query becomes its facet, and what
// is left of the query is echoed in a note, folded and cut to what the engine reads.
// Chromium keeps the browser's share: the built page lists every record, a link click lands on the
// record and going back brings the filters back (tests/test_browse.py); the facets written as a query
// open the header's search (tests/test_search_syntax_browser.py).
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { open, closePage, until } from "./dom.mjs";
import { realData, siteJson } from "./helper-records.mjs";

after(closePage);

const ROOT = '<div id="cmp-browse" class="cmp-browse cmp-tool"></div>';
const MODULE = "browse/browse.js";
const browseAt = (path) => open(path, { root: ROOT, module: MODULE });
const browse = (query) => browseAt(`browse/?search=${encodeURIComponent(query)}`);
// The site's root as the page's modules see it (dom.mjs serves them from content/, as files).
const CONTENT = new URL("../../content/", import.meta.url);
// A control character, DEL, or a bidi mark or override: none may be echoed.
const CONTROL = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const records = () => realData().records;
const ids = (page) => page.$$(".cmp-browse__item").map((e) => e.dataset.id);
const sorted = (list) => [...list].sort();
const idsOf = (list) => sorted(list.map((r) => r.id));
/** The address's query as {key: [value, ...]}, so a key written twice shows. */
function queryOf(page) {
  const out = {};
  for (const [k, v] of new URLSearchParams(page.query())) (out[k] ||= []).push(v);
  return out;
}
const hasAmount = (r) => r.cost !== null && typeof r.cost === "object" && typeof r.cost.amount === "number";
const costLabel = (c) => [c.amount, c.unit].filter((x) => x !== undefined && x !== null && x !== "").join(" ");
/** Without its accents (NFKD, combining marks taken off). */
const plain = (text) => text.normalize("NFKD").replace(/\p{M}/gu, "");

test("the card browser lists every record of every game", async () => {
  const all = records();
  const page = await browseAt("browse/");
  assert.deepEqual(sorted(ids(page)), idsOf(all));
  assert.equal(page.text(".cmp-browse__count"), `${all.length} records`);
  const games = [...page.$("#cmp-browse-game").options].map((o) => o.value).filter(Boolean);
  assert.deepEqual(sorted(new Set(games)), sorted(new Set(all.map((r) => r.game))));
});

for (const [key, keeps] of [["rulings", (r) => r.has_rulings], ["unknowns", (r) => r.has_unknowns]]) {
  test(`the ${key} checkbox keeps the records that have ${key}, and the address says so`, async () => {
    const page = await browseAt("browse/");
    page.click(`#cmp-browse-${key}`);
    assert.equal(page.$(`#cmp-browse-${key}`).checked, true);
    assert.deepEqual(sorted(ids(page)), idsOf(records().filter(keeps)));
    assert.deepEqual(queryOf(page), { [key]: ["1"] });
  });
}

test("select filters combine and stay in the address", async () => {
  const [game, kind] = ["mare-nostrum", "hero"];
  let page = await browseAt("browse/");
  page.select("#cmp-browse-game", game);
  page.select("#cmp-browse-kind", kind);
  const want = idsOf(records().filter((r) => r.game === game && r.kind === kind));
  assert.ok(want.length > 0);
  assert.deepEqual(sorted(ids(page)), want);
  assert.deepEqual(queryOf(page), { game: [game], kind: [kind] });
  // The page loaded again at the address it left: the same filters, the same list.
  page = await browseAt(`browse/?${page.query()}`);
  assert.deepEqual(sorted(ids(page)), want);
  assert.equal(page.$("#cmp-browse-kind").value, kind);
});

for (const field of ["pantheon", "phase"]) {
  test(`the ${field} filter from the address keeps that ${field}'s records`, async () => {
    const values = sorted(new Set(records().map((r) => r[field]).filter(Boolean)));
    assert.ok(values.length > 0, `no record has a ${field}`);
    const value = values[0];
    const page = await browseAt(`browse/?${field}=${value.replaceAll(" ", "+")}`);
    assert.deepEqual(sorted(ids(page)), idsOf(records().filter((r) => r[field] === value)));
  });
}

test("the cost and age filters keep the records of that cost and that age", async () => {
  const costed = records().filter(hasAmount);
  assert.ok(costed.length > 0);
  const label = costLabel(costed[0].cost);
  let page = await browseAt("browse/");
  page.select("#cmp-browse-cost", label);
  assert.deepEqual(sorted(ids(page)), idsOf(costed.filter((r) => costLabel(r.cost) === label)));
  if (records().some((r) => r.ages.length)) {   // 7 Wonders Myths cards name their ages
    page = await browseAt("browse/?age=II");
    assert.deepEqual(sorted(ids(page)), idsOf(records().filter((r) => r.ages.includes("II"))));
  }
});

test("sorting by cost puts the uncosted last, and by rulings puts the most first", async () => {
  const byId = new Map(records().map((r) => [r.id, r]));
  const page = await browseAt("browse/?sort=cost-asc");
  const order = ids(page);
  const amounts = order.filter((id) => hasAmount(byId.get(id))).map((id) => byId.get(id).cost.amount);
  assert.ok(amounts.length > 0);
  assert.deepEqual(amounts, [...amounts].sort((a, b) => a - b));
  assert.equal(order.findIndex((id) => !hasAmount(byId.get(id))), amounts.length, "entries without a number come last");
  page.select("#cmp-browse-sort", "rulings");
  const counts = ids(page).map((id) => byId.get(id).ruling_count);
  assert.deepEqual(counts, [...counts].sort((a, b) => b - a));
  assert.deepEqual(queryOf(page), { sort: ["rulings"] });
});

test("the text filter ignores case and accents", async () => {
  const all = records();
  const named = all.find((r) => r.name && [...r.name].some((ch) => ch.codePointAt(0) > 127));
  assert.ok(named, "no record name with a character beyond ASCII in the data");
  let page = await browseAt("browse/");
  page.fill("#cmp-browse-q", plain(named.name).toUpperCase());
  assert.ok(ids(page).includes(named.id), named.name);
  // An accent the data does hold: in a nickname (no record's name has one).
  const accented = all.flatMap((r) => (r.aliases || []).map((a) => [r, a])).find(([, a]) => plain(a) !== a);
  assert.ok(accented, "no nickname with an accent in the data");
  page = await browseAt("browse/");
  page.fill("#cmp-browse-q", plain(accented[1]).toUpperCase());
  assert.ok(ids(page).includes(accented[0].id), accented[1]);
});

test("every kind filter lists its records, and Any lists them all again", async () => {
  const all = records();
  const page = await browseAt("browse/");
  const options = [...page.$("#cmp-browse-kind").options].map((o) => o.value);
  const counts = {};
  for (const value of [...options.slice(1), options[0]]) {
    page.select("#cmp-browse-kind", value);
    counts[value || "Any"] = page.$$(".cmp-browse__item").length;
  }
  assert.ok(Object.values(counts).every((c) => c > 0), JSON.stringify(counts));
  const { Any, ...kinds } = counts;
  assert.equal(Object.values(kinds).reduce((a, b) => a + b, 0), all.length, JSON.stringify(counts));
  assert.equal(Any, all.length);
  assert.equal(ids(page).length, all.length);
});

test("a wrong filter in the address gets an inline message, and the others still filter", async () => {
  const page = await browseAt("browse/?game=monopoly&kind=hero");
  assert.ok(page.shown(".cmp-browse__problem"), "the message is shown");
  assert.ok(page.text(".cmp-browse__problem").includes("monopoly"), page.text(".cmp-browse__problem"));
  assert.deepEqual(sorted(ids(page)), idsOf(records().filter((r) => r.kind === "hero")));
});

test("a record's link opens its page", async () => {
  const rec = records().find((r) => r.kind === "ruling");
  const page = await browseAt("browse/?kind=ruling");
  const link = page.$(`.cmp-browse__item[data-id='${rec.id}'] a`);
  assert.ok(link, `no link for ${rec.id}`);
  // Served from files, a folder's page is its index.html (shared/dom.js siteHref).
  const want = new URL(rec.url, CONTENT);
  if (want.pathname.endsWith("/")) want.pathname += "index.html";
  assert.equal(link.href, want.href);
});

for (const url of ["javascript:alert(1)", "https://tracker.example/x", "//tracker.example/x"]) {
  // api/browse.json is an input like any other: a record URL that would run script or leave the
  // site shows the name as text, and the other records keep their links.
  test(`a record URL that leaves the site is not a link: ${url}`, async () => {
    const data = siteJson("api/browse.json");
    const victim = data.records[0];
    victim.url = url;
    const page = await open("browse/", { root: ROOT, module: MODULE, files: { "api/browse.json": data } });
    const item = page.$(`.cmp-browse__item[data-id='${victim.id}']`);
    assert.equal(item.querySelectorAll("a").length, 0);
    assert.ok(item.textContent.includes(victim.name), item.textContent);
    assert.equal(page.$$(".cmp-browse__item a").length, data.records.length - 1);
    assert.equal(page.$$("a[href^='javascript'], a[href*='tracker.example']").length, 0);
  });
}

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
  const page = await open(`browse/?search=%E2%80%AEajax%E2%81%A6+${"z".repeat(1990)}`, { root: ROOT, module: MODULE });
  assert.ok(page.shown(".cmp-browse__search"), "the note of what the search kept");
  const text = page.text(".cmp-browse__search");
  assert.deepEqual(text.match(CONTROL), null, JSON.stringify(text.slice(0, 80)));
  assert.ok(text.includes("z".repeat(493)) && !text.includes("z".repeat(494)), String(text.length));
  assert.ok(text.includes("only the first 500 are read"), text.slice(-200));
});

test("the list's first showing puts a screenful in at once and the rest in later tasks, ready once all are in", async () => {
  const page = await open("browse/", { root: ROOT, module: MODULE, ready: false });
  const batches = [];   // the entries each change of the list added, and whether the page said ready then
  await until(() => page.$("ol.cmp-browse__list"), "the list");
  new page.window.MutationObserver((changes) => {
    batches.push({ added: changes.reduce((n, c) => n + c.addedNodes.length, 0), ready: page.root.dataset.ready });
  }).observe(page.$("ol.cmp-browse__list"), { childList: true });
  await until(() => page.root.dataset.ready === "true", "#cmp-browse drawn");
  const list = page.$("ol.cmp-browse__list");
  assert.equal(list.children.length, Number(list.dataset.count), "every record the facets keep, once ready");
  assert.ok(list.children.length > 600, list.children.length);
  assert.ok(batches.length >= 2 && batches.every((b) => b.added <= 150 && b.ready !== "true"),
    `the list was put in all at once: ${JSON.stringify(batches.slice(0, 5))}`);
});
