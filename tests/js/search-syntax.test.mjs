// The search's field syntax (engine/syntax.js, evaluate.js, fields.js) against a brute-force
// filter written here, separately, over api/records.json: for seeded generated queries
// covering every field of the index and every operator, the parsed clauses (chips and
// where each stands in the query) and the result set must agree with the brute force.
// Run: COMPENDIUM_RECORDS=/path/to/api/records.json node --test tests/js/search-syntax.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadIndex, search, withoutSpan } from "../../content/assets/search/engine/search.js";
import { parseSyntax, MAX_SYNTAX_CHARS } from "../../content/assets/search/engine/syntax.js";
import { mulberry32 } from "./prng.mjs";
import { replaceRefs } from "../../content/assets/shared/refs.js";

function makeRandom(seed) {
  const next = mulberry32(seed);
  return { next, pick: (list) => list[Math.floor(next() * list.length)] };
}

const RECORDS_PATH = process.env.COMPENDIUM_RECORDS
  ?? (process.env.COMPENDIUM_SEARCH_INDEX && join(dirname(process.env.COMPENDIUM_SEARCH_INDEX), "..", "api", "records.json"));
assert.ok(RECORDS_PATH, "set COMPENDIUM_RECORDS to an api/records.json built from the current data");
const INDEX_PATH = process.env.COMPENDIUM_SEARCH_INDEX ?? join(dirname(RECORDS_PATH), "..", "search", "index.json");
const RAW = JSON.parse(readFileSync(INDEX_PATH, "utf8"));
const INDEX = loadIndex(RAW);
const RECORDS = JSON.parse(readFileSync(RECORDS_PATH, "utf8")).records;
const BY_ID = new Map(RECORDS.map((r) => [r.id, r]));
const ALL = Infinity;

// ---- the brute force: its own reading of each record, from the export -----------------

const fold = (s) => String(s).normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
const wordsOf = (s) => fold(s).match(/[\p{L}\p{N}]+/gu) ?? [];
const joined = (s) => wordsOf(s).join(" ");
const nameOf = (id) => (BY_ID.get(id)?.name ?? BY_ID.get(id)?.question ?? id);
const shown = (s) => replaceRefs(String(s), (id, words) => words ?? nameOf(id));
const ROMAN = { I: 1, II: 2, III: 3 };
const GAMES = RECORDS.filter((r) => r.kind === "game");
const RULES_FIELDS = new Set(["game", "kind", "age", "rulings"]);

/** {numbers: [...], words: [...], unknown: bool} a record holds for a field name. */
function valuesOf(rec, field) {
  const out = { numbers: [], words: [], unknown: false };
  if (!rec) return out;
  const take = (v) => {
    if (v === "unknown") out.unknown = true;
    else if (typeof v === "number") out.numbers.push(v);
    else if (v && typeof v === "object" && !Array.isArray(v) && "amount" in v) take(v.amount);
    else if (typeof v === "string") out.words.push(/^[a-z][a-z0-9]{0,5}-[a-z0-9-]+$/.test(v) && BY_ID.has(v) ? nameOf(v) : shown(v));
    else if (Array.isArray(v)) v.forEach(take);
  };
  if (field === "game") out.words.push(rec.game);
  else if (field === "kind") out.words.push(rec.kind);
  else if (field === "age") out.numbers.push(...(rec.ages ?? []).map((a) => ROMAN[a]));
  else if (field === "rulings") out.numbers.push(rec.ruling_count);
  else if (field === "type") for (const [k, v] of Object.entries(rec)) { if (k.endsWith("_type")) take(v); }
  else take(rec[field]);
  return out;
}

const CMP = { ":": (a, b) => a === b, "=": (a, b) => a === b, "!=": (a, b) => a !== b, "<": (a, b) => a < b,
  "<=": (a, b) => a <= b, ">": (a, b) => a > b, ">=": (a, b) => a >= b };

// ---- query generation: each clause is {text, test(rec), label} ------------------------

const fieldsInIndex = RAW.fields.map((f) => ({ name: f.name, type: f.type }));
const flagsInIndex = RAW.flags.map((f) => f.name);

function quoted(value) {
  return /^[\p{L}\p{N}_.-]+$/u.test(value) ? value : `"${value}"`;
}

