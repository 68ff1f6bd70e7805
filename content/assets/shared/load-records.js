// The compendium's records for every page that reads them, loaded once per page view.
//
// A tool (a battle calculator, a table helper, play along) reads its own game's part of the
// export, api/games/<game>.json: that game's records exactly as api/records.json holds them.
// The list, api/games/index.json, names each game's tool pages, so a tool page finds its game
// by its page (its entry in the game record's `tools`). The card browser reads the whole export.
// Both are written by generator/export/records.py (GAMES_DIR, game_payloads); a tool page's head
// asks for its two files early (partials/tool-early.html), and that answer is taken once.
//
// Served over http(s), the files are fetched. Opened from files (the downloadable copy),
// browsers refuse fetch, so the copy carries api/records.js, which sets a global; it is
// loaded here as a classic script, the way the theme loads its search index from files, and
// a tool reads the whole export there.

import { checkedExport, ExportError } from "../export/check.js";

const SITE_ROOT = new URL("../../", import.meta.url);
const GLOBAL = "__compendiumRecords";
const EARLY = "cmpEarlyRecords";   // {absolute URL: promise of a Response or an Error}, set by the page's head
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
let pending = null;
const files = new Map();   // absolute URL -> promise of its parsed content

/** The folder of the files per game, and the name of the list's file (generator/export/records.py). */
export const GAMES_DIR = "api/games";
export const GAMES_INDEX = "index";

/** The site path of a game's file (`name`: its slug) or of the list (GAMES_INDEX). */
export function gameFile(name) {
  return `${GAMES_DIR}/${name}.json`;
}

/** The game whose tools list `page` (its path under content/), from the list's `games`; null if none. */
export function gameOfTool(games, page) {
  if (!Array.isArray(games)) return null;
  const found = games.find((g) => g && typeof g.game === "string" && SLUG.test(g.game)
    && Array.isArray(g.tools) && g.tools.includes(page));
  return found ? found.game : null;
}

function fromScript() {
  return new Promise((resolve, reject) => {
    if (window[GLOBAL]) { resolve(window[GLOBAL]); return; }
    const tag = document.createElement("script");
    tag.src = new URL("api/records.js", SITE_ROOT).href;
    tag.onload = () => (window[GLOBAL] ? resolve(window[GLOBAL]) : reject(new Error("api/records.js set no records")));
    tag.onerror = () => reject(new Error("api/records.js could not be read"));
    document.head.append(tag);
  });
}

/** The early request of `url` when the head made one (taken once), else a new one. */
function fetched(url) {
  const early = typeof window !== "undefined" && window[EARLY] ? window[EARLY][url] : undefined;
  if (early) {
    delete window[EARLY][url];
    return Promise.resolve(early).then((r) => (r instanceof Response ? r : fetch(url)));
  }
  return fetch(url);
}

/** The parsed content of a site path, asked for once per page view (a failure is asked again). */
function readJson(path) {
  const url = new URL(path, SITE_ROOT).href;
  if (!files.has(url)) {
    const p = fetched(url).then((r) => {
      if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
      return r.json().catch(() => { throw new ExportError(`${path} is not valid JSON; rebuild the site.`); });
    });
    files.set(url, p);
    p.catch(() => files.delete(url));
  }
  return files.get(url);
}

/** The parsed export, {version, count, records}: every game's. Failed loads are retried on the next call. */
export function loadRecords() {
  if (!pending) {
    pending = (location.protocol === "file:" ? fromScript() : readJson("api/records.json")).then(checkedExport);
    pending.catch(() => { pending = null; });
  }
  return pending;
}

/** The card browser's cut of the export (api/browse.json, generator/export/records.py BROWSE_FILE):
 * every record with the fields the browser reads, asked for early by the page's head. */
export function loadBrowseRecords() {
  return readJson("api/browse.json").then((data) => checkedExport(data, "api/browse.json"));
}

/** The records of the game whose tool `page` is (its path under content/, as in the game record's
 * `tools`), {version, game, games, count, records}; from files, the whole export. */
export function loadToolRecords(page) {
  if (location.protocol === "file:") return loadRecords();
  return readJson(gameFile(GAMES_INDEX)).then((index) => {
    const game = gameOfTool(index && index.games, page);
    if (!game) throw new ExportError(`${gameFile(GAMES_INDEX)} names no game with the tool ${page}; rebuild the site.`);
    return readJson(gameFile(game));
  }).then(checkedExport);
}

/** The site root, for resolving the records' relative URLs. */
export const siteRoot = SITE_ROOT.href;
