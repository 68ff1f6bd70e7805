// The engine API the page draws from (CONTRACT-31.md, "The table is a log"; the engine's manual,
// content/assets/play/README.md): the engine's own functions where it exports them, and a small
// stand-in for each one it does not export, so the page is written once against the contract.
// The stand-ins keep the log in memory on the table (`history`) and write the link in the old
// form (`in=`, `at=`). Errors come back as {field, message} from either. Pure: no DOM.
import * as engine from "../engine/index.js";

const { gameRules, tableToQuery, tableFromQuery, firstPosition, parsePosition } = engine;

function seatPlayerOf(table, key) {
  const i = (table.seats || []).indexOf(key);
  return i < 0 ? null : i + 1;
}

/** The field of the game record that ties a record to one seat (play_along.seats.owns), or null. */
export function ownsField(g) {
  if (!g) return null;
  if (g.seats && typeof g.seats.owns === "string") return g.seats.owns;
  const rec = g.records.find((r) => r.kind === "game");
  const owns = rec && rec.play_along && rec.play_along.seats && rec.play_along.seats.owns;
  return typeof owns === "string" ? owns : null;
}

/** The seat key a record may only be held by (a civilization's own hero), or null. */
export function ownerSeat(g, rec) {
  const field = ownsField(g);
  const v = field && rec ? rec[field] : null;
  return typeof v === "string" && g.seats.choices.some((c) => c.key === v) ? v : null;
}

function stateFallback(rules, table) {
  const since = new Map();
  for (const e of table.history || []) if (e.type === "enter") since.set(e.id, e.pos || null);
  return {
    at: table.at || firstPosition(rules, table),
    inPlay: (table.inPlay || []).map((e) => ({ ...e, since: since.get(e.id) || null })),
    ticks: (table.ticks || []).slice(),
    used: (table.used || []).slice(),
    left: (table.left || []).slice(),
  };
}

function describe(rules, g, table, c, pos) {
  const name = (id) => (g.byId.get(id) || { name: id }).name;
  const who = (p) => (Number.isInteger(p) ? `player ${p}` : "the table");
  const m = engine.momentAt(rules, table, pos);
  const where = m ? `${m.round ? `${m.round.text}, ` : ""}${m.step.name}` : "";
  const to = c.type === "marker" ? engine.momentAt(rules, table, c.to) : null;
  const what = c.type === "enter" ? `${who(c.player)} took ${name(c.id)}` : c.type === "leave" ? `${name(c.id)} left play`
    : c.type === "marker" ? `the marker moved to ${to ? `${to.round ? `${to.round.text}, ` : ""}${to.step.name}` : c.to}`
      : c.type === "use" ? `${name(c.id)} used` : c.type === "unuse" ? `${name(c.id)} no longer used`
        : c.type === "tick" ? "a setup step ticked" : "a setup step unticked";
  return `${where}: ${what}`;
}

function applyFallback(rules, table, change) {
  const g = gameRules(rules, table.game);
  if (!g) return { table, error: "Choose a game first." };
  const c = change || {};
  const log = table.history || [];
  const pos = table.at || firstPosition(rules, table);
  const lastEntry = log[log.length - 1];
  const done = (next) => {
    // Consecutive marker moves are one change: undo returns to where the run began.
    if (c.type === "marker" && lastEntry && lastEntry.type === "marker") {
      return { table: { ...next, history: [...log.slice(0, -1), { ...c, pos: lastEntry.pos, before: lastEntry.before, text: describe(rules, g, lastEntry.before, c, lastEntry.pos) }] }, error: null };
    }
    return { table: { ...next, history: [...log, { ...c, pos, before: table, text: describe(rules, g, table, c, pos) }] }, error: null };
  };
  const n = Number.isInteger(table.players) ? table.players : (table.seats || []).length;
  if (c.type === "marker") {
    const p = parsePosition(g, c.to);
    if (p.error) return { table, error: p.error };
    return done({ ...table, at: c.to });
  }
  if (c.type === "enter") {
    const rec = g.byId.get(c.id);
    if (!rec || !g.inPlayKinds.includes(rec.kind)) return { table, error: `${c.id} is not a record that can enter play in ${g.record.name}.` };
    if ((table.inPlay || []).some((e) => e.id === c.id)) return { table, error: `${rec.name} is already in play.` };
    if (c.player !== null && c.player !== undefined && !(Number.isInteger(c.player) && c.player >= 1 && c.player <= Math.max(n, 1))) {
      return { table, error: `Player ${c.player} is not at this table.` };
    }
    const owner = ownerSeat(g, rec);
    if (owner && c.player !== seatPlayerOf(table, owner)) {
      const seat = g.seats.choices.find((x) => x.key === owner);
      return { table, error: `Only ${seat ? seat.name : owner}'s player may hold ${rec.name}.` };
    }
    return done({ ...table, inPlay: [...(table.inPlay || []), { id: c.id, player: Number.isInteger(c.player) ? c.player : null }] });
  }
  if (c.type === "leave") {
    if (!(table.inPlay || []).some((e) => e.id === c.id)) return { table, error: `${(g.byId.get(c.id) || { name: c.id }).name} is not in play.` };
    return done({ ...table, inPlay: table.inPlay.filter((e) => e.id !== c.id) });
  }
  if (c.type === "use") return done({ ...table, used: [...(table.used || []), { id: c.id, player: c.player ?? null, pos }] });
  if (c.type === "unuse") return done({ ...table, used: (table.used || []).filter((u) => u.id !== c.id) });
  if (c.type === "tick") return done({ ...table, ticks: [...new Set([...(table.ticks || []), c.key])] });
  if (c.type === "untick") return done({ ...table, ticks: (table.ticks || []).filter((k) => k !== c.key) });
  return { table, error: `Unknown change ${JSON.stringify(c.type)}.` };
}

