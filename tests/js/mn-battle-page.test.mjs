// The Mare Nostrum battle calculator's page in a DOM in Node (tests/js/dom.mjs): a problem named
// beside its field and in the verdict's place, a civilization's hero choosing the civilization or
// saying why not, and what hostile links become on the page. The engine's answer to each value
// is checked in tests/js/mn-hostile.test.mjs; these check the page's showing of it. Moved from
// tests/test_mn_battle_browser.py, which keeps what only a browser shows (the verdict in view on
// a phone, the bar, instant navigation, phone width, axe).
import { test, after } from "node:test";
import assert from "node:assert/strict";
import * as M from "../../content/assets/calculators/mn-battle.js";
import { open, closePage, until } from "./dom.mjs";
import { realData } from "./helper-records.mjs";

after(closePage);

const PAGE = "calculators/mare-nostrum-battle/";
const VERDICT = "#mnb-verdict";
const calc = (query) => open(PAGE + query, { root: "mn-battle", module: "calculators/mn-battle-page.js" });

test("a bad input is named beside the field and in the verdict's place", async () => {
  const page = await calc("?a.legions=2&d.legions=2");
  page.fill("#mnb-attacker-legions", "-1");
  const slot = () => page.$("#mnb-attacker-legions-error");
  assert.match(slot().textContent, /whole number/);
  assert.match(page.text(VERDICT), /whole number/);
  assert.equal(page.$("#mnb-attacker-legions").getAttribute("aria-invalid"), "true");
  assert.equal(page.$("#mnb-attacker-legions").getAttribute("aria-describedby"), "mnb-attacker-legions-error");
  page.fill("#mnb-attacker-legions", "9");
  assert.match(slot().textContent, /only 8 legions/);
  page.fill("#mnb-attacker-legions", "2");
  assert.ok(!page.shown("#mnb-attacker-legions-error"), "the message is gone once the value is good");
  assert.equal(page.$("#mnb-attacker-legions").getAttribute("aria-invalid"), null);
  page.click("#mnb-attacker-mn-ariane");
  assert.match(page.text("#mnb-attacker-heroes-error"), /only for the defender/);
  assert.match(page.text(VERDICT), /only for the defender/);
  const text = page.text("#mn-battle");
  assert.ok(!text.includes("NaN") && !text.includes("undefined"));
});

test("choosing a civilization's hero chooses the civilization or says why not", async () => {
  let page = await calc("?a.legions=2&d.legions=2");
  page.click("#mnb-attacker-mn-hannibal");
  assert.equal(page.$("#mnb-attacker-civ").value, "mn-carthage");
  assert.equal(page.$("#mnb-attacker-mn-hannibal").getAttribute("aria-pressed"), "true");
  assert.match(page.text("#mnb-attacker-civ-error"), /Carthage chosen/);
  assert.ok(page.window.location.href.includes("a.civ=mn-carthage"), page.window.location.href);
  assert.equal(page.$$(`${VERDICT} [data-verdict-text]`).length, 1);
  // the defender cannot take Hannibal while the attacker is Carthage: the field says why
  page.click("#mnb-defender-mn-hannibal");
  assert.equal(page.$("#mnb-defender-mn-hannibal").getAttribute("aria-pressed"), "false");
  assert.equal(page.$("#mnb-defender-civ").value, "");
  assert.match(page.text("#mnb-defender-heroes-error"), /both sides cannot be the same civilization/);
  // a link with Hannibal and no civilization: the real message, beside the heroes and in the verdict
  page = await calc("?a.legions=2&a.heroes=mn-hannibal&d.legions=2");
  assert.match(page.text(VERDICT), /Hannibal belongs to Carthage/);
  assert.match(page.text("#mnb-attacker-heroes-error"), /Hannibal belongs to Carthage/);
});

test("a link naming an unknown hero shows the form and a clean message", async () => {
  for (const hero of ["mn-nobody", "toString", "__proto__", "constructor"]) {
    const page = await calc(`?a.legions=2&a.heroes=${hero}&d.legions=2`);
    assert.ok(page.shown("#mnb-attacker-legions"), `${hero}: the form is drawn`);
    assert.ok(page.text(VERDICT).includes(`Unknown hero '${hero}'`), `${hero}: ${page.text(VERDICT)}`);
    assert.ok(page.text("#mnb-attacker-heroes-error").includes(`Unknown hero '${hero}'`), hero);
    assert.ok(!page.text("#mn-battle").includes("Cannot read"), hero);
  }
});

