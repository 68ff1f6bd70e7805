// Reading the compendium's export (api/records.json) for the table helpers and play along.
// Pure: no DOM, no network; Node and the browser import the same file.
import { replaceRefs } from "./refs.js";

/**
 * One thing the records lack, where it is found: {record, fact, path, row, column, problem, fix,
 * message}. `record` is the record id (null when no one record is at fault); `fact` a fact label;
 * `path` a field path inside the record (["payments", 0, "of"]); `row` [key column, row name] and
 * `column` a table cell; `problem` the sentence without the record id; `fix` how to correct the
 * data; `message` the sentence the page shows. Other keys (value, range, near: {word, among}, the
 * names it may be a misspelling of) pass through.
 */
export function gap(where) {
  const g = { record: null, fact: null, path: null, row: null, column: null, fix: null, ...where };
  g.problem = String(g.problem);
  if (!g.message) g.message = g.record ? `${g.record}: ${g.problem}` : g.problem;
  return g;
}

/** The gap of a record that is not there: said on the page as "record X is missing". */
export function missingRecord(id) {
  return gap({ record: id, path: [], problem: "the record is missing", message: `record ${id} is missing`,
    fix: `restore the record ${id}` });
}

/** A list of gaps or sentences as gaps: a plain sentence is a gap with no place. */
export function asGaps(items) {
  return items.map((x) => (x && typeof x === "object" ? gap(x) : gap({ problem: String(x) })));
}

/** The gaps with one message each: several facts of one missing record are one line. */
export function uniqueGaps(gaps) {
  const seen = new Set();
  return gaps.filter((g) => !seen.has(g.message) && seen.add(g.message));
}

/**
 * Raised when the records lack something a helper needs. `problems`: one sentence per gap, for
 * the page; `details`: the gaps themselves (see gap()), each with its `check` (the engine's check
 * name, `check` when the gap gives none), so the generator can point at a line.
 */
export class RecordsError extends Error {
  constructor(helper, gaps, check = null) {
    const details = uniqueGaps(asGaps(gaps)).map((g) => ({ ...g, check: g.check || check }));
    super(`The records lack what the ${helper} needs:\n${details.map((g) => g.message).join("\n")}`);
    this.problems = details.map((g) => g.message);
    this.details = details;
  }
}

/** The records array of records.json's content ({version, records}) or of a bare array; null if neither. */
export function recordList(data) {
  const list = Array.isArray(data) ? data : data && data.records;
  return Array.isArray(list) ? list.filter((r) => r && typeof r === "object" && typeof r.id === "string") : null;
}

/** Records of one game by id. */
export function gameIndex(list, game) {
  return new Map(list.filter((r) => r.game === game).map((r) => [r.id, r]));
}

/** The fact with this label on a record, or undefined. */
export function fact(rec, label) {
  return ((rec && rec.facts) || []).find((f) => f && f.label === label);
}

// What a number a helper reads may be, unless its caller says otherwise: each one counts
// something (turns, centres, points, cards), so a whole number from 0 to 999: -3 points to the
// soloist must not pass the checks. The ceiling is shared/input.js's.
export const FACT_RANGE = [0, 999];

/**
 * A number the helper needs: the fact `label` of record `id`, a whole number within `range`
 * ([least, most]). A missing record or fact, one that is not a number, or one outside the range
 * is added to `gaps` (so every gap is reported at once), the range named.
 */
export function numericFact(byId, id, label, gaps, range = FACT_RANGE) {
  const rec = byId.get(id);
  if (!rec) { gaps.push(missingRecord(id)); return undefined; }
  const f = fact(rec, label);
  const whole = `a whole number from ${range[0]} to ${range[1]}`;
  if (!f) {
    gaps.push(gap({ record: id, fact: label, problem: `no numeric fact labelled '${label}'`,
      fix: `add {label: ${label}, value: <number>} with the number the source gives` }));
    return undefined;
  }
  if (typeof f.value !== "number" || !Number.isFinite(f.value) || !Number.isInteger(f.value) || f.value < range[0] || f.value > range[1]) {
    gaps.push(gap({ record: id, fact: label, value: f.value, problem: `'${label}' is ${JSON.stringify(f.value)}, not ${whole}`,
      fix: `write the number the source gives, ${whole}` }));
    return undefined;
  }
  return f.value;
}

/** A record's name, url and id: what a page needs to link to it. */
export function recordRef(rec) {
  return rec ? { id: rec.id, name: rec.name, url: typeof rec.url === "string" ? rec.url : null } : null;
}

/** A record's name as text (a ruling has none: its question, as generator/render/page_links.py shows it). */
function shownName(rec, id) {
  if (!rec) return id;
  return typeof rec.name === "string" ? rec.name : typeof rec.question === "string" ? rec.question : id;
}

/**
 * Record text as a reader sees it: each reference becomes its shown words, or the named
 * record's name (its id if the record is unknown). The result is plain text, to be put
 * into a page with textContent, never as HTML.
 */
export function plainText(text, byId) {
  if (typeof text !== "string") return "";
  return replaceRefs(text, (id, words) => words || shownName(byId && byId.get(id), id));
}
