// The table is a log: its settings (game, players, options, seats) and then each change, each
// stamped with the phone that made it (stamps.js), in the one order every phone computes
// (events.js spells them; state.js replays them). This module keeps the log canonical and
// bounded, and gives the state, a change, and undo. Pure: no DOM.
//
// - A phone's consecutive marker moves made one after another (one batch) collapse into one, and
//   a run that comes back to where it started is no change at all; so undo of a marker move
//   returns to the position before the run. The decision reads that batch alone, so every phone
//   makes it alike.
// - A change the rules refuse is not added: applyChange says why. A change of another phone's
//   that meets this log (a record that phone entered while another held it) is kept and set
//   aside: it does nothing, and the state names the conflict (state.js conflictsOf).
// - The link stays within LINK_BUDGET characters: when a change would make it longer, the oldest
//   changes that no longer shape the state are taken out (a fold): what is in play and who
//   holds it, what left play, the setup ticks, the marks still counting, the marker and the
//   conflicts stay, each change with its own stamp. A fold mark says how many changes the part
//   before it stands for; undo stops there.
// - What is taken out stays known (the table's `seen`), so no merge brings it back (merge.js).
// A table is {game, players, options, seats, as, log, inPlay, at, seen}: `log` is the truth;
// `inPlay` (the records that entered by a change and are still in play) and `at` (the marker,
// null before it first moves) are derived from it, kept for readers that want them at hand.
import { gameRules } from "./records.js";
import { startReplay, stepReplay, finishReplay, periodKey } from "./state.js";
import { formatPosition, parsePosition, first } from "./sequence.js";
import { writeEvent, writeTickRun, writeStamp, writeSeen, FOLD_COUNT_MAX } from "./events.js";
import { ANON, PHONE, STAMP_CEILING, renumberAnon, seenAfterDrop, neededSeen, stampFor } from "./stamps.js";

/** The most characters a table's query holds (share.js draws a QR code of at most 2,331 bytes: the
 * site's address, up to 500 characters, leaves this much for the table). */
export const LINK_BUDGET = 1800;
/** A fold leaves the link this long or shorter, so the next changes do not fold again at once. */
export const FOLD_TARGET = 1400;

const sameBatch = (a, b) => Boolean(a && b && a.ph === b.ph && a.clk === b.clk);

/**
 * Replay `events` (in the log's order) on the table's settings, keeping the log canonical: {r,
 * kept, refused}, where `kept` is the canonical log, `refused` [{index, message}] the events
 * refused (by their index in `events`), and r the replay (state.js) after the kept events.
 * `strict`: the index of a new change, refused whatever stands in its way. A change of the unnamed
 * phone (an older link) that the rules refuse is refused; a named phone's is set aside (kept, no
 * effect) when another phone's change stands in its way, so that what two phones recorded is
 * never dropped by a merge.
 */
export function replayEvents(g, table, events, { strict = -1 } = {}) {
  const r = startReplay(g, table);
  const refused = [];
  const runs = markerRuns(g, events);
  events.forEach((event, i) => {
    if (event.type === "marker") {
      const run = runs.get(i);
      if (run === undefined) return;   // an earlier move of a run the last one stands for
      r.dropped.push(...run.dropped);
      if (run.none) return;   // a run back where it started: no change
      const ev = { ...event, pos: run.from };
      const why = stepReplay(r, ev, r.kept.length);
      if (why) refused.push({ index: i, message: why });
      else r.kept.push(ev);
      return;
    }
    if (event.type === "fold") {
      if (r.kept.length && r.kept[r.kept.length - 1].type === "fold") return;
      stepReplay(r, event, r.kept.length);
      r.kept.push(event);
      return;
    }
    const ev = typeof event.pos === "string" ? event : { ...event, pos: formatPosition(r.marker) };
    const why = stepReplay(r, ev, r.kept.length);
    if (!why) { r.kept.push(ev); return; }
    const { blocker, same } = r.refusal;
    const other = blocker === null || blocker === undefined ? null : r.kept[blocker];
    if (i !== strict && ev.ph !== ANON && (!other || other.ph !== ev.ph)) {
      r.setAside.add(r.kept.length);
      r.setAgainst.push({ index: r.kept.length, blocker: other ? blocker : null, same, message: why });
      r.kept.push(ev);
      return;
    }
    refused.push({ index: i, message: why });
  });
  return { r, kept: r.kept, refused };
}

/**
 * The runs of one batch's consecutive marker moves (one phone's moves made one after another),
 * read before the replay: Map(index of a run's last move -> {from, dropped, none}); `dropped` the
 * run's earlier moves, `none` a run that ends where it started (no change: all of it dropped); a
 * move absent from the map is an earlier move of a run. `from` is where its phone's marker was
 * (the unnamed phone's: the marker's place).
 */
