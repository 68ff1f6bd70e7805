// The engine API as the page uses it: the engine's own functions (content/assets/play/engine/,
// its manual content/assets/play/README.md), its refusals always as {field, message} (showErrors
// puts them beside their field), and the questions the page asks of the engine's state: this
// phone's last change (Undo's label), the seat a record belongs to (the purchase buttons) and
// the conflicts in words. It holds no game rule of its own. Pure: no DOM.
import * as engine from "../engine/index.js";

/** {field, message} from an engine's refusal (a bare message has no field), or null. */
function asError(e) {
  if (!e) return null;
  return typeof e === "string" ? { field: "", message: e } : { field: e.field || "", message: e.message || String(e) };
}

/** applyChange(rules, table, change, {phone}) -> {table, error: null | {field, message}}: made on this phone. */
export function applyChange(rules, table, change, opts) {
  const r = engine.applyChange(rules, table, change, opts);
  return { table: r.table, error: asError(r.error) };
}

/** Why this phone's last change cannot be undone ({field, message}), or null. */
export function undoBlocked(rules, table, opts) {
  return asError(engine.undoBlocked(rules, table, opts));
}

/** This phone's last change in the log ({type, id, player, ...}), or null. */
export function lastChange(rules, table, { phone = null } = {}) {
  const events = engine.stateOf(rules, table).events || [];
  const mine = events.filter((e) => e.type !== "fold" && e.ph === (phone || engine.ANON));
  return mine.length ? mine[mine.length - 1] : null;
}

/** The state's conflicts and a marker to settle, each with its two sides in words (merge.js conflictSides). */
export function conflictsWithSides(rules, table, marker, phone) {
  const st = engine.stateOf(rules, table);
  const list = [...st.conflicts, ...(marker ? [{ ...marker, kind: "marker", key: `marker:${marker.a.to}~${marker.b.to}` }] : [])];
  return list.map((c) => {
    const sides = engine.conflictSides(rules, table, c);
    for (const k of ["a", "b"]) if (sides[k]) sides[k] = { ...sides[k], mine: sides[k].phone === phone };
    const log = table.log || [];
    return { ...c, sides, ev: c.kind === "marker" ? null : { a: log[c.a] || null, b: log[c.b] || null } };
  });
}

/** The seat key that alone may hold rec (play_along.seats.owns: a civilization's own hero), or null. */
export function ownerSeat(g, rec) {
  return g && rec && g.state ? g.state.ownerOf(rec.id) : null;
}

export { tableToQuery, tableFromQuery, firstPosition, gameRules, nextPosition, previousPosition, turnPosition, momentAt, setupFor,
  inPlayIds, rulesFromRecords, emptyTable, undo, stateOf, historyOf, mergeTables, undoMerge, settle, sameTable, tableKey, eventId,
  toolsAt, toolLink } from "../engine/index.js";
