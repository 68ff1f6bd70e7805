// Reading what a player typed or what a URL says, for every tool that takes a count from a field
// or a link (the table helpers and play along). Pure: no DOM.
//
// Every value from a query string or a field is hostile until checked: a count is a whole
// number within its bounds or a readable message for that field, never NaN or a throw.
import { plainQuery } from "./plain-text.js";

// The most one field accepts where the records give no bound (how many tax cards a hand
// may hold, how many centres a power may own...). Not a game number: a ceiling that keeps
// a mistyped or hand-edited value from reaching the engines.
export const INPUT_CEILING = 999;

/**
 * A whole number from a field or query value. `raw` may be anything; empty means `empty`.
 * Returns {value} or {error}: a message that names the field and says what is accepted.
 */
export function readCount(raw, { label, min = 0, max = INPUT_CEILING, empty = 0, why = "" }) {
  const bound = Math.min(max, INPUT_CEILING);
  const text = raw === undefined || raw === null ? "" : String(raw).trim();
  if (text === "") return { value: empty };
  if (!/^[+-]?\d{1,12}$/.test(text)) {
    return { error: `${label}: “${shorten(text)}” is not a whole number; enter one from ${min} to ${bound}.` };
  }
  const n = Number(text);
  if (n < min) return { error: `${label}: ${n} is below ${min}; enter a whole number from ${min} to ${bound}.` };
  if (n > bound) return { error: `${label}: ${n} is more than ${bound}${why ? ` (${why})` : ""}.` };
  return { value: n };
}

/** A value for quoting in a message: short and on one line, its control and bidi characters folded
 * (plain-text.js), so an echoed U+202E cannot turn the message around it. */
export function shorten(text, n = 24) {
  const s = plainQuery(text).replace(/\s+/g, " ");
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}
