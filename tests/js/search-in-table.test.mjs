// in:table: the search keeps exactly the records in play at the device's table, as
// content/assets/play/stored-table.js reads it back, mixes with every other field, and with no
// table (or one that cannot be read) says so and finds nothing, never throwing. The chip's
// clause toggle, the card browser's facet, and the record page's note text.
// Run: COMPENDIUM_RECORDS=/path/to/api/records.json node --test tests/js/search-in-table.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import * as engine from "../../content/assets/search/engine/search.js";
import { NO_TABLE, TABLE_LABEL } from "../../content/assets/search/engine/evaluate.js";
import { readStoredTable, TABLE_KEY } from "../../content/assets/play/stored-table.js";
import { memoryStorage } from "./fake-storage.mjs";
import { facetsAsQuery, queryAsFacets } from "../../content/assets/browse/as-query.js";
import { inPlayText } from "../../content/assets/page/in-play.js";

const { loadIndex, search, hasTableClause, withTableClause } = engine;
const RECORDS_PATH = process.env.COMPENDIUM_RECORDS;
assert.ok(RECORDS_PATH, "set COMPENDIUM_RECORDS to an api/records.json built from the current data");
const INDEX = loadIndex(JSON.parse(readFileSync(join(dirname(RECORDS_PATH), "..", "search", "index.json"), "utf8")));
const RECORDS = JSON.parse(readFileSync(RECORDS_PATH, "utf8")).records;
const BY_ID = new Map(RECORDS.map((r) => [r.id, r]));
const ALL = Infinity;

function stored(value) {
  const data = { [TABLE_KEY]: typeof value === "string" ? value : JSON.stringify(value) };
  return readStoredTable(memoryStorage(data));
}
// A Mare Nostrum table with two heroes, a wonder and a god in play, for two players and the table.
const IN_PLAY = [{ id: "mn-ajax", player: 1 }, { id: "mn-hercules", player: 2 }, { id: "mn-colossus", player: 2 },
  { id: "mn-athena", player: null }];
const TABLE = stored({ v: 1, game: "mare-nostrum", query: "g=mare-nostrum&n=4&in=mn-ajax.1", inPlay: IN_PLAY });
const ids = (outcome) => outcome.results.map((r) => r.doc.id).sort();

test("the records used here exist", () => {
  for (const { id } of IN_PLAY) assert.ok(BY_ID.has(id), id);
  assert.ok(TABLE.table, TABLE.error);
});

test("in:table keeps exactly the records in play", () => {
  const outcome = search(INDEX, "in:table", { limit: ALL, stored: TABLE });
  assert.equal(outcome.status, "results");
  assert.deepEqual(ids(outcome), IN_PLAY.map((x) => x.id).sort());
  assert.deepEqual(outcome.chips.map((c) => c.label), [TABLE_LABEL]);
  assert.deepEqual(outcome.problems, []);
  assert.deepEqual(ids(search(INDEX, "IN:Table", { limit: ALL, stored: TABLE })), ids(outcome));
  assert.deepEqual(ids(search(INDEX, "in=table", { limit: ALL, stored: TABLE })), ids(outcome));
});

test("in:table mixes with fields, words, negation and or", () => {
  const run = (q) => ids(search(INDEX, q, { limit: ALL, stored: TABLE }));
  assert.deepEqual(run("in:table kind:hero"), ["mn-ajax", "mn-hercules"]);
  assert.deepEqual(run("in:table kind:god"), ["mn-athena"]);
  assert.deepEqual(run("in:table ajax"), ["mn-ajax"]);
  assert.deepEqual(run("in:table or kind:wonder").filter((id) => BY_ID.get(id)?.kind === "hero"), ["mn-ajax", "mn-hercules"]);
  const notInPlay = run("-in:table game:mn kind:hero");
  const heroes = RECORDS.filter((r) => r.game === "mare-nostrum" && r.kind === "hero").map((r) => r.id);
  assert.deepEqual(notInPlay, heroes.filter((id) => id !== "mn-ajax" && id !== "mn-hercules").sort());
  assert.deepEqual(run("in:table game:ac"), []);
});

