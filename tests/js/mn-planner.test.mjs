// The army planner of the Mare Nostrum engine (content/assets/calculators/mn-battle/planner.js):
// every point of the curve against a brute force of every dice outcome (on a box cut down so
// that every size can be enumerated), the smallest army found by scanning those values, and a
// seeded Monte Carlo of single rounds on the real box.
// Run: COMPENDIUM_RECORDS=/path/to/api/records.json node --test tests/js/mn-planner.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { rulesFromRecords, planArmy, analyse, FACES, _internal } from "../../content/assets/calculators/mn-battle.js";
import {
  DATA, RULES, TOL, sc, tuples, killsFunction, bruteAjax, assertClose, sum, monteCarlo,
} from "./mn-helpers.mjs";

const OUT = ["attackerAlone", "bothRemain", "defenderAlone", "bothWipedOut"];

/** The rules with fewer pieces in the box, so that every army size can be brute-forced. */
function smallBox(legions, creatures) {
  const data = structuredClone(DATA);
  data.records.find((r) => r.id === "mn-legion").count = legions;
  data.records.find((r) => r.id === "mn-mythological-creature").count = creatures;
  return rulesFromRecords(data);
}

/** One round by brute force, the attacker playing for the wipe: every Hamilcar count or every Ajax subset tried. */
function bruteOutcomes(rules, s) {
  s = sc(s);
  const a = analyse(rules, s);
  assert.ok(a.ok, JSON.stringify(a.errors));
  const prep = _internal.prepare(rules, s);
  const dist = {};
  for (const side of ["attacker", "defender"]) {
    const me = prep[side];
    if (!a[side].rolls || me.cap === 0) { dist[side] = [1, ...new Array(me.cap).fill(0)]; continue; }
    if (me.ajax) { dist[side] = bruteAjax(killsFunction(s, side, 0, true, rules), me.dice, me.cap, me.x.goal); continue; }
    let best = null;
    for (let f = 0; f <= (me.fixed ? me.dice : 0); f++) {
      const d = new Array(me.cap + 1).fill(0);
      const kills = killsFunction(s, side, f, true, rules);
      for (const t of tuples(me.dice - f)) d[kills(t)] += Math.pow(FACES, -(me.dice - f));
      const e = sum(d.map((p, k) => p * k)), w = d[me.cap];
      const key = [...(me.x.goal === "wipe" ? [w, e] : [e, w]), -f];
      if (!best || _internal.better(key, best.key)) best = { key, d };
    }
    dist[side] = best.d;
  }
  // wiped out: the units removed before the dice plus the kills reach the units present
  const wiped = (side, foe) => sum(dist[foe].filter((_, k) => prep[side].removed + k >= prep[side].units));
  const pAW = wiped("attacker", "defender"), pDW = wiped("defender", "attacker");
  return { attackerAlone: (1 - pAW) * pDW, bothRemain: (1 - pAW) * (1 - pDW), defenderAlone: pAW * (1 - pDW), bothWipedOut: pAW * pDW };
}

// The first two are battles where playing for the wipe and playing for losses differ at 3 legions.
const SMALL_CASES = [
  { attacker: { civ: "mn-rome", heroes: ["mn-hamilcar"] }, defender: { legions: 2, fortresses: 1 } },
  { attacker: { civ: "mn-carthage", heroes: ["mn-ajax"] }, defender: { legions: 3 } },
  { attacker: { civ: "mn-carthage", heroes: ["mn-hamilcar"] }, defender: { civ: "mn-egypt", legions: 1, creatures: 1 } },
  { attacker: { civ: "mn-greece", heroes: ["mn-hercules"] }, defender: { legions: 2 } },
];

test("every point of the curve equals a brute force, and the smallest army is the first to reach the target", () => {
  const rules = smallBox(3, 1);
  for (const base of SMALL_CASES) {
    for (const target of [0.25, 0.5, 0.8]) {
      const plan = planArmy(rules, { ...base, attacker: { ...base.attacker, legions: 1 } }, { target });
      assert.ok(plan.ok, JSON.stringify(plan.errors));
      assert.equal(plan.axes.maxPrimary, 3);
      assert.equal(plan.axes.maxCreatures, 1);
      assert.equal(plan.points.length, 4 * 2 - 1);
      const brute = [];
      for (const p of plan.points) {
        assert.ok(p.ok, p.reason);
        const s = { ...base, attacker: { ...base.attacker, legions: p.primary, creatures: p.creatures, goal: "wipe",
          heroes: base.attacker.heroes.filter((id) => !(p.dropped || []).some((d) => d.id === id)) } };
        const b = bruteOutcomes(rules, s);
        for (const k of OUT) assertClose(p.outcomes[k], b[k], TOL, `${JSON.stringify(base)} ${p.primary}+${p.creatures} ${k}`);
        assertClose(p.value, b.attackerAlone, TOL, "the planner's value is the chance to take the province");
        brute.push({ ...p, v: b.attackerAlone });
      }
      const reach = brute.filter((p) => p.v >= target - 1e-12).sort((p, q) => p.units - q.units || p.creatures - q.creatures);
      if (reach.length) assert.deepEqual([plan.smallest.primary, plan.smallest.creatures], [reach[0].primary, reach[0].creatures]);
      else assert.equal(plan.smallest, null);
    }
  }
  // Hercules has nothing to act on without a legion: those sizes leave him out and still count
  const herc = planArmy(rules, { attacker: { civ: "mn-greece", legions: 1, heroes: ["mn-hercules"] }, defender: { legions: 2 } });
  const noLegion = herc.points.find((p) => p.primary === 0 && p.creatures === 1);
  assert.ok(noLegion.ok);
  assert.deepEqual(noLegion.dropped, [{ side: "attacker", id: "mn-hercules" }]);
});

