// Benchmark of the Mare Nostrum army planner and several-rounds chain against seeded Monte
// Carlo runs in the same process. A script, not a test. From the repository root:
//   python -m generator write /tmp/out && node tests/benchmarks/mn_planner_bench.mjs /tmp/out/api/records.json
// MC_BATTLES sets the Monte Carlo battles per point (planner) and per run (rounds).
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import {
  rulesFromRecords, analyse, analyseRounds, planArmy, normalizeScenario, piecesAfter, FACES, _internal,
} from "../../content/assets/calculators/mn-battle.js";
import { sfc32 } from "../js/prng.mjs";

const path = process.argv[2] || process.env.COMPENDIUM_RECORDS || "site/api/records.json";
const RULES = rulesFromRecords(JSON.parse(readFileSync(path, "utf8")));
const BATTLES = Number(process.env.MC_BATTLES || 200_000);

// The largest legal battle: every legion and creature a player has, against a province with
// every legion, creature and the two fortresses the Statue of Zeus allows.
const DEFENDERS = {
  "Egypt (creatures count 6)": { civ: "mn-egypt", legions: 8, creatures: 3, fortresses: 2, statue: true },
  "Carthage (Behemoths: creatures roll)": { civ: "mn-carthage", legions: 8, creatures: 3, fortresses: 2, statue: true },
};
const ATTACKER = { civ: "mn-rome", legions: 8, creatures: 3, heroes: ["mn-hamilcar", "mn-ajax"] };


/** Mean wall and CPU milliseconds of fn over enough runs to last minMs, after one warm-up. */
function time(fn, minMs = 1500) {
  fn();
  let runs = 0;
  const c0 = process.cpuUsage(), t0 = performance.now();
  let t = t0;
  while (t - t0 < minMs || runs < 3) { fn(); runs++; t = performance.now(); }
  const cpu = process.cpuUsage(c0);
  return { ms: (t - t0) / runs, cpuMs: (cpu.user + cpu.system) / 1000 / runs, runs };
}

/** Each side's play for a round: thrown dice, fixed dice, Ajax's decisions, as the engine chooses them. */
function plansFor(s) {
  const a = analyse(RULES, s);
  const prep = _internal.prepare(RULES, normalizeScenario(s));
  const plans = {};
  for (const side of ["attacker", "defender"]) {
    const me = prep[side], res = a[side];
    const f = res.hamilcar ? res.hamilcar.fixed : 0;
    const qv = me.fixed ? me.fixed.value : 0;
    const plan = { thrown: res.rolls ? me.dice - f : 0, offset: me.automatic + me.bonus + qv * f + me.mars + (me.fixed && !me.fixed.takesBonus ? -me.perDieLegion * Math.max(0, f - (me.dice - me.legionDice)) : 0),
      thr: me.threshold, cap: me.cap, rolls: res.rolls && me.cap > 0, removed: me.removedPieces };
    if (me.ajax && plan.rolls) {
      const killAt = new Int32Array(FACES * plan.thrown + 1);
      for (let t = 0; t <= FACES * plan.thrown; t++) killAt[t] = Math.min(Math.floor((t + plan.offset) / plan.thr), plan.cap);
      plan.choose = _internal.ajaxTables(plan.thrown, killAt, plan.cap, me.x.goal).choose;
    }
    plans[side] = plan;
  }
  return plans;
}

function killsRolled(p, rand, counts, dice) {
  if (!p.rolls) return 0;
  let s = 0;
  dice.length = 0;
  for (let j = 0; j < p.thrown; j++) { const v = 1 + Math.floor(rand() * FACES); dice.push(v); s += v; }
  if (p.choose) {
    counts.fill(0);
    for (const v of dice) counts[v]++;
    const [r] = p.choose(counts);
    if (r) { dice.sort((x, y) => x - y); for (let j = 0; j < r; j++) { s -= dice[j]; s += 1 + Math.floor(rand() * FACES); } }
  }
  return Math.min(Math.floor((s + p.offset) / p.thr), p.cap);
}

/** The planner's curve by Monte Carlo: n battles at every size, with the engine's choices. */
function plannerMonteCarlo(base, plan, n, seed) {
  const rand = sfc32(seed, 7, 11, 13);
  const counts = new Array(FACES + 1).fill(0), dice = [];
  let worst = 0;
  const t0 = performance.now();
  for (const p of plan.points) {
    if (!p.ok) continue;
    const s = { ...base, attacker: { ...base.attacker, legions: p.primary, creatures: p.creatures, goal: "wipe", heroes: base.attacker.heroes.filter((id) => !(p.dropped || []).some((d) => d.id === id)) } };
    const plans = plansFor(s);
    const prep = _internal.prepare(RULES, normalizeScenario(s));
    let takes = 0;
    for (let i = 0; i < n; i++) {
      const kA = killsRolled(plans.attacker, rand, counts, dice), kD = killsRolled(plans.defender, rand, counts, dice);
      const aLeft = prep.attacker.units - prep.attacker.removed - kD > 0, dLeft = prep.defender.units - prep.defender.removed - kA > 0;
      if (aLeft && !dLeft) takes++;
    }
    const se = Math.sqrt(Math.max(p.value * (1 - p.value), 1e-12) / n);
    worst = Math.max(worst, Math.abs(takes / n - p.value) / se);
  }
  return { ms: performance.now() - t0, worstSe: worst };
}