test("city counts from a link are bounded by the pieces", async () => {
  const cities = M.rulesFromRecords(realData()).base.citiesInBox;
  for (const value of ["100000000000000000000", "1e20"]) {
    const page = await calc(`?a.legions=2&d.legions=2&d.heroes=mn-ariane&city=${value}`);
    const slot = page.text("#mnb-buildings-city-error");
    assert.ok(slot.includes(/^\d+$/.test(value) ? `only ${cities} cities in the box` : "whole number from 0 to"), `${value}: ${slot}`);
    const text = page.text("#mn-battle");
    assert.ok(!text.includes("bonus +") && !text.includes("e+"), value);
    assert.ok(!page.text(VERDICT).includes("Correct the"), value);
  }
});

test("a link with one hero thousands of times gives one message", async () => {
  // 5,000 copies, as the browser test had them (its server refused request lines over 64 kB)
  const page = await calc(`?a.legions=2&d.legions=2&a.heroes=${Array(5000).fill("mn-ajax").join(",")}`);
  const slot = page.$$("#mnb-attacker-heroes-error span");
  assert.equal(slot.length, 1);
  assert.match(slot[0].textContent, /5,000 heroes/);
  assert.equal(page.$$(`${VERDICT} [role=alert] p`).length, 1);
});

test("other hostile values in a link become messages", async () => {
  for (const query of ["a.legions=2&a.heroes=mn-hamilcar&a.hamilcar=1e300&d.legions=2",
    "a.legions=2&a.heroes=mn-hamilcar&a.hamilcar=999999999999&d.legions=2",
    "a.legions=lots&d.legions=2&battle=__proto__", "a.loss=creatures&a.legions=2&d.legions=2"]) {
    const page = await calc(`?${query}`);
    assert.equal(page.$$(`${VERDICT}[data-state=error]`).length, 1, query);
    assert.equal(page.$$("#mnb-attacker-legions").length, 1, query);
    const text = page.text("#mn-battle");
    assert.ok(!text.includes("NaN") && !text.includes("undefined") && !text.includes("Cannot read"), query);
    assert.ok(page.$$("#mnb-attacker-hamilcar option").length < 40, query);   // never an option per fixed die up to 1e300
  }
});

// ---------------------------------------------------------------- a plan for several rounds (rulings you can run)
// Moved from tests/test_rulings_browser.py, which keeps each ruling's "Work it out" link opening
// the calculator with the verdict in view.

/** A chance as the battle pages print it (tests/page_percent.py, written apart from the page's view/percent.js). */
function pagePercent(p) {
  if (p <= 0) return "0%";
  if (p >= 1 - 1e-12) return "100%";
  if (p < 0.001) return p >= 1e-5 ? "<0.1%" : "<0.001%";
  const s = (100 * p).toFixed(1);
  return s === "100.0" ? ">99.9%" : `${s}%`;
}

const roundsState = (page, state) => until(() => page.$("#mnb-rounds-out") && page.$("#mnb-rounds-out").dataset.state === state,
  `#mnb-rounds-out[data-state=${state}]`, 20000);

