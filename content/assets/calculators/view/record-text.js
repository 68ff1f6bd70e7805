// Record text as a reader sees it. A record may name another record as {mn-ajax} or
// {mn-ajax|shown words} (generator/refs.py); on these pages a reference shows its words or
// the named record's name, never the braces. The result is plain text, for textContent.
import { replaceRefs } from "../../shared/refs.js";

/** The text with each reference replaced by its words or nameOf(id) (the id itself if unknown). */
export function plainText(text, nameOf) {
  if (typeof text !== "string") return text === null || text === undefined ? "" : String(text);
  return replaceRefs(text, (id, words) => words || (nameOf && nameOf(id)) || id);
}

/** nameOf for a records array. */
export function namesOf(records) {
  const names = new Map();
  for (const r of Array.isArray(records) ? records : []) if (r && typeof r.id === "string" && typeof r.name === "string") names.set(r.id, r.name);
  return (id) => names.get(id);
}