function markerRuns(g, events) {
  const out = new Map();
  let marker = formatPosition(first(g));
  for (let i = 0; i < events.length; i += 1) {
    const e = events[i];
    if (e.type !== "marker") continue;
    let j = i;
    while (j + 1 < events.length && events[j + 1].type === "marker" && sameBatch(events[j + 1], e)) j += 1;
    const from = typeof e.pos === "string" && e.ph !== ANON ? e.pos : marker;
    const last = events[j];
    const none = last.to === from && (last.ph !== ANON || last.to === marker);
    out.set(j, { from, dropped: events.slice(i, none ? j + 1 : j), none });
    if (!none) marker = last.to;
    i = j;
  }
  return out;
}

const cache = new WeakMap();

/** Whether an event's stamp is one a phone writes (stamps.js); a change without one is the unnamed phone's. */
const goodStamp = (e) => typeof e.ph === "string" && (e.ph === ANON || PHONE.test(e.ph))
  && Number.isInteger(e.seq) && e.seq >= 1 && e.seq <= STAMP_CEILING && Number.isInteger(e.clk) && e.clk >= 0 && e.clk <= STAMP_CEILING;

/**
 * The changes of a table as the engine may read them: a table handed to the API may hold anything,
 * so a change that has not the shape of one (shapeError) is left out, and one without a good stamp
 * (written by hand, by tests or older pages) is stamped as the unnamed phone's.
 */
function stamped(g, log) {
  let n = 0;
  const out = [];
  for (const e of log) {
    if (!e || typeof e !== "object") continue;
    if (e.type === "fold") {
      if (e.count === null || e.count === undefined || (Number.isInteger(e.count) && e.count >= 0)) out.push(goodStamp(e) ? e : { type: "fold", count: e.count ?? null, ph: "", seq: 0, clk: 0, sub: 1 });
      continue;
    }
    const ticks = e.type === "ticks" && Array.isArray(e.keys) && e.keys.every((k) => typeof k === "string");
    if (!ticks && shapeError(g, e)) continue;
    // Where it happened: a position of the game, else the marker's place when replayed.
    const where = e.pos === undefined || (typeof e.pos === "string" && !parsePosition(g, e.pos).error) ? e : (({ pos, ...rest }) => rest)(e);   // eslint-disable-line no-unused-vars
    if (goodStamp(where)) { out.push(where); continue; }
    n += 1;
    const { ph, seq, clk, pos, ...change } = where;   // eslint-disable-line no-unused-vars
    out.push({ ...change, ph: ANON, seq: n, clk: 0 });
  }
  return out;
}

/**
 * The table's log: its `log`; a table whose log is empty or missing (written by hand, as older
 * pages and tests do) is read as its inPlay entering in order, then its at.
 */
export function logOf(table, g) {
  const seen = table.seen && typeof table.seen === "object" ? table.seen : {};
  const at = typeof table.at === "string" && !parsePosition(g, table.at).error ? table.at : null;
  if (Array.isArray(table.log) && table.log.length) {
    const log = stamped(g, table.log);
    // A page that set `at` by hand moved the marker.
    if (at !== null && at !== derivedAt(log)) log.push({ type: "marker", to: at, ...stampFor(log, seen, null) });
    return log;
  }
  const log = stamped(g, (Array.isArray(table.inPlay) ? table.inPlay : []).filter((e) => e && typeof e.id === "string")
    .map((e) => ({ type: "enter", id: e.id, player: Number.isInteger(e.player) ? e.player : null })));
  if (at !== null) log.push({ type: "marker", to: at, ...stampFor(log, seen, null) });
  return log;
}

function derivedAt(log) {
  for (let i = log.length - 1; i >= 0; i -= 1) if (log[i].type === "marker") return log[i].to;
  return null;
}

/** The replay of a table (cached per table object: a table is never changed in place). */
function replayOf(g, table) {
  let hit = cache.get(table);
  if (!hit) {
    hit = replayEvents(g, table, logOf(table, g));
    cache.set(table, hit);
  }
  return hit;
}

/**
 * The state of the table: {at, inPlay: [{id, player, since, by, leaves}], ticks: [setup keys],
 * used: [{id, player, count, times, per, since, clears}], left: [{id, player, since, until, by,
 * note, index}], events: [{...event, pos, index}], setupKeys, folded, conflicts, setAside}; null without a game.
 */