test("with no table set, in:table says so and finds nothing, never an error", () => {
  for (const options of [{}, { stored: null }, { stored: { table: null, error: null } }, { stored: readStoredTable(memoryStorage()) }]) {
    const outcome = search(INDEX, "in:table kind:hero", { limit: ALL, ...options });
    assert.equal(outcome.status, "none");
    assert.deepEqual(outcome.results, []);
    assert.ok(outcome.problems.some((p) => p.message === NO_TABLE), JSON.stringify(outcome.problems));
    assert.equal(NO_TABLE, "No table is set on this device: set one on Play along.");
    const link = outcome.problems.find((p) => p.link)?.link;
    assert.deepEqual(link, { label: "Play along", href: "play-along/" });
  }
});

test("a table that cannot be read gives its reason at in:table, and the rest of the search still works", () => {
  for (const raw of ["{not json", "[]", JSON.stringify({ v: 1, game: "mare-nostrum", query: "javascript:alert(1)", inPlay: [] }),
    JSON.stringify({ v: 1, game: "mare-nostrum", query: "", inPlay: [{ id: "<img src=x>", player: 1 }] })]) {
    const bad = stored(raw);
    assert.equal(bad.table, null);
    const outcome = search(INDEX, "in:table", { limit: ALL, stored: bad });
    assert.equal(outcome.status, "none");
    assert.ok(outcome.problems.some((p) => p.message === bad.error), JSON.stringify(outcome.problems));
    assert.equal(search(INDEX, "ajax", { stored: bad }).results[0].doc.id, "mn-ajax");
    assert.ok(ids(search(INDEX, "game:mn kind:hero", { limit: ALL, stored: bad })).includes("mn-ajax"));
  }
  // a hand-made stored value that skips readStoredTable is still not trusted to throw
  for (const odd of [{ table: { inPlay: "mn-ajax" } }, { table: { inPlay: [null, 5, { id: 7 }] } }, { error: 5 }]) {
    const outcome = search(INDEX, "in:table", { limit: ALL, stored: odd });
    assert.equal(outcome.status, "none", JSON.stringify(odd));
  }
});

test("a table with nothing in play yet says so", () => {
  const empty = stored({ v: 1, game: "mosaic-wars-disasters", query: "g=mosaic-wars-disasters&n=3", inPlay: [] });
  const outcome = search(INDEX, "in:table", { stored: empty });
  assert.equal(outcome.status, "none");
  assert.match(outcome.problems[0].message, /No record is in play at your table yet/);
});

test("in: with another value names in:table, ready to run", () => {
  for (const q of ["in:tabel", "in:", "in<table", "in:play"]) {
    const outcome = search(INDEX, q, { stored: TABLE });
    const problem = outcome.problems.find((p) => p.message.includes("in: takes one value, table"));
    assert.ok(problem, `${q}: ${JSON.stringify(outcome.problems)}`);
    assert.deepEqual(problem.suggestions.map((s) => s.query), ["in:table"]);
  }
  assert.equal(search(INDEX, "-in:tabel", { stored: TABLE }).problems[0].suggestions[0].query, "-in:table");
});

test("the chip adds in:table to the query or takes it out", () => {
  assert.equal(withTableClause("", true), "in:table");
  assert.equal(withTableClause("kind:hero", true), "kind:hero in:table");
  assert.equal(withTableClause("kind:hero in:table", true), "kind:hero in:table");
  assert.equal(withTableClause("kind:hero in:table", false), "kind:hero");
  assert.equal(withTableClause("in:table ajax IN:TABLE", false), "ajax");
  assert.equal(withTableClause("in:table or kind:god", false), "kind:god");
  // a negated or grouped clause is the player's own: the chip neither reads nor cuts it
  assert.equal(hasTableClause("-in:table"), false);
  assert.equal(hasTableClause("(in:table or kind:god)"), false);
  assert.equal(withTableClause("(in:table or kind:god)", false), "(in:table or kind:god)");
  assert.equal(hasTableClause("kind:hero in:table"), true);
  assert.equal(hasTableClause("x".repeat(600) + " in:table"), false);   // past what the engine reads
});