test("a plan changes the rounds, goes into the URL and comes back on reload", async () => {
  const data = realData();
  const query = data.records.find((r) => r.id === "mn-ex-atlantis-attacks-carthage").scenario.query;
  let page = await calc(`?${query}`);
  await roundsState(page, "ok");
  const before = page.text("#mnb-rounds-table");
  page.select("#mnb-attacker-withdraw", "fewer");
  page.fill("#mnb-attacker-withdraw-below", "2");
  page.fill("#mnb-attacker-reinforce-legions", "3");
  page.select("#mnb-attacker-reinforce-round", "3");
  await until(() => page.window.location.search.includes("a.reinforce.round=3"), "the plan in the address");
  await until(() => page.$("#mnb-rounds-table") && page.text("#mnb-rounds-table") !== before, "the rounds redrawn", 20000);
  await roundsState(page, "ok");
  const q2 = page.query();
  assert.ok(q2.includes("a.withdraw=fewer") && q2.includes("a.withdraw.below=2") && q2.includes("a.reinforce.legions=3"), q2);
  const rules = M.rulesFromRecords(data);
  const exact = M.analyseRounds(rules, M.scenarioFromQuery(q2), { rounds: 3, plans: M.plansFromQuery(q2) }).rounds;
  const rows = page.$$("#mnb-rounds-table tbody tr").map((tr) => [...tr.children].map((c) => c.textContent));
  assert.deepEqual(rows.map((r) => r[5]), exact.map((x) => pagePercent(x.attackerWithdrew)));
  const shown = page.text("#mnb-rounds-table");
  page = await calc(`?${q2}`);   // the reload
  await roundsState(page, "ok");
  assert.equal(page.text("#mnb-rounds-table"), shown);
  assert.equal(page.$("#mnb-attacker-withdraw").value, "fewer");
  assert.equal(page.$("#mnb-attacker-withdraw-below").value, "2");
  assert.equal(page.$("#mnb-attacker-reinforce-legions").value, "3");
  assert.equal(page.$("#mnb-attacker-reinforce-round").value, "3");
});

for (const [query, field, words] of [
  ["a.legions=3&d.legions=1&d.fortresses=1&d.withdraw=fewer&d.withdraw.below=-1", "#mnb-defender-withdraw-below-error", "whole number from 1"],
  ["a.legions=3&d.legions=1&d.fortresses=1&d.withdraw=chance&d.withdraw.below=1000000000", "#mnb-defender-withdraw-below-error", "percentage from 1 to 99"],
  ["a.legions=7&d.legions=1&a.reinforce.legions=5", "#mnb-attacker-reinforce-legions-error", "only 8 in the box"],
]) {
  test(`a bad plan is named beside its field: ${query}`, async () => {
    const page = await calc(`?${query}`);
    await roundsState(page, "error");
    assert.ok(page.shown(field), `${field} is shown`);
    assert.ok(page.text(field).includes(words), page.text(field));
    assert.ok(!page.text("#mnb-rounds").includes("NaN"));
    assert.ok(page.text("#mnb-verdict [data-verdict-text]"), "the one-round verdict still shows");
  });
}

// ---------------------------------------------------------------- the page against the engine, the link, presets
// Moved from tests/test_mn_battle_browser.py: several rounds and the loss order, the planner, the
// form driven then reloaded, the worked example's preset, Ajax's advice on a roll.

const EXAMPLE_2 = "?a.civ=mn-atlantis&a.legions=4&a.creatures=1&d.civ=mn-carthage&d.legions=2&d.creatures=1&d.fortresses=1&d.heroes=mn-hannibal";
const rulesOf = () => M.rulesFromRecords(realData());
const outcomes = (page) => Object.fromEntries(page.$$("#mnb-outcomes [data-out]").map((e) => [e.dataset.out, e.textContent]));
const stateIs = (page, sel, state) => until(() => page.$(sel) && page.$(sel).dataset.state === state, `${sel}[data-state=${state}]`, 20000);
const plural = (n, word) => `${n} ${word}${n !== 1 ? "s" : ""}`;

/** Choose the option of a select by its words, as a player reads it. */
function selectByLabel(page, sel, label) {
  const option = page.$$(`${sel} option`).find((o) => o.textContent === label);
  assert.ok(option, `${sel} has no option “${label}”`);
  page.select(sel, option.value);
}

