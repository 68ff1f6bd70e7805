// Several rounds of a Mare Nostrum land battle (content/assets/calculators/mn-battle/rounds.js):
// the Markov chain against a brute force that enumerates every dice outcome of every round
// (each round's choices found by trying every option, losses applied by this file's own
// reading of the loss order), and against a seeded Monte Carlo of whole battles.
// Run: COMPENDIUM_RECORDS=/path/to/api/records.json node --test tests/js/mn-rounds.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyse, analyseRounds, resolveRoll, validateScenario, FACES, DEFAULT_LOSS_ORDER, _internal, plansToQuery, plansFromQuery, normalizePlans } from "../../content/assets/calculators/mn-battle.js";
import {
  RULES, TOL, sfc32, sc, other, tuples, killsFunction, bruteAjax, diceWithSum, assertClose, sum,
} from "./mn-helpers.mjs";

const KINDS = ["legions", "triremes", "fortresses", "creatures"];
const OUTCOMES = ["attackerTakes", "defenderHolds", "bothGone", "atWar"];
const count = (p) => KINDS.reduce((t, k) => t + p[k], 0);
const piecesOf = (x) => Object.fromEntries(KINDS.map((k) => [k, x[k]]));

/** This file's reading of the loss order: Centaur victims are legions; then `k` pieces in order. */
function lose(p, removedLegions, k, order) {
  const q = { ...p, legions: p.legions - removedLegions };
  for (const kind of order) { const n = Math.min(q[kind], k); q[kind] -= n; k -= n; }
  return q;
}

/** One round's battle: the pieces left, gods only in the first round, idle heroes left out (the validator decides what is idle). */
function roundBattle(base, a, d, first) {
  let s = sc({ ...base, attacker: { ...base.attacker, ...a }, defender: { ...base.defender, ...d } });
  if (!first) { s.attacker.gods = []; s.defender.gods = []; }
  for (let pass = 0; pass < 4; pass++) {
    const { errors } = validateScenario(RULES, s);
    if (!errors.length) return s;
    for (const e of errors) {
      const m = /^(attacker|defender)\.(hero|god)\.(.+)$/.exec(e.field);
      assert.ok(m, `a later round is illegal: ${e.message}`);
      const list = m[2] === "hero" ? "heroes" : "gods";
      s = { ...s, [m[1]]: { ...s[m[1]], [list]: s[m[1]][list].filter((id) => id !== m[3]) } };
    }
  }
  assert.fail("could not settle a round");
}

const goalKey = (goal, dist) => {
  const cap = dist.length - 1, e = sum(dist.map((p, k) => p * k)), w = dist[cap];
  return goal === "wipe" ? [w, e] : [e, w];
};

/** Kills one side inflicts, by brute force: every Hamilcar count tried, or every Ajax re-roll subset. */
function bruteSideKills(s, side) {
  const a = analyse(RULES, s);
  const me = _internal.prepare(RULES, s)[side];
  if (!a[side].rolls || me.cap === 0) return { dist: [1, ...new Array(me.cap).fill(0)], f: 0 };
  if (me.ajax) {
    assert.ok(!me.fixed, "the brute force covers Ajax or Hamilcar, not both");
    return { dist: bruteAjax(killsFunction(s, side, 0, true), me.dice, me.cap, me.x.goal), f: 0 };
  }
  let best = null;
  for (let f = 0; f <= (me.fixed ? me.dice : 0); f++) {
    const dist = new Array(me.cap + 1).fill(0);
    const kills = killsFunction(s, side, f, true);
    const n = me.dice - f;
    for (const t of tuples(n)) dist[kills(t)] += Math.pow(FACES, -n);
    const key = [...goalKey(me.x.goal, dist), -f];
    if (!best || _internal.better(key, best.key)) best = { key, dist, f };
  }
  return best;
}

