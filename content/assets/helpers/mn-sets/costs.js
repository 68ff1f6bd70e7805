// Mare Nostrum sets helper: what each item on a shopping list costs with the cards held.
// Pure: no DOM.
//
// The manual: cost reductions "are not cumulative; the player simply takes the single best
// reduction available". Read per item (the default), each item takes the best one
// reduction that applies to it; read per turn, one card's reduction serves the whole turn.
// The plan module tries each card under the second reading.

/** Does an effect lower this shopping option? */
export function reducesOption(effect, option) {
  return effect.reduces.some((r) => r.item === option.item && (!r.onlyKind || r.onlyKind === option.kind));
}

/** The cost of one item with this effect, or null if the effect does not lower it. */
export function reducedCost(effect, option, base) {
  if (!reducesOption(effect, option)) return null;
  const cost = effect.newCost !== null ? effect.newCost : base - effect.by;
  return cost >= 1 && cost < base ? cost : null;
}

/** Effects that can act this turn: held, reducing something, and (if tied to a place) building there. */
export function activeReductions(effects, at) {
  return effects.filter((e) => e.reduces.length && (!e.where || at.includes(e.where)));
}

/** The units of a list: one entry per item bought, with its chart cost (or the longer game's). */
export function expandList(rules, buy, longer) {
  const units = [];
  for (const line of buy) {
    const option = rules.options.find((o) => o.key === line.key);
    if (!option) continue;
    const base = longer && option.key === rules.longer.key ? rules.longer.cost : option.cost;
    for (let i = 0; i < line.n; i += 1) units.push({ option, base, cost: base, by: null, paidWith: null });
  }
  return units;
}

/**
 * Costs of the units when the given effects are in play, with `special` of them paid by a
 * paid_with effect (Spartacus) instead of a set. Returns {units, special: [{effect, unit}]}
 * or null when `specialCount` cannot be honoured.
 */
export function costUnits(units, effects, specialCount = 0) {
  const out = units.map((u) => ({ ...u, cost: u.base, by: null, paidWith: null }));
  const plain = effects.filter((e) => !e.onePerType && !e.perRound && !e.paidWith);
  for (const u of out) {
    for (const e of plain) {
      const c = reducedCost(e, u.option, u.base);
      if (c !== null && c < u.cost) { u.cost = c; u.by = e; }
    }
  }
  // One item of each type (Croesus, Minos): the dearest item of that type not yet reduced by
  // another such card, if the card beats the best plain reduction (they never add up).
  for (const e of effects.filter((x) => x.onePerType && !x.paidWith)) {
    for (const item of new Set(out.map((u) => u.option.item))) {
      const candidates = out.filter((u) => u.option.item === item && !(u.by && u.by.onePerType));
      const pick = candidates.map((u) => [u, reducedCost(e, u.option, u.base)])
        .filter(([u, c]) => c !== null && c < u.cost).sort((a, b) => b[0].cost - a[0].cost)[0];
      if (pick) { pick[0].cost = pick[1]; pick[0].by = e; }
    }
  }
  // Paid with one kind of card (Spartacus): the first `specialCount` items it may pay.
  const special = [];
  const payer = effects.find((e) => e.paidWith);
  if (specialCount > 0) {
    if (!payer) return null;
    const eligible = out.filter((u) => reducedCost(payer, u.option, u.base) !== null);
    if (eligible.length < specialCount || (payer.perRound !== null && specialCount > payer.perRound)) return null;
    for (const u of eligible.slice(0, specialCount)) {
      u.cost = reducedCost(payer, u.option, u.base);
      u.by = payer;
      u.paidWith = payer.paidWith;
      special.push(u);
    }
  }
  return { units: out, special };
}
