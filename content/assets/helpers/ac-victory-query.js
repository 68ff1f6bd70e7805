// The victory helper's link names: an objective achieved or missed (<people key>.<n>), a group's
// player and counts (g<N>.<count>), the group that conquered Tyre or Sidon, an optional rule on,
// the city rule. ac-victory.js reads and writes them, its page writes its form's raw values under
// them, and play along writes what a table judged (content/assets/play/engine/scoring.js).
// The readings' names (r.<reading>) are the helpers' shared ones (shared/input.js). Pure: no DOM.
export const P = {
  achieved: "o", missed: "x", optional: "opt", cities: "cities",
  player: (g) => `g${g}.player`,
  count: (g, key) => `g${g}.${key}`,   // deities, own, fortified or a city type's key
};
// The two places scored as a pair, each named by the group that conquered it.
export const PAIR = ["tyre", "sidon"];

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