/** Every joint outcome of one round: [kills by the attacker, kills by the defender, probability], and the Centaur victims. */
function bruteRound(s) {
  const ka = bruteSideKills(s, "attacker"), kd = bruteSideKills(s, "defender");
  const none = { attacker: s.attacker.heroes.includes("mn-ajax"), defender: s.defender.heroes.includes("mn-ajax") };
  const r0 = resolveRoll(RULES, s, { attacker: diceFor(s, "attacker", ka.f), defender: diceFor(s, "defender", kd.f) },
    { fixed: { attacker: ka.f, defender: kd.f }, mars: { attacker: true, defender: true } });
  assert.ok(r0.ok, JSON.stringify(r0.errors));
  const removed = { attacker: r0.attacker.removedBeforeDice, defender: r0.defender.removedBeforeDice };
  const out = [];
  if (!none.attacker && !none.defender) {
    // the most literal count: every ordered tuple of both sides' dice, resolved by the rules
    const nA = r0.attacker.dice && analyse(RULES, s).attacker.rolls ? r0.attacker.dice - ka.f : 0;
    const nD = r0.defender.dice && analyse(RULES, s).defender.rolls ? r0.defender.dice - kd.f : 0;
    const joint = new Map();
    const p = Math.pow(FACES, -(nA + nD));
    for (const da of tuples(nA)) for (const dd of tuples(nD)) {
      const r = resolveRoll(RULES, s, { attacker: da, defender: dd }, { fixed: { attacker: ka.f, defender: kd.f }, mars: { attacker: true, defender: true } });
      const k = `${r.attacker.kills},${r.defender.kills}`;
      joint.set(k, (joint.get(k) || 0) + p);
    }
    for (const [k, q] of joint) { const [x, y] = k.split(",").map(Number); out.push([x, y, q]); }
  } else {
    // the two sides roll at the same time and independently
    ka.dist.forEach((p, x) => kd.dist.forEach((q, y) => { if (p * q) out.push([x, y, p * q]); }));
  }
  return { out, removed };
}
function diceFor(s, side, f) {
  const a = analyse(RULES, s);
  return new Array(a[side].rolls ? a[side].dice - f : 0).fill(1);
}

/** This file's reading of a plan: reinforcements, then the attacker's and the defender's choice to move out. */
const PLAN0 = { withdraw: { when: "never", below: 0, pieces: ["legions", "creatures"] }, reinforce: { legions: 0, creatures: 0, round: 2 } };
function planOf(plans, side) {
  const p = (plans && plans[side]) || {};
  return { withdraw: { ...PLAN0.withdraw, ...(p.withdraw || {}) }, reinforce: { ...PLAN0.reinforce, ...(p.reinforce || {}) } };
}
function arrive(x, plan, round) {
  const r = plan.reinforce;
  return r.round === round ? { ...x, legions: x.legions + r.legions, creatures: x.creatures + r.creatures } : x;
}
function leaves(plan, x, chance) {
  const w = plan.withdraw;
  if (w.when === "fewer") return count(x) < w.below;
  if (w.when === "chance") return chance() < w.below / 100;
  return false;
}
function moveOut(x, plan) {
  const y = { ...x };
  for (const k of plan.withdraw.pieces) if (k !== "fortresses") y[k] = 0;
  return y;
}
const ENDS = ["attackerTakes", "defenderHolds", "bothGone", "attackerWithdrew", "defenderWithdrew"];

