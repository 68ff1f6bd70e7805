// The choices a side makes around its roll: how many dice Hamilcar fixes, and which dice
// Ajax throws again, for the goal the player picks ("losses": most expected enemy losses;
// "wipe": best chance to wipe the enemy out). Both are optimised exactly.

import { FACES, EPS, sumDist, killsOf, killsFor } from "./dice.js";
import { hamilcarOffset } from "./sides.js";

/** Is key a strictly better than key b? keys: [primary, secondary, -count] */
export function better(a, b) {
  for (let i = 0; i < a.length; i++) {
    if (a[i] > b[i] + EPS) return true;
    if (a[i] < b[i] - EPS) return false;
  }
  return false;
}

export function goalKey(goal, expected, wipe) { return goal === "wipe" ? [wipe, expected] : [expected, wipe]; }

/**
 * Value tables for Ajax. killAt[t] = kills on the enemy when the raw total of the N dice is t.
 * Ek[r][t], Pw[r][t]: expected kills and wipe-out chance when the kept dice sum to t and r dice
 * are thrown again. choose(counts) picks r for the dice now showing (counts[1..6]): the best
 * [goal value, other goal value], then the fewest dice thrown again. For a fixed r, throwing
 * again the r lowest dice is optimal, because kills never decrease as the total grows (the
 * largest kept sum dominates), so the subsets to compare are the n+1 "r lowest" ones.
 */
export function ajaxTables(N, killAt, cap, goal) {
  const Ek = [], Pw = [];
  for (let r = 0; r <= N; r++) {
    const sd = sumDist(r);
    const maxT = FACES * (N - r);
    const e = new Float64Array(maxT + 1), w = new Float64Array(maxT + 1);
    for (let t = 0; t <= maxT; t++) {
      let se = 0, sw = 0;
      for (let s = r; s < sd.length; s++) {
        const k = killAt[t + s];
        se += sd[s] * k;
        if (k === cap) sw += sd[s];
      }
      e[t] = se; w[t] = sw;
    }
    Ek.push(e); Pw.push(w);
  }
  const P = goal === "wipe" ? Pw : Ek;   // the goal's value
  const S = goal === "wipe" ? Ek : Pw;   // the other goal's value, the first tie-break
  const choose = (counts) => { // returns [r, kept sum]
    let total = 0;
    for (let f = 1; f <= FACES; f++) total += f * counts[f];
    let bestR = 0, bestKept = total, bp = P[0][total], bs = S[0][total];
    let low = 0, r = 0;
    for (let f = 1; f <= FACES; f++) {
      for (let i = 0; i < counts[f]; i++) {
        low += f; r++;
        const kept = total - low;
        const p = P[r][kept], q = S[r][kept];
        // strictly better on the goal, or tied on it and strictly better on the other goal;
        // on a full tie the smaller r (found first) stays: the fewest dice thrown again
        if (p > bp + EPS || (p >= bp - EPS && q > bs + EPS)) { bp = p; bs = q; bestR = r; bestKept = kept; }
      }
    }
    return [bestR, bestKept];
  };
  return { Ek, Pw, choose };
}

/**
 * Ajax over every roll: m dice thrown plus q dice already showing qv (Hamilcar's, when the
 * reading lets Ajax re-roll them). Every multiset of the m thrown dice is enumerated, as a
 * sorted sequence with its multinomial weight built up die by die, and decided as
 * ajaxTables' choose decides it (the same comparisons in the same order): the sorted
 * sequence gives the sums of its r lowest dice directly. Returns the final raw total
 * distribution (0..6N, the q preset values included), the chance of re-rolling anything and
 * the mean number of dice re-rolled.
 */
