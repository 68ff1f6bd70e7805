// The table this device plays at, kept in localStorage so that search (`in:table`), the card
// browser and record pages know which records are in play without loading api/records.json.
// The play-along page writes it each time the table changes (storeTable); everything else only
// reads it (readStoredTable). Storage is hostile: it may be disabled (private mode: asking for it
// or reading throws), full (writing throws), or hold anything another script, an old version or a
// hand in the developer tools wrote. So what is read back is checked whole, and anything that is
// not exactly the contract below is refused with a message, never a throw:
//
//   localStorage["compendium.table.v1"] = JSON
//   {"v": 1, "game": "<game slug>", "query": "<table query>", "inPlay": [{"id": "<record id>", "player": <n or null>}, ...]}
//
// No DOM: every function takes an optional Storage-like object (Node tests pass one); without it
// the page's own localStorage is used.
import { isRecordId } from "../shared/refs.js";

export const TABLE_KEY = "compendium.table.v1";
export const TABLE_VERSION = 1;
/** Longest stored text read at all (characters of the JSON); a longer one is refused unparsed. */
export const MAX_STORED = 64 * 1024;
/** Longest table query kept (characters): the play-along engine reads no longer one (its MAX_QUERY,
 * content/assets/play/engine/table.js; tests/js/search-in-table.test.mjs keeps the two agreed). */
export const MAX_TABLE_QUERY = 4000;
/** Most records in play kept (a full table of the largest game holds under 100: every seat's
 * records, every option, every record of the kinds that enter play). */
export const MAX_IN_PLAY = 500;
/** Highest player number a record in play can name. */
export const MAX_PLAYER = 20;
const MAX_GAME = 60;

// A record id, as the records' schema spells it (schemas/common.schema.json#/$defs/id): a game's
// prefix, a hyphen, then words. Which prefixes exist is data (data/games.yaml), not known here.
const prefixOf = (id) => id.slice(0, id.indexOf("-"));
export const GAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
// What a table query can hold: its keys and values are ids, numbers and positions
// ("2.mn-military-phase"), joined by = and &, as URLSearchParams writes them (it leaves * - . _
// as they are, writes a space +, and escapes the rest with %). Nothing that could make a scheme
// (":"), a path ("/"), an outside link or markup.
export const QUERY = /^[A-Za-z0-9._~*%=&+-]*$/;
const KEYS = ["v", "game", "query", "inPlay"];

const AGAIN = "set the table again on Play along";

function refuse(why) {
  return { table: null, error: `The table stored on this device cannot be used: ${why}; ${AGAIN}.` };
}

