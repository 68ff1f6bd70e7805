// The table helpers' pages in a DOM in Node (tests/js/dom.mjs): what a link's values become on
// the page (a message beside its field, the field marked invalid, text never markup, the bad
// values dropped from the address) and the readings switched from the page. Moved from the
// helpers' Chromium tests (tests/test_*_browser.py), which keep what only a browser shows: a
// phone's layout and tap targets, and each page driven by touch then reloaded.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { open, closePage, assertNoNan, SITE } from "./dom.mjs";

after(closePage);

const DIP = { root: "dip-score", module: "helpers/dip-score-page.js" };
const MOS = { root: "mos-disaster", module: "helpers/mos-disaster-page.js" };
const ACV = { root: "ac-victory", module: "helpers/ac-victory-page.js" };
const MNS = { root: "mn-sets", module: "helpers/mn-sets-page.js" };

test("diplomacy score: a hostile link gives messages beside the fields", async () => {
  const script = "%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E";
  const pg = await open(`calculators/diplomacy-score/?p=lots:Rome&p=19:${script}&p=20:Egypt&r.ties=coin&zz=1`, DIP);
  assert.equal(pg.root.dataset.ready, "true");
  assert.match(pg.text("#dps-centres-0-error"), /not a whole number/);
  assert.equal(pg.$("#dps-centres-0").getAttribute("aria-invalid"), "true");
  assert.match(pg.text("#dps-centres-2-error"), /only one can have it/);
  assert.match(pg.text("#dps-r-ties-error"), /coin/);
  assert.match(pg.text("#dps-errors"), /zz/);
  assert.equal(pg.$("#dps-name-1").value, "<img src=x onerror=alert(1)>");
  assert.equal(pg.$$("#dip-score img").length, 0);
  assertNoNan(assert, pg, "#dip-score");
});

test("mosaic disasters: a hostile link gives messages beside the fields", async () => {
  const pg = await open("calculators/mosaic-disasters/?d=mos-volcano&h.money=lots&h.garrison-town=7&struck=maybe&avoid=%3Cb%3Ex", MOS);
  assert.equal(pg.root.dataset.ready, "true");
  assert.match(pg.text("#mds-disaster-error"), /not a disaster in the records/);
  assert.equal(pg.$("#mds-disaster").getAttribute("aria-invalid"), "true");
  assert.match(pg.text("#mds-h-money-error"), /not a whole number/);
  assert.match(pg.text("#mds-h-garrison-town-error"), /the game has 6/);
  assert.match(pg.text("#mds-struck-yes-error"), /answer yes or no/);
  assert.equal(pg.$$("#mos-disaster b").length, 0);
  assertNoNan(assert, pg, "#mos-disaster");
});

test("ancient conquest victory: a hostile link gives messages beside the fields", async () => {
  const pg = await open("calculators/ancient-conquest-victory/?o=assyrian-empire.99&g1.deities=many&g2.deities=18&tyre=7&cities=all&r.measure=luck", ACV);
  assert.equal(pg.root.dataset.ready, "true");
  assert.match(pg.text("#acv-g1-deities-error"), /not a whole number/);
  assert.match(pg.text("#acv-g2-deities-error"), /one deity counter per nation/);
  assert.match(pg.text("#acv-tyre-error"), /give the number of the group/);
  assert.ok(pg.text("#acv-cities-error").includes("use one of none, rule-8, table"), pg.text("#acv-cities-error"));
  assert.ok(pg.text("#acv-errors").includes("assyrian-empire.99"), pg.text("#acv-errors"));
  assertNoNan(assert, pg, "#ac-victory");
});

test("mare nostrum sets: the readings switch from the page", async () => {
  const pg = await open("calculators/mare-nostrum-sets/?tax=4&b.legion=1&b.city-token=1&hold=mn-julius-caesar&hold=mn-mausoleum", MNS);
  const state = () => pg.$("#mns-results").dataset.state;
  assert.equal(state(), "can");
  pg.select("#mns-r-reductions", "one-card");
  assert.equal(state(), "cannot");
  assert.ok(pg.query().includes("r.reductions=one-card"), pg.query());
  pg.select("#mns-r-sets", "several");
  pg.select("#mns-r-reductions", "per-item");
  assert.equal(state(), "can");
  assert.equal(pg.$$("#mns-sets li").length, 1, "one tax set pays for both items under the 'several' reading");
});

