// Rulings as engine tests: each test is named by a ruling's id and asserts, through the
// calculator's engine, what that ruling says; a ruling with a scenario is run on the battle
// its record holds (the "Work it out" link), so the page's link and this test see one battle.
// tests/js/ruling-tests.json lists the rulings tested here; the generator reads it to say
// "Checked by the calculator's tests" on a ruling's page, and the last test fails when a test
// has no entry or an entry no test.
// Run: COMPENDIUM_RECORDS=/path/to/api/records.json node --test tests/js/rulings.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  analyse, analyseRounds, resolveRoll, validateScenario, scenarioFromQuery, plansFromQuery, piecesAfter,
  creatureOf, FACES, _internal,
} from "../../content/assets/calculators/mn-battle.js";
import * as AC from "../../content/assets/calculators/ac-battle.js";
import { DATA, RULES, TOL, sc, tuples, killsFunction, bruteAjax, assertClose, assertDistClose, sum } from "./mn-helpers.mjs";

const LIST = JSON.parse(readFileSync(new URL("./ruling-tests.json", import.meta.url), "utf8"));
const RECORDS = new Map(DATA.records.map((r) => [r.id, r]));
const AC_MODEL = AC.buildModel(DATA.records);
const tested = new Set();

/** A test named by the ruling it checks. */
function rulingTest(id, what, fn) {
  tested.add(id);
  test(`${id}: ${what}`, fn);
}

/** The battle a ruling's record holds (its scenario), as the calculator's page reads it. */
function scenarioOf(id) {
  const rec = RECORDS.get(id);
  assert.ok(rec && rec.scenario, `${id} has a scenario`);
  return rec.scenario.query;
}
const mnBattle = (id) => sc(scenarioFromQuery(scenarioOf(id)));
const acResult = (query) => {
  const r = AC.evaluate(AC.decodeScenario(query), AC_MODEL);
  assert.ok(r.ok, JSON.stringify(r.errors));
  return r;
};
const value = (f) => f.n / f.d;
const expected = (dist) => sum(dist.map((p, k) => p * k));

// ---- Mare Nostrum ----------------------------------------------------------------------------

rulingTest("mn-ex-battle", "the manual's combat example: 6+3+2 = 11 kills 2, 3+6 = 9 kills 1", () => {
  const s = mnBattle("mn-ex-battle");
  const r = resolveRoll(RULES, s, { attacker: [6, 3, 2], defender: [3] });
  assert.ok(r.ok, JSON.stringify(r.errors));
  assert.deepEqual([r.attacker.total, r.attacker.kills, r.defender.total, r.defender.kills], [11, 2, 9, 1]);
});

rulingTest("mn-ex-atlantis-attacks-carthage", "16 kills 3, 20 kills 4; Carthage keeps its Behemoth, Atlantis its Kraken; still at war", () => {
  const s = mnBattle("mn-ex-atlantis-attacks-carthage");
  const r = resolveRoll(RULES, s, { attacker: [2, 4, 1, 5, 4], defender: [3, 3] });
  assert.ok(r.ok, JSON.stringify(r.errors));
  assert.deepEqual([r.attacker.dice ?? 5, r.attacker.total, r.attacker.kills, r.defender.total, r.defender.kills], [5, 16, 3, 20, 4]);
  const pieces = (x) => ({ legions: x.legions, triremes: x.triremes, fortresses: x.fortresses, creatures: x.creatures });
  const carthage = piecesAfter(pieces(s.defender), null, 3, s.defender.lossOrder);
  const atlantis = piecesAfter(pieces(s.attacker), null, 4, s.attacker.lossOrder);
  assert.deepEqual(carthage, { legions: 0, triremes: 0, fortresses: 0, creatures: 1 });
  assert.deepEqual(atlantis, { legions: 0, triremes: 0, fortresses: 0, creatures: 1 });
  // the exact odds the README prints for this battle
  const odds = analyse(RULES, s);
  assert.equal(odds.outcomes.atWar.toFixed(3), "0.637");
  assert.equal(odds.defender.expectedLosses.toFixed(2), "3.07");
});

