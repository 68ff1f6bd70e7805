// Shared helpers of the Mare Nostrum engine tests: the real rules, a seeded PRNG, brute force
// of every dice outcome and every Ajax re-roll subset, and Monte Carlo through resolveRoll.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  rulesFromRecords, analyse, resolveRoll, normalizeScenario, FACES, _internal,
} from "../../content/assets/calculators/mn-battle.js";

export const RECORDS_PATH = process.env.COMPENDIUM_RECORDS;
assert.ok(RECORDS_PATH, "set COMPENDIUM_RECORDS to a records.json built from the current data");
export const DATA = JSON.parse(readFileSync(RECORDS_PATH, "utf8"));
export const RULES = rulesFromRecords(DATA);
export const TOL = 1e-12;

// ---- helpers ------------------------------------------------------------------------

/** A small seeded PRNG (sfc32), so Monte Carlo runs are reproducible. */
import { sfc32 } from "./prng.mjs";
export { sfc32 };
export const die = (rand) => 1 + Math.floor(rand() * FACES);

export function sc(partial) { return normalizeScenario(partial); }
export function other(side) { return side === "attacker" ? "defender" : "attacker"; }

/** Every ordered tuple of n dice. */
export function* tuples(n) {
  const t = new Array(n).fill(1);
  if (n === 0) { yield []; return; }
  while (true) {
    yield t.slice();
    let i = n - 1;
    while (i >= 0 && t[i] === FACES) { t[i] = 1; i--; }
    if (i < 0) return;
    t[i]++;
  }
}

/** Kills one side inflicts for its own thrown dice, via resolveRoll (the per-roll rules), memoised. */
export function killsFunction(s, side, fixed = 0, mars = false, rules = RULES) {
  const memo = new Map();
  return (dice) => {
    const key = [...dice].sort().join("");
    if (memo.has(key)) return memo.get(key);
    const foeDice = new Array(diceCount(s, other(side), rules)).fill(1);
    const r = resolveRoll(rules, s, { [side]: dice, [other(side)]: foeDice },
      { fixed: { [side]: fixed }, mars: { [side]: mars } });
    assert.ok(r.ok, JSON.stringify(r.errors));
    memo.set(key, r[side].kills);
    return r[side].kills;
  };
}
export function diceCount(s, side, rules = RULES) { return analyse(rules, s)[side].dice; }

export function assertClose(a, b, tol, msg) {
  assert.ok(Math.abs(a - b) <= tol, `${msg}: ${a} vs ${b} (diff ${Math.abs(a - b)})`);
}
export function assertDistClose(a, b, tol, msg) {
  assert.equal(a.length, b.length, `${msg}: lengths ${a.length} vs ${b.length}`);
  a.forEach((p, i) => assertClose(p, b[i], tol, `${msg}[${i}]`));
}
export const sum = (xs) => xs.reduce((x, y) => x + y, 0);

/** Brute force over every joint outcome of both sides' dice (no Ajax): the loss distributions. */
export function bruteJoint(s, fixed = {}, mars = { attacker: true, defender: true }, rules = RULES) {
  const a = analyse(rules, s);
  assert.ok(a.ok, JSON.stringify(a.errors));
  const nA = a.attacker.rolls ? a.attacker.dice - (fixed.attacker || 0) : 0;
  const nD = a.defender.rolls ? a.defender.dice - (fixed.defender || 0) : 0;
  const lossA = new Array(a.attacker.units + 1).fill(0);
  const lossD = new Array(a.defender.units + 1).fill(0);
  const outcome = { attackerAlone: 0, defenderAlone: 0, bothRemain: 0, bothWipedOut: 0 };
  const p = Math.pow(FACES, -(nA + nD));
  for (const da of tuples(nA)) {
    for (const dd of tuples(nD)) {
      const r = resolveRoll(rules, s, { attacker: da, defender: dd }, { fixed, mars });
      assert.ok(r.ok, JSON.stringify(r.errors));
      lossA[r.attacker.losses] += p;
      lossD[r.defender.losses] += p;
      const aw = r.attacker.survivors === 0, dw = r.defender.survivors === 0;
      if (aw && dw) outcome.bothWipedOut += p;
      else if (dw) outcome.attackerAlone += p;
      else if (aw) outcome.defenderAlone += p;
      else outcome.bothRemain += p;
    }
  }
  return { lossA, lossD, outcome, analysis: a };
}

/**
 * Brute force of Ajax for one side: every ordered initial roll, every subset of dice to throw
 * again (each valued by enumerating every re-roll), chosen by [goal, other goal, fewest dice,
 * largest kept sum]; returns the kills distribution. fixedShown: Hamilcar dice showing
 * fixedValue that Ajax may also throw again (the "yes" reading).
 */
