// A table handed to the engine's API may hold anything: a table of the wrong shape is read as the
// nearest table of the right one, never a throw. Pure: no DOM.
// - seats: a list of seat keys (text) or null; anything else is no seat;
// - options: a list of option ids (text); anything else is no option;
// - players and as: a whole number, else null; seen: an object, else none.
// A table already of the right shape is returned as it is (the engine's caches key on it).

const isText = (x) => typeof x === "string";
const isCount = (x) => x === null || x === undefined || Number.isInteger(x);

/** Whether `table` has the shape the engine reads. */
function wellFormed(t) {
  return (t.seats === undefined || (Array.isArray(t.seats) && t.seats.every((s) => s === null || isText(s))))
    && (t.options === undefined || (Array.isArray(t.options) && t.options.every(isText)))
    && isCount(t.players) && isCount(t.as)
    && (t.seen === undefined || t.seen === null || (typeof t.seen === "object" && !Array.isArray(t.seen)));
}

/** The table, or the nearest table of the engine's shape. */
export function wellShaped(table) {
  if (!table || typeof table !== "object" || wellFormed(table)) return table;
  return {
    ...table,
    seats: Array.isArray(table.seats) ? table.seats.map((s) => (isText(s) ? s : null)) : [],
    options: Array.isArray(table.options) ? table.options.filter(isText) : [],
    players: Number.isInteger(table.players) ? table.players : null,
    as: Number.isInteger(table.as) ? table.as : null,
    seen: table.seen && typeof table.seen === "object" && !Array.isArray(table.seen) ? table.seen : {},
  };
}

/** f(rules, table, ...rest) that reads `table` well shaped; `tables` how many of the first arguments after rules are tables. */
export function shaped(f, tables = 1) {
  return (rules, ...args) => f(rules, ...args.map((a, i) => (i < tables ? wellShaped(a) : a)));
}
