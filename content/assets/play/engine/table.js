// A table (the game, the players, the options, who plays what, the seat this phone is shown
// as, and the log of what happened: records entering and leaving, setup ticks, powers used, the
// marker's moves) from a link's query, and back. Pure: no DOM. The log's spelling is events.js's,
// its rules state.js's, its canonical form and bound log.js's.
//
// Every value in a link is hostile until checked: each bad one is a {field, message} and
// the rest of the table is still read. The work is capped before parsing: at most MAX_QUERY
// characters and MAX_KEYS pairs are read, so a link of 10,000 keys or a megabyte costs the
// same as a short one, and says so.
import { gameRules, entersPlay } from "./records.js";
import { parsePosition, formatPosition, first } from "./sequence.js";
import { readCount, shorten } from "../../shared/input.js";
import { withCurrentIds } from "../../shared/former-ids.js";
import { unknownKeyNotes, repeatedKeyNotes, capPerField } from "../../link/query-notes.js";
import { setupKeysOf } from "./state.js";
import { readEvent } from "./events.js";
import { ANON, STAMP_CEILING, compareEvents, contentOf } from "./stamps.js";
import { canonicalTable, writtenLog, applyChange as applyLogChange } from "./log.js";
import { mergeTables as mergeLogTables, undoMerge as undoLogMerge, settle as settleLog } from "./merge.js";

// The longest query read (characters) and the most key=value pairs read. Not game numbers: a
// table of every record a game has in play fits well inside both.
export const MAX_QUERY = 4000;
export const MAX_KEYS = 300;

// The most players a table takes where the records give no bound (the schema's own bound on
// play_along.players). Not a game number.
export const PLAYER_CEILING = 20;

const KEYS = ["g", "n", "opt", "s", "as", "in", "at", "e"];
const REPEATABLE = ["opt", "s", "in", "e"];

/** An empty table of a game (or of none): no settings and an empty log. */
export function emptyTable(game = null) {
  return { game, players: null, options: [], seats: [], as: null, log: [], inPlay: [], at: null, seen: {} };
}

/** How many pairs a query holds, counted without splitting it. */
function countPairs(text) {
  let n = 1;
  for (let i = text.indexOf("&"); i >= 0; i = text.indexOf("&", i + 1)) n += 1;
  return n;
}

/** The query's pairs, read within the caps: {params, notes}. Never throws. */
export function boundedParams(query) {
  const notes = [];
  let text = query instanceof URLSearchParams ? query.toString() : typeof query === "string" ? query : "";
  if (text.startsWith("?")) text = text.slice(1);
  const total = text.length > MAX_QUERY || text.indexOf("&") >= 0 ? countPairs(text) : 1;
  if (text.length > MAX_QUERY) {
    notes.push({ field: "", message: `The link's table is ${text.length.toLocaleString("en")} characters long; only the first ${MAX_QUERY.toLocaleString("en")} were read.` });
    text = text.slice(0, MAX_QUERY);
    const cut = text.lastIndexOf("&");
    text = cut >= 0 ? text.slice(0, cut) : "";   // never half a pair
  }
  let pairs = text.split("&", MAX_KEYS + 1);
  if (pairs.length > MAX_KEYS) {
    notes.push({ field: "", message: `The link has ${total.toLocaleString("en")} keys; only the first ${MAX_KEYS} were read.` });
    pairs = pairs.slice(0, MAX_KEYS);
  }
  const params = new URLSearchParams();
  for (const pair of pairs) {
    if (pair === "") continue;
    let entries;
    try { entries = [...new URLSearchParams(pair)]; } catch { entries = []; }
    for (const [k, v] of entries) params.append(k, v);
  }
  return { params, notes };
}

/**
 * {table, errors} from a query string ("?g=...", "g=..." or URLSearchParams). table is
 * {game, players, options: [ids], seats: [seat key | null per player], inPlay: [{id, player}], at}.
 */