rulingTest("mn-q-ajax-reroll-once", "Ajax re-rolls the dice he chooses once; a die re-rolled is never re-rolled again", () => {
  const s = mnBattle("mn-q-ajax-reroll-once");
  const me = _internal.prepare(RULES, s).attacker;
  assert.ok(me.ajax);
  const kills = killsFunction(s, "attacker", 0, true);
  const once = bruteAjax(kills, me.dice, me.cap, me.x.goal);
  const engine = analyse(RULES, s).defender.losses;
  assertDistClose(engine, once, TOL, "the engine is one re-roll of the best subset");
  // A second re-roll (forbidden) would be worth more: the engine's figure is not it.
  const n = me.dice;
  const oneStage = new Map(); // the best expected kills from dice showing, with one re-roll left
  const key = (d) => [...d].sort().join("");
  const bestFrom = (shown, next) => {
    let best = -1;
    for (let mask = 0; mask < (1 << n); mask++) {
      const idx = [...Array(n).keys()].filter((i) => mask & (1 << i));
      let e = 0;
      for (const re of tuples(idx.length)) {
        const d = shown.slice();
        idx.forEach((i, j) => { d[i] = re[j]; });
        e += next(d) * Math.pow(FACES, -idx.length);
      }
      best = Math.max(best, e);
    }
    return best;
  };
  const v1 = (d) => { const k = key(d); if (!oneStage.has(k)) oneStage.set(k, bestFrom(d, kills)); return oneStage.get(k); };
  let twice = 0;
  for (const d of tuples(n)) twice += bestFrom(d, v1) * Math.pow(FACES, -n);
  assert.ok(twice > expected(engine) + 1e-6, `two re-rolls would give ${twice}, once gives ${expected(engine)}`);
});

rulingTest("mn-q-hamilcar-with-hannibal", "Hamilcar's automatic 4 takes Hannibal's +1: an automatic 5", () => {
  const s = mnBattle("mn-q-hamilcar-with-hannibal");
  const r = resolveRoll(RULES, s, { attacker: [1, 1], defender: [1, 1, 1] }, { fixed: { attacker: 1, defender: 0 } });
  assert.ok(r.ok, JSON.stringify(r.errors));
  // two thrown 1s and the fixed die, each legion die +1 from Hannibal: (1+1) + (1+1) + (4+1) = 9
  assert.equal(r.attacker.total, 9);
  const without = resolveRoll(RULES, { ...s, attacker: { ...s.attacker, heroes: ["mn-hamilcar"], civ: "" } }, { attacker: [1, 1], defender: [1, 1, 1] }, { fixed: { attacker: 1, defender: 0 } });
  assert.equal(r.attacker.total - without.attacker.total, 3, "Hannibal adds 1 to each of the 3 legion dice, the fixed one included");
});

rulingTest("mn-q-two-behemoths", "a second Behemoth gives no extra defence: the attacker rolls the same, the Behemoth adds only itself", () => {
  const two = mnBattle("mn-q-two-behemoths");
  const one = sc({ ...two, defender: { ...two.defender, creatures: 1 } });
  const p2 = _internal.prepare(RULES, two), p1 = _internal.prepare(RULES, one);
  for (const k of ["dice", "automatic", "bonus", "legionDice", "otherDice"]) assert.equal(p2.attacker[k], p1.attacker[k], `attacker's ${k}`);
  assert.ok(p1.attacker.automatic === 0, "one Behemoth already takes away every automatic 6 of the Krakens");
  assert.equal(p2.defender.automatic - p1.defender.automatic, RULES.base.creatureAutomatic, "the second Behemoth counts as one more creature, nothing else");
});

rulingTest("mn-q-titans-versus-triremes", "Titans may attack triremes in a sea space next to them", () => {
  const s = mnBattle("mn-q-titans-versus-triremes");
  assert.equal(s.battle, "ranged-sea");
  assert.deepEqual(validateScenario(RULES, s).errors, []);
  const a = analyse(RULES, s);
  assert.ok(a.ok);
  assert.ok(a.outcomes.defenderWipedOut > 0, "the trireme can be sunk");
  assert.equal(a.attacker.expectedLosses ?? expected(a.attacker.losses), 0, "the triremes do not strike back");
});

rulingTest("mn-q-hercules-which-creature", "Hercules' legion becomes his owner's civilization's creature, no other", () => {
  const s = mnBattle("mn-q-hercules-which-creature");
  for (const civ of ["mn-greece", "mn-carthage", "mn-rome", "mn-atlantis"]) {
    const me = _internal.prepare(RULES, { ...s, attacker: { ...s.attacker, civ } }).attacker;
    assert.equal(me.herc, 1);
    assert.equal(me.creature.id, creatureOf(RULES, civ).id, `${civ}: its own creature`);
  }
  const noCiv = validateScenario(RULES, { ...s, attacker: { ...s.attacker, civ: "" } }).errors;
  assert.ok(noCiv.some((e) => e.field === "attacker.civ"), "without a civilization there is no creature to become");
});