export function stateOf(rules, table) {
  const g = table && gameRules(rules, table.game);
  if (!g) return null;
  const hit = replayOf(g, table);
  if (!hit.state) hit.state = finishReplay(hit.r);
  return hit.state;
}

/** The settings of a table, with this log, its derived fields filled in. */
function withLog(g, table, log, r, seen) {
  const inPlay = [...r.held.values()].filter((e) => e.by === "entered").map((e) => ({ id: e.id, player: e.player }));
  const t = { game: table.game, players: table.players, options: (table.options || []).slice(), seats: (table.seats || []).slice(),
    as: Number.isInteger(table.as) ? table.as : null, log, inPlay, at: derivedAt(log), seen: neededSeen(log, seen) };
  cache.set(t, { r, kept: log, refused: [] });
  return t;
}

/**
 * The table of these events (in the log's order): replayed (a refused change dropped, another
 * phone's set aside), what was taken out kept known, the unnamed phone's changes numbered, and
 * folded to fit the link. {table, refused}.
 */
export function canonicalTable(g, table, events, write, { strict = -1 } = {}) {
  const { r, kept, refused } = replayEvents(g, table, events, { strict });
  const taken = [...r.dropped, ...refused.map((x) => events[x.index])].filter((e) => e.ph !== ANON);
  const log = renumberAnon(kept);
  r.kept = log;   // the same changes in the same places: only the unnamed phone's numbers may differ
  let t = withLog(g, table, log, r, seenAfterDrop(log, table.seen, taken));
  if (write(t).length > LINK_BUDGET) t = fold(g, t, write);
  return { table: t, refused };
}

/**
 * How many changes the first k events of a log stand for: those after its last fold, plus the
 * count that fold carried (an older link's fold, which did not say, counts none).
 */
function changesIn(log, k) {
  let f = -1;
  for (let i = 0; i < k; i += 1) if (log[i].type === "fold") f = i;
  const before = f >= 0 && Number.isInteger(log[f].count) ? log[f].count : 0;
  return Math.min(FOLD_COUNT_MAX, before + (k - (f + 1)));
}

/**
 * The log with the first k changes folded: of those, kept are what the state after them needs
 * (the records in play, each with the marker move that put the marker where it entered; the
 * setup ticks; the marks still counting; the conflicts; and, with `keepLeft`, each record that
 * left play and is not back, its entering and its leaving; a seat's own record's leaving always,
 * or setup would bring it back), the last marker move; the rest is taken out, and a fold mark
 * follows, saying how many changes the part before it stands for. Every kept change keeps its
 * stamp, so another phone's copy of it is the same change.
 */
function folded(g, table, log, k, keepLeft) {
  const { r } = replayEvents(g, table, log.slice(0, k));
  const st = finishReplay(r);
  const keep = new Set();
  for (const e of r.held.values()) if (e.index !== null) keep.add(e.index);
  const lastLeft = new Map();
  for (const l of r.left) if (!r.held.has(l.id)) lastLeft.set(l.id, l);
  for (const l of lastLeft.values()) {
    if (l.entry !== null && !keepLeft) continue;
    if (l.entry !== null) keep.add(l.entry);
    keep.add(l.index);   // the leave, or the marker move that reached its leaving point
  }
  for (const u of r.uses) if (r.held.has(u.id) && u.key === periodKey(g, r.marker, u.per, r.held.get(u.id))) keep.add(u.index);
  for (const [key, i] of r.tickedBy) if (r.ticks.has(key)) keep.add(i);
  for (const v of r.verdicts.values()) if (v.verdict !== "open") keep.add(v.index);
  for (const c of st.conflicts) { keep.add(c.a); keep.add(c.b); }
  for (let i = r.kept.length - 1; i >= 0; i -= 1) if (r.kept[i].type === "marker") { keep.add(i); break; }
  // The marker move that put the marker where each kept change happened, when it is the move just before it.
  let lastMove = -1;
  const moves = new Set();
  r.kept.forEach((e, i) => {
    if (e.type === "marker") { lastMove = i; return; }
    if (keep.has(i) && lastMove >= 0 && r.kept[lastMove].to === e.pos) moves.add(lastMove);
  });
  for (const i of moves) keep.add(i);
  const kept = r.kept.filter((e, i) => keep.has(i) && e.type !== "fold");
  const through = r.kept[r.kept.length - 1] || { clk: 0, ph: "", seq: 0 };
  const mark = { type: "fold", count: changesIn(log, k), clk: through.clk, ph: through.ph, seq: through.seq, sub: 1 };
  const dropped = r.kept.filter((e, i) => !keep.has(i) && e.type !== "fold");
  return { head: [...kept, mark], dropped };
}

