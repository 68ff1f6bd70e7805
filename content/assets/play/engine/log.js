// The table is a log: its settings (game, players, options, seats) and then each change in
// order (events.js spells them; state.js replays them). This module keeps the log canonical and
// bounded, and gives the state, a change, and undo. Pure: no DOM.
//
// - Consecutive marker moves collapse into one (a run of Next taps is one change), and a run
//   that comes back to where it started is no change at all; so undo of a marker move returns
//   to the position before the run.
// - A change the rules refuse is not added: applyChange says why.
// - The link stays within LINK_BUDGET characters: when a change would make it longer, the
//   oldest changes are folded into the state they led to (the records in play with the position
//   each entered at, what left play, the setup ticks as one bitmap, the marks still counting, the
//   marker), and a fold event says how many changes that stands for: the history before it is
//   the state, not what happened; undo stops there.
// A table is {game, players, options, seats, as, log, inPlay, at}: `log` is the truth;
// `inPlay` (the records that entered by a change and are still in play) and `at` (the marker,
// null before it first moves) are derived from it, kept for readers that want them at hand.
import { gameRules } from "./records.js";
import { startReplay, stepReplay, finishReplay, periodKey } from "./state.js";
import { formatPosition, parsePosition } from "./sequence.js";
import { writeEvent, writeTickRun } from "./events.js";

/** The most characters a table's query holds (share.js draws a QR code of at most 2,331 bytes: the
 * site's address, up to 500 characters, leaves this much for the table). */
export const LINK_BUDGET = 1800;
/** A fold leaves the link this long or shorter, so the next changes do not fold again at once. */
export const FOLD_TARGET = 1400;

function cloneReplay(r) {
  return {
    ...r, held: new Map([...r.held].map(([k, v]) => [k, { ...v }])), left: r.left.slice(), ticks: new Set(r.ticks),
    uses: r.uses.slice(), events: r.events.slice(), leaveAt: new Map(r.leaveAt), kept: r.kept.slice(),
  };
}

/**
 * Replay `events` on the table's settings, keeping the log canonical: {r, kept, refused}, where
 * `kept` is the canonical log, `refused` [{index, message}] the events refused (by their index in
 * `events`), and r the replay (state.js) after the kept events.
 */
export function replayEvents(g, table, events) {
  let r = startReplay(g, table);
  r.kept = [];
  let checkpoint = null;   // the replay before the current run of marker moves
  const refused = [];
  events.forEach((event, i) => {
    if (event.type === "marker") {
      const last = r.kept[r.kept.length - 1];
      if (last && last.type === "marker" && checkpoint) {
        r = cloneReplay(checkpoint);   // the run collapses: replay from before it
      } else checkpoint = cloneReplay(r);
      if (event.to === formatPosition(r.marker)) return;   // back where the run started: no change
      const why = stepReplay(r, event, r.kept.length);
      if (why) refused.push({ index: i, message: why });
      else r.kept.push(event);
      return;
    }
    if (event.type === "fold" && r.kept.length && r.kept[r.kept.length - 1].type === "fold") return;
    const why = stepReplay(r, event, r.kept.length);
    if (why) refused.push({ index: i, message: why });
    else r.kept.push(event);
  });
  return { r, kept: r.kept, refused };
}

const cache = new WeakMap();

/**
 * The table's log: its `log`; a table whose log is empty or missing (written by hand, as older
 * pages and tests do) is read as its inPlay entering in order, then its at.
 */
export function logOf(table) {
  if (Array.isArray(table.log) && table.log.length) {
    const log = table.log.slice();
    // A page that set `at` by hand moved the marker.
    if (typeof table.at === "string" && table.at !== derivedAt(log)) log.push({ type: "marker", to: table.at });
    return log;
  }
  const log = (table.inPlay || []).filter((e) => e && typeof e.id === "string")
    .map((e) => ({ type: "enter", id: e.id, player: Number.isInteger(e.player) ? e.player : null }));
  if (typeof table.at === "string") log.push({ type: "marker", to: table.at });
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
    hit = replayEvents(g, table, logOf(table));
    cache.set(table, hit);
  }
  return hit;
}

/**
 * The state of the table: {at, inPlay: [{id, player, since, by, leaves}], ticks: [setup keys],
 * used: [{id, player, count, times, per, since, clears}], left: [{id, player, since, until, by,
 * note, index}], events: [{...event, pos, index}], setupKeys, folded}; null without a game.
 */
export function stateOf(rules, table) {
  const g = table && gameRules(rules, table.game);
  if (!g) return null;
  const hit = replayOf(g, table);
  if (!hit.state) hit.state = finishReplay(hit.r);
  return hit.state;
}

/** The settings of a table, with this log, its derived fields filled in. */
function withLog(g, table, log, r) {
  const inPlay = [...r.held.values()].filter((e) => e.by === "entered").map((e) => ({ id: e.id, player: e.player }));
  const t = { game: table.game, players: table.players, options: (table.options || []).slice(), seats: (table.seats || []).slice(),
    as: Number.isInteger(table.as) ? table.as : null, log, inPlay, at: derivedAt(log) };
  cache.set(t, { r, kept: log, refused: [] });
  return t;
}

/** A table made canonical: its log replayed (refused events dropped), folded to fit the link. */
export function canonicalTable(g, table, events, write) {
  let { r, kept, refused } = replayEvents(g, table, events);
  let t = withLog(g, table, kept, r);
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
  return before + (k - (f + 1));
}