function undoFallback(rules, table) {
  const log = table.history || [];
  return log.length ? log[log.length - 1].before : table;
}

function historyFallback(rules, table) {
  return (table.history || []).map((e, index) => ({ text: e.text, pos: e.pos, index, type: e.type }));
}

/** The top-level phase a position's step lies in (the step itself when it is one). */
function phaseOf(g, pos) {
  const step = pos.slice(pos.lastIndexOf(".") + 1);
  const s = g.steps.find((x) => x.id === step);
  return s ? (s.path[1] || s.id) : null;
}

/** The next position in another phase of the turn (or the next round's start): unit "phase". */
function nextPhaseFallback(rules, table, pos) {
  const g = gameRules(rules, table.game);
  if (!g) return null;
  const here = phaseOf(g, pos);
  let p = engine.nextPosition(rules, table, pos);
  for (let i = 0; p && i < g.steps.length + 2; i += 1) {
    if (phaseOf(g, p) !== here) return p;
    p = engine.nextPosition(rules, table, p);
  }
  return p;
}

/** nextPosition with unit step | phase | turn | round. */
export function nextPosition(rules, table, pos, unit = "step") {
  if (!engine.UNITS && unit === "phase") return nextPhaseFallback(rules, table, pos);
  if (!engine.UNITS && unit === "turn") return engine.nextPosition(rules, table, pos, "round");
  return engine.nextPosition(rules, table, pos, unit);
}

/** The start of round (turn, age, year) n: {pos} or {error}. */
function turnFallback(rules, table, n) {
  const g = gameRules(rules, table.game);
  const start = firstPosition(rules, table);
  if (!g || !g.rounds || !start || !Number.isInteger(n)) return { error: "This game has no turns to go to." };
  const pos = `${n}${start.slice(start.indexOf("."))}`;
  const p = parsePosition(g, pos);
  return p.error ? { error: p.error } : { pos };
}

/** {field, message} from an engine's error (a message alone from the stand-ins). */
function asError(e) {
  if (!e) return null;
  return typeof e === "string" ? { field: "", message: e } : { field: e.field || "", message: e.message || String(e) };
}

const apply = engine.applyChange || applyFallback;
/** applyChange(rules, table, change) -> {table, error: null | {field, message}}. */
export function applyChange(rules, table, change) {
  const r = apply(rules, table, change);
  return { table: r.table, error: asError(r.error) };
}
export const undo = engine.undo || undoFallback;
export const stateOf = engine.stateOf || stateFallback;
export const historyOf = engine.historyOf || historyFallback;
export const turnPosition = engine.turnPosition || turnFallback;
/** The log's last change ({type, id, player, ...}), or null. */
export function lastChange(rules, table) {
  const events = engine.stateOf ? (engine.stateOf(rules, table).events || []) : (table.history || []);
  return events.length ? events[events.length - 1] : null;
}

/** Why the last change cannot be undone ({field, message}), or null. */
export function undoBlocked(rules, table) {
  return engine.undoBlocked ? asError(engine.undoBlocked(rules, table)) : null;
}
export { tableToQuery, tableFromQuery, firstPosition, gameRules, previousPosition, momentAt, setupFor, inPlayIds, rulesFromRecords,
  emptyTable } from "../engine/index.js";