/** The chances after each of R rounds, by walking every sequence of round outcomes (plans applied by this file's reading). */
function bruteRounds(base, R, plans) {
  base = sc(base);
  const order = { attacker: base.attacker.lossOrder, defender: base.defender.lossOrder };
  const plan = { attacker: planOf(plans, "attacker"), defender: planOf(plans, "defender") };
  const absorbed = Array.from({ length: R }, () => Object.fromEntries(ENDS.map((k) => [k, 0])));
  const memo = new Map();
  const roundOf = (a, d, first) => {
    const key = JSON.stringify([a, d, first]);
    if (!memo.has(key)) memo.set(key, bruteRound(roundBattle(base, a, d, first)));
    return memo.get(key);
  };
  const alone = (side, a, d) => {
    const { out, removed } = roundOf(a, d, false);
    let c = 0;
    for (const [kA, kD, q] of out) {
      const a2 = lose(a, removed.attacker, kD, order.attacker), d2 = lose(d, removed.defender, kA, order.defender);
      const [mine, theirs] = side === "attacker" ? [a2, d2] : [d2, a2];
      if (count(mine) > 0 && count(theirs) === 0) c += q;
    }
    return c;
  };
  const walk = (a, d, round, p) => {
    if (round > 1) {
      a = arrive(a, plan.attacker, round);
      d = arrive(d, plan.defender, round);
      if (leaves(plan.attacker, a, () => alone("attacker", a, d))) {
        a = moveOut(a, plan.attacker);
        if (count(a) === 0) { absorbed[round - 1].attackerWithdrew += p; return; }
      }
      if (leaves(plan.defender, d, () => alone("defender", a, d))) {
        d = moveOut(d, plan.defender);
        if (count(d) === 0) { absorbed[round - 1].defenderWithdrew += p; return; }
      }
    }
    const { out, removed } = roundOf(a, d, round === 1);
    for (const [kA, kD, q] of out) {
      const a2 = lose(a, removed.attacker, kD, order.attacker);
      const d2 = lose(d, removed.defender, kA, order.defender);
      const aLeft = count(a2) > 0, dLeft = count(d2) > 0;
      if (aLeft && dLeft) { if (round < R) walk(a2, d2, round + 1, p * q); }
      else absorbed[round - 1][aLeft ? "attackerTakes" : dLeft ? "defenderHolds" : "bothGone"] += p * q;
    }
  };
  walk(piecesOf(base.attacker), piecesOf(base.defender), 1, 1);
  const rows = [];
  const total = Object.fromEntries(ENDS.map((k) => [k, 0]));
  for (let r = 0; r < R; r++) {
    for (const k of ENDS) total[k] += absorbed[r][k];
    rows.push({ ...total, atWar: 1 - sum(ENDS.map((k) => total[k])) });
  }
  return rows;
}

const FORTRESS_FIRST = ["fortresses", "legions", "triremes", "creatures"];
const CREATURES_FIRST = ["creatures", "legions", "triremes", "fortresses"];
const SMALL = [
  { attacker: { legions: 2 }, defender: { legions: 1, fortresses: 1 } },
  { attacker: { legions: 2 }, defender: { legions: 1, fortresses: 1, lossOrder: FORTRESS_FIRST } },
  { attacker: { civ: "mn-greece", legions: 1, creatures: 1 }, defender: { civ: "mn-carthage", legions: 2, creatures: 1 } },
  { attacker: { legions: 2, gods: ["mn-mars"] }, defender: { legions: 2 } },
  { attacker: { legions: 2, heroes: ["mn-hamilcar"], goal: "wipe" }, defender: { legions: 1, fortresses: 1 } },
  { attacker: { legions: 2, heroes: ["mn-ajax"] }, defender: { legions: 2 } },
  { attacker: { civ: "mn-greece", legions: 2, heroes: ["mn-hercules"] }, defender: { legions: 2, heroes: ["mn-penthesilee"] } },
  { attacker: { civ: "mn-rome", legions: 1, creatures: 1, lossOrder: CREATURES_FIRST }, defender: { legions: 2 } },
];

test("three rounds equal a brute force over every dice outcome of every round", () => {
  for (const s of SMALL) {
    const chain = analyseRounds(RULES, s, { rounds: 3 });
    assert.ok(chain.ok && chain.applies, JSON.stringify(chain.errors));
    const brute = bruteRounds(s, 3);
    chain.rounds.forEach((row, i) => {
      for (const k of OUTCOMES) assertClose(row[k], brute[i][k], TOL, `${JSON.stringify(s)} round ${i + 1} ${k}`);
    });
  }
});

