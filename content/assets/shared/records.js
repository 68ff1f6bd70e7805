// Reading the compendium's export (api/records.json) for the table helpers and play along.
// Pure: no DOM, no network; Node and the browser import the same file.
import { replaceRefs } from "./refs.js";

/** Raised when the records lack something a helper needs; `problems` names each gap. */
export class RecordsError extends Error {
  constructor(helper, problems) {
    const unique = [...new Set(problems)];   // several facts of one missing record: one line
    super(`The records lack what the ${helper} needs:\n${unique.join("\n")}`);
    this.problems = unique;
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
 * is added to `problems` (so every gap is reported at once), the range named.
 */
export function numericFact(byId, id, label, problems, range = FACT_RANGE) {
  const rec = byId.get(id);
  if (!rec) { problems.push(`record ${id} is missing`); return undefined; }
  const f = fact(rec, label);
  if (!f || typeof f.value !== "number" || !Number.isFinite(f.value)) {
    problems.push(`${id}: no numeric fact labelled '${label}'`);
    return undefined;
  }
  if (!Number.isInteger(f.value) || f.value < range[0] || f.value > range[1]) {
    problems.push(`${id}: '${label}' is ${f.value}, not a whole number from ${range[0]} to ${range[1]}`);
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
