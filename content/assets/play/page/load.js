// Play along's records: the page reads one game's part of the export,
// api/games/<game>.json (shared/load-records.js gameFile: the game's records exactly as
// api/records.json holds them, and the list of games), not the whole of api/records.json. A phone
// that scanned a table's QR code cold waited for 200 KB (gzipped) of every game to show one.
// The page's head has already asked for the file of the link's game (partials/play-early.html);
// that answer is taken once. A game chosen later is fetched when chosen. Opened from files (the
// downloadable copy), where fetch is refused, the whole export is read from api/records.js.
import { checkedExport, ExportError } from "../../export/check.js";
import { loadRecords, gameFile, GAMES_INDEX } from "../../shared/load-records.js";

const SITE_ROOT = new URL("../../../", import.meta.url);   // this file is assets/play/page/load.js
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_SLUG = 60;
const pending = new Map();   // file name -> promise of its content

/** The file a game's records are in: its slug when it could be one, else the list's (no game). */
export function playFile(game) {
  return typeof game === "string" && game.length <= MAX_SLUG && SLUG.test(game) ? game : GAMES_INDEX;
}

/** The game the page opens on, as the head's early request reads it: the link's first `g`, else
 * the game of the table kept on this device (its `game` field; stored-table.js checks the rest). */
export function openingGame(search, storedGame) {
  let g = null;
  try { g = new URLSearchParams(search).get("g"); } catch { g = null; }
  return g !== null ? g : (typeof storedGame === "string" ? storedGame : null);
}

/** The games of a file's `games` list that are well formed and played along: [{game, name}]. */
function gameList(value) {
  if (!Array.isArray(value)) throw new ExportError(`${gameFile(GAMES_INDEX)} holds no list of games; rebuild the site.`);
  return value.filter((x) => x && typeof x.game === "string" && SLUG.test(x.game) && typeof x.name === "string" && x.play_along !== false)
    .map((x) => ({ game: x.game, name: x.name }));
}

function fetched(url) {
  const early = typeof window !== "undefined" ? window.cmpEarlyPlay : null;
  if (early && early.url === url && early.response) {
    window.cmpEarlyPlay = null;   // taken once: a later load of the same file asks again
    return Promise.resolve(early.response).then((r) => (r instanceof Error ? fetch(url) : r));
  }
  return fetch(url);
}

function fromServer(name) {
  const url = new URL(gameFile(name), SITE_ROOT).href;
  return fetched(url).then((r) => {
    if (r.status === 404 && name !== GAMES_INDEX) return fromServer(GAMES_INDEX);   // not a game: the list alone, and the engine says so
    if (!r.ok) throw new Error(`${gameFile(name)}: HTTP ${r.status}`);
    return r.json().then((content) => {
      const games = gameList(content && content.games);
      if (name === GAMES_INDEX) return { games, data: checkedExport({ version: content && content.version, records: [] }) };
      return { games, data: checkedExport(content) };
    });
  });
}

function fromFiles() {
  return loadRecords().then((data) => ({
    games: data.records.filter((r) => r.kind === "game" && r.play_along !== undefined && typeof r.game === "string")
      .map((r) => ({ game: r.game, name: String(r.name) }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    data,
  }));
}

/**
 * A promise of {games: [{game, name}], data: {version, records}} for `game`: its records (every
 * game's, from files), or none when `game` is null or not a game. A failed load is asked again
 * on the next call.
 */
export function loadPlay(game) {
  const name = location.protocol === "file:" ? "*" : playFile(game);
  if (!pending.has(name)) {
    const p = name === "*" ? fromFiles() : fromServer(name);
    pending.set(name, p);
    p.catch(() => pending.delete(name));
  }
  return pending.get(name);
}

/** The page's rules: the engine's for the games read so far, `slugs` every game of the list (in
 * its order, by name), `names` their names, so the form offers every game and the engine's
 * message for an unknown game names them all, and `formerIds` the renamed records' old ids. `read` is the engine's rulesFromRecords (it throws
 * RecordsError for records it cannot read). */
export function playRules(read, loaded) {
  const rules = read(loaded.data);
  const slugs = loaded.games.map((x) => x.game);
  // A renamed record's old ids stay readable, so a table kept or linked before the rename keeps it in play.
  return { games: rules.games, slugs, names: Object.fromEntries(loaded.games.map((x) => [x.game, x.name])), formerIds: rules.formerIds };
}

/** Adds the games of another loaded file (and their records' former ids) to the page's rules (in place); returns the rules. */
export function addGame(read, rules, loaded) {
  const more = read(loaded.data);
  Object.assign(rules.games, more.games);
  if (more.formerIds && more.formerIds.size) rules.formerIds = new Map([...(rules.formerIds || []), ...more.formerIds]);
  return rules;
}