test("mare nostrum sets: a hostile link gives messages beside the fields", async () => {
  const pg = await open("calculators/mare-nostrum-sets/?tax=lots&h.grain=-1&b.legion=9&h.banana=3&hold=%3Cscript%3E&r.sets=maybe", MNS);
  assert.equal(pg.root.dataset.ready, "true");
  assert.match(pg.text("#mns-tax-error"), /not a whole number/);
  assert.equal(pg.$("#mns-tax").getAttribute("aria-invalid"), "true");
  assert.equal(pg.$("#mns-tax").getAttribute("aria-describedby"), "mns-tax-error");
  assert.ok(pg.text("#mns-b-legion-error").includes("more than 8 (the box has 8)"), pg.text("#mns-b-legion-error"));
  assert.match(pg.text("#mns-h-grain-error"), /below 0/);
  assert.match(pg.text("#mns-errors"), /h\.banana/);        // no field for it: the message is at the top
  assert.ok(pg.text("#mns-hold-error").includes("<script>"));  // shown as text beside the cards held
  assert.equal(pg.$$("#mn-sets script").length, 0);
  assertNoNan(assert, pg, "#mn-sets");
  // The bad values are dropped from the address; typing a good one clears the message.
  assert.ok(!pg.query().includes("lots") && !pg.query().includes("banana"), pg.query());
  pg.fill("#mns-tax", "3");
  assert.equal(pg.$$("#mns-tax-error").length, 0);
  assert.equal(pg.$("#mns-tax").getAttribute("aria-invalid"), null);
});

// ---------------------------------------------------------------- each helper driven through its form, then reloaded
// Moved from the helpers' Chromium tests, which keep the filled form's fit on a 375 px phone (no
// sideways scrolling, 44 px tap targets). A reload is the page opened anew at the address it left.

const BLANK = "?start=blank";   // the empty form (content/assets/tools/opening.js), not the opening example
const stateOf = (page, sel) => page.$(sel).dataset.state;
const reloaded = (page, tool) => open(page.window.location.href.slice(SITE.length), tool);

test("diplomacy score: powers entered through the page, then reloaded", async () => {
  let pg = await open(`calculators/diplomacy-score/${BLANK}`, DIP);   // the empty form, not the opening sample
  const points = () => Object.fromEntries(pg.$$("#dps-table tbody tr").map((r) => [r.dataset.power, r.querySelector("[data-points]").textContent]));
  // The three powers the fragment's examples name are offered first.
  assert.deepEqual([0, 1, 2].map((i) => pg.$(`#dps-name-${i}`).value).sort(), ["Egypt", "Greece", "Rome"]);
  ["10", "8", "8"].forEach((n, i) => pg.fill(`#dps-centres-${i}`, n));
  pg.click("#dps-add");
  pg.fill("#dps-name-3", "Carthage");
  pg.fill("#dps-centres-3", "5");
  assert.equal(stateOf(pg, "#dps-results"), "largest");
  let pts = points();
  const tied = Object.keys(pts).filter((name) => pts[name].startsWith("unknown"));
  assert.ok(tied.length === 2 && tied.every((n) => pts[n] === "unknown: 17 to 24"), JSON.stringify(pts));
  assert.equal(pts.Carthage, "6");
  assert.match(pg.text("#dps-open-ties"), /The fragment does not say/);

  pg.select("#dps-r-ties", "share");
  assert.ok(pg.$("#dps-table [data-points]") && !pg.$("#dps-open-ties"));
  pts = points();
  assert.ok(tied.every((n) => pts[n] === "20.50"), JSON.stringify(pts));
  const q = pg.query();
  assert.ok(q.includes("r.ties=share") && q.includes("p=5%3ACarthage"), q);
  const first = pg.text("#dps-results");
  assertNoNan(assert, pg, "#dip-score");

  pg = await reloaded(pg, DIP);
  assert.equal(pg.text("#dps-results"), first);
  assert.ok(pg.$("#dps-name-3").value === "Carthage" && pg.$("#dps-r-ties").value === "share");

  // A solo replaces the table; removing a power renumbers the rows.
  pg.fill("#dps-centres-0", "18");
  assert.equal(stateOf(pg, "#dps-results"), "solo");
  assert.match(pg.text("#dps-verdict"), /solo/);
  pg.$$("#dps-powers .th-power")[3].querySelector("button").click();
  assert.equal(pg.$$("#dps-powers .th-power").length, 3);
  assert.ok(!pg.query().includes("Carthage"), pg.query());
});