rulingTest("mn-q-continuing-battle-in-province-at-war", "the defender's units may move out; its fortress cannot, and fights on", () => {
  const q = scenarioOf("mn-q-continuing-battle-in-province-at-war");
  const s = scenarioFromQuery(q), plans = plansFromQuery(q);
  const planned = analyseRounds(RULES, s, { rounds: 3, plans });
  const stays = analyseRounds(RULES, s, { rounds: 3 });
  assert.ok(planned.ok && planned.applies, JSON.stringify(planned.errors));
  for (const row of planned.rounds) {
    assert.equal(row.defenderWithdrew, 0, "a fortress never leaves, so the defender never withdraws");
    assertClose(row.attackerTakes + row.defenderHolds + row.bothGone + row.attackerWithdrew + row.defenderWithdrew + row.atWar, 1, 1e-12, "sums to 1");
  }
  assert.ok(planned.rounds[2].attackerTakes > stays.rounds[2].attackerTakes + 1e-3, "the legion moving out leaves the fortress alone");
  const bad = analyseRounds(RULES, s, { plans: { defender: { withdraw: { when: "fewer", below: 2, pieces: ["fortresses"] } } } });
  assert.ok(!bad.ok && bad.errors.some((e) => e.field === "defender.plan.withdraw.pieces"));
});

rulingTest("mn-q-unlaunched-trireme-and-invasion", "a trireme takes no part in a land battle", () => {
  const { errors } = validateScenario(RULES, { attacker: { legions: 2 }, defender: { legions: 1, triremes: 1 } });
  assert.ok(errors.some((e) => e.field === "defender.triremes"), JSON.stringify(errors));
});

// ---- Ancient Conquest ------------------------------------------------------------------------

rulingTest("ac-ex-combat-ratio-rounding", "11 against 6 is fought at 1:1 (odds rounded down)", () => {
  const r = acResult(scenarioOf("ac-ex-combat-ratio-rounding"));
  assert.deepEqual([value(r.attacker.total), value(r.defender.total)], [11, 6]);
  assert.equal(r.ratio.label, "1:1");
  assert.equal(r.column.label, "1:1");
});

rulingTest("ac-ex-combined-defence", "a hex of 4 and 6 defends with 10", () => {
  const r = acResult(scenarioOf("ac-ex-combined-defence"));
  assert.equal(value(r.defender.total), 10);
  assert.equal(r.ratio.label, "2:1");
});

rulingTest("ac-ex-encampment-defence", "an encamped 12 defends with 18", () => {
  const r = acResult(scenarioOf("ac-ex-encampment-defence"));
  assert.equal(value(r.defender.total), 18);
});

rulingTest("ac-ex-siege-machine-shift", "a siege machine turns a 3:1 attack on a fortified city into 4:1", () => {
  const q = scenarioOf("ac-ex-siege-machine-shift");
  const r = acResult(q);
  assert.equal(r.table.role, "siege");
  assert.equal(r.ratio.label, "3:1");
  assert.equal(r.column.label, "4:1");
  const without = acResult(q.replace("&f=sm", ""));
  assert.equal(without.column.label, "3:1");
});

rulingTest("ac-ex-tripling-cap", "bonuses multiply a defender by 3 at most", () => {
  const q = scenarioOf("ac-ex-tripling-cap");
  const r = acResult(q);
  assert.equal(value(r.defender.total), 18, "6 with x2 and x2 is capped at x3");
  assert.ok(r.defender.units[0].capped);
  const uncapped = acResult(q.replace("o=cap.dei", "o=dei"));
  assert.equal(value(uncapped.defender.total), 24);
});

// ---- the list the generator reads ------------------------------------------------------------

test("ruling-tests.json lists exactly the rulings tested here, each a ruling of the data", () => {
  const listed = LIST.rulings;
  assert.ok(Array.isArray(listed));
  assert.deepEqual([...listed].sort(), [...tested].sort(), "add or remove the entry beside the test");
  assert.equal(new Set(listed).size, listed.length, "each ruling listed once");
  for (const id of listed) assert.equal(RECORDS.get(id)?.kind, "ruling", `${id} is a ruling record`);
});