test("the card browser's chip is in:table, and in:table reads back into the chip", () => {
  assert.equal(facetsAsQuery({ game: "mare-nostrum", table: true }, {}), "game:mare-nostrum in:table");
  const byId = new Map(RECORDS.map((rec) => [rec.id, { rec, costLabel: "" }]));
  const read = queryAsFacets(engine, INDEX, "in:table kind:hero", byId, { stored: TABLE });
  assert.equal(read.facets.table, true);
  assert.equal(read.facets.kind, "hero");
  assert.equal(read.rest, "");
  const mixed = queryAsFacets(engine, INDEX, "in:table ajax", byId, { stored: TABLE });
  assert.equal(mixed.rest, "ajax");
  assert.deepEqual([...mixed.ids], ["mn-ajax"]);
});

test("a record page's note names its players", () => {
  assert.equal(inPlayText([2]), "In play at your table (player 2)");
  assert.equal(inPlayText([null]), "In play at your table");
  assert.equal(inPlayText([3, 1, 3]), "In play at your table (players 1 and 3)");
  assert.equal(inPlayText([4, 1, 2]), "In play at your table (players 1, 2 and 4)");
});

test("what the play-along page stores for a full table of each game, the site reads back", async () => {
  const engine = await import("../../content/assets/play/engine/index.js");
  const { storeTable, MAX_TABLE_QUERY } = await import("../../content/assets/play/stored-table.js");
  assert.ok(MAX_TABLE_QUERY >= engine.MAX_QUERY, "a query the engine reads is one the device keeps");
  const rules = engine.rulesFromRecords(JSON.parse(readFileSync(RECORDS_PATH, "utf8")));
  for (const [slug, g] of Object.entries(rules.games)) {
    // every seat taken, every option on, every record of the kinds that enter play in play
    const n = Number.isInteger(g.players.max) ? g.players.max : 2;
    const entering = g.records.filter((r) => g.inPlayKinds.includes(r.kind)).map((r) => r.id);
    const table = { game: slug, players: n, options: g.options.map((o) => o.id), at: null,
      seats: g.seats.choices.slice(0, n).map((c) => c.key), inPlay: entering.map((id, i) => ({ id, player: (i % n) + 1 })) };
    const value = { v: 1, game: slug, query: engine.tableToQuery(rules, table), inPlay: engine.inPlayIds(rules, table) };
    const storage = memoryStorage();
    assert.deepEqual(storeTable(value, storage), { ok: true, error: null }, slug);
    const back = readStoredTable(storage);
    assert.deepEqual(back.table, value, slug);
    const found = ids(search(INDEX, "in:table", { limit: ALL, stored: back }));
    assert.deepEqual(found, [...new Set(value.inPlay.map((x) => x.id))].sort(), slug);
  }
});

test("with storage blocked (asking for localStorage throws), in:table says the table cannot be kept, not 'set one'", () => {
  // Site data blocked once made readStoredTable() read no storage as 'no table set', and the
  // search asked the player to set a table on Play along, which this device cannot keep.
  const had = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
  Object.defineProperty(globalThis, "localStorage", { configurable: true, get() { throw new Error("SecurityError"); } });
  try {
    const read = readStoredTable();
    assert.equal(read.table, null);
    assert.match(read.error, /storage cannot be read here/);
    const outcome = search(INDEX, "in:table", { stored: read });
    assert.deepEqual(ids(outcome), []);
    const words = outcome.problems.map((p) => p.message).join(" ");
    assert.ok(!words.includes(NO_TABLE) && !/set one on Play along/.test(words), words);
    assert.match(words, /storage cannot be read here/);
  } finally {
    if (had) Object.defineProperty(globalThis, "localStorage", had); else delete globalThis.localStorage;
  }
});
