// The device's table (content/assets/play/stored-table.js): what the play-along page stores is
// read back whole; garbage, a wrong shape, a bad id, an oversized value or a storage that throws
// gives {table: null, error} and never a throw; storeTable refuses what it could not read back.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  checkedTable, forgetTable, inPlaySet, MAX_IN_PLAY, MAX_STORED, MAX_TABLE_QUERY, playersOf,
  readStoredTable, storeTable, TABLE_KEY, tableHref,
} from "../../content/assets/play/stored-table.js";

import { blockedStorage, fullStorage, memoryStorage as memory } from "./fake-storage.mjs";

const throwing = blockedStorage();
const table = {
  v: 1, game: "mare-nostrum", query: "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&s=&s=&in=mn-ajax.1&at=2.mn-military-phase",
  inPlay: [{ id: "mn-ajax", player: 1 }, { id: "mn-colossus", player: 2 }, { id: "mn-longer-game", player: null }],
};

test("a stored table reads back as it was stored", () => {
  const s = memory();
  assert.deepEqual(storeTable(table, s), { ok: true, error: null });
  assert.equal(typeof s.data[TABLE_KEY], "string");
  assert.deepEqual(JSON.parse(s.data[TABLE_KEY]), table);
  assert.deepEqual(readStoredTable(s), { table, error: null });
  assert.deepEqual([...inPlaySet(readStoredTable(s).table)], ["mn-ajax", "mn-colossus", "mn-longer-game"]);
  assert.deepEqual(playersOf(table, "mn-colossus"), [2]);
  assert.deepEqual(playersOf(table, "mn-rome"), []);
});

test("no table stored is no table and no error", () => {
  assert.deepEqual(readStoredTable(memory()), { table: null, error: null });
  assert.deepEqual(readStoredTable(null), { table: null, error: null });
});

test("a missing player is read as null; exact duplicates are kept once", () => {
  const s = memory({ [TABLE_KEY]: JSON.stringify({ ...table, inPlay: [{ id: "mn-ajax" }, { id: "mn-ajax", player: null }, { id: "mn-ajax", player: 3 }] }) });
  assert.deepEqual(readStoredTable(s).table.inPlay, [{ id: "mn-ajax", player: null }, { id: "mn-ajax", player: 3 }]);
});