test("several rounds and the loss order", async () => {
  const rules = rulesOf();
  let page = await calc(EXAMPLE_2);
  await stateIs(page, "#mnb-rounds-out", "ok");
  const rounds = M.analyseRounds(rules, M.scenarioFromQuery(EXAMPLE_2.slice(1))).rounds;
  const text = page.text("#mnb-rounds-out [data-rounds-text]");
  assert.equal(text, `Attacker takes the province within ${rounds.map((r) => `${plural(r.round, "round")} ${pagePercent(r.attackerTakes)}`).join(" · ")}.`);
  assert.match(page.$("#mnb-defender-loss").selectedOptions[0].textContent, /keeps the strongest/);
  assert.match(page.text("#mnb-rounds-out"), /the defender gives up legions, then fortresses, then creatures/);
  // the defender gives up its fortress first: the link, the figures and their note follow
  selectByLabel(page, "#mnb-defender-loss", "Fortresses first, then legions, creatures last");
  await until(() => page.window.location.search.includes("d.loss=fortresses"), "d.loss in the address");
  await stateIs(page, "#mnb-rounds-out", "ok");
  const again = M.analyseRounds(rules, M.scenarioFromQuery(page.query())).rounds;
  assert.notDeepEqual(again, rounds);
  await until(() => page.text("#mnb-rounds-out [data-rounds-text]").includes(`3 rounds ${pagePercent(again[2].attackerTakes)}`), "the rounds' sentence redrawn");
  assert.match(page.text("#mnb-rounds-out"), /the defender gives up fortresses, then legions/);
  const rows = page.$$("#mnb-rounds-table tbody tr").map((tr) => [...tr.children].map((c) => c.textContent));
  assert.deepEqual(rows.map((r) => r[1]), again.map((x) => pagePercent(x.attackerTakes)));
  // a sea space is never at war: no later rounds
  page = await calc("?battle=naval&a.triremes=2&d.triremes=2");
  await stateIs(page, "#mnb-rounds-out", "none");
  assert.match(page.text("#mnb-rounds-out"), /never at war/);
});

test("the planner names the smallest army and draws the curve with a table", async () => {
  const rules = rulesOf();
  const query = "a.civ=mn-rome&a.legions=2&a.heroes=mn-hamilcar,mn-ajax&d.civ=mn-egypt&d.legions=4&d.creatures=1&d.fortresses=1";
  const page = await calc(`?${query}`);
  await stateIs(page, "#mnb-plan-out", "ok");
  const plan = M.planArmy(rules, M.scenarioFromQuery(query), { target: 0.8 });
  const small = plan.smallest;
  const answer = page.text("#mnb-plan-answer");
  const parts = [...(small.primary ? [plural(small.primary, "legion")] : []), ...(small.creatures ? [plural(small.creatures, "Titan")] : [])];
  assert.ok(answer.startsWith(`Smallest army reaching 80.0%: ${parts.join(" and ")} (`), answer);
  assert.ok(answer.includes(pagePercent(small.value)), answer);
  assert.equal(page.$$("#mnb-planner svg.cmp-chart__svg[aria-hidden=true]").length, 1);
  const rows = page.$$("#mnb-plan-table tbody tr").map((tr) => [...tr.children].map((c) => c.textContent));
  const shown = plan.points.filter((p) => p.creatures === small.creatures).sort((a, b) => a.primary - b.primary);
  assert.equal(rows.length, shown.length);
  rows.forEach((row, i) => assert.equal(row[1], pagePercent(shown[i].outcomes.attackerAlone), JSON.stringify(row)));
  assert.equal(page.$$("#mnb-plan-table .cmp-datatable__marked").length, 1);
  // ask for 50%: a smaller army, and the link keeps the target
  page.fill("#mnb-plan-target", "50");
  await until(() => page.window.location.search.includes("plan=50"), "plan=50 in the address");
  await until(() => page.$("#mnb-plan-answer") && page.text("#mnb-plan-answer").includes("50.0%"), "the answer for 50%", 20000);
  const half = M.planArmy(rules, M.scenarioFromQuery(query), { target: 0.5 }).smallest;
  assert.ok(page.text("#mnb-plan-answer").includes(pagePercent(half.value)), page.text("#mnb-plan-answer"));
  page.fill("#mnb-plan-target", "150");
  await until(() => page.text("#mnb-plan-target-error").includes("from 1 to 100"), "the target's message");
  assert.equal(page.$("#mnb-plan-target").getAttribute("aria-invalid"), "true");
});

