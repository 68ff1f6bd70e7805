// The Ancient Conquest battle calculator's page in a DOM in Node (tests/js/dom.mjs): a problem named
// beside its field and in the verdict's place, a link of thousands of units cut to what can attack,
// and hostile codes and values in a link shown as messages. The engine's answer to each value is
// checked in tests/js/ac-hostile.test.mjs; these check the page's showing of it. Moved from
// tests/test_ac_battle_browser.py, which keeps what only a browser shows (the verdict in view on a
// phone, the hatched segment, instant navigation, phone width, axe).
import { test, after } from "node:test";
import assert from "node:assert/strict";
import * as E from "../../content/assets/calculators/ac-battle.js";
import { open, closePage, until } from "./dom.mjs";
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

// ---------------------------------------------------------------- the page driven, reloaded, and against the engine
// Moved from tests/test_ac_battle_browser.py: a note printed once, the form driven then reloaded
// from the URL, the planner's columns.

const column = (page) => page.text(COLUMN);

test("hills say they change nothing, and a shared note is printed once", async () => {
  const page = await calc("?a=i11&d=i6&t=hills");
  assert.match(page.text("[data-testid=acb-steps]"), /defending in hills: no effect/);
  const rows = page.text("[data-testid=acb-rows]");
  const notes = page.$$("[data-testid=acb-row-notes] li");
  assert.ok(notes.length >= 1);
  const longNote = notes[0].textContent;
  assert.ok(rows.split("See note 1 below.").length - 1 >= 2, rows);
  assert.ok(!rows.includes(longNote));
});

test("the page driven, then reloaded from the URL", async () => {
  let page = await calc("");
  setFactor(page, "attacker-0", 11);
  setFactor(page, "defender-0", 6);
  assert.ok(column(page).startsWith("Combat Table, column 1:1"), column(page));
  assert.match(page.text("[data-testid=acb-steps]"), /11 : 6 is 1:1/);

  // A siege with a machine: 18 v 6 is 3:1, shifted to 4:1.
  setFactor(page, "attacker-0", 18);
  page.select('[data-k="city"]', "red-dot");
  page.click('[data-k="siege-machine"]');
  assert.ok(column(page).startsWith("Siege Table, column 4:1"), column(page));
  const rows = page.$$("[data-testid=acb-rows] tbody tr");
  assert.equal(rows.length, 6);
  assert.match(rows[5].textContent, /not in the source/);
  const outcomes = page.text("[data-testid=acb-outcomes]");
  assert.match(outcomes, /Not in the source/);
  assert.match(outcomes, /\d\/6 \(\d+\.\d%\) to \d\/6 \(\d+\.\d%\)/);

  // Readings and an optional rule, then the URL carries all of it.
  page.click('[data-k="reddot-optional"]');
  assert.ok(column(page).startsWith("Combat Table"), column(page));   // red-dot city under optional rule 14
  page.click('[data-k="opt-cap"]');
  const url = page.window.location.href;
  assert.ok(["a=i18", "c=red-dot", "reddot=optional", "o=cap", "sm"].every((w) => url.includes(w)), url);

  const before = column(page);
  for (let i = 0; i < 2; i++) {   // reloaded, and opened from the link in another tab
    page = await calc(page.window.location.search);
    assert.equal(column(page), before);
    assert.equal(page.$('[data-k="attacker-0-factor"]').value, "18");
    assert.ok(page.$('[data-k="siege-machine"]').checked);
    assert.ok(page.$('[data-k="reddot-optional"]').checked);
    assert.ok(page.$('[data-k="opt-cap"]').checked);
    assert.equal(page.$('[data-k="city"]').value, "red-dot");
  }
});

test("the planner marks where each column starts", async () => {
  const page = await calc("?a=i11&d=i6");
  await until(() => page.$("#acb-planner-box") && page.$("#acb-planner-box").dataset.state === "ok", "#acb-planner-box[data-state=ok]");
  const plan = E.planAttack(E.decodeScenario("a=i11&d=i6"), E.buildModel(realData().records)).bands.map((b) => [b.from, b.to, b.label]);
  const rows = page.$$("[data-testid=acb-plan-table] tbody tr").map((tr) => [...tr.children].map((c) => c.textContent));
  assert.equal(rows.length, plan.length);
  rows.forEach((row, i) => {
    const [start, end] = plan[i];
    assert.equal(row[0], end === null ? `${start} or more` : start === end ? String(start) : `${start} to ${end}`);
  });
  assert.ok(rows.some((r) => r[1].includes("column 1:1")) && rows.at(-1)[1].startsWith("automatic elimination"), JSON.stringify(rows));
  assert.ok(page.text("[data-testid=acb-plan-table] .cmp-datatable__marked").startsWith("6 to 11"));   // this attack, printed 11, is in the 1:1 band
});