const garbage = {
  "not JSON": "{v:1",
  "JSON null": "null",
  "a number": "42",
  "a string": '"g=mare-nostrum"',
  "a list": "[]",
  "an empty object": "{}",
  "version 2": JSON.stringify({ ...table, v: 2 }),
  "version as text": JSON.stringify({ ...table, v: "1" }),
  "an unknown field": JSON.stringify({ ...table, extra: true }),
  "a prototype field": '{"v":1,"game":"mare-nostrum","query":"","inPlay":[],"__proto__":{"x":1}}',
  "no game": JSON.stringify({ ...table, game: undefined }),
  "a game with markup": JSON.stringify({ ...table, game: "<b>mare</b>" }),
  "an oversized game": JSON.stringify({ ...table, game: "a".repeat(61) }),
  "a query that is not text": JSON.stringify({ ...table, query: 5 }),
  "a javascript: query": JSON.stringify({ ...table, query: "javascript:alert(1)" }),
  "an outside-link query": JSON.stringify({ ...table, query: "//evil.example/x" }),
  "a query with markup": JSON.stringify({ ...table, query: 'g=x"><script>' }),
  "a query with a newline": JSON.stringify({ ...table, query: "g=x\nn=4" }),
  "an oversized query": JSON.stringify({ ...table, query: "g=".padEnd(MAX_TABLE_QUERY + 1, "a") }),
  "inPlay not a list": JSON.stringify({ ...table, inPlay: { id: "mn-ajax" } }),
  "inPlay holding a string": JSON.stringify({ ...table, inPlay: ["mn-ajax"] }),
  "inPlay holding null": JSON.stringify({ ...table, inPlay: [null] }),
  "inPlay holding a list": JSON.stringify({ ...table, inPlay: [["mn-ajax", 1]] }),
  "ids of two games": JSON.stringify({ ...table, inPlay: [{ id: "mn-ajax", player: 1 }, { id: "xx-ajax", player: 1 }] }),
  "an id with no prefix": JSON.stringify({ ...table, inPlay: [{ id: "ajax", player: 1 }] }),
  "an id with capitals": JSON.stringify({ ...table, inPlay: [{ id: "mn-Ajax", player: 1 }] }),
  "an id with a trailing dash": JSON.stringify({ ...table, inPlay: [{ id: "mn-ajax-", player: 1 }] }),
  "an id with markup": JSON.stringify({ ...table, inPlay: [{ id: "mn-<img>", player: 1 }] }),
  "a number as id": JSON.stringify({ ...table, inPlay: [{ id: 7, player: 1 }] }),
  "an oversized id": JSON.stringify({ ...table, inPlay: [{ id: `mn-${"a".repeat(200)}`, player: 1 }] }),
  "an unknown field in a record in play": JSON.stringify({ ...table, inPlay: [{ id: "mn-ajax", player: 1, href: "javascript:x" }] }),
  "player 0": JSON.stringify({ ...table, inPlay: [{ id: "mn-ajax", player: 0 }] }),
  "player 99": JSON.stringify({ ...table, inPlay: [{ id: "mn-ajax", player: 99 }] }),
  "player 1.5": JSON.stringify({ ...table, inPlay: [{ id: "mn-ajax", player: 1.5 }] }),
  "player as text": JSON.stringify({ ...table, inPlay: [{ id: "mn-ajax", player: "2" }] }),
  "too many records in play": JSON.stringify({ ...table, inPlay: Array.from({ length: MAX_IN_PLAY + 1 }, (_, i) => ({ id: `mn-x${i}`, player: null })) }),
  "an oversized text": JSON.stringify({ ...table, pad: "x".repeat(MAX_STORED) }),
  "a deep nest": "[".repeat(100000),
};

for (const [name, raw] of Object.entries(garbage)) {
  test(`garbage in storage (${name}) gives a message, never a throw or a table`, () => {
    const result = readStoredTable(memory({ [TABLE_KEY]: raw }));
    assert.equal(result.table, null);
    assert.equal(typeof result.error, "string");
    assert.match(result.error, /^The table stored on this device cannot be used: .+; set the table again on Play along\.$/);
    assert.ok(result.error.length < 300, result.error);
  });
}

