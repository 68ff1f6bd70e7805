// What a tool says about the link it was opened with, beyond each value's own check.
// Pure: no DOM. Shared by the two calculators and the four table helpers:
//
// - a key given more than once, where the tool reads one value, says which value was used
//   (URLSearchParams.get takes the first, silently);
// - an unknown key is named, as before (but not the site's own ?q=, which is the search's);
// - either kind is listed for the first NAMED keys and summarised past that, and so is a run
//   of problems with one field (10,000 `avoid=` values), so a hostile link gives a few lines,
//   not thousands.
import { plainQuery } from "../shared/plain-text.js";

export const NAMED = 3;

// Keys every page reads, not the tool: ?q= opens the header's search on any page
// (search/page.js), so a tool never calls it ignored.
export const SITE_KEYS = new Set(["q"]);

function quote(text, n = 24) {
  const s = plainQuery(text).replace(/\s+/g, " ");   // control and bidi characters folded: an echo cannot turn the line around
  return `“${s.length > n ? `${s.slice(0, n - 1)}…` : s}”`;
}

function distinctKeys(params) {
  return [...new Set(params.keys())];
}

// How many times each key is in the link, in the order keys first appear: one pass over the
// link. Asking the link for each key's values in turn would read it once per key, a time that
// grows with the square of the link's length.
function keyCounts(params) {
  const counts = new Map();
  for (const key of params.keys()) counts.set(key, (counts.get(key) || 0) + 1);
  return counts;
}

/** {field, message} for each key read once but given several times; summarised past NAMED. */
export function repeatedKeyNotes(params, { repeatable = [], field = (key) => key } = {}) {
  const many = new Set(repeatable);
  const counts = keyCounts(params);
  const repeated = [...counts.keys()].filter((k) => !many.has(k) && counts.get(k) > 1);
  const notes = repeated.slice(0, NAMED).map((key) => ({
    field: field(key),
    message: `${quote(key)} is in the link ${counts.get(key)} times; the first value, ${quote(params.get(key))}, was used.`,
  }));
  if (repeated.length > NAMED) {
    const more = repeated.length - NAMED;
    notes.push({ field: "", message: `${more.toLocaleString("en")} more ${more === 1 ? "key is" : "keys are"} in the link more than once; the first value of each was used.` });
  }
  return notes;
}

/** {field, message} for each key the tool does not read; summarised past NAMED. */
export function unknownKeyNotes(params, known, what = "helper") {
  const unknown = distinctKeys(params).filter((k) => !known.has(k) && !SITE_KEYS.has(k));
  const notes = unknown.slice(0, NAMED).map((key) => ({
    field: key, message: `${quote(key)} in the link is not something this ${what} reads; it was ignored.`,
  }));
  if (unknown.length > NAMED) {
    const more = unknown.length - NAMED;
    notes.push({ field: "", message: `${more.toLocaleString("en")} more ${more === 1 ? "key" : "keys"} in the link ${more === 1 ? "is" : "are"} not something this ${what} reads; ${more === 1 ? "it was" : "they were"} ignored.` });
  }
  return notes;
}

/** The messages with at most NAMED per field; the rest of a field's run summarised in one. */
export function capPerField(errors) {
  const seen = new Map();
  const out = [];
  for (const e of errors) {
    const n = (seen.get(e.field) || 0) + 1;
    seen.set(e.field, n);
    if (n <= NAMED) out.push(e);
  }
  for (const [field, n] of seen) {
    if (n > NAMED) out.push({ field, message: `${(n - NAMED).toLocaleString("en")} more ${n - NAMED === 1 ? "problem" : "problems"} with ${quote(field)} in the link ${n - NAMED === 1 ? "is" : "are"} not listed.` });
  }
  return out;
}

/** Unknown and repeated keys, and every field's run of problems, capped: what a helper shows. */
export function helperLinkNotes(params, errors, { known, repeatable = [] }) {
  return capPerField([...errors, ...unknownKeyNotes(params, known), ...repeatedKeyNotes(params, { repeatable })]);
}
