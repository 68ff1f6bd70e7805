// Unit tests of the site search's engine (content/assets/search/engine/), pure modules
// with no DOM, on the real index the generator writes.
// Run: COMPENDIUM_SEARCH_INDEX=/path/to/search/index.json node --test tests/js/search.test.mjs
// (or COMPENDIUM_RECORDS=/path/to/api/records.json: the index is read from beside it, as
// tests/test_node_suites.py runs every suite).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { boundedDistance } from "../../content/assets/search/engine/distance.js";
import { eachPosting, loadIndex, SearchIndexError } from "../../content/assets/search/engine/index.js";
import { matchToken } from "../../content/assets/search/engine/match.js";
import { MAX_QUERY_CHARS, parseQuery } from "../../content/assets/search/engine/query.js";
import { search } from "../../content/assets/search/engine/search.js";
import { fold, words } from "../../content/assets/search/engine/text.js";

const INDEX_PATH = process.env.COMPENDIUM_SEARCH_INDEX
  ?? (process.env.COMPENDIUM_RECORDS && join(dirname(process.env.COMPENDIUM_RECORDS), "..", "search", "index.json"));
assert.ok(INDEX_PATH, "set COMPENDIUM_SEARCH_INDEX to a search/index.json built from the current data");
const RAW = JSON.parse(readFileSync(INDEX_PATH, "utf8"));
const INDEX = loadIndex(RAW);

const ids = (outcome) => outcome.results.map((r) => r.doc.id);
const rankOf = (query, id) => ids(search(INDEX, query)).indexOf(id);
const text = (segments) => segments.map((s) => s.text).join("");
const marks = (segments) => segments.filter((s) => s.mark).map((s) => s.text);

// ---- edit distance: brute force against the textbook definition ---------------------

