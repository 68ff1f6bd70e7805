// A renamed record keeps its old ids in `former_ids` (CONTRIBUTING.md, "Ids"), and its old page
// redirects to the new one. A link or a stored table written before the rename still holds the old
// id: every reader of such a link maps it to the record's id first, so the record does not drop
// out after a redeploy. Pure: the export's records in, a map and strings out; Node and
// the browser import the same file. Used by tools/opening.js (the calculators' and helpers'
// links), the play-along engine (table links and the stored table's query), search's in:table
// (through the index's `former` map) and the record page's in-play note.

import { RECORD_ID_SOURCE, isRecordId } from "./refs.js";

// A record id as the schema spells it, standing alone in a value ("mn-ajax", "mn-ajax.1",
// "2.mn-military-phase", "mn-hamilcar,mn-hannibal"): never part of a longer word or id.
const ID = new RegExp(`(?<![a-z0-9-])${RECORD_ID_SOURCE}(?![a-z0-9-])`, "g");
const maps = new WeakMap();

/** Map(former id -> the record's id) of an export's records ({records} or the list); cached per list. */
export function formerIdMap(data) {
  const list = Array.isArray(data) ? data : data && Array.isArray(data.records) ? data.records : [];
  if (maps.has(list)) return maps.get(list);
  const map = new Map();
  for (const rec of list) {
    if (!rec || typeof rec.id !== "string" || !Array.isArray(rec.former_ids)) continue;
    for (const old of rec.former_ids) if (typeof old === "string" && isRecordId(old) && old !== rec.id) map.set(old, rec.id);
  }
  maps.set(list, map);
  return map;
}

/** The record's id for `id` (itself when it is no former id). `map`: a Map or a plain object. */
export function currentId(map, id) {
  const now = map instanceof Map ? map.get(id) : map && Object.hasOwn(map, id) ? map[id] : undefined;
  return typeof now === "string" ? now : id;
}

/** The query (text, or URLSearchParams: then as text) with every former id in its values written
 * as the record's id; keys, order, empty pairs and every other character left exactly as they
 * were. No former id known, or a query that is neither: the query itself, untouched. */
export function withCurrentIds(query, map) {
  if (!map || !(map instanceof Map ? map.size : Object.keys(map).length)) return query;
  if (typeof query !== "string" && !(typeof URLSearchParams !== "undefined" && query instanceof URLSearchParams)) return query;
  return String(query).split("&").map((pair) => {
    const at = pair.indexOf("=");
    return at < 0 ? pair : pair.slice(0, at + 1) + pair.slice(at + 1).replace(ID, (id) => currentId(map, id));
  }).join("&");
}
