// The records this device opened last, for the start page. Kept in localStorage only (nothing
// leaves the device). Storage is hostile: it may be disabled (reading throws), full (writing
// throws) or hold anything another script or an old version wrote, so every entry read back
// is checked and whatever is not a plain entry pointing into this site is dropped. No DOM:
// Node tests pass a Storage-like object.

export const RECENT_KEY = "compendium-recent";
export const RECENT_MAX = 8;
const MAX_TEXT = 200;
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// A page of this site, relative to its root: lowercase path segments, a folder or index.html.
const PAGE = /^(?:[a-z0-9][a-z0-9-]*\/)+(?:index\.html)?$/;

function text(value) {
  return typeof value === "string" && value.trim() && value.length <= MAX_TEXT && !/[\u0000-\u001f\u007f]/.test(value);
}

/** The entry as stored, or null when it is not one: {id, title, where, url}. */
export function checkedEntry(value) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const { id, title, where = "", url } = value;
  if (typeof id !== "string" || !ID.test(id) || !text(title) || typeof url !== "string" || !PAGE.test(url)) return null;
  if (where !== "" && !text(where)) return null;
  return { id, title: title.trim(), where: typeof where === "string" ? where.trim() : "", url };
}

/** The list as stored, newest first; [] when storage is missing, disabled or holds garbage. */
export function readRecent(storage) {
  let raw;
  try {
    raw = storage?.getItem(RECENT_KEY);
  } catch {
    return [];
  }
  if (typeof raw !== "string" || raw.length > 64 * 1024) return [];
  let list;
  try {
    list = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  const seen = new Set();
  const out = [];
  for (const item of list.slice(0, RECENT_MAX * 4)) {
    const entry = checkedEntry(item);
    if (entry && !seen.has(entry.id)) {
      seen.add(entry.id);
      out.push(entry);
    }
  }
  return out.slice(0, RECENT_MAX);
}

/** Puts an entry first (once); true when it was stored. A full or disabled storage is ignored. */
export function noteRecent(storage, value) {
  const entry = checkedEntry(value);
  if (!entry) return false;
  const list = [entry, ...readRecent(storage).filter((e) => e.id !== entry.id)].slice(0, RECENT_MAX);
  try {
    storage.setItem(RECENT_KEY, JSON.stringify(list));
    return true;
  } catch {
    return false;
  }
}

export function clearRecent(storage) {
  try {
    storage?.removeItem(RECENT_KEY);
  } catch {
    // disabled storage: there is nothing to clear
  }
}

/** window.localStorage, or null where even asking for it throws (storage disabled). */
export function localStore() {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}