function keywordClause(rnd, field) {
  const holders = RECORDS.filter((r) => valuesOf(r, field.name).words.length);
  const rec = rnd.pick(holders);
  if (field.name === "game") {
    const game = GAMES.find((g) => g.game === rec.game);
    const form = rnd.pick([game.id.split("-")[0], rec.game]);
    return { text: `${field.name}:${form}`, test: (r) => r?.game === rec.game };
  }
  if (field.name === "kind") {
    const form = rnd.pick([rec.kind, rec.kind + "s"]);
    return { text: `kind:${form}`, test: (r) => r?.kind === rec.kind };
  }
  const candidates = valuesOf(rec, field.name).words.filter((w) => !/[*`"{}]/.test(w) && wordsOf(w).length);
  if (!candidates.length) return null;
  const value = rnd.pick(candidates);
  const typed = joined(value);
  const op = rnd.pick([":", ":", "=", "!="]);
  const has = (r) => valuesOf(r, field.name).words.some((w) => ` ${joined(w)} `.includes(` ${typed} `));
  return { text: `${field.name}${op}${quoted(value.replace(/"/g, ""))}`, test: op === "!=" ? (r) => !has(r) : has };
}

function numberClause(rnd, field) {
  const holders = RECORDS.filter((r) => valuesOf(r, field.name).numbers.length);
  if (rnd.next() < 0.1 && RECORDS.some((r) => valuesOf(r, field.name).unknown)) {
    return { text: `${field.name}:unknown`, test: (r) => valuesOf(r, field.name).unknown };
  }
  const base = rnd.pick(valuesOf(rnd.pick(holders), field.name).numbers);
  const target = base + rnd.pick([0, 0, 0, -1, 1]);
  const op = rnd.pick(Object.keys(CMP));
  return { text: `${field.name}${op}${target}`, test: (r) => valuesOf(r, field.name).numbers.some((v) => CMP[op](v, target)) };
}

function flagClause(rnd) {
  const flag = rnd.pick(flagsInIndex);
  const test = {
    rulings: (r) => Boolean(r?.has_rulings), unknown: (r) => Boolean(r?.has_unknowns),
  }[flag] ?? ((r) => r?.[flag] === true);
  return { text: `${rnd.pick(["is", "has"])}:${flag}`, test };
}

function hasFieldClause(rnd) {
  const field = rnd.pick(fieldsInIndex.filter((f) => !RULES_FIELDS.has(f.name)));
  return { text: `has:${field.name}`, test: (r) => { const v = valuesOf(r, field.name); return v.unknown || v.numbers.length > 0 || v.words.length > 0; } };
}

const WORDS = ["combat", "trireme", "ajax", "temple", "oracle", "caesar", "siege", "tokens", "reroll"];
function wordClause(rnd) {
  const word = rnd.pick(WORDS);
  const found = new Set(search(INDEX, `${word} `, { limit: ALL }).results.map((r) => r.doc.id));
  return { text: word, test: (r, id) => found.has(id), word: true };
}

function clause(rnd, field) {
  const roll = rnd.next();
  if (field) return field.type === "number" ? numberClause(rnd, field) : keywordClause(rnd, field);
  if (roll < 0.12) return flagClause(rnd);
  if (roll < 0.2) return hasFieldClause(rnd);
  if (roll < 0.3) return wordClause(rnd);
  return clause(rnd, rnd.pick(fieldsInIndex));
}

/** {text, units: [{text, test}]}: units ANDed, each maybe an 'or' of two and maybe negated. */
function generate(rnd, must) {
  const units = [];
  const count = 1 + Math.floor(rnd.next() * 3);
  for (let u = 0; u < count; u++) {
    let c = null;
    while (!c) c = clause(rnd, u === 0 ? must : undefined);
    if (rnd.next() < 0.25) {
      let other = null;
      while (!other || other.word) other = clause(rnd);
      const a = c, b = other;
      c = { text: `${a.text} or ${b.text}`, test: (r, id) => a.test(r, id) || b.test(r, id) };
      if (rnd.next() < 0.5) c = { text: `(${c.text})`, test: c.test };
    }
    if (rnd.next() < 0.25) {
      const inner = c;
      const text = inner.text.includes(" or ") && !inner.text.startsWith("(") ? `(${inner.text})` : inner.text;
      c = { text: `-${text}`, test: (r, id) => !inner.test(r, id) };
    }
    units.push(c);
  }
  return { text: units.map((u) => u.text).join(" ") + " ", units };
}

test("generated queries: the parsed clauses and the result set agree with a brute force over records.json", () => {
  const rnd = makeRandom(17);
  const numbered = fieldsInIndex.flatMap((f) => [f, f]);   // every field at least twice, then at random
  let checked = 0;
  const usedOps = new Set();
  for (let n = 0; n < 320; n++) {
    const q = generate(rnd, numbered[n]);
    for (const m of q.text.matchAll(/[a-z_]+(<=|>=|!=|:|=|<|>)/g)) usedOps.add(m[1]);
    const outcome = search(INDEX, q.text, { limit: ALL });
    const expected = INDEX.docs.filter((doc) => q.units.every((u) => u.test(BY_ID.get(doc.id), doc.id))).map((d) => d.id).sort();
    const got = outcome.results.map((r) => r.doc.id).sort();
    assert.deepEqual(outcome.problems.filter((p) => !/^No record has/.test(p.message)), [], `${q.text}: no problem expected`);
    if (!outcome.structured) {   // plain words: the name search, no chips
      assert.ok(q.units.every((u) => u.word), q.text);
      // The name search ranks records that hold some of several words too, so only a single
      // word must give exactly its own set; several words give at least the records holding all.
      if (q.units.length === 1) assert.deepEqual(got, expected, `result set of ${q.text}`);
      else assert.deepEqual(expected.filter((id) => !got.includes(id)), [], `records holding every word of ${q.text}`);
      checked++;
      continue;
    }
    assert.deepEqual(got, expected, `result set of ${q.text}`);
    assert.equal(outcome.chips.length, q.units.length, `one chip per clause of ${q.text}: ${JSON.stringify(outcome.chips)}`);
    outcome.chips.forEach((chip, i) => assert.equal(q.text.slice(chip.start, chip.end), q.units[i].text, `chip ${i} of ${q.text}`));
    checked++;
  }
  assert.ok(checked >= 200);
  assert.deepEqual([...usedOps].sort(), Object.keys(CMP).sort(), "every operator was tried");
});

test("removing a chip cuts its clause out and leaves a query that still parses", () => {
  const q = "game:mn kind:hero or kind:god -cost<9 ajax";
  const outcome = search(INDEX, q);
  const labels = outcome.chips.map((c) => c.label);
  assert.deepEqual(labels, ["Game: Mare Nostrum", "(Kind: Hero or Kind: God)", "not Cost < 9", "ajax"]);
  assert.equal(withoutSpan(q, outcome.chips[1].start, outcome.chips[1].end), "game:mn -cost<9 ajax");
  assert.equal(withoutSpan(q, outcome.chips[0].start, outcome.chips[0].end), "kind:hero or kind:god -cost<9 ajax");
  assert.equal(withoutSpan("kind:hero or kind:god", 13, 21), "kind:hero");
  assert.equal(withoutSpan("kind:hero or kind:god", 0, 9), "kind:god");
});

test("a wrong field names the closest; a value no record has gets the closest values", () => {
  const cots = search(INDEX, "cots<9");
  assert.match(cots.problems[0].message, /no field ‘cots’; did you mean cost/);
  assert.equal(cots.problems[0].suggestions[0].query, "cost<9");
  const grek = search(INDEX, "game:mn pantheon:grek");
  assert.match(grek.problems[0].message, /No record has pantheon ‘grek’. The closest: Greek/);
  assert.equal(grek.problems[0].suggestions[0].query, "game:mn pantheon:Greek");
  const seven = search(INDEX, "cost:7");
  assert.equal(seven.status, "none");
  assert.match(seven.problems[0].message, /No record has cost = 7. The values are/);
  assert.match(search(INDEX, "is:unknwn").problems[0].message, /did you mean is:unknown/);
});

test("game short forms, kind plurals, civilization or people, roman ages", () => {
  const count = (q) => search(INDEX, q, { limit: ALL }).total;
  const mn = RECORDS.filter((r) => r.game === "mare-nostrum").length;
  for (const form of ["mn", "mare-nostrum", "\"Mare Nostrum\"", "mare"]) assert.equal(count(`game:${form}`), mn, form);
  const myths = RECORDS.filter((r) => r.game === "seven-wonders-myths").length;
  for (const form of ["7wm", "myths", "swm"]) assert.equal(count(`game:${form}`), myths, form);
  assert.equal(count("game:dip"), RECORDS.filter((r) => r.game === "diplomacy-variant").length);
  assert.equal(count("game:mosaic"), RECORDS.filter((r) => r.game === "mosaic-wars-disasters").length);
  assert.equal(count("game:ac"), RECORDS.filter((r) => r.game === "ancient-conquest").length);
  assert.equal(count("kind:heroes"), count("kind:hero"));
  assert.equal(count("kind:rulings"), RECORDS.filter((r) => r.kind === "ruling").length);
  assert.equal(count("people:atlantis"), count("civilization:atlantis"));
  assert.ok(count("civ:atlantis") > 0);
  assert.equal(count("age:II"), count("age:2"));
  assert.equal(count("age>=2"), RECORDS.filter((r) => (r.ages ?? []).some((a) => a !== "I")).length);
});

test("'reroll' finds Ajax's Q&A and the answers written 're-roll'", () => {
  const found = search(INDEX, "reroll", { limit: ALL }).results.map((r) => r.doc.id);
  assert.ok(found.includes("mn-q-ajax-reroll-once"), found.join(" "));
  const writers = RECORDS.filter((r) => /re-?roll/i.test(`${r.answer ?? ""} ${r.text ?? ""} ${r.question ?? ""}`)).map((r) => r.id);
  for (const id of writers) assert.ok(found.includes(id), `${id} uses the word`);
  const inRulings = search(INDEX, "kind:ruling reroll", { limit: ALL }).results.map((r) => r.doc.id);
  assert.ok(inRulings.includes("mn-q-ajax-reroll-once"));
});

test("hostile queries give a message or ordinary results, never an exception", () => {
  const hostile = [
    "x".repeat(10000), "cost<9 ".repeat(2000), "(".repeat(5000), ")".repeat(5000), "\"".repeat(999), "\"open quote",
    "((kind:hero", "kind:hero))", "__proto__:x", "constructor:x", "toString<3", "is:__proto__", "has:constructor",
    "cost<NaN", "cost<Infinity", "cost<1e400", "cost<99999999999999999999", "cost>-0", "age:MMM", ".*+?^${}()|[]\\",
    "kind:(hero", "-", "--", "- -", "or or or", "-(", "\u0000:\u0000", "a".repeat(60) + ":" + "b".repeat(60),
    "game:\"", ":::", "<=<=", "kind:hero or", "or kind:hero", "-(-(-(kind:hero)))",
  ];
  for (const q of hostile) {
    const outcome = search(INDEX, q);
    assert.ok(["idle", "none", "results"].includes(outcome.status), q.slice(0, 40));
    assert.ok(Array.isArray(outcome.problems) && Array.isArray(outcome.chips));
    for (const r of outcome.results) assert.ok(Number.isFinite(r.score));
    for (const p of outcome.problems) assert.ok(p.message.length < 600, `a bounded message for ${q.slice(0, 30)}`);
    if (outcome.status === "idle" && q.trim() && /[\p{L}\p{N}]{2}/u.test(q)) assert.ok(outcome.problems.length || outcome.structured === false);
  }
  assert.equal(parseSyntax("a".repeat(MAX_SYNTAX_CHARS * 3)).text.length, MAX_SYNTAX_CHARS);
  assert.equal(search(INDEX, "-(-(kind:hero))", { limit: ALL }).total, search(INDEX, "kind:hero", { limit: ALL }).total);
  assert.equal(search(INDEX, "__proto__:x").status, "idle");
  assert.match(search(INDEX, "__proto__:x").problems[0].message, /no field ‘__proto__’/);
});

test("a plain name search is answered as before (no chips, no problems)", () => {
  for (const q of ["ajax", "what happens to prisoners", "ceasar"]) {
    const outcome = search(INDEX, q);
    assert.equal(outcome.structured, false);
    assert.deepEqual(outcome.chips, []);
    assert.equal(outcome.status, "results");
  }
});

test("a malformed field list is refused with a message, not half-used", () => {
  for (const fields of [[{ name: "cost", type: "number", values: [[9, [1e9]]] }], [{ name: "x" }], [{ name: "cost", type: "number", values: [["nine", [0]]] }]]) {
    const index = loadIndex({ ...RAW, fields });
    const outcome = search(index, "cost<9");
    assert.equal(outcome.status, "none");
    assert.match(outcome.problems[0].message, /field list cannot be used/);
  }
  const old = loadIndex({ ...RAW, fields: undefined, flags: undefined });
  assert.match(search(old, "cost<9").problems[0].message, /no field ‘cost’/);
  assert.equal(search(old, "ajax").status, "results");
});
