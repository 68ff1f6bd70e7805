// What a calculator or helper opens on: a worked answer, never an empty form or an error.
//
// A link that carries its own state wins. Otherwise the tool opens on the state its game
// record gives it (`tools[].opens_on` in data/<game>/game/*.yaml): a rulebook's own worked
// example where the source has one (`example` names that ruling), else a sample named as
// such. Pure: the export in, strings out; Node and the browser import the same file.

import { formerIdMap, withCurrentIds } from "../shared/former-ids.js";

// "?start=blank" asks for the empty form (the note's "Start from a blank form" link).
export const BLANK = "start=blank";

/** The query of a link, without "?"; "" when the link carries no state of its own. */
function ownState(search) {
  return String(search || "").replace(/^\?/, "");
}

/** The game record's entry for the tool on `page` (its path under content/, e.g. "calculators/mosaic-disasters.md"). */
export function toolEntry(data, page) {
  const list = Array.isArray(data) ? data : data && Array.isArray(data.records) ? data.records : [];
  for (const rec of list) {
    if (!rec || rec.kind !== "game" || !Array.isArray(rec.tools)) continue;
    const tool = rec.tools.find((t) => t && t.page === page);
    if (tool) return { tool, records: list };
  }
  return null;
}

// A query as the schema allows it: URL-safe characters only, so nothing in it can be markup.
const QUERY = /^[A-Za-z0-9._~%=&+:-]+$/;

/**
 * {query, opening}: the query the tool starts from, and what it is when it is the tool's default
 * ({label, example: {name, url} | null}); opening is null when the link's own state is used or
 * the records give no default (the tool then opens on its engine's empty state).
 */
export function openingQuery(data, page, search) {
  const own = ownState(search);
  if (own === BLANK) return { query: "", opening: null };
  if (own) return { query: withCurrentIds(own, formerIdMap(data)), opening: null };   // a link written before a rename
  const found = toolEntry(data, page);
  const opens = found && found.tool.opens_on;
  if (!opens || typeof opens.query !== "string" || !QUERY.test(opens.query)) return { query: "", opening: null };
  const ruling = opens.example ? found.records.find((r) => r && r.id === opens.example) : null;
  const example = ruling && typeof ruling.url === "string"
    ? { name: String(ruling.question || ruling.name || ruling.id), url: ruling.url } : null;
  return { query: opens.query, opening: { label: String(opens.label || ""), example } };
}