test("the message names what is wrong", () => {
  const read = (value) => readStoredTable(memory({ [TABLE_KEY]: JSON.stringify(value) })).error;
  assert.match(read({ ...table, inPlay: [{ id: "Ajax" }] }), /"Ajax" is not a record id/);
  assert.match(read({ ...table, inPlay: [{ id: "mn-ajax" }, { id: "xx-ajax" }] }), /xx-ajax is not a record of mn-ajax's game/);
  assert.match(read({ ...table, v: 2 }), /version is 2, not 1/);
  assert.match(read({ ...table, query: "g=".padEnd(MAX_TABLE_QUERY + 1, "a") }), new RegExp(`longer than ${MAX_TABLE_QUERY} characters`));
  assert.match(read({ ...table, inPlay: Array(MAX_IN_PLAY + 1).fill({ id: "mn-ajax" }) }), new RegExp(`more than ${MAX_IN_PLAY} records`));
  assert.match(readStoredTable(memory({ [TABLE_KEY]: "x".repeat(MAX_STORED + 1) })).error, /longer than/);
});

test("a storage that throws (private mode) is a message, not a throw", () => {
  const read = readStoredTable(throwing);
  assert.equal(read.table, null);
  assert.match(read.error, /storage cannot be read/);
  const stored = storeTable(table, throwing);
  assert.equal(stored.ok, false);
  assert.match(stored.error, /cannot be kept on this device/);
  assert.equal(forgetTable(throwing), false);
  const full = fullStorage();
  assert.equal(storeTable(table, full).ok, false);
  assert.equal(storeTable(table, null).ok, false);
});

test("storeTable checks before writing and writes nothing it refuses", () => {
  const s = memory();
  for (const bad of [null, "x", [], { ...table, v: 2 }, { ...table, inPlay: [{ id: "evil", player: 1 }] }, { ...table, query: "javascript:alert(1)" }]) {
    const result = storeTable(bad, s);
    assert.equal(result.ok, false, JSON.stringify(bad));
    assert.match(result.error, /^The table to store cannot be used: /);
    assert.deepEqual(s.data, {});
  }
});

test("forgetTable removes the table", () => {
  const s = memory();
  storeTable(table, s);
  assert.equal(forgetTable(s), true);
  assert.deepEqual(readStoredTable(s), { table: null, error: null });
  assert.equal(forgetTable(null), true);
});

test("the table's link is site-relative and holds only a table query", () => {
  assert.equal(tableHref(table), `play-along/?${table.query}`);
  assert.equal(tableHref({ ...table, query: "" }), "play-along/");
  for (const query of ["javascript:alert(1)", "//evil.example/", "https://evil.example/", "a b", "g=x#y", "\"'<>"]) {
    assert.equal(tableHref({ ...table, query }), "play-along/", query);
  }
  assert.equal(tableHref(null), "play-along/");
});

test("a record in play of another game than the table's other records is refused (no other game's page says 'In play')", () => {
  // A Mare Nostrum table's in-play list once let an Ancient Conquest record page say "In play at your table".
  const read = checkedTable({ ...table, inPlay: [...table.inPlay, { id: "ac-hittite-empire", player: 1 }] });
  assert.equal(read.table, null);
  assert.match(read.error, /ac-hittite-empire is not a record of mn-\S+'s game, the table's/);
  for (const [game, id] of [["seven-wonders-myths", "swm-zeus"], ["diplomacy-variant", "dip-rome"],
    ["mosaic-wars-disasters", "mos-plague"], ["ancient-conquest", "ac-hittite-empire"]]) {
    assert.ok(checkedTable({ v: 1, game, query: "", inPlay: [{ id, player: 1 }] }).table, game);
    assert.equal(checkedTable({ v: 1, game, query: "", inPlay: [{ id, player: 1 }, { id: "mn-ajax", player: 1 }] }).table, null, game);
  }
});

test("a game the site did not know when this was written is kept: its ids are ids, its game a game name", () => {
  const sixth = { v: 1, game: "sixth-game", query: "g=sixth-game&n=2&in=sx-hero.1", inPlay: [{ id: "sx-hero", player: 1 }] };
  assert.deepEqual(checkedTable(sixth), { table: sixth, error: null });
});

test("a stored table's message shows bidi, C1 and invisible characters escaped, never as they are", () => {
  // U+202E in a stored table was once echoed into the message, turning it around.
  const bad = ["\u202e", "\u061c", "\u0085", "\u009b", "\u200b", "\u2066", "\u2028", "\ufeff"];
  for (const c of bad) {
    for (const value of [{ ...table, game: `mare${c}nostrum` }, { ...table, [`x${c}`]: 1 },
      { ...table, inPlay: [{ id: `mn-aj${c}ax`, player: 1 }] }, { ...table, v: `1${c}` }]) {
      const { error } = checkedTable(value);
      assert.ok(error, JSON.stringify(value));
      assert.ok(!error.includes(c), `U+${c.charCodeAt(0).toString(16)} echoed: ${error}`);
      assert.ok(error.includes(`\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`), error);
    }
  }
});

test("a player the stored table's query does not have is not believed: a 4-player table never says player 20", () => {
  const table = { v: 1, game: "mare-nostrum", query: "g=mare-nostrum&n=4&e=iajax.2", inPlay: [{ id: "mn-ajax", player: 2 }, { id: "mn-ajax", player: 20 }, { id: "mn-hermes", player: 5 }] };
  const read = checkedTable(table);
  assert.equal(read.error, null);
  assert.deepEqual(read.table.inPlay, [{ id: "mn-ajax", player: 2 }]);
  assert.deepEqual(playersOf(read.table, "mn-ajax"), [2]);
  // Without a player count in its query, the page's ceiling holds.
  assert.deepEqual(checkedTable({ ...table, query: "g=mare-nostrum" }).table.inPlay.map((x) => x.player), [2, 20, 5]);
});
