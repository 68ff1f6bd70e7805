// The card browser and the search agree: the browser's facets written as a search query
// (game:mare-nostrum kind:hero cost:9 has:rulings), and a query (browse/?search=...) read
// back into facets. A clause is read into a facet by running it alone through the search
// engine and looking at what it selected: when every record it selects has one value for
// that facet, the facet takes it; whatever else the query says stays a search filter, so
// nothing in it is lost. Pure functions of the browser's entries and the engine.
import { plainQuery } from "../shared/plain-text.js";
import { MAX_SYNTAX_CHARS } from "../search/engine/syntax.js";

/**
 * The address's ?search= as the engine reads it, for reading and for the echo: control and
 * bidi characters folded (shared/plain-text.js, as every search box), cut to the characters
 * the engine's syntax reads. {query, cut, message}: message says what was cut, or is "".
 */
export function searchedText(raw) {
  const folded = plainQuery(raw);
  const cut = folded.length > MAX_SYNTAX_CHARS;
  return { query: folded.slice(0, MAX_SYNTAX_CHARS), cut,
    message: cut ? `The search in the address is ${folded.length.toLocaleString("en")} characters long; only the first ${MAX_SYNTAX_CHARS} are read.` : "" };
}

/** How a value is written in a query: quoted when it is not one plain word. */
export function written(value) {
  const text = String(value).replace(/"/g, "");
  return /^[\p{L}\p{N}_.-]+$/u.test(text) ? text : `"${text}"`;
}

/** The facets as a query. controls: {key: value or checked}; amountOf: cost label -> number. */
export function facetsAsQuery(values, amountOf) {
  const parts = [];
  if (values.game) parts.push(`game:${written(values.game)}`);
  if (values.kind) parts.push(`kind:${written(values.kind)}`);
  if (values.cost) {
    const amount = amountOf[values.cost];
    parts.push(typeof amount === "number" ? `cost:${amount}` : `cost:unknown`);
  }
  if (values.age) parts.push(`age:${written(values.age)}`);
  if (values.pantheon) parts.push(`pantheon:${written(values.pantheon)}`);
  if (values.phase) parts.push(`phase:${written(values.phase)}`);
  if (values.rulings) parts.push("has:rulings");
  if (values.unknowns) parts.push("is:unknown");
  if (values.table) parts.push("in:table");
  if (values.q && values.q.trim()) parts.push(values.q.trim());
  return parts.join(" ");
}

const FACET_OF = { game: (e) => [e.rec.game], kind: (e) => [e.rec.kind], age: (e) => e.rec.ages || [],
  pantheon: (e) => (e.rec.pantheon ? [e.rec.pantheon] : []), phase: (e) => (e.rec.phase ? [e.rec.phase] : []),
  cost: (e) => (e.costLabel ? [e.costLabel] : []) };
const FLAG_OF = { "has:rulings": "rulings", "is:rulings": "rulings", "is:unknown": "unknowns", "has:unknown": "unknowns",
  "in:table": "table", "in=table": "table" };

/**
 * {facets: {key: value}, rest: query text left, ids: Set of ids the whole query selects, outcome}
 * engine: the search engine module; index: a loaded index; byId: Map(id -> entry);
 * options.stored: the device's table, for in:table (content/assets/play/stored-table.js).
 */
export function queryAsFacets(engine, index, query, byId, { stored = null } = {}) {
  const outcome = engine.search(index, query, { limit: Infinity, stored });
  const ids = new Set(outcome.results.map((r) => r.doc.id));
  const facets = {};
  let rest = String(query);
  // Cut recognised clauses from the end backwards, so earlier positions stay right.
  for (const chip of [...(outcome.chips ?? [])].reverse()) {
    const text = String(query).slice(chip.start, chip.end);
    const flag = FLAG_OF[text.toLowerCase()];
    if (flag) {
      facets[flag] = true;
      rest = engine.withoutSpan(rest, chip.start, chip.end);
      continue;
    }
    const name = /^([a-z]+):/i.exec(text)?.[1]?.toLowerCase();
    const key = name && Object.keys(FACET_OF).find((k) => k === name || (k === "game" && name === "g"));
    if (!key || text.startsWith("-") || / or /i.test(text)) continue;
    const alone = engine.search(index, text, { limit: Infinity, stored });
    const picked = new Set(alone.results.map((r) => r.doc.id));
    if (!picked.size || ![...picked].every((id) => byId.has(id))) continue;
    // The facet value that selects exactly what the clause selects, if there is one.
    const first = FACET_OF[key](byId.get([...picked][0]));
    const exact = first.filter((v) => [...byId.values()].every((e) => FACET_OF[key](e).includes(v) === picked.has(e.rec.id)));
    if (exact.length === 1) {
      facets[key] = exact[0];
      rest = engine.withoutSpan(rest, chip.start, chip.end);
    }
  }
  return { facets, rest: rest.trim(), ids, outcome };
}