/**
 * The table with its oldest changes folded, so that its link fits FOLD_TARGET: the fewest changes
 * folded that fit, keeping what left play if that fits too (else only what the state cannot do
 * without).
 */
function fold(g, table, write) {
  const log = table.log;
  const search = (keepLeft) => {
    const attempt = (k) => {
      const { head, dropped } = folded(g, table, log, k, keepLeft);
      const { r, kept } = replayEvents(g, table, [...head, ...log.slice(k)]);
      r.kept = renumberAnon(kept);
      return withLog(g, table, r.kept, r, seenAfterDrop(r.kept, table.seen, [...dropped, ...r.dropped].filter((e) => e.ph !== ANON)));
    };
    // The length falls as more are folded.
    let lo = 1;
    let hi = log.length;
    let best = attempt(hi);
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const t = attempt(mid);
      if (write(t).length <= FOLD_TARGET) { best = t; hi = mid; } else lo = mid + 1;
    }
    return best;
  };
  const best = search(true);
  return write(best).length <= FOLD_TARGET ? best : search(false);
}

/** Whether a change has the shape of an event (the replay checks the rest). */
function shapeError(g, change) {
  if (!change || typeof change !== "object") return "A change must be an object.";
  if (change.type === "move") return shapeError(g, { ...change, type: "marker" });
  const isId = (x) => typeof x === "string" && g.byId.has(x);
  const who = (x) => x === null || x === undefined || Number.isInteger(x);
  switch (change.type) {
    case "enter":
    case "use":
      if (!isId(change.id)) return `“${String(change.id).slice(0, 40)}” is not a record of ${g.record.name}.`;
      if (!who(change.player)) return "The player is not a player number.";
      return null;
    case "leave":
      return isId(change.id) ? null : `“${String(change.id).slice(0, 40)}” is not a record of ${g.record.name}.`;
    case "tick":
    case "untick":
      return typeof change.key === "string" ? null : "A setup tick names the step's key.";
    case "marker": {
      const p = parsePosition(g, change.to);
      return p.error || null;
    }
    case "objective":
      if (!isId(change.id)) return `“${String(change.id).slice(0, 40)}” is not a record of ${g.record.name}.`;
      if (!Number.isInteger(change.n) || change.n < 1 || change.n > 99) return "An objective is named by its number, from 1.";
      return ["met", "missed", "open"].includes(change.verdict) ? null : "An objective is judged met, missed or open.";
    default:
      return `“${String(change.type).slice(0, 20)}” is not a change: one of enter, leave, tick, untick, use, marker, objective.`;
  }
}

function normalChange(g, change) {
  switch (change.type) {
    case "enter":
    case "use": return { type: change.type, id: change.id, player: Number.isInteger(change.player) ? change.player : null };
    case "leave": return { type: "leave", id: change.id };
    case "tick":
    case "untick": return { type: change.type, key: change.key };
    case "marker":
    case "move": return { type: "marker", to: formatPosition(parsePosition(g, change.to)) };
    case "objective": return { type: "objective", id: change.id, n: change.n, verdict: change.verdict };
    default: return null;
  }
}

/**
 * The table after one change: {table, error}. A change is {type: "enter", id, player} |
 * {type: "leave", id} | {type: "tick"|"untick", key} | {type: "use", id, player} |
 * {type: "marker", to} ("move" is read as "marker") | {type: "objective", id, n, verdict: "met"|"missed"|"open"}. Refused (error {field: "e", message}, the
 * table unchanged) when the rules do not allow it at this point of the game. `phone`: the phone
 * making it (stamps.js; none: the unnamed phone), which stamps it; it happens at the marker.
 */
export function applyChange(rules, table, change, write, { phone = null } = {}) {
  const g = table && gameRules(rules, table.game);
  if (!g) return { table, error: { field: "g", message: "Choose a game before changing the table." } };
  const bad = shapeError(g, change);
  if (bad) return { table, error: { field: "e", message: bad } };
  const log = logOf(table, g);
  const at = stateOf(rules, table).at;
  const ev = { ...normalChange(g, change), ...stampFor(log, table.seen, phone), pos: at };
  const { table: t, refused } = canonicalTable(g, table, [...log, ev], write, { strict: log.length });
  const last = refused.find((x) => x.index === log.length);
  if (last) return { table, error: { field: "e", message: last.message } };
  return { table: t, error: null };
}

/** The index of the phone's last change in the log (the unnamed phone's without one), or -1. */
function lastOf(log, phone) {
  const ph = phone || ANON;
  for (let i = log.length - 1; i >= 0; i -= 1) if (log[i].type !== "fold" && log[i].ph === ph) return i;
  return -1;
}

