// Mare Nostrum sets helper: the best way to pay for a shopping list. Pure: no DOM.
//
// Tries every choice the player has (which reduction card serves the turn under the
// per-turn reading, whether Spartacus pays a legion, Cleopatra's exchange) and keeps the
// plan that pays for everything and keeps the most cards for next turn: tax cards first
// (two may be kept), then commodities (with the Hanging Gardens), then the fewest cards
// spent. Ties keep the plan with fewer exchanges and special payments.
import { splitCosts, workBudget } from "./pay.js";
import { activeReductions, costUnits, expandList } from "./costs.js";

/** Hands reachable with up to `n` exchanges with the bank (a commodity for a tax card, or the reverse). */
export function exchangedHands(hand, n, taxToCommodity) {
  const key = (h) => `${h.tax}|${h.counts.join(",")}`;
  const seen = new Map([[key(hand), { ...hand, swaps: [] }]]);
  let frontier = [...seen.values()];
  for (let step = 0; step < n; step += 1) {
    const next = [];
    for (const h of frontier) {
      h.counts.forEach((c, k) => {
        const moves = [];
        if (c > 0) moves.push({ tax: h.tax + 1, delta: -1, swap: { give: k, get: "tax" } });
        if (taxToCommodity && h.tax > 0) moves.push({ tax: h.tax - 1, delta: 1, swap: { give: "tax", get: k } });
        for (const m of moves) {
          const counts = [...h.counts];
          counts[k] += m.delta;
          const nh = { tax: m.tax, counts, swaps: [...h.swaps, m.swap] };
          if (!seen.has(key(nh))) { seen.set(key(nh), nh); next.push(nh); }
        }
      });
    }
    frontier = next;
  }
  return [...seen.values()];
}

function score(p) {
  return [p.keep.tax, p.keep.commodities, -p.spent, -p.swaps.length, -p.special.length];
}
function better(a, b) {
  if (!b) return true;
  const x = score(a);
  const y = score(b);
  for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
}

/**
 * Plan a purchase. `hand` is {tax, counts} (counts in the order of rules.kinds), `scenario`
 * the checked scenario. Returns {ok: true, ...the plan} or {ok: false, reason, need, held}.
 */
export function planPurchase(rules, hand, scenario) {
  const units = expandList(rules, scenario.buy, scenario.longer);
  const held = rules.effects.filter((e) => scenario.held.includes(e.id));
  const reductions = activeReductions(held, scenario.at);
  const exchanges = held.reduce((n, e) => n + e.exchanges, 0);
  const keepCommodities = held.reduce((n, e) => n + e.keepCommodities, 0);
  const cardChoices = scenario.readings.reductions === "one-card" ? [[], ...reductions.map((e) => [e])] : [reductions];
  const hands = exchangedHands(hand, exchanges, scenario.readings.exchange === "either-way");
  let best = null;
  let failure = { ok: false, reason: "split" };
  const budget = workBudget();   // shared by every choice tried, so no list runs on
  for (const effects of cardChoices) {
    const payer = effects.find((e) => e.paidWith);
    const maxSpecial = payer ? Math.min(payer.perRound === null ? units.length : payer.perRound, units.length) : 0;
    for (let special = 0; special <= maxSpecial; special += 1) {
      const costed = costUnits(units, effects, special);
      if (!costed) continue;
      for (const h of hands) {
        const counts = [...h.counts];
        let ok = true;
        for (const u of costed.special) {
          const k = rules.kinds.findIndex((kind) => kind.id === u.paidWith.id);
          counts[k] -= u.cost;
          if (counts[k] < 0) ok = false;
        }
        if (!ok) continue;
        const bySets = costed.units.filter((u) => !u.paidWith);
        const split = splitCosts(h.tax, counts, bySets.map((u) => u.cost), { tax: rules.keepTax, commodities: keepCommodities }, budget);
        if (!split.ok) {
          if (split.reason === "too-long") return split;
          if (failure.reason !== "cards" || split.reason === "cards") failure = split;
          continue;
        }
        const leftTax = h.tax - split.taxUsed;
        const leftCounts = [...counts];
        for (const set of split.sets) for (const k of set) leftCounts[k] -= 1;
        const leftCommodities = leftCounts.reduce((a, b) => a + b, 0);
        const plan = {
          ok: true, effects, special: costed.special, swaps: h.swaps,
          taxSets: split.byTax.map((i) => ({ cost: bySets[i].cost, units: [bySets[i]] })),
          commoditySets: split.byCommodity.map((i, n) => ({ cost: bySets[i].cost, units: [bySets[i]], kinds: split.sets[n] })),
          units: costed.units,
          spent: costed.units.reduce((a, u) => a + u.cost, 0),
          left: { tax: leftTax, counts: leftCounts },
          keep: { tax: Math.min(rules.keepTax, leftTax), commodities: Math.min(keepCommodities, leftCommodities) },
        };
        if (better(plan, best)) best = plan;
      }
    }
  }
  if (!best) {
    if (failure.reason === "cards") {
      const need = Math.min(...cardChoices.map((effects) => costUnits(units, effects, 0).units.reduce((a, u) => a + u.cost, 0)));
      return { ...failure, need, held: hand.tax + hand.counts.reduce((a, b) => a + b, 0) };
    }
    return failure;
  }
  return best;
}

/**
 * The same payment laid out with one set paying for several items (a reading the manual
 * leaves open): every tax payment in one tax set, and commodity sets merged while no kind
 * repeats. It buys exactly what the one-set-per-item layout buys, since any part of a set is
 * itself a set; only the cards on the table are grouped differently.
 */
export function mergeSets(plan) {
  const tax = plan.taxSets.length
    ? [{ cost: plan.taxSets.reduce((a, s) => a + s.cost, 0), units: plan.taxSets.flatMap((s) => s.units) }] : [];
  const commodity = [];
  for (const s of [...plan.commoditySets].sort((a, b) => b.cost - a.cost)) {
    const into = commodity.find((m) => s.kinds.every((k) => !m.kinds.includes(k)));
    if (into) { into.cost += s.cost; into.units.push(...s.units); into.kinds = [...into.kinds, ...s.kinds].sort((a, b) => a - b); }
    else commodity.push({ cost: s.cost, units: [...s.units], kinds: [...s.kinds] });
  }
  return { ...plan, taxSets: tax, commoditySets: commodity };
}
