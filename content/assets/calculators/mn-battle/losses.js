// Which pieces a side gives up after a round. The manual lets the owner choose ("Combat":
// the owning player chooses which units to lose); the order comes from the scenario (see
// DEFAULT_LOSS_ORDER: the strongest are kept), and pieces destroyed before the dice by a
// Centaur or Poseidon are the ones the rule names.

export const PIECES = ["legions", "triremes", "fortresses", "creatures"];

/** The pieces of a side, as counts. */
export function piecesOf(x) {
  return { legions: x.legions, triremes: x.triremes, fortresses: x.fortresses, creatures: x.creatures };
}

export function unitCount(p) {
  return p.legions + p.triremes + p.fortresses + p.creatures;
}

/**
 * The pieces left after a round: first the pieces removed before the dice (by kind), then
 * `kills` more, taken in `order` (the kinds given up first come first). Never below zero.
 */
export function piecesAfter(pieces, removed, kills, order) {
  const left = { ...pieces };
  for (const k of PIECES) left[k] -= Math.min(left[k], (removed && removed[k]) || 0);
  let due = kills;
  for (const k of order) {
    const n = Math.min(left[k], due);
    left[k] -= n;
    due -= n;
  }
  return left;
}
