// Dice arithmetic for the Mare Nostrum engine: the one constant is the die itself.
//
// Sums of k dice are exact convolutions, kept in a cache shared by every battle, because
// the planner and the several-rounds chain ask for the same few sums thousands of times.

export const FACES = 6;           // a standard six-sided die
export const EPS = 1e-12;         // values closer than this are ties (exact values differ by >= 6^-13)

const SUMS = [[1]]; // SUMS[k][s] = P(sum of k dice = s), s in 0..6k

/** The distribution of the sum of k dice, as an array indexed by the sum (0..6k). */
export function sumDist(k) {
  while (SUMS.length <= k) {
    const prev = SUMS[SUMS.length - 1];
    const next = new Float64Array(prev.length + FACES);
    for (let s = 0; s < prev.length; s++) {
      const p = prev[s] / FACES;
      if (p === 0) continue;
      for (let f = 1; f <= FACES; f++) next[s + f] += p;
    }
    SUMS.push(next);
  }
  return SUMS[k];
}

const FACT = [1];
export function factorial(n) {
  while (FACT.length <= n) FACT.push(FACT[FACT.length - 1] * FACT.length);
  return FACT[n];
}

/** Enemy units lost for a total: one per full `thr` points, never more than `cap`. */
export function killsFor(total, thr, cap) {
  return Math.min(Math.floor(total / thr), cap);
}

/** Evaluate a raw-total distribution: kills on the enemy, their mean and the wipe-out chance. */
export function killsOf(raw, offset, thr, cap) {
  const kills = new Float64Array(cap + 1);
  for (let x = 0; x < raw.length; x++) {
    if (raw[x] === 0) continue;
    kills[killsFor(x + offset, thr, cap)] += raw[x];
  }
  let e = 0;
  for (let k = 0; k <= cap; k++) e += k * kills[k];
  return { kills, expected: e, wipe: kills[cap] };
}

/** Is a die value a face of the die? (Dice typed by a player or sent to the API.) */
export function isFace(v) {
  return Number.isInteger(v) && v >= 1 && v <= FACES;
}
