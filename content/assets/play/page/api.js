// The engine API as the page uses it: the engine's own functions (content/assets/play/engine/,
// its manual content/assets/play/README.md), its refusals always as {field, message} (showErrors
// puts them beside their field), and two questions the page asks of the engine's state: the log's
// last change (Undo's label) and the seat a record belongs to (the purchase buttons). It holds no
// game rule of its own. Pure: no DOM.
import * as engine from "../engine/index.js";

/** {field, message} from an engine's refusal (a bare message has no field), or null. */
function asError(e) {
  if (!e) return null;
  return typeof e === "string" ? { field: "", message: e } : { field: e.field || "", message: e.message || String(e) };
}

/** applyChange(rules, table, change) -> {table, error: null | {field, message}}. */
export function applyChange(rules, table, change) {
  const r = engine.applyChange(rules, table, change);
  return { table: r.table, error: asError(r.error) };
}

/** Why the last change cannot be undone ({field, message}), or null. */
export function undoBlocked(rules, table) {
  return asError(engine.undoBlocked(rules, table));
}

/** The log's last change ({type, id, player, ...}), or null. */
export function lastChange(rules, table) {
  const events = engine.stateOf(rules, table).events || [];
  return events.length ? events[events.length - 1] : null;
}

/** The seat key that alone may hold rec (play_along.seats.owns: a civilization's own hero), or null. */
export function ownerSeat(g, rec) {
  return g && rec && g.state ? g.state.ownerOf(rec.id) : null;
}

export { tableToQuery, tableFromQuery, firstPosition, gameRules, nextPosition, previousPosition, turnPosition, momentAt, setupFor,
  inPlayIds, rulesFromRecords, emptyTable, undo, stateOf, historyOf } from "../engine/index.js";