/**
 * Three rounds by Monte Carlo: n whole battles, each round with the engine's choices for the
 * pieces left, each side following its plan (reinforcements, then the attacker's and the
 * defender's withdrawal, read here from the plan as the README states it).
 */
function roundsMonteCarlo(base, chain, n, seed, fight = {}) {
  base = normalizeScenario(base);
  const rand = sfc32(seed, 3, 5, 7);
  const counts = new Array(FACES + 1).fill(0), dice = [];
  const cache = new Map();
  const planOf = (a, d, first) => {
    const key = JSON.stringify([a, d, first]);
    if (!cache.has(key)) {
      let s = { ...base, attacker: { ...base.attacker, ...a }, defender: { ...base.defender, ...d } };
      if (!first) s = { ...s, attacker: { ...s.attacker, gods: [] }, defender: { ...s.defender, gods: [] } };
      cache.set(key, plansFor(_internal.settleScenario(RULES, s).scenario));
    }
    return cache.get(key);
  };
  const pieces = (x) => ({ legions: x.legions, triremes: x.triremes, fortresses: x.fortresses, creatures: x.creatures });
  const count = (p) => p.legions + p.triremes + p.fortresses + p.creatures;
  const ENDS = ["attackerTakes", "defenderHolds", "bothGone", "attackerWithdrew", "defenderWithdrew"];
  const hits = [0, 1, 2].map(() => Object.fromEntries(ENDS.map((k) => [k, 0])));
  const end = (r, k) => { for (let j = r; j < 3; j++) hits[j][k]++; };
  const aloneCache = new Map();
  const alone = (side, a, d) => {
    const key = JSON.stringify([side, a, d]);
    if (!aloneCache.has(key)) {
      const s = { ...base, attacker: { ...base.attacker, ...a, gods: [] }, defender: { ...base.defender, ...d, gods: [] } };
      const o = analyse(RULES, _internal.settleScenario(RULES, s).scenario).outcomes;
      aloneCache.set(key, side === "attacker" ? o.attackerAlone : o.defenderAlone);
    }
    return aloneCache.get(key);
  };
  const leaves = (p, x, chance) => (p && p.withdraw ? (p.withdraw.when === "fewer" ? count(x) < p.withdraw.below : p.withdraw.when === "chance" ? chance() < p.withdraw.below / 100 : false) : false);
  const moveOut = (p, x) => { const y = { ...x }; for (const k of (p.withdraw.pieces || ["legions", "creatures"])) y[k] = 0; return y; };
  const arrive = (p, x, round) => (p && p.reinforce && (p.reinforce.round ?? 2) === round
    ? { ...x, legions: x.legions + (p.reinforce.legions || 0), creatures: x.creatures + (p.reinforce.creatures || 0) } : x);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    let a = pieces(base.attacker), d = pieces(base.defender);
    for (let r = 0; r < 3; r++) {
      if (r > 0) {
        a = arrive(fight.attacker, a, r + 1);
        d = arrive(fight.defender, d, r + 1);
        if (leaves(fight.attacker, a, () => alone("attacker", a, d))) {
          a = moveOut(fight.attacker, a);
          if (!count(a)) { end(r, "attackerWithdrew"); break; }
        }
        if (leaves(fight.defender, d, () => alone("defender", a, d))) {
          d = moveOut(fight.defender, d);
          if (!count(d)) { end(r, "defenderWithdrew"); break; }
        }
      }
      const plans = planOf(a, d, r === 0);
      const kA = killsRolled(plans.attacker, rand, counts, dice), kD = killsRolled(plans.defender, rand, counts, dice);
      a = piecesAfter(a, plans.attacker.removed, kD, base.attacker.lossOrder);
      d = piecesAfter(d, plans.defender.removed, kA, base.defender.lossOrder);
      if (count(a) && count(d)) continue;
      end(r, count(a) ? "attackerTakes" : count(d) ? "defenderHolds" : "bothGone");
      break;
    }
  }
  const ms = performance.now() - t0;
  let worst = 0;
  chain.rounds.forEach((row, k) => {
    for (const key of ENDS) {
      const p = row[key], se = Math.sqrt(Math.max(p * (1 - p), 1e-12) / n);
      worst = Math.max(worst, Math.abs(hits[k][key] / n - p) / se);
    }
  });
  return { ms, worstSe: worst };
}