const ALL = [...OUTCOMES, "attackerWithdrew", "defenderWithdrew"];
const PLANNED = [
  [{ attacker: { legions: 3 }, defender: { legions: 2, fortresses: 1 } }, { attacker: { withdraw: { when: "fewer", below: 2 } } }],
  [{ attacker: { legions: 2 }, defender: { legions: 2, fortresses: 1 } }, { defender: { withdraw: { when: "fewer", below: 3 } } }],
  [{ attacker: { legions: 2 }, defender: { legions: 2 } }, { attacker: { withdraw: { when: "chance", below: 40 } }, defender: { withdraw: { when: "chance", below: 30 } } }],
  [{ attacker: { legions: 2 }, defender: { legions: 1, fortresses: 1 } }, { attacker: { reinforce: { legions: 2, round: 2 } } }],
  [{ attacker: { civ: "mn-greece", legions: 1, creatures: 1 }, defender: { legions: 2 } }, { attacker: { reinforce: { creatures: 1, round: 3 }, withdraw: { when: "fewer", below: 2, pieces: ["legions"] } } }],
  [{ attacker: { legions: 2, heroes: ["mn-hamilcar"] }, defender: { legions: 1, fortresses: 1 } }, { attacker: { withdraw: { when: "chance", below: 50 } }, defender: { reinforce: { legions: 1, round: 2 } } }],
  [{ attacker: { legions: 2, heroes: ["mn-ajax"] }, defender: { legions: 2 } }, { attacker: { reinforce: { legions: 1, round: 2 } }, defender: { withdraw: { when: "fewer", below: 2 } } }],
];

test("three rounds with plans (withdraw, reinforce) equal a brute force over every dice outcome of every round", () => {
  for (const [s, plans] of PLANNED) {
    const chain = analyseRounds(RULES, s, { rounds: 3, plans });
    assert.ok(chain.ok && chain.applies, JSON.stringify(chain.errors));
    const brute = bruteRounds(s, 3, plans);
    chain.rounds.forEach((row, i) => {
      for (const k of ALL) assertClose(row[k], brute[i][k], TOL, `${JSON.stringify([s, plans])} round ${i + 1} ${k}`);
      assertClose(sum(ALL.map((k) => row[k])), 1, 1e-12, "sums to 1");
      assertClose(row.withdrawal, row.attackerWithdrew + row.defenderWithdrew, 1e-15, "withdrawal");
    });
  }
});

test("a plan changes the rounds, and a fortress never withdraws", () => {
  const s = { attacker: { legions: 3 }, defender: { legions: 1, fortresses: 1 } };
  const plain = analyseRounds(RULES, s, { rounds: 3 });
  const out = analyseRounds(RULES, s, { rounds: 3, plans: { defender: { withdraw: { when: "fewer", below: 9 } } } });
  // the legion moves out before round 2; the fortress stays and fights: never a withdrawal
  assert.equal(out.rounds[2].defenderWithdrew, 0);
  assert.ok(Math.abs(out.rounds[2].attackerTakes - plain.rounds[2].attackerTakes) > 1e-3);
  const f = analyseRounds(RULES, s, { plans: { defender: { withdraw: { when: "fewer", below: 2, pieces: ["legions", "fortresses"] } } } });
  assert.equal(f.ok, false);
  assert.ok(f.errors.some((e) => e.field === "defender.plan.withdraw.pieces" && /fortress never moves/.test(e.message)));
});

