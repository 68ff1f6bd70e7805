// The engine's one entry point: a query in, what to show out. Pure (no DOM, no network),
// so Node tests and the page run the same code.
//   status "idle"     nothing searchable was typed (empty, or only words like 'the', 'to'); its
//                     reason is "common" (only such words) or "no-words" (no letter or digit)
//   status "results"  results, best first; exact is false when only close spellings matched
//   status "none"     nothing matched; `closest` holds the nearest names
import { markerFor, segments } from "./highlight.js";
import { parseQuery } from "./query.js";
import { rank } from "./rank.js";
import { closestNames } from "./suggest.js";
import { loadIndex } from "./index.js";

export { loadIndex };   // the page imports the engine through this module alone

export const DEFAULT_LIMIT = 20;

export function search(index, query, { limit = DEFAULT_LIMIT } = {}) {
  const parsed = parseQuery(query, index);
  if (!parsed.tokens.length) {
    // Why nothing is searched: no letter or digit at all (punctuation, emoji, zero-width
    // characters), or only words too common or too short to decide a match.
    const reason = parsed.words.length ? "common" : "no-words";
    return { status: "idle", reason, query: String(query ?? ""), total: 0, results: [], closest: [] };
  }
  const { results, matches } = rank(index, parsed, query);
  if (!results.length) {
    return { status: "none", query: String(query), total: 0, results: [], closest: closestNames(index, query) };
  }
  const isMarked = markerFor(index, parsed, matches);
  const exact = matches.some((m) => m.how !== "fuzzy");
  return {
    status: "results",
    query: String(query),
    exact,
    total: results.length,
    closest: [],
    results: results.slice(0, limit).map(({ doc, score }) => ({
      doc,
      score,
      title: segments(doc.title, isMarked),
      line: segments(doc.line, isMarked),
    })),
  };
}