function osa(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

function* strings(maxLength) {
  const letters = ["a", "b", "c"];
  let level = [""];
  yield "";
  for (let n = 1; n <= maxLength; n++) {
    level = level.flatMap((s) => letters.map((c) => s + c));
    yield* level;
  }
}

test("bounded distance equals the full distance, capped at max + 1, for every pair of short words", () => {
  const all = [...strings(4)];   // 121 words over 'abc': 14,641 pairs, every max from 0 to 3
  for (const a of all) {
    for (const b of all) {
      const full = osa(a, b);
      for (let max = 0; max <= 3; max++) assert.equal(boundedDistance(a, b, max), Math.min(full, max + 1), `${a} ${b} ${max}`);
    }
  }
  assert.equal(boundedDistance("ceasar", "caesar", 1), 1);   // a swap is one edit
  assert.equal(boundedDistance("x".repeat(100), "y".repeat(100), 2), 3);   // longer than the reused rows
});

// ---- the browser splits words as the generator does ----------------------------------

test("every term of the index is one word to the browser, unchanged", () => {
  const odd = INDEX.terms.filter((t) => words(t).length !== 1 || words(t)[0] !== t);
  assert.deepEqual(odd, []);
});

test("every word of every record's title that the index should hold, it holds", () => {
  const missing = [];
  for (const doc of INDEX.docs) {
    for (const w of words(doc.title)) {
      if (w.length >= INDEX.minLength && !INDEX.stopWords.has(w) && !INDEX.termNumber.has(w)) missing.push(`${doc.id}: ${w}`);
    }
  }
  assert.deepEqual(missing, []);
});

test("folding: case and accents never matter", () => {
  assert.equal(fold("Tártaros PENTHÉSILÉE Baléares"), "tartaros penthesilee baleares");
  assert.deepEqual(ids(search(INDEX, "TÁRTAROS")).slice(0, 1), ids(search(INDEX, "tartaros")).slice(0, 1));
});

// ---- queries ------------------------------------------------------------------------

test("stop words and single letters are never tokens; the last word is typed until a space follows", () => {
  const q = parseQuery("What happens to the prisoners", INDEX);
  assert.deepEqual(q.tokens.map((t) => t.text), ["happens", "prisoners"]);
  assert.equal(q.tokens.at(-1).last, true);
  assert.equal(parseQuery("prisoners ", INDEX).tokens[0].last, false);
  assert.equal(parseQuery("prisoners?", INDEX).tokens[0].last, false);
  assert.deepEqual(parseQuery("C-diplo", INDEX).tokens.map((t) => t.text), ["diplo"]);
});

test("'to' matches nothing: not 'to', not 'tokens', not 'Toinito'", () => {
  assert.equal(search(INDEX, "to").status, "idle");
  assert.equal(search(INDEX, "the to a").status, "idle");
  const tokens = INDEX.termNumber.get("tokens");
  assert.ok(tokens !== undefined, "the index should hold 'tokens'");
  const outcome = search(INDEX, "what happens to prisoners");
  const tokenPages = outcome.results.slice(0, 5).filter((r) => /token/i.test(r.doc.title));
  assert.deepEqual(tokenPages.map((r) => r.doc.id), []);
});

test("only the word being typed matches as a prefix", () => {
  const typing = matchToken(INDEX, { text: "penth", last: true });
  assert.ok(typing.some((m) => m.how === "prefix" && INDEX.terms[m.term] === "penthesilee"));
  const done = matchToken(INDEX, { text: "penth", last: false });
  assert.ok(!done.some((m) => m.how === "prefix"));
});

test("a close spelling is tried only for a word the index does not hold", () => {
  const known = matchToken(INDEX, { text: "trade", last: false });
  assert.ok(known.every((m) => m.how === "exact" || m.how === "family"));
  assert.ok(known.some((m) => INDEX.terms[m.term] === "trading"));   // the word family
  const unknown = matchToken(INDEX, { text: "ceasar", last: false });
  assert.deepEqual(unknown.map((m) => INDEX.terms[m.term]).sort(), ["caesar", "cesar"]);
  assert.deepEqual(matchToken(INDEX, { text: "zzq", last: false }), []);   // too short to guess at
});

test("hostile queries: no throw, no runaway", () => {
  for (const q of [null, undefined, 42, {}, "", "   ", "\u0000\u200b", "?".repeat(5000), "a".repeat(100000),
    "<script>alert(1)</script>", "ceasar ".repeat(500), "\ud800", "Ελληνικά", "🏛️ temple"]) {
    const outcome = search(INDEX, q);
    assert.ok(["idle", "results", "none"].includes(outcome.status), String(q).slice(0, 20));
    assert.ok(outcome.results.every((r) => Number.isFinite(r.score)));
  }
  assert.ok(parseQuery("word ".repeat(1000), INDEX).words.length <= 12);
  assert.ok(MAX_QUERY_CHARS <= 200);
});

// ---- what players type ---------------------------------------------------------------

const NAMES = [   // [typed, id that must come first]
  ["Ajax", "mn-ajax"],
  ["Penthesilea", "mn-penthesilee"],          // alias
  ["penthésilée", "mn-penthesilee"],          // alias with accents
  ["tartaros", "swm-the-pit-of-tartaros"],    // accent-free for Tártaros
  ["byzance", "dip-byzantium"],               // French name
  ["baleares", "dip-balearic-islands"],       // French name without its accent
  ["garrison town", "mos-garrison-town"],
  ["amon", "ac-amon-ra"],                     // Ancient Conquest's own spelling, Amon-Ra
  ["griffin", "mn-griffon"],                  // alias
  ["ceasar", "mn-julius-caesar"],             // misspelt
  ["penthesilia", "mn-penthesilee"],          // misspelt
  ["griffen", "mn-griffon"],                  // misspelt
  ["Julius Ceasar", "mn-julius-caesar"],
  ["penth", "mn-penthesilee"],                // still typing
];

for (const [typed, id] of NAMES) {
  test(`'${typed}' finds ${id} first`, () => {
    assert.equal(ids(search(INDEX, typed))[0], id, ids(search(INDEX, typed)).slice(0, 5).join(" "));
  });
}

test("'amun' finds both Amun-Ra records first (Amun alone is no alias: the source writes Amon-Ra)", () => {
  assert.deepEqual(ids(search(INDEX, "amun")).slice(0, 2).sort(), ["ac-amon-ra", "swm-amun-ra"]);
});

test("'odyseus' finds Odysseus first (Mare Nostrum's Ulysses is not called Odysseus: a Roman name is no alias of the Greek)", () => {
  assert.equal(ids(search(INDEX, "odyseus"))[0], "swm-odysseus");
});

const QUESTIONS = [   // a player's words, not the ruling's, and the records that answer
  ["what happens to prisoners", ["ac-prisoners"]],
  ["can i refuse to trade", ["mn-q-opting-out-of-trade"]],
  ["can ajax reroll a die twice", ["mn-q-ajax-reroll-once"]],
  ["do two behemoths defend better", ["mn-q-two-behemoths"]],
  ["can titans attack triremes", ["mn-q-titans-versus-triremes"]],
  ["can the kraken come out the turn it is built", ["mn-q-kraken-emerging-when-built"]],
  ["is my hand size secret", ["mn-q-hand-sizes-are-public"]],
  ["can i put influence markers at sea", ["mn-q-influence-at-sea"]],
  ["does a trireme control its sea", ["mn-q-triremes-do-not-control-seas"]],
  ["how many units can a trireme carry", ["mn-q-trireme-carrying-capacity"]],
  ["do i lose a province that is cut off", ["mn-q-cut-off-provinces"]],
  ["does the free city get myth cards", ["swm-cl-free-city-no-myths"]],
  ["how do fleets use the diolkos", ["dip-example-diolkos", "dip-diolkos"]],
  ["can hercules become any creature", ["mn-q-hercules-which-creature"]],
  ["what if two players win in the same turn", ["mn-q-simultaneous-victory"]],
  ["can i hold two gods", ["mn-q-several-gods-at-once"]],
  ["hamilcar and hannibal together", ["mn-q-hamilcar-with-hannibal"]],
  ["what does a slashed setup symbol mean", ["swm-ex-hestia-setup-symbol"]],
  ["can i move and fight in any order", ["mn-q-alternating-movement-and-combat"]],
  ["can i demolish my own buildings", ["mn-q-demolishing-own-buildings"]],
  ["do bastet swaps trigger build effects", ["swm-ex-bastet-vineyard"]],
  ["who gets roles of unused civilizations", ["mn-q-roles-for-unused-civilizations"]],
];

for (const [question, answers] of QUESTIONS) {
  test(`'${question}' finds its answer in the first five`, () => {
    for (const asked of [question, `${question}?`, `${question} `]) {
      const top = ids(search(INDEX, asked)).slice(0, 5);
      assert.ok(answers.some((a) => top.includes(a)), `${asked}: ${top.join(" ")}`);
    }
  });
}

test("the records the tests name exist", () => {
  const all = new Set(INDEX.docs.map((d) => d.id));
  const named = [...NAMES.map(([, id]) => [id]), ...QUESTIONS.map(([, a]) => a)].flat();
  assert.deepEqual(named.filter((id) => !all.has(id)), []);
});

test("a name no game has says so and offers the closest names", () => {
  const outcome = search(INDEX, "Minotaur");
  assert.equal(outcome.status, "none");
  assert.deepEqual(outcome.results, []);
  assert.ok(outcome.closest.length >= 1 && outcome.closest.length <= 3);
  assert.ok(outcome.closest.every((c) => c.doc.names.includes(c.name)));
  assert.ok(outcome.closest.some((c) => c.name === "Centaur" || c.name === "Minos"), outcome.closest.map((c) => c.name).join());
});

test("close spellings are flagged, exact matches are not", () => {
  assert.equal(search(INDEX, "ceasar").exact, false);
  assert.equal(search(INDEX, "caesar").exact, true);
});

// ---- results --------------------------------------------------------------------------

test("one result per record, each with its name, game, kind, line and url", () => {
  const outcome = search(INDEX, "combat", { limit: 1000 });
  assert.equal(new Set(ids(outcome)).size, outcome.results.length);
  assert.ok(outcome.total > 20 && outcome.results.length === outcome.total);
  for (const r of outcome.results) {
    assert.ok(r.doc.title && r.doc.game !== undefined && r.doc.kind && r.doc.url, r.doc.id);
    assert.equal(text(r.title), r.doc.title);
    assert.equal(text(r.line), r.doc.line);
  }
  assert.equal(search(INDEX, "combat").results.length, 20);   // the default limit
});

test("a ruling's result is its question and the start of its answer", () => {
  const r = search(INDEX, "can i refuse to trade").results.find((x) => x.doc.id === "mn-q-opting-out-of-trade");
  assert.ok(r.doc.title.endsWith("?"));
  assert.ok(r.doc.line.length <= 141 && r.doc.line.length > 20);
});

test("highlighting marks whole matched words, never a single letter", () => {
  const outcome = search(INDEX, "C-diplo");
  assert.equal(outcome.results[0].doc.id, "dip-c-diplo-scoring");
  const marked = outcome.results.flatMap((r) => [...marks(r.title), ...marks(r.line)]);
  assert.ok(marked.length > 0);
  assert.ok(marked.every((m) => words(m).every((w) => w.length >= 2)), marked.join("|"));
  assert.ok(!marked.some((m) => fold(m) === "c"));
  const caesar = search(INDEX, "ceasar").results[0];
  assert.deepEqual(marks(caesar.title), ["Caesar"]);   // the close spelling that matched
  const prisoners = search(INDEX, "what happens to prisoners").results.find((r) => r.doc.id === "ac-prisoners");
  assert.ok(!marks(prisoners.line).some((m) => ["to", "the", "a"].includes(fold(m))));
});

test("results are the same for the same query", () => {
  assert.deepEqual(ids(search(INDEX, "trade")), ids(search(INDEX, "trade")));
});

// ---- a bad index is refused, never half-used ------------------------------------------------

test("a malformed index is refused with a message", () => {
  const bad = [
    [null, /not a JSON object/],
    [[], /not a JSON object/],
    [{ ...RAW, format: 99 }, /format 99/],
    [{ ...RAW, doc_fields: ["id"] }, /lacks title/],
    [{ ...RAW, docs: [[1, 2, 3]] }, /document 0/],
    [{ ...RAW, postings: RAW.postings.slice(1) }, /postings do not match/],
    [{ ...RAW, terms: "abc" }, /terms is not a list/],
    [{ ...RAW, families: [[RAW.terms.length + 5]] }, /family/],
    [{ ...RAW, stop_words: 3 }, /stop_words/],
  ];
  const url = RAW.doc_fields.indexOf("url");
  for (const link of ["javascript:alert(1)", "https://tracker.example/", "//tracker.example/x", "/abs/", "a\\b", "JavaScript:x"]) {
    const docs = RAW.docs.map((row, n) => (n === 3 ? row.map((v, i) => (i === url ? link : v)) : row));
    bad.push([{ ...RAW, docs }, /document 3 links outside the site/]);
  }
  for (const [raw, message] of bad) {
    assert.throws(() => loadIndex(raw), (e) => e instanceof SearchIndexError && message.test(e.message), String(message));
  }
});

test("postings that point outside the documents are not followed", () => {
  const raw = { ...RAW, postings: RAW.postings.map((p, i) => (i === 0 ? [0, 5, 999999, 5, 1, 5] : p)) };
  const index = loadIndex(raw);
  const seen = [];
  eachPosting(index, 0, (doc, weight) => seen.push([doc, weight]));
  assert.deepEqual(seen, [[0, 5]]);
  const nan = loadIndex({ ...RAW, postings: RAW.postings.map((p, i) => (i === 0 ? [0, "x"] : p)) });
  const none = [];
  eachPosting(nan, 0, (d) => none.push(d));
  assert.deepEqual(none, []);
});

// ---- an alias is the same name spelled or translated, never another god ---------

test("'vulcan' and 'mars' give Mare Nostrum's gods first, and no 7 Wonders Myths card at all", () => {
  for (const [query, first, never] of [["vulcan", "mn-vulcan", "swm-hephaestus"], ["mars", "mn-mars", "swm-ares"]]) {
    const found = ids(search(INDEX, query));
    assert.equal(found[0], first, `${query}: ${found.slice(0, 5).join(" ")}`);
    assert.ok(!found.includes(never), `${query} suggests ${never}: ${found.join(" ")}`);
    assert.deepEqual(found.filter((id) => id.startsWith("swm-")), [], `${query}: a 7 Wonders Myths record`);
  }
});

// ---- invisible characters and queries with no word -------------------------

test("zero-width characters are folded away: 'a\\u200bjax' finds Ajax, as 'ajax' does", () => {
  for (const q of ["a\u200bjax", "aj\u200cax", "\u2060ajax", "a\u00adjax", "\ufeffajax", "aja\u200dx"]) {
    assert.equal(fold(q), "ajax", JSON.stringify(q));
    assert.equal(ids(search(INDEX, q))[0], "mn-ajax", JSON.stringify(q));
  }
  assert.equal(parseQuery("aja\u200b", { stopWords: new Set(), minLength: 2 }).typing, true, "a trailing zero-width space is no word's end");
});

test("a query of only punctuation, emoji or zero-width characters says it holds no word, not 'too common'", () => {
  for (const q of ["?!...", "🙂🙂", "\u200b\u200b", "— – ()", "🏛️"]) {
    const outcome = search(INDEX, q);
    assert.equal(outcome.status, "idle", q);
    assert.equal(outcome.reason, "no-words", q);
  }
  assert.equal(search(INDEX, "the to").reason, "common");
});
