// Mare Nostrum: "What can I build with this hand?" The engine's public face. Pure: no DOM.
//
//   const rules = rulesFromRecords(recordsJson);
//   const { scenario, errors } = scenarioFromQuery(rules, "tax=3&h.grain=2&b.legion=2");
//   const result = analyse(rules, scenario);
//
// Every number comes from the records (see rules.js); the readings the manual leaves open
// are in scenario.readings (see READINGS).
import { rulesFromRecords, SOURCES } from "./rules.js";
import { maxCommoditySets } from "./pay.js";
import { activeReductions, costUnits, expandList } from "./costs.js";
import { planPurchase, mergeSets } from "./plan.js";
import { READINGS, PLACES, emptyScenario, scenarioFromQuery, scenarioToQuery } from "./scenario.js";

export { rulesFromRecords, SOURCES, READINGS, PLACES, emptyScenario, scenarioFromQuery, scenarioToQuery };

/** The hand as {tax, counts} with counts in the order of rules.kinds. */
export function handOf(rules, scenario) {
  return { tax: scenario.tax, counts: rules.kinds.map((k) => scenario.hand[k.key] || 0) };
}

/**
 * What the hand can pay for, item by item: for each cost (with the held cards' best single
 * reduction of each item, as shown), the most sets of that size the hand makes at once,
 * from tax cards and from commodities.
 */
export function handCapacity(rules, scenario) {
  const hand = handOf(rules, scenario);
  const held = rules.effects.filter((e) => scenario.held.includes(e.id));
  const reductions = activeReductions(held, scenario.at).filter((e) => !e.paidWith);
  const bySize = new Map();
  for (const option of rules.options) {
    const [unit] = costUnits(expandList(rules, [{ key: option.key, n: 1 }], scenario.longer), reductions).units;
    if (!bySize.has(unit.cost)) bySize.set(unit.cost, []);
    bySize.get(unit.cost).push({ key: option.key, label: option.label, base: unit.base, by: unit.by ? unit.by.name : null });
  }
  const sizes = [...bySize.entries()].sort((a, b) => a[0] - b[0]).map(([size, buys]) => {
    const tax = Math.floor(hand.tax / size);
    const commodity = maxCommoditySets(hand.counts, size);
    return { size, tax, commodity, sets: tax + commodity, buys };
  });
  const payer = held.find((e) => e.paidWith);
  const special = payer ? { by: payer.name, cost: payer.newCost, paidWith: payer.paidWith.name,
    perRound: payer.perRound, items: payer.reduces.map((r) => r.item),
    available: Math.floor((scenario.hand[payer.paidWith.key] || 0) / payer.newCost) } : null;
  return {
    cards: hand.tax + hand.counts.reduce((a, b) => a + b, 0),
    largest: { tax: hand.tax, commodity: hand.counts.filter((c) => c > 0).length },
    sizes, special,
  };
}

function describeSet(rules, set, type) {
  const cards = type === "tax" ? [{ id: rules.tax.id, name: rules.tax.name, count: set.cost }]
    : set.kinds.map((k) => ({ id: rules.kinds[k].id, name: rules.kinds[k].name, count: 1 }));
  return { type, size: set.cost, cards,
    pays: set.units.map((u) => ({ key: u.option.key, label: u.option.label, cost: u.cost, base: u.base, by: u.by ? u.by.name : null })) };
}

/** The plan in the shape the page and the README use. */
function describePlan(rules, plan, scenario) {
  const laid = scenario.readings.sets === "several" ? mergeSets(plan) : plan;
  const sets = [...laid.taxSets.map((s) => describeSet(rules, s, "tax")), ...laid.commoditySets.map((s) => describeSet(rules, s, "commodity"))];
  for (const u of plan.special) {
    sets.push({ type: "paid-with", size: u.cost, cards: [{ id: u.paidWith.id, name: u.paidWith.name, count: u.cost }],
      pays: [{ key: u.option.key, label: u.option.label, cost: u.cost, base: u.base, by: u.by.name }] });
  }
  const kindName = (k) => (k === "tax" ? rules.tax.name : rules.kinds[k].name);
  const leftover = rules.kinds.map((k, i) => ({ id: k.id, name: k.name, count: plan.left.counts[i] })).filter((c) => c.count > 0);
  return {
    ok: true, sets,
    cardUsed: scenario.readings.reductions === "one-card" ? (plan.effects[0] ? plan.effects[0].name : null) : undefined,
    exchange: plan.swaps.map((s) => ({ give: kindName(s.give), get: kindName(s.get) })),
    spent: plan.spent,
    keep: { tax: plan.keep.tax, commodities: plan.keep.commodities, leftoverCommodities: leftover },
    discard: { tax: plan.left.tax - plan.keep.tax,
      commodities: leftover.reduce((a, c) => a + c.count, 0) - plan.keep.commodities },
  };
}

/**
 * Everything the page shows for a checked scenario: the hand's capacity and, if the
 * scenario has a shopping list, the plan that pays for it (or why none does).
 */
export function analyse(rules, scenario) {
  const capacity = handCapacity(rules, scenario);
  const keepTax = rules.keepTax;
  if (!scenario.buy.length) return { ok: true, capacity, keepTax, purchase: null };
  const plan = planPurchase(rules, handOf(rules, scenario), scenario);
  return { ok: true, capacity, keepTax, purchase: plan.ok ? describePlan(rules, plan, scenario) : plan };
}
