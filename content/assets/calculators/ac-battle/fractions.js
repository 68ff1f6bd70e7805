// Exact fractions for the Ancient Conquest engine: factors are halved and doubled, and
// chances are sixths, so nothing is rounded until it is shown.

function gcd(a, b) {
  a = Math.abs(a); b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a || 1;
}

export function frac(n, d = 1) {
  if (d < 0) { n = -n; d = -d; }
  const g = gcd(n, d);
  return { n: n / g, d: d / g };
}

/** A decimal multiplier as the records write it (0.5, 1.5) as a fraction. */
export function fromNumber(x) {
  let d = 1;
  while (!Number.isInteger(x * d) && d < 1e6) d *= 10;
  return frac(Math.round(x * d), d);
}

export const mul = (a, b) => frac(a.n * b.n, a.d * b.d);
export const add = (a, b) => frac(a.n * b.d + b.n * a.d, a.d * b.d);
export const cmp = (a, b) => a.n * b.d - b.n * a.d; // sign only
export const toNumber = (q) => q.n / q.d;

/** floor(x / y) for positive integers, exact even where the float division is not. */
export function floorDiv(x, y) {
  let q = Math.floor(x / y);
  if (q * y > x) q -= 1;
  if ((q + 1) * y <= x) q += 1;
  return q;
}

export function fracToString(q) {
  if (q.d === 1) return String(q.n);
  const v = q.n / q.d;
  return String(Math.round(v * 1000) / 1000);
}