export function bruteAjax(kills, n, cap, goal, fixedShown = 0, fixedValue = 0) {
  const dist = new Array(cap + 1).fill(0);
  const pRoll = Math.pow(FACES, -n);
  let meanRerolled = 0, pReroll = 0;
  const N = n + fixedShown;
  for (const roll of tuples(n)) {
    const shown = [...roll, ...new Array(fixedShown).fill(fixedValue)];
    let best = null;
    for (let mask = 0; mask < (1 << N); mask++) {
      const idx = [];
      let kept = 0;
      for (let i = 0; i < N; i++) if (mask & (1 << i)) idx.push(i); else kept += shown[i];
      const kd = new Array(cap + 1).fill(0);
      const pr = Math.pow(FACES, -idx.length);
      for (const re of tuples(idx.length)) {
        const d = shown.slice();
        idx.forEach((i, j) => { d[i] = re[j]; });
        kd[kills(d)] += pr;
      }
      const e = sum(kd.map((q, k) => q * k));
      const w = kd[cap];
      const key = [...(goal === "wipe" ? [w, e] : [e, w]), -idx.length, kept];
      let isBetter = best === null;
      if (!isBetter) {
        for (let i = 0; i < key.length; i++) {
          const tol = i < 2 ? _internal.EPS : 0;
          if (key[i] > best.key[i] + tol) { isBetter = true; break; }
          if (key[i] < best.key[i] - tol) break;
        }
      }
      if (isBetter) best = { key, kd, count: idx.length };
    }
    best.kd.forEach((q, k) => { dist[k] += pRoll * q; });
    meanRerolled += pRoll * best.count;
    if (best.count) pReroll += pRoll;
  }
  dist.meanRerolled = meanRerolled;
  dist.pReroll = pReroll;
  return dist;
}

/** Some dice of length k showing the raw sum t (k <= t <= 6k). */
export function diceWithSum(t, k) {
  const d = new Array(k).fill(1);
  let extra = t - k;
  for (let i = 0; i < k && extra > 0; i++) { const add = Math.min(FACES - 1, extra); d[i] += add; extra -= add; }
  return d;
}

/**
 * Monte Carlo of whole battles, each resolved by resolveRoll. Ajax's decision for a roll comes
 * from the engine's decision tables (brute force checks those decisions on small cases); the
 * simulation checks the enumeration and convolution that turn decisions into odds.
 */
export function monteCarlo(s, n, seed) {
  s = sc(s);
  assert.equal(s.readings.ajaxHamilcar, "no", "the simulation covers the default Hamilcar reading");
  const a = analyse(RULES, s);
  assert.ok(a.ok, JSON.stringify(a.errors));
  const prep = _internal.prepare(RULES, s);
  const rand = sfc32(seed, 0x9e3779b9, 0x243f6a88, 0x85a308d3);
  const plans = {};
  for (const side of ["attacker", "defender"]) {
    const me = prep[side];
    const f = a[side].hamilcar ? a[side].hamilcar.fixed : 0;
    const thrown = a[side].rolls ? me.dice - f : 0;
    const plan = { f, thrown };
    if (me.ajax && thrown > 0 && me.cap > 0) {
      const kills = killsFunction(s, side, f, !!me.mars);
      const killAt = new Int32Array(FACES * thrown + 1);
      for (let t = thrown; t <= FACES * thrown; t++) killAt[t] = kills(diceWithSum(t, thrown));
      plan.tables = _internal.ajaxTables(thrown, killAt, me.cap, me.x.goal);
    }
    plans[side] = plan;
  }
  const lossA = new Array(a.attacker.units + 1).fill(0);
  const lossD = new Array(a.defender.units + 1).fill(0);
  const outcome = { attackerAlone: 0, defenderAlone: 0, bothRemain: 0, bothWipedOut: 0 };
  for (let i = 0; i < n; i++) {
    const dice = {};
    for (const side of ["attacker", "defender"]) {
      const plan = plans[side];
      const d = [];
      for (let j = 0; j < plan.thrown; j++) d.push(die(rand));
      if (plan.tables) {
        const counts = new Array(FACES + 1).fill(0);
        for (const v of d) counts[v]++;
        const [r] = plan.tables.choose(counts);
        d.sort((x, y) => x - y);
        for (let j = 0; j < r; j++) d[j] = die(rand); // throw the r lowest again
      }
      dice[side] = d;
    }
    const r = resolveRoll(RULES, s, dice, { fixed: { attacker: plans.attacker.f, defender: plans.defender.f },
      mars: { attacker: true, defender: true } });
    lossA[r.attacker.losses]++;
    lossD[r.defender.losses]++;
    const aw = r.attacker.survivors === 0, dw = r.defender.survivors === 0;
    outcome[aw && dw ? "bothWipedOut" : dw ? "attackerAlone" : aw ? "defenderAlone" : "bothRemain"]++;
  }
  for (const k of Object.keys(outcome)) outcome[k] /= n;
  return { lossA: lossA.map((c) => c / n), lossD: lossD.map((c) => c / n), outcome, analysis: a };
}