test("bad plans get a message beside the field, never a throw or NaN", () => {
  const s = { civ: "mn-rome", legions: 7, creatures: 3 };
  const cases = [
    [{ attacker: { withdraw: { when: "fewer", below: -1 } } }, "attacker.plan.withdraw.below"],
    [{ attacker: { withdraw: { when: "fewer", below: 1e9 } } }, "attacker.plan.withdraw.below"],
    [{ attacker: { withdraw: { when: "chance", below: -1 } } }, "attacker.plan.withdraw.below"],
    [{ attacker: { withdraw: { when: "chance", below: 1e9 } } }, "attacker.plan.withdraw.below"],
    [{ attacker: { withdraw: { when: "chance", below: NaN } } }, "attacker.plan.withdraw.below"],
    [{ attacker: { withdraw: { when: "sometimes" } } }, "attacker.plan.withdraw.when"],
    [{ attacker: { withdraw: { pieces: { length: 1e9 } } } }, "attacker.plan.withdraw.pieces"],
    [{ attacker: { reinforce: { legions: 2, round: 2 } } }, "attacker.plan.reinforce.legions"],
    [{ attacker: { reinforce: { creatures: 1, round: 2 } } }, "attacker.plan.reinforce.creatures"],
    [{ attacker: { reinforce: { legions: 1, round: 1 } } }, "attacker.plan.reinforce.round"],
    [{ attacker: { reinforce: { legions: 1, round: 9 } } }, "attacker.plan.reinforce.round"],
    [{ attacker: { reinforce: { legions: "lots" } } }, "attacker.plan.reinforce.legions"],
    [{ defender: { reinforce: { creatures: 1, round: 2 } } }, "defender.civ"],
  ];
  for (const [plans, field] of cases) {
    let r;
    assert.doesNotThrow(() => { r = analyseRounds(RULES, { attacker: s, defender: { legions: 2 } }, { rounds: 3, plans }); });
    assert.equal(r.ok, false, JSON.stringify(plans));
    assert.ok(r.errors.some((e) => e.field === field), `${JSON.stringify(plans)}: ${JSON.stringify(r.errors)}`);
  }
  const q = plansToQuery({ attacker: { withdraw: { when: "chance", below: 25 }, reinforce: { legions: 1, round: 3 } }, defender: { withdraw: { when: "fewer", below: 2, pieces: ["legions"] } } });
  assert.deepEqual(plansFromQuery(q), normalizePlans({ attacker: { withdraw: { when: "chance", below: 25 }, reinforce: { legions: 1, round: 3 } }, defender: { withdraw: { when: "fewer", below: 2, pieces: ["legions"] } } }));
  assert.equal(plansFromQuery("a.withdraw=fewer&a.withdraw.below=-1").attacker.withdraw.below, -1);
});

test("after every round the four chances sum to 1, and the first round is the one-round engine", () => {
  const cases = [...SMALL,
    { attacker: { civ: "mn-rome", legions: 8, creatures: 3, heroes: ["mn-hamilcar", "mn-ajax"] }, defender: { civ: "mn-egypt", legions: 8, creatures: 3, fortresses: 2, statue: true } },
    { attacker: { civ: "mn-atlantis", legions: 4, creatures: 1 }, defender: { civ: "mn-carthage", legions: 2, creatures: 1, fortresses: 1, heroes: ["mn-hannibal"] } }];
  for (const s of cases) {
    const chain = analyseRounds(RULES, s, { rounds: 4 });
    const one = analyse(RULES, s);
    for (const row of chain.rounds) {
      assertClose(sum(OUTCOMES.map((k) => row[k])), 1, 1e-9, `${JSON.stringify(s)} round ${row.round} sum`);
      for (const k of OUTCOMES) assert.ok(row[k] >= -1e-15 && Number.isFinite(row[k]), `${k} is a probability`);
    }
    const r1 = chain.rounds[0];
    assertClose(r1.attackerTakes, one.outcomes.attackerAlone, 1e-12, "round 1 = analyse: attacker takes");
    assertClose(r1.defenderHolds, one.outcomes.defenderAlone, 1e-12, "round 1 = analyse: defender holds");
    assertClose(r1.atWar, one.outcomes.atWar, 1e-12, "round 1 = analyse: at war");
    // chances of a finished battle never shrink from one round to the next
    for (let i = 1; i < chain.rounds.length; i++) {
      for (const k of ["attackerTakes", "defenderHolds", "bothGone"]) assert.ok(chain.rounds[i][k] >= chain.rounds[i - 1][k] - 1e-12);
    }
  }
});

test("the manual's worked example 2 keeps the Behemoth: with the default order the Carthaginians' 4 units lost are 2 legions, the fortress and not the Behemoth", () => {
  const s = sc({ attacker: { civ: "mn-atlantis", legions: 4, creatures: 1 }, defender: { civ: "mn-carthage", legions: 2, creatures: 1, fortresses: 1, heroes: ["mn-hannibal"] } });
  assert.deepEqual(s.defender.lossOrder, DEFAULT_LOSS_ORDER);
  // the example's roll: Atlantis kills 3, Carthage kills 4
  assert.deepEqual(lose(piecesOf(s.defender), 0, 3, s.defender.lossOrder), { legions: 0, triremes: 0, fortresses: 0, creatures: 1 });
  assert.deepEqual(lose(piecesOf(s.attacker), 0, 4, s.attacker.lossOrder), { legions: 0, triremes: 0, fortresses: 0, creatures: 1 });
});