/** Whether the phone has a change to undo: null, or {field: "e", message} saying why not. */
export function undoBlocked(rules, table, { phone = null } = {}) {
  const g = table && gameRules(rules, table.game);
  if (!g) return { field: "g", message: "There is no table to undo a change of." };
  const log = logOf(table, g);
  if (!log.length) return { field: "e", message: "Nothing to undo: the table is as it was set up." };
  const i = lastOf(log, phone);
  const fold = log.findIndex((e) => e.type === "fold");
  if (i < 0 && fold >= 0) return { field: "e", message: "Nothing more to undo: the earlier changes were folded into the table when its link grew long." };
  if (i < 0) return { field: "e", message: phone ? "Nothing to undo: this phone has made no change to this table." : "Nothing to undo: the table is as it was set up." };
  if (fold > i || log[log.length - 1].type === "fold") return { field: "e", message: "Nothing more to undo: the earlier changes were folded into the table when its link grew long." };
  return null;
}

/**
 * The table with the phone's last change taken out (for the unnamed phone, exactly the table
 * before it); the same table when there is none. A named phone's change stays known (`seen`), so
 * a phone that already had it drops it too when the tables merge: undo is a change like any other.
 */
export function undo(rules, table, { phone = null } = {}) {
  if (undoBlocked(rules, table, { phone })) return table;
  const g = gameRules(rules, table.game);
  const log = logOf(table, g);
  const i = lastOf(log, phone);
  return dropChanges(g, table, [i]).table;
}

/**
 * The table with the changes at these indexes of its log taken out, each staying known so that no
 * merge brings it back: {table, dropped}. How a phone undoes, sets a side of a conflict aside, or
 * undoes a merge (merge.js).
 */
export function dropChanges(g, table, indexes) {
  const log = logOf(table, g);
  const out = new Set(indexes);
  const dropped = log.filter((_, i) => out.has(i));
  const rest = log.filter((_, i) => !out.has(i));
  const { r, kept } = replayEvents(g, { ...table, log: [] }, rest);
  r.kept = renumberAnon(kept);
  const seen = seenAfterDrop(r.kept, table.seen, [...dropped, ...r.dropped].filter((e) => e.ph !== ANON && e.type !== "fold"));
  return { table: withLog(g, table, r.kept, r, seen), dropped };
}

/**
 * The written events of a log (events.js), with the setup keys a folded tick list is read over;
 * ticks of consecutive setup keys, one after another in the setup's order, are written as one run.
 * A phone's stamp is written where its run starts (stamps.js): the unnamed phone's first changes
 * need none; the marks of changes taken out come first.
 */
export function writtenLog(g, table) {
  const st = replayOf(g, table);
  const keys = st.r.setupKeys;
  const place = new Map(keys.map((k, i) => [k, i]));
  const out = Object.entries(table.seen || {}).sort(([a], [b]) => (a < b ? -1 : 1)).map(([ph, n]) => writeSeen(ph, n));
  const log = st.kept;
  let derived = formatPosition(first(g));
  const lastSeq = Object.create(null);
  // The run being written: its phone and clock, and the position its stamp gave (null: the
  // marker's place), which holds for its changes until a marker move (table.js reads it so).
  let run = { ph: ANON, clk: 0, pos: null };
  for (let i = 0; i < log.length; i += 1) {
    const e = log[i];
    if (e.type === "fold") { out.push(writeEvent(g, e, keys)); continue; }
    const implied = (lastSeq[e.ph] || 0) + 1;
    const samePos = e.pos === (run.pos ?? derived);
    if (!(run.ph === e.ph && run.clk === e.clk && e.seq === implied) || !samePos) {
      const pos = e.pos === derived ? null : e.pos;
      out.push(writeStamp(g, { phone: e.ph, clock: e.clk, seq: e.seq === implied ? null : e.seq, pos }));
      run = { ph: e.ph, clk: e.clk, pos };
    }
    const a = e.type === "tick" ? place.get(e.key) : undefined;
    let j = i;
    const next = (x, y) => x.type === "tick" && sameBatch(x, y) && x.seq === y.seq + 1 && x.pos === e.pos;
    while (a !== undefined && j + 1 < log.length && next(log[j + 1], log[j]) && place.get(log[j + 1].key) === a + (j + 1 - i)) j += 1;
    if (j > i) { out.push(writeTickRun(keys, a, a + (j - i))); i = j; } else out.push(writeEvent(g, e, keys));
    lastSeq[e.ph] = log[i].seq;
    if (e.type === "marker") { derived = e.to; run.pos = null; }
  }
  return out;
}
