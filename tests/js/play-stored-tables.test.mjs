// Every table a device has opened, and its phone's name (content/assets/play/stored-tables.js):
// what is stored is checked whole, and storage that is blocked, full or holds garbage gives a
// message, never a throw; no table is ever lost to another table.
import test from "node:test";
import assert from "node:assert/strict";
import { readTables, storeTables, checkedTables, phoneName, renamePhone, TABLES_KEY, PHONE_KEY, MAX_TABLES } from "../../content/assets/play/stored-tables.js";
import { TABLE_KEY } from "../../content/assets/play/stored-table.js";
import { memoryStorage, blockedStorage, fullStorage } from "./fake-storage.mjs";

const MN = { game: "mare-nostrum", query: "g=mare-nostrum&n=4&e=pabc1&e=imars.1&as=2", played: 1000 };
const AC = { game: "ancient-conquest", query: "g=ancient-conquest&n=4", played: 2000 };

test("tables are kept side by side, the one played last first, and read back the same", () => {
  const s = memoryStorage();
  assert.deepEqual(storeTables([MN, AC], s), { ok: true, error: null });
  assert.deepEqual(readTables(s), { tables: [AC, MN], error: null });
  const merged = { ...MN, played: 3000, merge: { note: "From player 2 (Greece)'s phone: Hermes, Ajax (Turn 2, Construction Phase).", before: "g=mare-nostrum&n=4", added: ["xyz.1", "xyz.2"] },
    marker: { a: { to: "2.mn-combat", ph: "abc" }, b: { to: "2.mn-construction-phase", ph: "xyz" } } };
  storeTables([merged, AC], s);
  assert.deepEqual(readTables(s).tables[0], merged);
  // A short list: the oldest played goes.
  const many = Array.from({ length: MAX_TABLES + 3 }, (_, i) => ({ game: "mare-nostrum", query: `g=mare-nostrum&n=${3 + (i % 4)}&s=x${i}`, played: i }));
  storeTables(many, s);
  assert.equal(readTables(s).tables.length, MAX_TABLES);
  assert.equal(readTables(s).tables.at(-1).played, 3);
});

test("a device that kept one table before the list existed has that table", () => {
  const s = memoryStorage({ [TABLE_KEY]: JSON.stringify({ v: 1, game: "mare-nostrum", query: "g=mare-nostrum&n=4", inPlay: [] }) });
  assert.deepEqual(readTables(s), { tables: [{ game: "mare-nostrum", query: "g=mare-nostrum&n=4", played: 0 }], error: null });
});

test("garbage, a wrong shape, hostile text, blocked or full storage: a message, never a throw, nothing written", () => {
  const bad = [
    "{not json", "[]", JSON.stringify({ v: 2, tables: [] }), JSON.stringify({ v: 1, tables: "all" }), JSON.stringify({ v: 1, tables: [MN], x: 1 }),
    JSON.stringify({ v: 1, tables: [{ ...MN, query: "g=x&u=javascript:alert(1)" }] }),
    JSON.stringify({ v: 1, tables: [{ ...MN, query: `g=${"x".repeat(5000)}` }] }),
    JSON.stringify({ v: 1, tables: [{ ...MN, played: -1 }] }), JSON.stringify({ v: 1, tables: [{ ...MN, played: 1.5 }] }),
    JSON.stringify({ v: 1, tables: [{ ...MN, game: "<script>" }] }),
    JSON.stringify({ v: 1, tables: [{ ...MN, merge: { note: "a\u202eb", before: "g=x", added: [] } }] }),
    JSON.stringify({ v: 1, tables: [{ ...MN, merge: { note: "ok", before: "g=x", added: ["not a stamp"] } }] }),
    JSON.stringify({ v: 1, tables: [{ ...MN, marker: { a: { to: "2.mn-combat", ph: "abc" }, b: { to: "<b>", ph: "abc" } } }] }),
    JSON.stringify({ v: 1, tables: Array(MAX_TABLES + 1).fill(MN) }),
  ];
  for (const raw of bad) {
    const r = readTables(memoryStorage({ [TABLES_KEY]: raw }));
    assert.deepEqual(r.tables, [], raw.slice(0, 60));
    assert.match(r.error, /cannot be used/, raw.slice(0, 60));
    assert.doesNotMatch(r.error, /[<>\u202e]/);
  }
  assert.match(readTables(blockedStorage()).error, /cannot be read here/);
  assert.match(storeTables([MN], fullStorage()).error, /cannot be kept on this device/);
  assert.match(storeTables([{ ...MN, query: "g=<b>" }], memoryStorage()).error, /to store/);
  assert.equal(checkedTables({ v: 1, tables: [MN] }).error, null);
});

test("this phone's name: made once and kept; a name for the visit where storage refuses; renamed after a clash", () => {
  const s = memoryStorage();
  let n = 0;
  const random = () => [0.1, 0.5, 0.9][n++ % 3];
  const name = phoneName(random, s);
  assert.match(name, /^[a-z0-9]{3}$/);
  assert.equal(s.data[PHONE_KEY], name);
  assert.equal(phoneName(Math.random, s), name, "kept");
  assert.match(phoneName(Math.random, blockedStorage()), /^[a-z0-9]{3}$/);
  for (const garbage of ["000", "ABCD", "<b>", ""]) assert.notEqual(phoneName(Math.random, memoryStorage({ [PHONE_KEY]: garbage })), garbage);
  assert.equal(renamePhone("k7y", s), true);
  assert.equal(phoneName(Math.random, s), "k7y");
  assert.equal(renamePhone("000", s), false);
  assert.equal(renamePhone("<b>", s), false);
});