export function tableFromQuery(rules, query) {
  const { params: q, notes } = boundedParams(withCurrentIds(query, rules && rules.formerIds));   // old links of a renamed record
  const errors = [...notes];
  const known = new Set(KEYS);
  const slug = q.get("g");
  const g = slug === null ? null : gameRules(rules, slug);
  if (slug !== null && !g) {
    const names = (rules && rules.slugs) || [];
    errors.push({ field: "g", message: `“${shorten(slug)}” is not a game the play-along page knows; choose one of ${names.join(", ") || "none"}.` });
  }
  if (!g) {
    const rest = [...new Set(q.keys())].filter((k) => k !== "g" && known.has(k));
    if (rest.length) errors.push({ field: "g", message: `Without a game, the rest of the table (${rest.join(", ")}) could not be read.` });
    return { table: emptyTable(null), errors: finish(q, errors, known) };
  }
  const table = emptyTable(slug);
  // Players.
  const nRaw = q.get("n");
  if (nRaw !== null) {
    const min = Number.isInteger(g.players.min) ? g.players.min : 1;
    const max = Number.isInteger(g.players.max) ? g.players.max : PLAYER_CEILING;
    const why = Number.isInteger(g.players.min) && Number.isInteger(g.players.max) ? `${g.record.name} is for ${min} to ${max} players`
      : `the records do not give ${g.record.name}'s player range; the page takes at most ${max}`;
    const r = readCount(nRaw, { label: "Players", min, max, empty: null, why });
    if (r.error) errors.push({ field: "n", message: r.error });
    else table.players = r.value;
  }
  // Options, in the game's order.
  const optionIds = g.options.map((o) => o.id);
  const chosen = new Set();
  for (const id of q.getAll("opt")) {
    if (!optionIds.includes(id)) errors.push({ field: "opt", message: `“${shorten(id)}” is not an option of ${g.record.name}; it was left out.` });
    else chosen.add(id);
  }
  table.options = optionIds.filter((id) => chosen.has(id));
  // Seats: s per player in order; empty = not chosen.
  const seatRaw = q.getAll("s");
  const seatKeys = g.seats.choices.map((c) => c.key);
  // Before the player count is chosen, as many seats as the game allows players.
  const limit = table.players !== null ? table.players : Number.isInteger(g.players.max) ? g.players.max : PLAYER_CEILING;
  if (seatRaw.length > limit) {
    errors.push({ field: "s", message: `The link names ${seatRaw.length} seats for ${table.players === null ? `at most ${limit}` : limit} players; the rest were left out.` });
  }
  const taken = new Map();
  seatRaw.slice(0, limit).forEach((raw, i) => {
    if (raw === "") { table.seats.push(null); return; }
    if (!seatKeys.includes(raw)) {
      errors.push({ field: `s${i + 1}`, message: `Player ${i + 1}: “${shorten(raw)}” is not a ${g.seats.label.toLowerCase()} of ${g.record.name}; it was left unchosen.` });
      table.seats.push(null);
    } else if (taken.has(raw)) {
      errors.push({ field: `s${i + 1}`, message: `Player ${i + 1}: ${seatName(g, raw)} is already player ${taken.get(raw)}'s; it was left unchosen.` });
      table.seats.push(null);
    } else { taken.set(raw, i + 1); table.seats.push(raw); }
  });
  if (table.players !== null) while (table.seats.length < table.players) table.seats.push(null);
  while (table.seats.length && table.seats[table.seats.length - 1] === null && table.players === null) table.seats.pop();
  // The seat this phone is held by (a seat's QR code opens the table "as player N").
  const asRaw = q.get("as");
  if (asRaw !== null) {
    const max = table.players !== null ? table.players : Number.isInteger(g.players.max) ? g.players.max : PLAYER_CEILING;
    const r = readCount(asRaw, { label: "Shown as player", min: 1, max, empty: null, why: `this table has ${table.players !== null ? `${max} players` : `at most ${max} players`}` });
    if (r.error) errors.push({ field: "as", message: `${r.error} Every player's reminders are shown alike.` });
    else table.as = r.value;
  }
  // The log: old links' records in play (in=) and marker (at=) first, as the changes they were,
  // then each change (e=) in order.
  const candidates = [];
  const seen = new Set();
  for (const raw of q.getAll("in")) {
    const dot = raw.lastIndexOf(".");
    const id = dot < 0 ? raw : raw.slice(0, dot);
    const who = dot < 0 ? null : raw.slice(dot + 1);
    const rec = g.byId.get(id);
    if (!entersPlay(g, rec)) {
      errors.push({ field: "in", message: `“${shorten(raw)}” is not a record that can enter play in ${g.record.name}; it was left out.` });
      continue;
    }
    let player = null;
    if (who !== null) {
      // Before the player count is chosen, the most the game allows.
      const max = table.players !== null ? table.players : Number.isInteger(g.players.max) ? g.players.max : PLAYER_CEILING;
      const r = /^\d{1,3}$/.test(who) ? Number(who) : NaN;
      if (!(r >= 1 && r <= max)) {
        errors.push({ field: "in", message: `${rec.name}: “${shorten(who)}” is not a player of this table (1 to ${max}); it was kept with no player.` });
      } else player = r;
    }
    if (seen.has(id)) {
      errors.push({ field: "in", message: `${rec.name} is in the link twice; the first was kept.` });
      continue;
    }
    seen.add(id);
    candidates.push({ event: { type: "enter", id, player }, field: "in" });
  }
  const at = q.get("at");
  if (at !== null) {
    const p = parsePosition(g, at);
    if (p.error) errors.push({ field: "at", message: `${p.error} The marker starts at the beginning.` });
    else candidates.push({ event: { type: "marker", to: formatPosition(p) }, field: "at" });
  }
  // The keys a folded tick list is read over: the replay's own list (the seats' lines first), as written.
  const keys = setupKeysOf(g, table);
  // Each change gets its stamp: the phone of the last p (none yet: the unnamed phone's), its
  // counter counting on; and where it happened: the stamp's position, else the marker's place
  // in the link so far (stamps.js).
  let derived = formatPosition(first(g));
  const lastSeq = Object.create(null);
  let ctx = null;
  const stamp = (event) => {
    const ph = ctx ? ctx.ph : ANON;
    const seq = ctx ? ctx.seq : (lastSeq[ANON] || 0) + 1;
    const out = { ...event, ph, seq, clk: ctx ? ctx.clk : 0, pos: ctx && ctx.pos ? ctx.pos : derived };
    if (ctx) ctx.seq += 1;
    lastSeq[ph] = seq;
    if (event.type === "marker") { derived = event.to; if (ctx) ctx.pos = null; }
    return out;
  };
  for (const c of candidates) c.event = stamp(c.event);
  const marks = {};
  const ids = new Map();
  q.getAll("e").forEach((raw, i) => {
    const r = readEvent(g, raw, keys, rules.formerIds);
    if (r.error) errors.push({ field: "e", n: i + 1, message: `Change ${i + 1}: ${r.error}` });
    if (r.stamp) {
      const seq = r.stamp.seq === null ? (lastSeq[r.stamp.phone] || 0) + 1 : r.stamp.seq;
      if (seq > STAMP_CEILING) errors.push({ field: "e", n: i + 1, message: `Change ${i + 1}: phone ${r.stamp.phone}'s counter is past ${STAMP_CEILING}; its changes were read as the unnamed phone's.` });
      ctx = seq > STAMP_CEILING ? null : { ph: r.stamp.phone, clk: r.stamp.clock, seq, pos: r.stamp.pos };
      return;
    }
    if (r.seen) { marks[r.seen.phone] = Math.max(marks[r.seen.phone] || 0, r.seen.seq); return; }
    if (r.error) return;
    for (const event of r.events || [r.event]) {
      if (event.type === "fold") {
        const prev = candidates[candidates.length - 1];
        const through = prev ? prev.event : { clk: 0, ph: "", seq: 0 };
        candidates.push({ event: { ...event, clk: through.clk, ph: through.ph, seq: through.seq, sub: 1 }, field: "e", n: i + 1 });
        continue;
      }
      const ev = stamp(event);
      const id = `${ev.ph}.${ev.seq}`;
      if (ids.has(id)) {
        const same = contentOf(ids.get(id)) === contentOf(ev);
        errors.push({ field: "e", n: i + 1, message: `Change ${i + 1}: phone ${ev.ph === ANON ? "(unnamed)" : ev.ph}'s change ${ev.seq} is in the link twice${same ? "" : " with two different contents (two phones may share one name)"}; the second was left out.` });
        continue;
      }
      ids.set(id, ev);
      candidates.push({ event: ev, field: "e", n: i + 1 });
    }
  });
  table.seen = marks;
  // The log's order (stamps.js): a link written by the page is in it already.
  const ordered = candidates.map((c, i) => ({ c, i })).sort((a, b) => compareEvents(a.c.event, b.c.event) || a.i - b.i).map((x) => x.c);
  const { table: read, refused } = canonicalTable(g, table, ordered.map((c) => c.event), (t) => tableToQuery(rules, t));
  for (const x of refused) {
    const c = ordered[x.index];
    errors.push({ field: c.field, n: c.n, message: c.field === "e" ? `Change ${c.n}: ${x.message} It was left out.` : `${x.message} It was left out.` });
  }
  return { table: read, errors: finish(q, inLinkOrder(errors), known) };
}