// What JSON.stringify leaves as it is but a message must not echo: C1 controls, bidi controls and
// marks (U+202E would turn the message around it), separators and invisible characters. They are
// shown as their \u escape, as JSON already shows the C0 controls.
const UNSHOWN = /[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g;

function shown(value) {
  const text = (typeof value === "string" ? JSON.stringify(value) : String(value))
    .replace(UNSHOWN, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** {table, error}: the table as stored when `value` is exactly the contract, else a message. */
export function checkedTable(value) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return refuse("it is not a table object");
  for (const key of Object.keys(value)) {
    if (!KEYS.includes(key)) return refuse(`it has an unknown field ${shown(key)}`);
  }
  const { v, game, query, inPlay } = value;
  if (v !== TABLE_VERSION) return refuse(`its version is ${shown(v)}, not ${TABLE_VERSION}`);
  if (typeof game !== "string" || !GAME.test(game) || game.length > MAX_GAME) return refuse(`its game ${shown(game)} is not a game name`);
  if (typeof query !== "string") return refuse("its query is not text");
  if (query.length > MAX_TABLE_QUERY) return refuse(`its query is longer than ${MAX_TABLE_QUERY} characters`);
  if (!QUERY.test(query)) return refuse("its query holds characters a table link never has");
  if (!Array.isArray(inPlay)) return refuse("its records in play are not a list");
  if (inPlay.length > MAX_IN_PLAY) return refuse(`it has more than ${MAX_IN_PLAY} records in play`);
  const seen = new Set();
  const list = [];
  let first = null;
  // The list is derived from the query: a player the query's table does not have is not believed.
  const n = /(?:^|&)n=(\d{1,3})(?:&|$)/.exec(query);
  const players = n ? Number(n[1]) : MAX_PLAYER;
  for (const item of inPlay) {
    if (!item || typeof item !== "object" || Array.isArray(item)) return refuse("a record in play is not an {id, player} object");
    for (const key of Object.keys(item)) {
      if (key !== "id" && key !== "player") return refuse(`a record in play has an unknown field ${shown(key)}`);
    }
    const { id, player = null } = item;
    if (typeof id !== "string" || id.length > 100 || !isRecordId(id)) return refuse(`${shown(id)} is not a record id`);
    // A table is of one game, so its records share one prefix; a record page shows "In play" only
    // for a table of its own game (page/in-play.js).
    if (first === null) first = id;
    else if (prefixOf(id) !== prefixOf(first)) return refuse(`${id} is not a record of ${first}'s game, the table's`);
    if (player !== null && !(Number.isInteger(player) && player >= 1 && player <= MAX_PLAYER)) {
      return refuse(`the player of ${id} is ${shown(player)}, not a number from 1 to ${MAX_PLAYER} or null`);
    }
    const key = `${id}.${player}`;
    if (player !== null && player > players) continue;
    if (!seen.has(key)) {
      seen.add(key);
      list.push({ id, player });
    }
  }
  return { table: { v: TABLE_VERSION, game, query, inPlay: list }, error: null };
}

/** A storage that refuses everything: where even asking for localStorage throws (site data
 * blocked, some private modes), so that reading says the storage cannot be read, not that no
 * table is set ("set one on Play along" would ask for what this device cannot keep). */
const BLOCKED = Object.freeze({
  getItem() { throw new Error("storage blocked"); },
  setItem() { throw new Error("storage blocked"); },
  removeItem() { throw new Error("storage blocked"); },
});

/** window.localStorage; a storage that refuses everything where asking for it throws (storage
 * blocked); null where there is none at all (Node). */
export function localStore() {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return BLOCKED;
  }
}

/**
 * {table, error} for the table stored on this device. No table stored: {table: null, error: null}.
 * Disabled storage, garbage, a wrong shape, a bad id or an oversized value: {table: null, error}.
 */
export function readStoredTable(storage = localStore()) {
  let raw;
  try {
    raw = storage ? storage.getItem(TABLE_KEY) : null;
  } catch {
    return { table: null, error: "This device's storage cannot be read here (private browsing or storage turned off), so no table is known." };
  }
  if (raw === null || raw === undefined) return { table: null, error: null };
  if (typeof raw !== "string") return refuse("it is not text");
  if (raw.length > MAX_STORED) return refuse(`it is longer than ${MAX_STORED} characters`);
  let value;
  try {
    value = JSON.parse(raw);
  } catch {
    return refuse("it is not JSON");
  }
  return checkedTable(value);
}

/**
 * Stores the table after checking it whole: {ok: true, error: null}, or {ok: false, error} when
 * it is not a table (nothing is written) or storage is disabled or full.
 */
export function storeTable(value, storage = localStore()) {
  const { table, error } = checkedTable(value);
  if (!table) return { ok: false, error: error.replace(`; ${AGAIN}.`, ".").replace("stored on this device", "to store") };
  const text = JSON.stringify(table);
  if (text.length > MAX_STORED) return { ok: false, error: `The table cannot be stored: it is longer than ${MAX_STORED} characters.` };
  try {
    if (!storage) throw new Error("no storage");
    storage.setItem(TABLE_KEY, text);
    return { ok: true, error: null };
  } catch {
    return { ok: false, error: "The table cannot be kept on this device (private browsing, storage turned off or full); its link still holds it." };
  }
}

/** Removes the stored table; true when nothing is left stored. Disabled storage: false, no throw. */
export function forgetTable(storage = localStore()) {
  try {
    storage?.removeItem(TABLE_KEY);
    return true;
  } catch {
    return false;
  }
}

/** The ids in play at the stored table (a Set), for search's in:table and record pages. */
export function inPlaySet(table) {
  return new Set((table?.inPlay || []).map((item) => item.id));
}

/** The players (numbers, in order; null for a table-wide record) holding `id` at the table. */
export function playersOf(table, id) {
  return (table?.inPlay || []).filter((item) => item.id === id).map((item) => item.player);
}

/** The play-along page's href for the stored table, relative to the site root ("play-along/?..."). */
export function tableHref(table) {
  const query = table && typeof table.query === "string" && QUERY.test(table.query) && table.query.length <= MAX_TABLE_QUERY ? table.query : "";
  return query ? `play-along/?${query}` : "play-along/";
}