/**
 * The events that rebuild the state after the first k events of the table's log, then a fold
 * saying how many changes they stand for. Kept, each at the position it happened at and in the
 * log's order: the records in play (their entering), the setup ticks (one list), the used marks
 * still counting, what left play for good and came from setup (its leaving: a change, or the
 * marker move that took it out by rule; without it, setup would bring it back), and, with
 * `keepLeft`, the last stay of every other record that left play and is not back (its entering
 * and its leaving), so the state's `left`, the history and a look back in time keep them. Each is
 * one per record, so the fold is bounded by the game's records, not by the game's length.
 */
function snapshot(g, table, log, k, keepLeft) {
  const { r } = replayEvents(g, table, log.slice(0, k));
  const state = finishReplay(r);
  const keepIndex = new Set();
  for (const e of r.held.values()) if (e.index !== null) keepIndex.add(e.index);
  const lastLeft = new Map();
  for (const l of r.left) if (!r.held.has(l.id)) lastLeft.set(l.id, l);
  for (const l of lastLeft.values()) {
    if (l.entry !== null && !keepLeft) continue;
    if (l.entry !== null) keepIndex.add(l.entry);
    keepIndex.add(l.index);   // the leave, or the marker move that reached its leaving point
  }
  const out = [];
  if (state.ticks.length) out.push({ type: "ticks", keys: state.ticks.slice() });
  const counting = new Set(r.uses.filter((u) => r.held.has(u.id) && u.key === periodKey(g, r.marker, u.per, r.held.get(u.id))).map((u) => u.index));
  let marker = formatPosition(startReplay(g, table).marker);
  for (const ev of r.events) {
    if (ev.type === "marker") {
      if (keepIndex.has(ev.index) && ev.to !== marker) { out.push({ type: "marker", to: ev.to }); marker = ev.to; }
      continue;
    }
    const keep = ((ev.type === "enter" || ev.type === "leave") && keepIndex.has(ev.index)) || (ev.type === "use" && counting.has(ev.index));
    if (!keep) continue;
    if (ev.pos !== marker) { out.push({ type: "marker", to: ev.pos }); marker = ev.pos; }
    out.push(ev.type === "leave" ? { type: "leave", id: ev.id } : { type: ev.type, id: ev.id, player: ev.player });
  }
  if (state.at !== marker) out.push({ type: "marker", to: state.at });
  out.push({ type: "fold", count: changesIn(log, k) });
  return out;
}

/**
 * The table with its oldest changes folded into their state, so that its link fits FOLD_TARGET:
 * the fewest changes folded that fit, keeping what left play if that fits too (else only what
 * the state cannot do without).
 */
function fold(g, table, write) {
  const log = table.log;
  const search = (keepLeft) => {
    const attempt = (k) => {
      const { r, kept } = replayEvents(g, table, [...snapshot(g, table, log, k, keepLeft), ...log.slice(k)]);
      return withLog(g, table, kept, r);
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
    default:
      return `“${String(change.type).slice(0, 20)}” is not a change: one of enter, leave, tick, untick, use, marker.`;
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
    default: return null;
  }
}

/**
 * The table after one change: {table, error}. A change is {type: "enter", id, player} |
 * {type: "leave", id} | {type: "tick"|"untick", key} | {type: "use", id, player} |
 * {type: "marker", to} ("move" is read as "marker"). Refused (error {field: "e", message}, the
 * table unchanged) when the rules do not allow it at this point of the game.
 */
export function applyChange(rules, table, change, write) {
  const g = table && gameRules(rules, table.game);
  if (!g) return { table, error: { field: "g", message: "Choose a game before changing the table." } };
  const bad = shapeError(g, change);
  if (bad) return { table, error: { field: "e", message: bad } };
  const log = logOf(table);
  const ev = normalChange(g, change);
  const { table: t, refused } = canonicalTable(g, table, [...log, ev], write);
  if (refused.length) {
    const last = refused.find((x) => x.index === log.length);
    if (last) return { table, error: { field: "e", message: last.message } };
  }
  return { table: t, error: null };
}

/** Whether the table has a change to undo: null, or {field: "e", message} saying why not. */
export function undoBlocked(rules, table) {
  const g = table && gameRules(rules, table.game);
  if (!g) return { field: "g", message: "There is no table to undo a change of." };
  const log = logOf(table);
  if (!log.length) return { field: "e", message: "Nothing to undo: the table is as it was set up." };
  if (log[log.length - 1].type === "fold") return { field: "e", message: "Nothing more to undo: the earlier changes were folded into the table when its link grew long." };
  return null;
}

/** The table with its last change removed (exactly the table before it); the same table when there is none. */
export function undo(rules, table) {
  if (undoBlocked(rules, table)) return table;
  const g = gameRules(rules, table.game);
  const log = logOf(table).slice(0, -1);
  const { r, kept } = replayEvents(g, table, log);
  return withLog(g, table, kept, r);
}

/**
 * The written events of a log (events.js), with the setup keys a folded tick list is read over;
 * ticks of consecutive setup keys, one after another in the setup's order, are written as one run.
 */
export function writtenLog(g, table) {
  const st = replayOf(g, table);
  const keys = st.r.setupKeys;
  const place = new Map(keys.map((k, i) => [k, i]));
  const out = [];
  const log = st.kept;
  for (let i = 0; i < log.length; i += 1) {
    const a = log[i].type === "tick" ? place.get(log[i].key) : undefined;
    let j = i;
    while (a !== undefined && j + 1 < log.length && log[j + 1].type === "tick" && place.get(log[j + 1].key) === a + (j + 1 - i)) j += 1;
    if (j > i) { out.push(writeTickRun(keys, a, a + (j - i))); i = j; } else out.push(writeEvent(g, log[i], keys));
  }
  return out;
}
