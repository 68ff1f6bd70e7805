// Every table this device has opened, and this phone's name. The play-along page keeps a short
// list of tables (the game, the table's link with this phone's seat, when it was last played,
// what the last merge brought, a marker still to settle), so that opening another table's code
// never loses one; `compendium.table.v1` (stored-table.js) stays the one table search and the
// record pages read: the one played last. Storage is hostile (blocked, full, or holding anything):
// what is read is checked whole, and anything not exactly the contract below is refused with a
// message, never a throw:
//
//   localStorage["compendium.tables.v1"] = JSON
//   {"v": 1, "tables": [{"game", "query", "played": <ms since 1970>,
//     "merge": {"note", "before": <query>, "added": ["<phone>.<counter>", ...]},   (optional)
//     "marker": {"a": {"to", "ph"}, "b": {"to", "ph"}}}, ...]}                     (optional)
//   localStorage["compendium.phone.v1"] = "<three letters or digits>"
//
// No DOM: every function takes an optional Storage-like object (Node tests pass one).
import { localStore, MAX_TABLE_QUERY, readStoredTable, GAME, QUERY } from "./stored-table.js";
import { PHONE, ANON, newPhone } from "./engine/stamps.js";

export const TABLES_KEY = "compendium.tables.v1";
export const PHONE_KEY = "compendium.phone.v1";
/** The most tables kept (at most 4,000 characters each: well within a browser's storage); past it, the one played longest ago goes. */
export const MAX_TABLES = 50;
const MAX_NOTE = 600;
/** The longest list read at all (characters of its JSON): MAX_TABLES tables, each with a last merge's table before it. */
const MAX_LIST = 1024 * 1024;
const MAX_ADDED = 600;
const POSITION = /^(\d{1,6}\.){0,2}[a-z0-9]+(-[a-z0-9]+)*$/;
const STAMP = new RegExp(`^${PHONE.source.slice(1, -1)}\\.\\d{1,7}$`);
// What a note must not hold: controls, bidi controls and invisible characters.
const UNSHOWN = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

const isObject = (x) => Boolean(x) && typeof x === "object" && !Array.isArray(x);
const onlyKeys = (x, keys) => Object.keys(x).every((k) => keys.includes(k));

function refuse(why) {
  return { tables: [], error: `The tables stored on this device cannot be used: ${why}; the one in play is still read from its own place.` };
}

function checkedQuery(q) {
  return typeof q === "string" && q.length <= MAX_TABLE_QUERY && QUERY.test(q);
}

/** One entry of the list, checked; null when it is not one. */
function checkedEntry(e) {
  if (!isObject(e) || !onlyKeys(e, ["game", "query", "played", "merge", "marker"])) return null;
  if (typeof e.game !== "string" || e.game.length > 60 || !GAME.test(e.game) || !checkedQuery(e.query)) return null;
  if (!Number.isInteger(e.played) || e.played < 0 || e.played > 1e14) return null;
  const out = { game: e.game, query: e.query, played: e.played };
  if (e.merge !== undefined) {
    const m = e.merge;
    if (!isObject(m) || !onlyKeys(m, ["note", "before", "added"]) || typeof m.note !== "string" || m.note.length > MAX_NOTE || UNSHOWN.test(m.note)
      || !checkedQuery(m.before) || !Array.isArray(m.added) || m.added.length > MAX_ADDED || !m.added.every((x) => typeof x === "string" && STAMP.test(x))) return null;
    out.merge = { note: m.note, before: m.before, added: m.added.slice() };
  }
  if (e.marker !== undefined) {
    const side = (x) => isObject(x) && onlyKeys(x, ["to", "ph"]) && typeof x.to === "string" && x.to.length <= 120 && POSITION.test(x.to) && typeof x.ph === "string" && PHONE.test(x.ph);
    if (!isObject(e.marker) || !onlyKeys(e.marker, ["a", "b"]) || !side(e.marker.a) || !side(e.marker.b)) return null;
    out.marker = { a: { ...e.marker.a }, b: { ...e.marker.b } };
  }
  return out;
}

/** {tables, error}: the list as stored when it is exactly the contract, else [] and a message. */
export function checkedTables(value) {
  if (!isObject(value) || !onlyKeys(value, ["v", "tables"])) return refuse("it is not a list of tables");
  if (value.v !== 1) return refuse("its version is not 1");
  if (!Array.isArray(value.tables) || value.tables.length > MAX_TABLES) return refuse(`it does not hold a list of at most ${MAX_TABLES} tables`);
  const tables = [];
  for (const e of value.tables) {
    const ok = checkedEntry(e);
    if (!ok) return refuse("one of its tables is not a table this page wrote");
    tables.push(ok);
  }
  return { tables, error: null };
}

/**
 * {tables, error}: the device's tables, the one played last first. A device that kept one table
 * before the list existed (stored-table.js) has that one. Storage that cannot be read: [] and why.
 */
export function readTables(storage = localStore()) {
  let raw;
  try {
    raw = storage ? storage.getItem(TABLES_KEY) : null;
  } catch {
    return { tables: [], error: "This device's storage cannot be read here (private browsing or storage turned off), so no table is known." };
  }
  if (raw === null || raw === undefined) {
    const old = readStoredTable(storage);
    return { tables: old.table ? [{ game: old.table.game, query: old.table.query, played: 0 }] : [], error: old.error };
  }
  if (typeof raw !== "string" || raw.length > MAX_LIST) return refuse("it is not text of a sensible length");
  let value;
  try { value = JSON.parse(raw); } catch { return refuse("it is not JSON"); }
  const read = checkedTables(value);
  read.tables.sort((a, b) => b.played - a.played);
  return read;
}

/** Stores the list (checked whole, at most MAX_TABLES, the last played kept): {ok, error}. */
export function storeTables(tables, storage = localStore()) {
  const list = [...tables].sort((a, b) => b.played - a.played).slice(0, MAX_TABLES);
  const { error } = checkedTables({ v: 1, tables: list });
  if (error) return { ok: false, error: error.replace("stored on this device", "to store") };
  try {
    if (!storage) throw new Error("no storage");
    storage.setItem(TABLES_KEY, JSON.stringify({ v: 1, tables: list }));
    return { ok: true, error: null };
  } catch {
    return { ok: false, error: "The tables cannot be kept on this device (private browsing, storage turned off or full); the link still holds this one." };
  }
}

/**
 * This phone's name (stamps.js: three letters or digits on every change it makes): the stored
 * one, else a new one from `random`, stored. Where storage refuses, a name for this visit only.
 */
export function phoneName(random = Math.random, storage = localStore()) {
  const fresh = () => newPhone(random);
  try {
    const kept = storage ? storage.getItem(PHONE_KEY) : null;
    if (typeof kept === "string" && PHONE.test(kept) && kept !== ANON) return kept;
    const id = fresh();
    if (storage) storage.setItem(PHONE_KEY, id);
    return id;
  } catch {
    return fresh();
  }
}

/** Stores a new name for this phone (after two phones were found to share one). */
export function renamePhone(id, storage = localStore()) {
  if (!PHONE.test(id) || id === ANON) return false;
  try { storage?.setItem(PHONE_KEY, id); return true; } catch { return false; }
}