const pad = (s, k) => String(s).padEnd(k);
console.log(`Mare Nostrum planner and several-rounds benchmark (node ${process.version}), records: ${path}`);
console.log(`Monte Carlo: ${BATTLES.toLocaleString("en")} battles per planner point and per rounds run, seeded sfc32`);
console.log("Times are the mean wall-clock milliseconds of repeated warm runs (CPU milliseconds beside them: the machine is shared).\n");
console.log(pad("computation", 84) + pad("engine ms (cpu)", 18) + pad("MC ms", 10) + pad("MC/engine", 11) + "max |MC-exact| in SE");
const results = [];
for (const [name, defender] of Object.entries(DEFENDERS)) {
  const base = { attacker: ATTACKER, defender };
  const plan = planArmy(RULES, base, { target: 0.8 });
  if (!plan.ok) throw new Error(JSON.stringify(plan.errors));
  const t = time(() => planArmy(RULES, base, { target: 0.8 }));
  const mc = plannerMonteCarlo(base, plan, BATTLES, 2024);
  results.push({ kind: "planner", name, t, mc, points: plan.points.length });
  console.log(pad(`planner curve, ${plan.points.length} sizes, Hamilcar + Ajax, vs ${name}`, 84) + pad(`${t.ms.toFixed(1)} (${t.cpuMs.toFixed(1)})`, 18) +
    pad(mc.ms.toFixed(0), 10) + pad(`${(mc.ms / t.ms).toFixed(0)}x`, 11) + mc.worstSe.toFixed(2));
}
for (const [name, defender] of Object.entries(DEFENDERS)) {
  for (const heroes of [[], ["mn-hamilcar", "mn-ajax"]]) {
    const base = { attacker: { ...ATTACKER, heroes }, defender };
    const chain = analyseRounds(RULES, base, { rounds: 3 });
    const t = time(() => analyseRounds(RULES, base, { rounds: 3 }));
    const mc = roundsMonteCarlo(base, chain, BATTLES, 99);
    results.push({ kind: "rounds", name, heroes, t, mc });
    console.log(pad(`3 rounds (${chain.states} states), ${heroes.length ? "Hamilcar + Ajax" : "no hero"}, vs ${name}`, 84) + pad(`${t.ms.toFixed(1)} (${t.cpuMs.toFixed(1)})`, 18) +
      pad(mc.ms.toFixed(0), 10) + pad(`${(mc.ms / t.ms).toFixed(0)}x`, 11) + mc.worstSe.toFixed(2));
  }
}
// With plans: the attacker brings its last legion before round 2 and withdraws when its chance
// to take the province next round falls below 30%; the defender's legions and creatures leave
// when fewer than 4 units remain (its fortresses stay and fight).
const FIGHT = { attacker: { withdraw: { when: "chance", below: 30 }, reinforce: { legions: 1, round: 2 } },
  defender: { withdraw: { when: "fewer", below: 4 } } };
for (const [name, defender] of Object.entries(DEFENDERS)) {
  const base = { attacker: { ...ATTACKER, legions: ATTACKER.legions - 1 }, defender };
  const chain = analyseRounds(RULES, base, { rounds: 3, plans: FIGHT });
  if (!chain.ok) throw new Error(JSON.stringify(chain.errors));
  const t = time(() => analyseRounds(RULES, base, { rounds: 3, plans: FIGHT }));
  const mc = roundsMonteCarlo(base, chain, BATTLES, 77, FIGHT);
  results.push({ kind: "rounds", name, heroes: ATTACKER.heroes, t, mc });
  console.log(pad(`3 rounds, withdraw plan + 1 reinforcement (${chain.states} states), vs ${name}`, 84) + pad(`${t.ms.toFixed(1)} (${t.cpuMs.toFixed(1)})`, 18) +
    pad(mc.ms.toFixed(0), 10) + pad(`${(mc.ms / t.ms).toFixed(0)}x`, 11) + mc.worstSe.toFixed(2));
}
const worst = (kind, key) => Math.max(...results.filter((r) => r.kind === kind).map((r) => r.t[key]));
const verdict = (v, goal) => `${v.toFixed(1)} ms (goal <= ${goal} ms): ${v <= goal ? "met" : "NOT met"}`;
console.log(`\nplanner curve, worst: wall ${verdict(worst("planner", "ms"), 100)}; CPU ${verdict(worst("planner", "cpuMs"), 100)}`);
console.log(`three rounds of the largest legal battle, worst: wall ${verdict(worst("rounds", "ms"), 200)}; CPU ${verdict(worst("rounds", "cpuMs"), 200)}`);
console.log(`smallest Monte Carlo / engine ratio: ${Math.min(...results.map((r) => r.mc.ms / r.t.ms)).toFixed(0)}x; largest deviation: ${Math.max(...results.map((r) => r.mc.worstSe)).toFixed(2)} SE`);