/** The messages of the changes in the link's order (Change 1, 2, 3), whichever reading found them; the rest stay where they are. */
function inLinkOrder(errors) {
  const changes = errors.filter((x) => Number.isInteger(x.n)).sort((a, b) => a.n - b.n);
  let k = 0;
  return errors.map((x) => (Number.isInteger(x.n) ? changes[k++] : x)).map(({ n, ...x }) => x);
}

function seatName(g, key) {
  const c = g.seats.choices.find((x) => x.key === key);
  return c ? c.name : key;
}

function finish(q, errors, known) {
  // A key the page does not read is named once as such, not again as repeated.
  const repeatable = [...REPEATABLE, ...[...new Set(q.keys())].filter((k) => !known.has(k))];
  return capPerField([...errors, ...unknownKeyNotes(q, known, "page"), ...repeatedKeyNotes(q, { repeatable })]);
}

/**
 * The canonical query string of a table (without "?"): the settings, then one e= per change
 * of its log, then the seat it is shown as; tableFromQuery(tableToQuery(t)) is t. A table written by
 * hand without a log (an older page's form) is read as its records in play, then its marker.
 */
export function tableToQuery(rules, table) {
  const q = new URLSearchParams();
  const g = table && gameRules(rules, table.game);
  if (!g) return "";
  q.set("g", table.game);
  if (Number.isInteger(table.players)) q.set("n", String(table.players));
  for (const o of g.options) if ((table.options || []).includes(o.id)) q.append("opt", o.id);
  const seats = (table.seats || []).slice();
  while (seats.length && seats[seats.length - 1] === null) seats.pop();
  for (const s of seats) q.append("s", s === null ? "" : s);
  for (const e of writtenLog(g, table)) q.append("e", e);
  if (Number.isInteger(table.as)) q.set("as", String(table.as));   // last, as a seat's QR code adds it
  return q.toString();
}

/**
 * The table after one change: {table, error} (log.js applyChange, with this module's link so
 * that a change that would make the link too long folds the oldest changes).
 */
export function applyChange(rules, table, change, { phone = null } = {}) {
  return applyLogChange(rules, table, change, (t) => tableToQuery(rules, t), { phone });
}

/**
 * The kept table with another of the same table merged in (merge.js mergeTables, with this
 * module's link so that a merge that makes the link too long folds the oldest changes).
 */
export function mergeTables(rules, kept, incoming, { seat = null } = {}) {
  return mergeLogTables(rules, kept, incoming, { seat, write: (t) => tableToQuery(rules, t) });
}

/** The table as it was before a merge, as this phone's change (merge.js undoMerge). */
export function undoMerge(rules, merged, before, added, { phone = null } = {}) {
  return undoLogMerge(rules, merged, before, added, { phone, write: (t) => tableToQuery(rules, t) });
}

/** A conflict settled on one side (merge.js settle). */
export function settle(rules, table, conflict, keep, { phone = null } = {}) {
  return settleLog(rules, table, conflict, keep, { phone, write: (t) => tableToQuery(rules, t) });
}
