// The Ancient Conquest battle calculator's page in a DOM in Node (tests/js/dom.mjs): a problem named
// beside its field and in the verdict's place, a link of thousands of units cut to what can attack,
// and hostile codes and values in a link shown as messages. The engine's answer to each value is
// checked in tests/js/ac-hostile.test.mjs; these check the page's showing of it. Moved from
// tests/test_ac_battle_browser.py, which keeps what only a browser shows (the verdict in view on a
// phone, the hatched segment, instant navigation, phone width, axe).
import { test, after } from "node:test";
import assert from "node:assert/strict";
import * as E from "../../content/assets/calculators/ac-battle.js";
import { open, closePage } from "./dom.mjs";
import { realData } from "./helper-records.mjs";

after(closePage);

const PAGE = "calculators/ancient-conquest-battle/";
const VERDICT = "#acb-verdict";
const COLUMN = "[data-testid=acb-column]";
const calc = (query) => open(PAGE + query, { root: "ac-battle", module: "calculators/ac-battle-page.js" });
const setFactor = (page, key, value) => page.fill(`[data-k="${key}-factor"]`, String(value));

test("a bad input is named beside the field and in the verdict's place", async () => {
  let page = await calc("?a.legions=3&d.legions=1");   // a Mare Nostrum link: named, not read
  assert.ok(page.text("[data-testid=acb-link-notice]").includes("“a.legions”, “d.legions” are not this calculator's keys: "
    + "the link is written for the Mare Nostrum battle calculator."), page.text("[data-testid=acb-link-notice]"));
  setFactor(page, "attacker-0", 0);
  assert.match(page.text(VERDICT), /1 or more/);
  assert.match(page.text("#acb-attacker-0-factor-error"), /1 or more/);
  assert.equal(page.$('[data-k="attacker-0-factor"]').getAttribute("aria-invalid"), "true");
  assert.equal(page.$$(COLUMN).length, 0);
  setFactor(page, "attacker-0", -4);
  assert.match(page.text("#acb-attacker-0-factor-error"), /1 or more/);
  setFactor(page, "attacker-0", "");
  assert.match(page.text("#acb-attacker-0-factor-error"), /must be a number/);
  page.click('[data-k="attacker-0-remove"]');
  assert.match(page.text("#acb-attackers-error"), /no units/);
  assert.match(page.text(VERDICT), /no units/);
  page.click('[data-k="add-attacker"]');
  setFactor(page, "attacker-0", 5);
  setFactor(page, "defender-0", 6);
  page.select('[data-k="city"]', "fortified");
  assert.match(page.text(VERDICT), /not allowed/);
  const text = page.text("#ac-battle");
  assert.ok(!text.includes("NaN") && !text.includes("undefined"));
  setFactor(page, "attacker-0", 12);
  assert.equal(page.$$(`${VERDICT}[data-state=ok]`).length, 1);
  assert.ok(!page.shown("#acb-attacker-0-factor-error"), "the message is gone once the value is good");
  assert.ok(page.text(COLUMN).startsWith("Siege Table, column 2:1"), page.text(COLUMN));
  // two defending infantry break the stacking rule: said beside the defending hex
  page = await calc("?a=i12&d=i6.i6");
  assert.match(page.text("#acb-defenders-error"), /stacking/);
});

for (const count of [5000, 100000]) {
  test(`a link with ${count.toLocaleString("en")} units keeps what can attack and says so`, async () => {
    const limits = E.unitLimits(E.buildModel(realData().records));
    const page = await calc(`?a=${Array(count).fill("i1").join(".")}&d=i6`);
    const notice = page.text("[data-testid=acb-link-notice]");
    assert.ok(notice.includes(`${count.toLocaleString("en")} attacking units`) && notice.includes(`only the first ${limits.attackers} are kept`), notice);
    assert.equal(page.$$('[data-unit^="attacker-"]').length, limits.attackers);
    assert.ok(page.$('[data-k="add-attacker"]').disabled);
    assert.ok(page.text("#acb-add-attacker-why").includes(`${limits.attackers} units can attack one hex`));
    assert.equal(page.$$(`${VERDICT}[data-state=ok]`).length, 1);
    assert.ok(page.window.location.href.includes(`a=${Array(limits.attackers).fill("i1").join(".")}&`), page.window.location.href);
  });
}

test("hostile codes and values in a link become messages", async () => {
  for (const [query, where, words] of [["?a=i6&d=i6&t=__proto__", "#acb-terrain-error", "Unknown terrain"],
    ["?a=i6&d=i6&c=toString", "#acb-city-error", "Unknown city type"],
    ["?a=i1e20&d=i6", "#acb-attacker-0-factor-error", "must be a number"],
    ["?a=i99999&d=i6", "#acb-attacker-0-factor-error", "above 999"],
    ["?a=z6&d=i6", "#acb-attacker-0-type-error", "choose infantry"]]) {
    const page = await calc(query);
    assert.ok(page.text(VERDICT).includes(words), query);
    assert.ok(page.text(where).includes(words), query);
    const text = page.text("#ac-battle");
    assert.ok(!text.includes("NaN") && !text.includes("undefined"), query);
  }
});