export function ajaxOptimise(m, q, qv, killAt, cap, goal) {
  const N = m + q;
  const { Ek, Pw } = ajaxTables(N, killAt, cap, goal);
  const P = goal === "wipe" ? Pw : Ek;   // the goal's value
  const S = goal === "wipe" ? Ek : Pw;   // the other goal's value, the first tie-break
  const W = []; // W[r][kept]: probability of deciding to throw r dice again, keeping that sum
  for (let r = 0; r <= N; r++) W.push(new Float64Array(FACES * (N - r) + 1));
  const seq = new Int32Array(Math.max(m, 1));
  const scale = Math.pow(FACES, -m);
  let pReroll = 0, meanRerolled = 0;
  const leaf = (weight, thrownSum) => {
    const p = weight * scale;
    const total = thrownSum + q * qv;
    let bestR = 0, bestKept = total, bp = P[0][total], bs = S[0][total];
    let low = 0, r = 0, fixedLeft = q;
    for (let i = 0; i <= m; i++) {
      // the fixed dice sit among the thrown ones of their value (ties do not change any sum)
      while (fixedLeft > 0 && (i === m || seq[i] > qv)) {
        low += qv; r++; fixedLeft--;
        const kept = total - low, pv = P[r][kept], sv = S[r][kept];
        if (pv > bp + EPS || (pv >= bp - EPS && sv > bs + EPS)) { bp = pv; bs = sv; bestR = r; bestKept = kept; }
      }
      if (i === m) break;
      low += seq[i]; r++;
      const kept = total - low, pv = P[r][kept], sv = S[r][kept];
      // strictly better on the goal, or tied on it and strictly better on the other goal;
      // on a full tie the smaller r (found first) stays: the fewest dice thrown again
      if (pv > bp + EPS || (pv >= bp - EPS && sv > bs + EPS)) { bp = pv; bs = sv; bestR = r; bestKept = kept; }
    }
    W[bestR][bestKept] += p;
    if (bestR > 0) { pReroll += p; meanRerolled += bestR * p; }
  };
  // pos dice placed, the last of value `last` repeated `run` times; weight = pos! / prod(run lengths!)
  const place = (pos, last, run, weight, sum) => {
    if (pos === m) { leaf(weight, sum); return; }
    for (let v = last; v <= FACES; v++) {
      const c = v === last ? run + 1 : 1;
      seq[pos] = v;
      place(pos + 1, v, c, (weight * (pos + 1)) / c, sum + v);
    }
  };
  place(0, 1, 0, 1, 0);
  const raw = new Float64Array(FACES * N + 1);
  for (let r = 0; r <= N; r++) {
    const sd = sumDist(r), w = W[r];
    for (let t = 0; t < w.length; t++) {
      if (w[t] === 0) continue;
      for (let s = r; s < sd.length; s++) raw[t + s] += w[t] * sd[s];
    }
  }
  return { raw, pReroll, meanRerolled };
}

/** The distribution of one side's total (before Mars) under its best (or chosen) Hamilcar and Ajax play. */
export function sideDistribution(me, readings) {
  const offsetBase = me.automatic + me.bonus;
  const thr = me.threshold, cap = me.cap, goal = me.x.goal;
  const fixedRerollable = readings.ajaxHamilcar === "yes";
  const evaluate = (f) => {
    const offset = offsetBase + hamilcarOffset(me, f) + (me.fixed ? me.fixed.value * f : 0);
    const m = me.dice - f;
    if (me.ajax) {
      const q = fixedRerollable ? f : 0;
      const qv = me.fixed ? me.fixed.value : 0;
      const shift = offset - q * qv + me.mars; // the preset values are inside the raw total
      const N = m + q;
      const killAt = new Int32Array(FACES * N + 1);
      for (let t = 0; t <= FACES * N; t++) killAt[t] = killsFor(t + shift, thr, cap);
      const opt = ajaxOptimise(m, q, qv, killAt, cap, goal);
      return { f, raw: opt.raw, rawOffset: offset - q * qv, ajax: opt };
    }
    return { f, raw: sumDist(m), rawOffset: offset };
  };
  let options;
  if (!me.fixed) options = [0];
  else if (me.x.hamilcar === "best") options = Array.from({ length: me.dice + 1 }, (_, i) => i);
  else options = [Math.min(me.x.hamilcar, me.dice)];
  let best = null;
  const table = [];
  for (const f of options) {
    const r = evaluate(f);
    const k = killsOf(r.raw, r.rawOffset + me.mars, thr, cap);
    r.killsWithMars = k;
    r.key = [...goalKey(goal, k.expected, k.wipe), -f];
    table.push({ fixed: f, expectedKills: k.expected, wipe: k.wipe });
    if (!best || better(r.key, best.key)) best = r;
  }
  return { best, table };
}
