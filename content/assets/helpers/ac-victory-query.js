// The victory helper's link names for what a table judged: an objective achieved or missed
// (<people key>.<n>), the player of a group, an optional rule on. ac-victory.js reads and writes
// them; play along writes them at the end of a game (content/assets/play/engine/scoring.js).
// Pure: no DOM.
export const P = { achieved: "o", missed: "x", optional: "opt", player: (g) => `g${g}.player` };

/** A people's key in a link: its id without the game's prefix. */
export function keyOf(id) { return id.replace(/^ac-/, ""); }

/**
 * The query play along opens the helper with at the end of a game: players [[group, player
 * number]], verdicts [{id: people id, n, met}], optional [ids of the rules on].
 */
export function tableQuery({ players = [], verdicts = [], optional = [] }) {
  const q = new URLSearchParams();
  for (const [group, player] of players) q.set(P.player(group), String(player));
  for (const v of verdicts) q.append(v.met ? P.achieved : P.missed, `${keyOf(v.id)}.${v.n}`);
  for (const id of optional) q.append(P.optional, id);
  return q;
}
