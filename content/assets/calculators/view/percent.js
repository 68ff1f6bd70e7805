// Chances as a player reads them: percentages that never show NaN, never round a possible
// outcome to 0% or an uncertain one to 100%.

export function pct(p) {
  if (p === null || p === undefined || !Number.isFinite(p)) return "—";
  if (p <= 0) return "0%";
  if (p >= 1 - 1e-12) return "100%";
  if (p < 1e-5) return "<0.001%";
  if (p < 0.001) return `${(100 * p).toFixed(3)}%`;
  const s = (100 * p).toFixed(1);
  return s === "100.0" ? ">99.9%" : s === "0.0" ? "<0.1%" : `${s}%`;
}

/** A fixed number of decimals, or a dash. */
export const num = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : "—");

/** Sixths as the dice give them: "2/6 (33.3%)". */
export function sixths(n, d) {
  const six = 6 % d === 0 ? `${(n * 6) / d}/6` : `${n}/${d}`;
  return `${six} (${(100 * n / d).toFixed(1)}%)`;
}
