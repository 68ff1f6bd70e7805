// Mare Nostrum sets helper: paying a list of costs with sets of one hand. Pure: no DOM.
//
// A set is tax cards only, or commodity cards of different kinds only, and pays for an
// item whose cost is its number of cards. Any part of a set is itself a set, so a hand
// pays for costs c1..cn exactly when the costs can be split between
//   - tax cards: their sum is at most the tax cards held, and
//   - commodity sets: sets of sizes s1 >= s2 >= ... >= sm, no kind twice in one set.
// The commodity sets exist exactly when, for every j, the j largest sizes add up to at
// most F(j) = sum over kinds of min(cards of that kind, j): a kind can give at most one
// card to each of j sets (Gale-Ryser; the tests check it against exhaustive search).
// When it holds, filling the largest set first from the kinds with the most cards left
// builds the sets (Ryser's construction).

/** F(j): the most cards j commodity sets can hold together, given the count of each kind. */
export function capacity(counts, j) {
  let total = 0;
  for (const c of counts) total += Math.min(c, j);
  return total;
}

/** Can commodity sets of these sizes be made from these kind counts? */
export function commodityFeasible(counts, sizes) {
  const sorted = [...sizes].sort((a, b) => b - a);
  let sum = 0;
  for (let j = 0; j < sorted.length; j += 1) {
    sum += sorted[j];
    if (sum > capacity(counts, j + 1)) return false;
  }
  return true;
}

/**
 * The commodity sets themselves: for each size (largest first), the indexes of the kinds
 * in it, taking the kinds with the most cards left (ties: the earlier kind). Null if the
 * sizes cannot be made. Returned in the order of `sizes`.
 */
export function buildCommoditySets(counts, sizes) {
  const left = [...counts];
  const order = sizes.map((s, i) => [s, i]).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const out = new Array(sizes.length);
  for (const [size, i] of order) {
    const pick = left.map((c, k) => [c, k]).filter(([c]) => c > 0)
      .sort((a, b) => b[0] - a[0] || a[1] - b[1]).slice(0, size).map(([, k]) => k);
    if (pick.length < size) return null;
    for (const k of pick) left[k] -= 1;
    out[i] = pick.sort((a, b) => a - b);
  }
  return out;
}

/** The most commodity sets of one size this hand can make at once. */
export function maxCommoditySets(counts, size) {
  if (size < 1) return 0;
  let m = 0;
  const total = counts.reduce((a, b) => a + b, 0);
  while ((m + 1) * size <= total && capacity(counts, m + 1) >= (m + 1) * size) m += 1;
  return m;
}

// A bound on the work of one purchase plan (steps of the search below, summed over every
// choice the plan tries). Far above what real hands need (a few thousand steps); past it the
// helper says the list is too long to check instead of running on.
export const WORK_LIMIT = 3000000;

/** A budget shared by the searches of one plan; `left` counts down. */
export function workBudget(limit = WORK_LIMIT) {
  return { left: limit };
}

/**
 * Split costs between tax cards and commodity sets, keeping as many cards as the player may
 * keep: first tax cards (up to keep.tax), then commodities (up to keep.commodities), then
 * using as few tax cards as possible. By default that is simply the fewest tax cards.
 * `costs` is an array of positive integers. Returns {ok: true, byTax: [indexes],
 * byCommodity: [indexes], taxUsed, sets: [[kind idx]]} (sets in the order of byCommodity),
 * or {ok: false, reason: "cards" | "split" | "too-long"}.
 */
export function splitCosts(tax, counts, costs, keep = { tax: Infinity, commodities: 0 }, budget = workBudget()) {
  const total = costs.reduce((a, b) => a + b, 0);
  const commodities = counts.reduce((a, b) => a + b, 0);
  if (total > tax + commodities) return { ok: false, reason: "cards", need: total, held: tax + commodities };
  const done = (byCommodity, byTax) => {
    const sets = buildCommoditySets(counts, byCommodity.map((i) => costs[i]));
    if (!sets) return { ok: false, reason: "split" };   // cannot happen when the condition holds; kept as a guard
    return { ok: true, byTax, byCommodity, taxUsed: byTax.reduce((a, i) => a + costs[i], 0), sets };
  };
  // Commodities alone pay for everything: no tax card is used, and (unless the Hanging
  // Gardens would keep more commodities) nothing can keep more cards.
  if ((keep.commodities === 0 || commodities - total >= keep.commodities) && commodityFeasible(counts, costs)) {
    return done(costs.map((_, i) => i), []);
  }
  // Classes of equal cost, largest first: within a class the prefix condition only needs
  // checking at its ends, because F is concave and the sizes added are equal.
  const classes = [...new Set(costs)].sort((a, b) => b - a).map((c) => ({ cost: c, n: costs.filter((x) => x === c).length }));
  const F = Array.from({ length: costs.length + 1 }, (_, j) => capacity(counts, j));
  const rest = classes.map((_, i) => classes.slice(i + 1).reduce((a, c) => a + c.cost * c.n, 0));
  const width = total + 1;
  let states = new Map([[0, { j: 0, s: 0, parent: null, x: 0 }]]);
  for (const [i, { cost, n }] of classes.entries()) {
    const next = new Map();
    for (const st of states.values()) {
      for (let x = 0; x <= n; x += 1) {
        budget.left -= 1;
        if (budget.left < 0) return { ok: false, reason: "too-long" };
        const j = st.j + x;
        const s = st.s + cost * x;
        if (s > F[j]) break;
        if (total - (s + rest[i]) > tax) continue;   // too few tax cards even if the rest go to commodities
        const key = j * width + s;
        if (!next.has(key)) next.set(key, { j, s, parent: st, x });
      }
    }
    states = next;
  }
  // Within the tax cards held: most cards kept, then most paid by commodities (fewest tax).
  const rank = (st) => [Math.min(keep.tax, tax - (total - st.s)), Math.min(keep.commodities, commodities - st.s), st.s, -st.j];
  const beats = (a, b) => { const x = rank(a); const y = rank(b); const k = x.findIndex((v, m) => v !== y[m]); return k >= 0 && x[k] > y[k]; };
  let best = null;
  for (const st of states.values()) {
    if (total - st.s <= tax && (!best || beats(st, best))) best = st;
  }
  if (!best) return { ok: false, reason: "split" };
  const commodityOf = new Map();
  for (let i = classes.length - 1, st = best; i >= 0; i -= 1, st = st.parent) commodityOf.set(classes[i].cost, st.x);
  const byTax = [];
  const byCommodity = [];
  costs.forEach((c, i) => {
    const want = commodityOf.get(c);
    if (want > 0) { byCommodity.push(i); commodityOf.set(c, want - 1); } else byTax.push(i);
  });
  return done(byCommodity, byTax);
}