/** Monte Carlo of whole battles: dice from a seeded PRNG, each round resolved by resolveRoll with the engine's choices. */
function monteCarloRounds(base, R, n, seed, fightPlans) {
  base = sc(base);
  const sidePlans = { attacker: planOf(fightPlans, "attacker"), defender: planOf(fightPlans, "defender") };
  const aloneMemo = new Map();
  const alone = (side, a, d) => {   // the one-round engine's chance, for a "chance" plan
    const key = JSON.stringify([side, a, d]);
    if (!aloneMemo.has(key)) {
      const o = analyse(RULES, roundBattle(base, a, d, false)).outcomes;
      aloneMemo.set(key, side === "attacker" ? o.attackerAlone : o.defenderAlone);
    }
    return aloneMemo.get(key);
  };
  const rand = sfc32(seed, 0x9e3779b9, 0x243f6a88, 0x85a308d3);
  const die = () => 1 + Math.floor(rand() * FACES);
  const plans = new Map();
  const planFor = (a, d, first) => {
    const key = JSON.stringify([a, d, first]);
    if (plans.has(key)) return plans.get(key);
    const s = roundBattle(base, a, d, first);
    const an = analyse(RULES, s);
    const prep = _internal.prepare(RULES, s);
    const plan = { s };
    for (const side of ["attacker", "defender"]) {
      const me = prep[side];
      const f = an[side].hamilcar ? an[side].hamilcar.fixed : 0;
      const thrown = an[side].rolls ? me.dice - f : 0;
      plan[side] = { f, thrown };
      if (me.ajax && thrown > 0 && me.cap > 0) {
        const kills = killsFunction(s, side, f, !!me.mars);
        const killAt = new Int32Array(FACES * thrown + 1);
        for (let t = thrown; t <= FACES * thrown; t++) killAt[t] = kills(diceWithSum(t, thrown));
        plan[side].choose = _internal.ajaxTables(thrown, killAt, me.cap, me.x.goal).choose;
      }
    }
    plans.set(key, plan);
    return plan;
  };
  const hits = Array.from({ length: R }, () => Object.fromEntries(ENDS.map((k) => [k, 0])));
  const end = (round, k) => { for (let j = round - 1; j < R; j++) hits[j][k]++; };
  for (let i = 0; i < n; i++) {
    let a = piecesOf(base.attacker), d = piecesOf(base.defender);
    for (let round = 1; round <= R; round++) {
      if (round > 1) {
        a = arrive(a, sidePlans.attacker, round);
        d = arrive(d, sidePlans.defender, round);
        if (leaves(sidePlans.attacker, a, () => alone("attacker", a, d))) {
          a = moveOut(a, sidePlans.attacker);
          if (count(a) === 0) { end(round, "attackerWithdrew"); break; }
        }
        if (leaves(sidePlans.defender, d, () => alone("defender", a, d))) {
          d = moveOut(d, sidePlans.defender);
          if (count(d) === 0) { end(round, "defenderWithdrew"); break; }
        }
      }
      const plan = planFor(a, d, round === 1);
      const dice = {};
      for (const side of ["attacker", "defender"]) {
        const p = plan[side];
        const thrown = [];
        for (let j = 0; j < p.thrown; j++) thrown.push(die());
        if (p.choose) {
          const counts = new Array(FACES + 1).fill(0);
          for (const v of thrown) counts[v]++;
          const [r] = p.choose(counts);
          thrown.sort((x, y) => x - y);
          for (let j = 0; j < r; j++) thrown[j] = die(); // throw the r lowest again
        }
        dice[side] = thrown;
      }
      const r = resolveRoll(RULES, plan.s, dice, { fixed: { attacker: plan.attacker.f, defender: plan.defender.f }, mars: { attacker: true, defender: true } });
      a = lose(a, r.attacker.removedBeforeDice, r.defender.kills, base.attacker.lossOrder);
      d = lose(d, r.defender.removedBeforeDice, r.attacker.kills, base.defender.lossOrder);
      const aLeft = count(a) > 0, dLeft = count(d) > 0;
      if (aLeft && dLeft) continue;
      end(round, aLeft ? "attackerTakes" : dLeft ? "defenderHolds" : "bothGone");
      break;
    }
  }
  return hits.map((h) => ({ ...h, atWar: n - sum(ENDS.map((k) => h[k])) }));
}

