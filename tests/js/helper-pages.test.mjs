// The table helpers' pages in a DOM in Node (tests/js/dom.mjs): what a link's values become on
// the page (a message beside its field, the field marked invalid, text never markup, the bad
// values dropped from the address) and the readings switched from the page. Moved from the
// helpers' Chromium tests (tests/test_*_browser.py), which keep what only a browser shows: a
// phone's layout and tap targets, and each page driven by touch then reloaded.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { open, closePage, assertNoNan } from "./dom.mjs";

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
