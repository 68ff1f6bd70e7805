// A phone for every seat: the table's link "as player N" is the table's own link
// with `as=N` at its end. The page opens it as that player's phone (momentAt's asPlayer: that
// player's reminders and due items first, the others folded). The key is read and written here,
// around the engine's tableFromQuery/tableToQuery, so the table itself (its settings and log)
// stays the engine's; a seat that does not exist at the table (as=7 of 4, as=0, as=x, as given
// twice) is a message at the field `as`, and the table opens for everyone. Pure: no DOM.

export const SEAT_KEY = "as";
/** The key of "Show my code": the seat of the phone that showed it. It names who sent a merge and
 * never sets the seat of the phone that reads it (a new phone takes its seat from a seat's code). */
export const FROM_KEY = "from";

/** {query, asPlayer, raw, from}: the query without its `as` and `from` pairs, the seat asked for (a
 * positive integer as written, else null; raw is what the link said, or null when it said
 * nothing), and the seat of the phone that showed the code (`from`, else null). */
export function splitSeat(query) {
  let params;
  try { params = new URLSearchParams(query); } catch { return { query: "", asPlayer: null, raw: null, from: null }; }
  const said = params.getAll(SEAT_KEY);
  const sender = params.getAll(FROM_KEY);
  const from = sender.length === 1 && /^[1-9][0-9]?$/.test(sender[0]) ? Number(sender[0]) : null;
  if (!said.length && !sender.length) return { query: String(query || "").replace(/^\?/, ""), asPlayer: null, raw: null, from };
  params.delete(SEAT_KEY);
  params.delete(FROM_KEY);
  if (!said.length) return { query: params.toString(), asPlayer: null, raw: null, from };
  const raw = said.length > 1 ? said.join(", ") : said[0];
  const n = said.length === 1 && /^[1-9][0-9]?$/.test(said[0]) ? Number(said[0]) : null;
  return { query: params.toString(), asPlayer: n, raw, from };
}

/** The query of "Show my code": the table's own query, with the seat of the phone showing it as `from`. */
export function fromSeat(query, asPlayer) {
  const base = String(query || "");
  return Number.isInteger(asPlayer) ? `${base}${base ? "&" : ""}${FROM_KEY}=${asPlayer}` : base;
}

/** The seat asked for, checked against the table's players: {asPlayer, error}. */
export function checkedSeat(asPlayer, raw, players, seatName) {
  if (raw === null) return { asPlayer: null, error: null };
  const shown = String(raw).slice(0, 12).replace(/[^\w ,.-]/g, "?");
  const count = Number.isInteger(players) ? players : 0;
  if (asPlayer === null) {
    return { asPlayer: null, error: { field: SEAT_KEY, message: `This phone's seat “${shown}” is not a player number; the table opens for everyone.` } };
  }
  if (asPlayer > count) {
    const why = count ? `the table has ${count} player${count === 1 ? "" : "s"}` : "the table has no player count yet";
    return { asPlayer: null, error: { field: SEAT_KEY, message: `This phone's code is for player ${asPlayer}, but ${why}; the table opens for everyone.` } };
  }
  return { asPlayer, error: null, name: seatName ? seatName(asPlayer) : `Player ${asPlayer}` };
}

/** The query with `as=N` at its end (N null: the table's own query; a query that already says
 * `as`, as the engine may write it, is left as it is). */
export function withSeat(query, asPlayer) {
  const base = String(query || "");
  if (!Number.isInteger(asPlayer) || splitSeat(base).raw !== null) return base;
  return `${base}${base ? "&" : ""}${SEAT_KEY}=${asPlayer}`;
}

/** [{n, href}] the link of each seat of a table of `players`, from the table's own absolute link. */
export function seatLinks(tableHref, players) {
  const count = Number.isInteger(players) ? Math.min(players, 99) : 0;
  const href = String(tableHref || "");
  const join = href.includes("?") ? "&" : "?";
  return Array.from({ length: count }, (_, i) => ({ n: i + 1, href: `${href}${join}${SEAT_KEY}=${i + 1}` }));
}
