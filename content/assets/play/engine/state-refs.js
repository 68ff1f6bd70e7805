// How the play-state reader judges a name in the records: a record of this game of a kind in
// play, an option the game lists, a step of the turn, a round the game has, a seat.
// Each judgment returns null or {text, fix, near}: the problem, how to fix it, and (near) a
// word and the names it may be a misspelling of, so the generator can say "did you mean".
// Pure: no DOM.

/** A value as the problem lines quote it: text in single quotes, anything else as JSON. */
export const quoted = (v) => (typeof v === "string" ? `'${v}'` : JSON.stringify(v === undefined ? null : v));

/** Names joined for a list in a sentence, sorted. */
export const listed = (names) => [...names].sort().join(", ");

/**
 * The judge of one game's names. `ctx`: {game, gid, turn, byId (this game's), allById (every
 * game's), unchecked (ids of refused files: their own line is the true one), stepIds (null while
 * the turn is unread: no step is judged), options}.
 */
export function judgeOf(ctx) {
  const { game, turn, byId, allById, unchecked, stepIds } = ctx;
  const gameIds = () => [...byId.keys()];
  return {
    /** Whether the id's file was refused: nothing more is said of a name of it. */
    refused: (id) => typeof id === "string" && unchecked.has(id),

    /** `target` is a record of this game (and, with `kinds`, of one of them or named in them). */
    record(target, what = "record", kinds = null) {
      if (typeof target === "string" && unchecked.has(target)) return null;
      const rec = typeof target === "string" ? allById.get(target) : undefined;
      if (!rec) return { text: `no record has id ${quoted(target)}`, fix: `name a ${what} of ${game}`, near: { word: target, among: gameIds() } };
      if (rec.game !== game) return { text: `${quoted(target)} is a record of ${rec.game}, not of ${game}`, fix: `name a ${what} of ${game}` };
      if (kinds && !kinds.includes(rec.kind) && !kinds.includes(target)) {
        return { text: `${quoted(target)} is a ${rec.kind}, and no ${rec.kind} is ever in play at a ${game} table`,
          fix: `name a record of a kind in play (${listed(kinds) || "none listed"}), or add ${rec.kind} to play_along.in_play` };
      }
      return null;
    },

    /** `sid` is a step of the game's turn. */
    step(sid) {
      if (stepIds === null || stepIds.includes(sid) || (typeof sid === "string" && unchecked.has(sid))) return null;
      return { text: `${quoted(sid)} is not a step of ${turn}`, fix: `name a record whose step_of reaches ${turn}`,
        near: { word: sid, among: stepIds }, check: "play/not-a-step" };
    },

    /** `k` is a kind (or a record named) in `allowed`, the game's list `where`. */
    kind(k, allowed, where) {
      if (allowed.includes(k)) return null;
      return { text: `no ${k} is ever in play at a ${game} table`, fix: `name a kind of play_along.${where} (${listed(allowed) || "none listed"}), or add ${k} there` };
    },

    /** Each with/without names an option of the game, never one in both: [{path, ...problem}]. */
    options(item) {
      const out = [];
      for (const key of ["with", "without"]) {
        const list = Array.isArray(item[key]) ? item[key] : [];
        list.forEach((o, j) => {
          if (!ctx.options.includes(o)) {
            out.push({ path: [key, j], text: `${quoted(o)} is not one of ${game}'s options`,
              fix: `name an option listed in ${ctx.gid}'s play_along.options, or add it there`, near: { word: o, among: ctx.options } });
          }
        });
      }
      const on = new Set(Array.isArray(item.with) ? item.with : []);
      const both = [...new Set(Array.isArray(item.without) ? item.without : [])].filter((o) => on.has(o)).sort();
      if (both.length) out.push({ path: ["without"], text: `${both.join(", ")} is in both with and without, so it never applies`, fix: "keep the option in one of them" });
      return out;
    },
  };
}

/** Whether two option conditions ({with, without}) can hold at one table. */
export function canBothBeOn(a, b) {
  const on = new Set([...(a.with || []), ...(b.with || [])]);
  return ![...(a.without || []), ...(b.without || [])].some((o) => on.has(o));
}
