// The engine's one entry point: a query in, what to show out. Pure (no DOM, no network),
// so Node tests and the page run the same code.
//   status "idle"     nothing searchable was typed (empty, or only words like 'the', 'to'); its
//                     reason is "common" (only such words) or "no-words" (no letter or digit)
//   status "results"  results, best first; exact is false when only close spellings matched
//   status "none"     nothing matched; `closest` holds the nearest names
// A query of plain words is ranked as the name search always did. One with fields,
// quotes, negation, 'or' or groups (syntax.js) is first filtered (evaluate.js), then the
// documents it selects are ranked by its plain words. Either way the outcome also carries
// `structured`, `chips` (the clauses as read, with where each stands in the query, so the
// page can cut one out) and `problems` (what could not be read, with ready corrections).
// A search may favour a game (the page's, else the table's): its documents rank first, a
// boost and not a filter (rank.js), and the outcome's `favoured` says so.
import { markerFor, segments } from "./highlight.js";
import { parseQuery } from "./query.js";
import { ofGame, rank } from "./rank.js";
import { closestNames } from "./suggest.js";
import { loadIndex } from "./index.js";
import { evaluate } from "./evaluate.js";
import { FieldCatalogueError } from "./fields.js";
import { hasTableClause, isStructured, parseSyntax, withTableClause, withoutSpan } from "./syntax.js";

export { hasTableClause, loadIndex, withTableClause, withoutSpan };   // the page imports the engine through this module alone

export const DEFAULT_LIMIT = 20;

function shown(index, results, parsed, matches, limit) {
  const isMarked = markerFor(index, parsed, matches);
  return results.slice(0, limit).map(({ doc, score }) => ({
    doc,
    score,
    title: segments(doc.title, isMarked),
    line: segments(doc.line, isMarked),
  }));
}

// The favoured game when it put something first: some of the documents found are of it and
// some are not; else null (a filter to another game, or only its own records found).
function favouredIn(game, docs) {
  let mine = false, other = false;
  for (const doc of docs) {
    if (ofGame(doc, game)) mine = true;
    else other = true;
    if (mine && other) return game;
  }
  return null;
}

function plainSearch(index, query, limit, game) {
  const parsed = parseQuery(query, index);
  const base = { query: String(query ?? ""), structured: false, favoured: null, chips: [], problems: [] };
  if (!parsed.tokens.length) {
    // Why nothing is searched: no letter or digit at all (punctuation, emoji, zero-width
    // characters), or only words too common or too short to decide a match.
    const reason = parsed.words.length ? "common" : "no-words";
    return { ...base, status: "idle", reason, total: 0, results: [], closest: [] };
  }
  const { results, matches } = rank(index, parsed, query, game);
  if (!results.length) {
    return { ...base, status: "none", total: 0, results: [], closest: closestNames(index, query) };
  }
  const exact = matches.some((m) => m.how !== "fuzzy");
  return { ...base, status: "results", exact, total: results.length, closest: [], favoured: game && favouredIn(game, results.map((r) => r.doc)),
    results: shown(index, results, parsed, matches, limit) };
}

function structuredSearch(index, query, syntax, limit, stored, game) {
  const base = { query: String(query ?? ""), structured: true, favoured: null, closest: [], results: [], total: 0 };
  let ev;
  try {
    ev = evaluate(index, syntax, stored);
  } catch (error) {
    if (!(error instanceof FieldCatalogueError)) throw error;
    return { ...base, status: "none", chips: [], problems: [{ message: `The search's field list cannot be used: ${error.message}.`, suggestions: [] }] };
  }
  const { set, chips, problems, tokens } = ev;
  if (!set) return { ...base, status: "idle", chips, problems };
  const parsed = { words: tokens.map((t) => t.text), tokens, typing: tokens.some((t) => t.last) };
  const { results: ranked, matches } = tokens.length ? rank(index, parsed, query, game) : { results: [], matches: [] };
  // The ranked documents the filter keeps, best first, then the rest in the index's order,
  // the favoured game's first.
  const results = [];
  const placed = new Uint8Array(set.length);
  for (const r of ranked) {
    if (set[r.doc.n]) {
      results.push(r);
      placed[r.doc.n] = 1;
    }
  }
  let total = results.length;
  for (const first of game ? [true, false] : [false]) {
    for (let d = 0; d < set.length; d++) {
      if (!set[d] || placed[d] || (game && ofGame(index.docs[d], game) !== first)) continue;
      total++;
      if (results.length < limit) results.push({ doc: index.docs[d], score: 0 });
    }
  }
  if (!results.length) return { ...base, status: "none", chips, problems };
  return { ...base, status: "results", exact: true, total, chips, problems,
    favoured: game && favouredIn(game, index.docs.filter((doc) => set[doc.n])),
    results: shown(index, results, parsed, matches, limit) };
}

/**
 * The game a search favours: the first of `games` (slugs, best first: the page's game, then the
 * table's) that the index knows, as {slug, prefix, label}; null when none is.
 */
export function favouredGame(index, games) {
  for (const slug of Array.isArray(games) ? games : [games]) {
    if (typeof slug === "string" && index.games?.has(slug)) return index.games.get(slug);
  }
  return null;
}

/**
 * The outcome for a query. stored: the device's table as content/assets/play/stored-table.js
 * readStoredTable() gives it ({table, error}), for in:table; left out, no table is known.
 * game: a game's slug, or slugs best first (the page's game, then the table's): the first the
 * index knows is favoured (its documents rank first, the others still follow). The outcome's
 * `favoured` is that game ({slug, prefix, label}) when it put something first: the documents
 * found hold some of its records and some of others; else null.
 */
export function search(index, query, { limit = DEFAULT_LIMIT, stored = null, game = null } = {}) {
  const favoured = favouredGame(index, game);
  const syntax = parseSyntax(query);
  // A parse that had to leave something out (a group nested too deep, a bracket left open)
  // is searched as parsed, with its problems shown: read as plain words instead, the text it
  // left out would be searched anyway, silently.
  if (!isStructured(syntax.node) && !syntax.problems.length) return plainSearch(index, query, limit, favoured);
  return structuredSearch(index, query, syntax, limit, stored, favoured);
}