test("a scenario entered through the page, then reloaded", async () => {
  let page = await calc("?start=blank");   // typed in from a blank form, not the opening example
  page.select("#mnb-battle", "land");
  page.select("#mnb-attacker-civ", "mn-carthage");
  page.fill("#mnb-attacker-legions", "5");
  page.fill("#mnb-attacker-creatures", "1");
  page.click("#mnb-attacker-mn-hannibal");
  page.click("#mnb-attacker-mn-ajax");
  page.select("#mnb-defender-civ", "mn-greece");
  page.fill("#mnb-defender-legions", "3");
  page.fill("#mnb-defender-fortresses", "1");
  page.click("#mnb-defender-mn-mars");
  await stateIs(page, "#mnb-results", "ok");
  const first = outcomes(page);
  const href = page.window.location.href;
  assert.ok(href.includes("a.legions=5") && href.includes("a.heroes=") && href.includes("d.gods=mn-mars"), href);
  assert.equal(page.$("#mnb-attacker-mn-ajax").getAttribute("aria-pressed"), "true");
  const s = M.scenarioFromQuery(page.query());
  const exact = M.analyse(rulesOf(), s);
  assert.ok(exact.ok);
  assert.equal(first.attackerAlone, pagePercent(exact.outcomes.attackerAlone));
  assert.ok(Math.abs(Number(first.defenderExpectedLosses) - exact.defender.expectedLosses) <= 0.005 + 1e-9, first.defenderExpectedLosses);
  assert.ok(page.shown("[data-advice=attacker-ajax]"));
  for (let i = 0; i < 2; i++) {   // opened from the address, and reloaded from it once more
    page = await calc(page.window.location.search);
    assert.deepEqual(outcomes(page), first);
    assert.equal(page.$("#mnb-attacker-legions").value, "5");
    assert.equal(page.$("#mnb-defender-civ").value, "mn-greece");
  }
});

test("the worked example's preset", async () => {
  const page = await calc("");
  page.click("button[data-preset=example-2]");
  const details = page.text("#mnb-details-attacker");
  assert.ok(details.includes("Rolls 5 dice") && details.includes("Behemoth"), details);
  assert.ok(page.text("#mnb-details-defender").includes("adds 12 in automatic 6s, bonus +2"), page.text("#mnb-details-defender"));
  assert.ok(page.window.location.href.includes("a.civ=mn-atlantis"), page.window.location.href);
});

test("Ajax's helper advises on a roll", async () => {
  const page = await calc("?a.legions=4&a.heroes=mn-ajax&d.legions=2");
  page.fill("#mnb-attacker-roll", "1 2 1 2");
  assert.match(page.text("#mnb-attacker-roll-advice"), /Throw again: 1, 2, 1, 2/);
  page.fill("#mnb-attacker-roll", "6 6 1 1");
  assert.match(page.text("#mnb-attacker-roll-advice"), /Keep every die/);
  page.fill("#mnb-attacker-roll", "6 6");
  assert.match(page.text("#mnb-attacker-roll-error"), /Enter 4 dice/);
  page.fill("#mnb-attacker-roll", Array(5000).fill("1").join(" "));
  assert.match(page.text("#mnb-attacker-roll-error"), /Enter 4 dice/);
});

test("the rules are read in one task and the calculator drawn in the next", async () => {
  // A slow phone's main thread is not held for both at once (tests/benchmarks/README.md, Lighthouse):
  // a zero-delay timer is set while nothing is drawn, and the calculator is there once it has run.
  const real = globalThis.setTimeout;
  const drawn = () => Boolean(globalThis.document && globalThis.document.getElementById("mnb-verdict"));
  const drewIt = [];
  globalThis.setTimeout = (fn, ms, ...rest) => {
    const fromPage = new Error().stack.includes("/content/assets/");   // set by the page's own code
    if (ms || drawn() || !fromPage) return real(fn, ms, ...rest);
    // what the callback resolves runs in the microtasks after it: look in the task after
    return real(() => { fn(...rest); real(() => { if (drawn()) drewIt.push(true); }, 0); }, 0);
  };
  try {
    const page = await calc("?a.legions=2&d.legions=2");
    await new Promise((next) => real(next, 10));   // the look after the drawing has run
    assert.ok(page.shown(VERDICT));
    assert.deepEqual(drewIt, [true], "the calculator was drawn in the task that read its records");
  } finally {
    globalThis.setTimeout = real;
  }
});
