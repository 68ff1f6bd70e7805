// The names closest to a query that matched nothing, so "Minotaur" can answer with what
// the games here do have. Compared on folded names and aliases of named records (not
// rulings' questions), as whole names and word by word.
import { boundedDistance } from "./distance.js";
import { words } from "./text.js";

export const MAX_SHARE = 0.5;   // at most this share of the typed letters may differ

function nameEntries(index) {
  if (!index.nameEntries) {
    index.nameEntries = [];
    for (const doc of index.docs) {
      for (const name of doc.names) {
        const parts = words(name);
        if (parts.length) index.nameEntries.push({ doc, name, whole: parts.join(" "), parts });
      }
    }
  }
  return index.nameEntries;
}

/** Up to `limit` {doc, name, distance}, closest first, one per record. */
export function closestNames(index, query, limit = 3) {
  const typed = words(query).join(" ");
  if (typed.length < 3) return [];
  const max = Math.max(1, Math.floor(typed.length * MAX_SHARE));
  const best = new Map();
  for (const entry of nameEntries(index)) {
    let d = boundedDistance(typed, entry.whole, max);
    for (const part of entry.parts) d = Math.min(d, boundedDistance(typed, part, max));
    if (d > max) continue;
    const had = best.get(entry.doc);
    if (!had || d < had.distance) best.set(entry.doc, { doc: entry.doc, name: entry.name, distance: d });
  }
  return [...best.values()]
    .sort((a, b) => a.distance - b.distance || a.name.length - b.name.length || a.doc.n - b.doc.n)
    .slice(0, limit);
}
