// The index file (search/index.json, written by generator/export/search_index.py), checked and
// made ready to search. A file that is not what the generator writes (a stale cache, a
// proxy's error page, a hand edit) is refused with a message, never half-used.
export const FORMAT = 1;
const REQUIRED_FIELDS = ["id", "title", "game", "kind", "line", "url"];

export class SearchIndexError extends Error {
  constructor(message) {
    super(message);
    this.name = "SearchIndexError";
  }
}

function fail(message) {
  throw new SearchIndexError(`The search index cannot be used: ${message}.`);
}

const isString = (x) => typeof x === "string";
// A result links within the site: a path relative to its root, as the generator writes it
// ("mare-nostrum/heroes/mn-ajax/", in the file:// copy ".../index.html"), never a scheme
// (javascript:, https:), a root or protocol-relative path, or a backslash.
const SITE_PATH = /^(?!\/)[A-Za-z0-9._~/-]*(#[A-Za-z0-9._~-]*)?$/;
const isArrayOf = (x, test) => Array.isArray(x) && x.every(test);

function readDocs(raw) {
  const fields = raw.doc_fields;
  if (!isArrayOf(fields, isString)) fail("doc_fields is not a list of names");
  const at = Object.fromEntries(fields.map((f, i) => [f, i]));
  const missing = REQUIRED_FIELDS.filter((f) => !(f in at));
  if (missing.length) fail(`doc_fields lacks ${missing.join(", ")}`);
  if (!Array.isArray(raw.docs)) fail("docs is not a list");
  return raw.docs.map((row, n) => {
    if (!Array.isArray(row)) fail(`document ${n} is not a list`);
    const doc = {};
    for (const f of REQUIRED_FIELDS) {
      if (!isString(row[at[f]])) fail(`document ${n} has no text for ${f}`);
      doc[f] = row[at[f]];
    }
    if (!SITE_PATH.test(doc.url)) fail(`document ${n} links outside the site`);
    const names = "names" in at ? row[at.names] : [];
    doc.names = isArrayOf(names, isString) ? names : [];
    doc.n = n;
    return doc;
  });
}

function readGames(games) {
  const out = new Map();
  for (const entry of Array.isArray(games) ? games : []) {
    if (!isArrayOf(entry, isString) || entry.length < 3) continue;
    const [slug, prefix, label] = entry;
    if (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) && /^[a-z0-9]+$/.test(prefix)) out.set(slug, { slug, prefix: `${prefix}-`, label });
  }
  return out;
}

/**
 * A searchable index from the parsed JSON: {docs, terms, termNumber: Map, postings,
 * familyOf: Map(term number -> numbers of its family), stopWords: Set, minLength, games: Map}.
 * Throws SearchIndexError naming the first problem.
 */
export function loadIndex(raw) {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) fail("it is not a JSON object");
  if (raw.format !== FORMAT) fail(`it has format ${JSON.stringify(raw.format)}, this page reads format ${FORMAT}`);
  const docs = readDocs(raw);
  const { terms, postings, families } = raw;
  if (!isArrayOf(terms, isString)) fail("terms is not a list of words");
  if (!Array.isArray(postings) || postings.length !== terms.length) fail("postings do not match the terms");
  // Each list's numbers are checked where they are read (eachPosting), not all up front:
  // a phone would pay for a full pass before the first result.
  if (!postings.every(Array.isArray)) fail("a term's postings are not a list");
  const familyOf = new Map();
  for (const group of Array.isArray(families) ? families : []) {
    if (!isArrayOf(group, (t) => Number.isInteger(t) && t >= 0 && t < terms.length)) fail("a word family names no term");
    for (const t of group) familyOf.set(t, group);
  }
  if (!isArrayOf(raw.stop_words ?? [], isString)) fail("stop_words is not a list of words");
  const minLength = Number.isInteger(raw.min_length) && raw.min_length > 0 ? raw.min_length : 1;
  return {
    docs, terms, postings, familyOf,
    termNumber: new Map(terms.map((t, i) => [t, i])),
    stopWords: new Set(raw.stop_words ?? []),
    minLength,
    // A renamed record's old ids -> its id (in:table reads a table stored before the rename).
    former: raw.former && typeof raw.former === "object" && !Array.isArray(raw.former)
      ? new Map(Object.entries(raw.former).filter(([k, v]) => isString(k) && isString(v))) : new Map(),
    // Each game's slug -> {slug, prefix ("mn-"), label}: a search from a game's page or table
    // favours that game's documents (rank.js). A malformed entry is left out, never fatal.
    games: readGames(raw.games),
    // The field catalogue, read by fields.js the first time a query names a field.
    raw: { fields: raw.fields, flags: raw.flags },
  };
}

/**
 * Calls visit(document number, weight) for every document holding term number t. A pair
 * that names no document or has no positive weight ends the list: it cannot come from
 * the generator, and reading on would misplace every later document.
 */
export function eachPosting(index, t, visit) {
  const list = index.postings[t];
  const count = index.docs.length;
  let doc = 0;
  for (let i = 0; i + 1 < list.length; i += 2) {
    const gap = list[i], weight = list[i + 1];
    if (!Number.isInteger(gap) || gap < 0 || !(weight > 0) || (doc += gap) >= count) return;
    visit(doc, weight);
  }
}
