// The one syntax by which record text names another record: {mn-ajax} or {mn-ajax|shown words}.
// generator/refs.py holds the same rule for the generator; tests/refs-cases.json holds the cases
// both must agree on. Every script that reads references imports them from here.
//
// An id is a lowercase letter, then letters and digits, then one or more hyphen-joined words of
// lowercase letters and digits (ASCII only). Shown words are optional, follow one bar, are not
// empty, and hold no brace, bar or line feed. Anything else in braces is no reference.
// Pure: no DOM.

/** A record id as a regular expression source: no anchors, no groups that capture. */
export const ID_SOURCE = "[a-z][a-z0-9]*(?:-[a-z0-9]+)+";

/** A record's own id as the schema spells it (schemas/common.schema.json#/$defs/id): a game's
 * prefix of one to six letters and digits, a letter first, then hyphen-joined words. */
export const RECORD_ID_SOURCE = "[a-z][a-z0-9]{0,5}-[a-z0-9]+(?:-[a-z0-9]+)*";
const RECORD_ID = new RegExp(`^${RECORD_ID_SOURCE}$`);

/** Whether `x` is a string spelled as a record's id. */
export function isRecordId(x) {
  return typeof x === "string" && RECORD_ID.test(x);
}

const REF_SOURCE = `\\{(${ID_SOURCE})(?:\\|([^{}|\\n]+))?\\}`;

/** A new global pattern for references: group 1 is the id, group 2 the shown words (undefined if none). */
export function refPattern() {
  return new RegExp(REF_SOURCE, "g");
}

/** Every reference in a string, in order, as {id, words} (words null when none); none in a non-string. */
export function findRefs(text) {
  if (typeof text !== "string") return [];
  return Array.from(text.matchAll(refPattern()), (m) => ({ id: m[1], words: m[2] === undefined ? null : m[2] }));
}

/** The text with each reference replaced by show(id, words or null). */
export function replaceRefs(text, show) {
  return text.replace(refPattern(), (_, id, words) => show(id, words === undefined ? null : words));
}