test("mosaic disasters: a disaster decided from the counts, one asked, then reloaded", async () => {
  let pg = await open(`calculators/mosaic-disasters/${BLANK}`, MOS);   // the empty form, not the opening sample
  const walk = () => pg.$$("#mds-walk li").map((e) => `${e.dataset.paid} ${e.textContent}`);
  assert.equal(pg.$$("#mds-errors p").length, 0, "a blank form shows no error");
  pg.select("#mds-disaster", "mos-chaos");
  assert.ok(pg.shown("#mds-counted") && !pg.shown("#mds-asked"));
  assert.match(pg.text("#mds-counted"), /Production Bonus/);
  pg.fill("#mds-h-money", "7");
  assert.equal(stateOf(pg, "#mds-results"), "undecided");
  assert.match(pg.text("#mds-verdict"), /Stone Production/);
  pg.fill("#mds-h-stone-production", "6");
  assert.equal(stateOf(pg, "#mds-results"), "loses");
  const w = walk();
  assert.ok(w[0].startsWith("false 10 Money (you hold 7): cannot pay") && w[1].startsWith("true 6 Stone Production"), w.join("\n"));
  pg.fill("#mds-mine", "5");
  pg.fill("#mds-others", "4");
  assert.ok(pg.text("#mds-verdict").startsWith("you lose"), pg.text("#mds-verdict"));
  assert.match(pg.text("#mds-verdict"), /you lose 6 Stone Production/);
  const q = pg.query();
  assert.ok(q.includes("d=mos-chaos") && q.includes("h.money=7") && q.includes("mine=5"), q);
  const first = pg.text("#mds-results");
  assertNoNan(assert, pg, "#mos-disaster");

  pg = await reloaded(pg, MOS);
  assert.equal(pg.text("#mds-results"), first);
  assert.ok(pg.$("#mds-disaster").value === "mos-chaos" && pg.$("#mds-mine").value === "5");

  // An unnamed icon: the page asks, and the counts are not used.
  pg.select("#mds-disaster", "mos-famine");
  assert.ok(pg.shown("#mds-asked") && !pg.shown("#mds-counted"));
  pg.fill("#mds-h-food", "2");
  pg.fill("#mds-h-farm-town", "1");
  assert.equal(stateOf(pg, "#mds-results"), "loses");
  assert.ok(pg.text("#mds-verdict").startsWith("If it strikes you"), pg.text("#mds-verdict"));
  pg.click("label[for=mds-struck-yes]");
  assert.ok(pg.window.location.search.includes("struck=yes"), pg.window.location.search);
  assert.ok(pg.text("#mds-verdict").startsWith("you lose A Farm Town"), pg.text("#mds-verdict"));
  pg.click("label[for='mds-avoid-mos-statue-of-zeus-at-olympia']");
  assert.match(pg.text("#mds-verdict"), /protects you/);
});

test("ancient conquest victory: objectives ticked, optional points and readings, then reloaded", async () => {
  let pg = await open(`calculators/ancient-conquest-victory/${BLANK}`, ACV);   // the empty form, not the opening sample
  const totals = () => Object.fromEntries(pg.$$("#acv-table tbody tr").map((r) => [r.dataset.group, r.querySelector("[data-total]").textContent]));
  const total = (group) => pg.$(`#acv-table tr[data-group="${group}"] [data-total]`).textContent;
  const tick = (people, n) => {
    if (!pg.shown(`#acv-o-${people}-${n}`)) pg.$(`#acv-o-${people}-${n}`).closest("details").querySelector("summary").click();
    assert.ok(pg.shown(`#acv-o-${people}-${n}`), `the objective ${people} ${n} is shown once its people is opened`);
    pg.click(`label[for=acv-o-${people}-${n}]`);
  };
  assert.equal(stateOf(pg, "#acv-results"), "tie");          // nothing ticked: every group on 0
  tick("egyptian-empire", 3);                                 // 4 VP
  tick("assyrian-empire", 6);                                 // 1 VP, +1 with Sowing
  assert.equal(stateOf(pg, "#acv-results"), "winner");
  assert.deepEqual(totals(), { 1: "4", 2: "1", 3: "0", 4: "0" });
  pg.click("label[for=acv-opt-ac-sowing]");
  pg.fill("#acv-g2-deities", "1");
  assert.equal(total(2), "4");
  assert.match(pg.text("#acv-verdict"), /tie/);
  pg.select("#acv-cities", "table");
  pg.select("#acv-tyre", "2");
  pg.select("#acv-sidon", "2");
  assert.equal(total(2), "9");
  assert.match(pg.text("#acv-verdict"), /Group 2 wins with 9 victory points/);
  let q = pg.query();
  assert.ok(q.includes("o=egyptian-empire.3") && q.includes("opt=ac-sowing") && q.includes("tyre=2") && q.includes("cities=table"), q);
  const first = pg.text("#acv-results");
  assertNoNan(assert, pg, "#ac-victory");

  pg = await reloaded(pg, ACV);
  assert.equal(pg.text("#acv-results"), first);
  assert.ok(pg.$("#acv-o-egyptian-empire-3").checked && pg.$("#acv-opt-ac-sowing").checked);
  assert.ok(pg.shown("#acv-o-egyptian-empire-3"), "a people with a ticked objective opens on load");

  // The other reading of section 14: the most objectives (1 each: a tie).
  pg.select("#acv-r-measure", "objectives");
  assert.equal(stateOf(pg, "#acv-results"), "tie");

  // Clear empties the count in place; the rules in play and the readings stay.
  pg.click("#acv-clear");
  assert.equal(stateOf(pg, "#acv-results"), "tie");
  assert.deepEqual(totals(), { 1: "0", 2: "0", 3: "0", 4: "0" });
  assert.ok(!pg.$("#acv-o-egyptian-empire-3").checked && pg.$("#acv-g2-deities").value === "");
  assert.ok(pg.$("#acv-opt-ac-sowing").checked && pg.$("#acv-cities").value === "table");
  q = pg.query();
  assert.ok(!q.includes("o=") && !q.includes("tyre=") && !q.includes("deities=") && q.includes("opt=ac-sowing") && q.includes("r.measure=objectives"), q);
});