test("a seeded Monte Carlo of whole battles agrees within 5 standard errors over three rounds", () => {
  const N = 40000;
  const cases = [
    { attacker: { civ: "mn-atlantis", legions: 4, creatures: 1 }, defender: { civ: "mn-carthage", legions: 2, creatures: 1, fortresses: 1, heroes: ["mn-hannibal"] } },
    { attacker: { civ: "mn-rome", legions: 8, creatures: 1, heroes: ["mn-hamilcar", "mn-ajax"] }, defender: { legions: 6, fortresses: 1 } },
    { attacker: { civ: "mn-greece", legions: 5, creatures: 2, gods: ["mn-mars"] }, defender: { civ: "mn-egypt", legions: 6, creatures: 1, fortresses: 1, lossOrder: FORTRESS_FIRST } },
  ];
  const planned = [
    [cases[0], { attacker: { withdraw: { when: "chance", below: 35 }, reinforce: { legions: 3, round: 2 } }, defender: { withdraw: { when: "fewer", below: 2 } } }],
    [cases[1], { defender: { withdraw: { when: "fewer", below: 4 }, reinforce: { legions: 2, round: 3 } } }],
  ];
  [...cases.map((s) => [s, undefined]), ...planned].forEach(([s, plans], i) => {
    const chain = analyseRounds(RULES, s, { rounds: 3, plans });
    const mc = monteCarloRounds(s, 3, N, 4242 + i, plans);
    chain.rounds.forEach((row, r) => {
      for (const k of ALL) {
        const p = row[k], est = mc[r][k] / N;
        const se = Math.sqrt(Math.max(p * (1 - p), 1e-12) / N);
        assert.ok(Math.abs(est - p) <= 5 * se + 1e-12,
          `case ${i} round ${r + 1} ${k}: exact ${p}, Monte Carlo ${est} (${(Math.abs(est - p) / se).toFixed(2)} SE)`);
      }
    });
  });
});

test("only a land battle has later rounds; bad input gives messages", () => {
  const naval = analyseRounds(RULES, { battle: "naval", attacker: { triremes: 2 }, defender: { triremes: 1 } });
  assert.equal(naval.ok, true);
  assert.equal(naval.applies, false);
  assert.match(naval.reason, /never at war/);
  const ranged = analyseRounds(RULES, { battle: "ranged-land", attacker: { civ: "mn-rome", creatures: 2 }, defender: { legions: 1 } });
  assert.equal(ranged.applies, false);
  for (const [s, opts, re] of [
    [{ attacker: { legions: 2, lossOrder: ["legions"] }, defender: { legions: 1 } }, {}, /order of losses/],
    [{ attacker: { legions: 2, lossOrder: "creatures" }, defender: { legions: 1 } }, {}, /order of losses/],
    [{ attacker: { legions: 2 }, defender: { legions: 1 } }, { rounds: 1e9 }, /rounds/],
    [{ attacker: { legions: 2, heroes: { length: 1e9 } }, defender: { legions: 1 } }, {}, /list/],
  ]) {
    let r;
    assert.doesNotThrow(() => { r = analyseRounds(RULES, s, opts); });
    assert.equal(r.ok, false);
    assert.ok(r.errors.some((e) => re.test(e.message)), JSON.stringify(r.errors));
  }
  const empty = analyseRounds(RULES, { attacker: { legions: 1 }, defender: {} });
  assert.equal(empty.rounds[2].attackerTakes, 1);
});