test("the curve covers every size the box allows, each point's chances sum to 1", () => {
  const B = RULES.base;
  const land = planArmy(RULES, { attacker: { civ: "mn-rome", legions: 2, heroes: ["mn-hamilcar", "mn-ajax"] }, defender: { civ: "mn-egypt", legions: 8, creatures: 3, fortresses: 2, statue: true } });
  assert.equal(land.points.length, (B.legionsInBox + 1) * (B.creaturesPerPlayer + 1) - 1);
  for (const p of land.points) {
    assert.ok(p.ok, p.reason);
    assertClose(sum(OUT.map((k) => p.outcomes[k])), 1, 1e-9, `${p.primary}+${p.creatures}`);
    for (const k of OUT) assert.ok(p.outcomes[k] >= -1e-15 && p.outcomes[k] <= 1 + 1e-12);
  }
  // no civilization: no creatures to add
  const plain = planArmy(RULES, { attacker: { legions: 2 }, defender: { legions: 3 } });
  assert.equal(plain.axes.maxCreatures, 0);
  assert.equal(plain.points.length, B.legionsInBox);
  // at sea: triremes, and the Kraken (the only creature that fights at sea)
  const sea = planArmy(RULES, { battle: "naval", attacker: { civ: "mn-atlantis", triremes: 1 }, defender: { triremes: 3 } });
  assert.equal(sea.axes.primary, "triremes");
  assert.equal(sea.axes.maxPrimary, B.triremesInBox);
  assert.equal(sea.axes.maxCreatures, B.creaturesPerPlayer);
  const greekSea = planArmy(RULES, { battle: "naval", attacker: { civ: "mn-greece", triremes: 1 }, defender: { triremes: 3 } });
  assert.equal(greekSea.axes.maxCreatures, 0);
  // a ranged attack: Titans only, and the measure is every target destroyed
  const ranged = planArmy(RULES, { battle: "ranged-land", attacker: { civ: "mn-rome", creatures: 1 }, defender: { legions: 2 } }, { target: 0.3 });
  assert.equal(ranged.axes.primary, null);
  assert.deepEqual(ranged.points.map((p) => p.creatures), [1, 2, 3]);
  for (const p of ranged.points) assertClose(p.value, p.outcomes.defenderWipedOut, 0, "ranged measure");
});

test("a seeded Monte Carlo of single rounds agrees within 5 standard errors at sizes along the curve", () => {
  const N = 60000;
  const base = { attacker: { civ: "mn-rome", legions: 1, heroes: ["mn-hamilcar", "mn-ajax"] }, defender: { civ: "mn-egypt", legions: 6, creatures: 1, fortresses: 1 } };
  const plan = planArmy(RULES, base);
  [[8, 3], [6, 1], [3, 2], [2, 0]].forEach(([n, c], i) => {
    const p = plan.points.find((x) => x.primary === n && x.creatures === c);
    const mc = monteCarlo({ ...base, attacker: { ...base.attacker, legions: n, creatures: c, goal: "wipe" } }, N, 777 + i);
    for (const k of OUT) {
      const exact = p.outcomes[k], est = mc.outcome[k];
      const se = Math.sqrt(Math.max(exact * (1 - exact), 1e-12) / N);
      assert.ok(Math.abs(est - exact) <= 5 * se + 1e-12, `${n}+${c} ${k}: exact ${exact}, Monte Carlo ${est} (${(Math.abs(est - exact) / se).toFixed(2)} SE)`);
    }
  });
});

test("bad input to the planner gives messages, never an exception", () => {
  const ok = { attacker: { legions: 2 }, defender: { legions: 2 } };
  for (const [s, opts, re] of [
    [ok, { target: 0 }, /more than 0%/],
    [ok, { target: 1.5 }, /at most 100%/],
    [ok, { target: NaN }, /more than 0%/],
    [ok, { target: "80" }, /more than 0%/],
    [{ attacker: { legions: 2, heroes: ["mn-nobody"] }, defender: { legions: 2 } }, {}, /Unknown hero/],
    [{ battle: "__proto__", attacker: { legions: 2 } }, {}, /Unknown battle/],
  ]) {
    let r;
    assert.doesNotThrow(() => { r = planArmy(RULES, s, opts); });
    assert.equal(r.ok, false);
    assert.ok(r.errors.some((e) => re.test(e.message)), JSON.stringify(r.errors));
  }
});