test("mare nostrum sets: the manual's Example of Sets entered through the page, then reloaded", async () => {
  const EXAMPLE = { tax: "3", "h-grain": "2", "h-perfume": "1", "h-livestock": "1", "h-gold": "1", "h-slaves": "1" };
  let pg = await open(`calculators/mare-nostrum-sets/${BLANK}`, MNS);   // typed in from a blank form
  for (const [field, value] of Object.entries(EXAMPLE)) pg.fill(`#mns-${field}`, value);
  const sizes = pg.$$("#mns-sizes tbody tr").map((r) => [r.dataset.size, r.querySelector("[data-sets]").textContent]);
  assert.ok(sizes.some(([s, n]) => s === "3" && n === "3") && sizes.some(([s, n]) => s === "6" && n === "0"), JSON.stringify(sizes));   // three sets of 3, no set of 6
  assert.match(pg.text("#mns-largest"), /5 different commodities/);

  pg.fill("#mns-b-legion", "2");
  pg.fill("#mns-b-trireme", "1");
  assert.equal(stateOf(pg, "#mns-results"), "can");
  const sets = pg.$$("#mns-sets li").map((e) => `${e.dataset.type}: ${e.textContent}`);
  assert.ok(sets.length === 3 && sets.filter((s) => s.startsWith("tax: Tax card ×3")).length === 1, sets.join("\n"));
  assert.equal(sets.filter((s) => s.includes("Grain")).length, 2, sets.join("\n"));
  const q = pg.query();
  assert.ok(q.includes("tax=3") && q.includes("h.grain=2") && q.includes("b.legion=2") && q.includes("b.trireme=1"), q);

  // A temple needs a set of 6: the page says no, and keeps the list in the URL.
  pg.fill("#mns-b-temple", "1");
  assert.equal(stateOf(pg, "#mns-results"), "cannot");
  assert.match(pg.text("#mns-verdict"), /cannot pay/);
  pg.fill("#mns-b-temple", "");
  assert.equal(stateOf(pg, "#mns-results"), "can");

  // Julius Caesar: legions cost 2; the chip is a toggle button.
  pg.click("#mns-hold-mn-julius-caesar");
  assert.equal(pg.$("#mns-hold-mn-julius-caesar").getAttribute("aria-pressed"), "true");
  assert.ok(pg.window.location.search.includes("hold=mn-julius-caesar"), pg.window.location.search);
  assert.ok(pg.text("#mns-sets").includes("2 instead of 3, Julius Caesar"), pg.text("#mns-sets"));
  const first = pg.text("#mns-results");
  assertNoNan(assert, pg, "#mn-sets");

  pg = await reloaded(pg, MNS);
  assert.equal(pg.text("#mns-results"), first);
  assert.ok(pg.$("#mns-h-grain").value === "2" && pg.$("#mns-b-legion").value === "2");
  assert.equal(pg.$("#mns-hold-mn-julius-caesar").getAttribute("aria-pressed"), "true");
  pg = await reloaded(pg, MNS);   // and once more, from the address the reload left
  assert.equal(pg.text("#mns-results"), first);
});
