// The score helper's link: one p=<centres>:<name> per power. dip-score.js reads and writes it;
// play along writes it at the end of a game (content/assets/play/engine/scoring.js). Pure: no DOM.
export const POWER = "p";

/** A power as the link writes it (no centres: an empty count). */
export function powerValue(centres, name) { return `${centres === null ? "" : centres}:${name}`; }

/** A power's two parts as the link holds them, unread: {centres, name}. */
export function powerParts(entry) {
  const cut = entry.indexOf(":");
  return { centres: cut < 0 ? entry : entry.slice(0, cut), name: cut < 0 ? "" : entry.slice(cut + 1) };
}

/** The query play along opens the helper with: each player's power by name, with 0 centres (the table does not count them). */
export function tableQuery(names) {
  const q = new URLSearchParams();
  for (const name of names) q.append(POWER, powerValue(0, name));
  return q;
}
