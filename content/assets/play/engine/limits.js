// Holding limits (`play_along.limits`): a player who holds more records of the limit's kinds
// than it allows, and none of the records that allow more (`unless`), is warned; the table is
// never refused, since the exception may come from a power the table does not record. Pure: no DOM.

/**
 * The limits passed at a position: [{id, name, url, player, count, held: [{id, name}], note, text}]
 * (id, name, url: the record stating the limit), from the records in play there ([{id, player}]).
 */
export function overLimits(g, inPlay) {
  const out = [];
  for (const l of g.state.limits || []) {
    const by = new Map();
    for (const e of inPlay) {
      if (!Number.isInteger(e.player)) continue;
      if (!by.has(e.player)) by.set(e.player, []);
      by.get(e.player).push(e.id);
    }
    for (const [player, list] of [...by].sort((a, b) => a[0] - b[0])) {
      if (list.some((id) => l.unless.includes(id))) continue;
      const held = list.map((id) => g.byId.get(id)).filter((r) => r && l.kinds.includes(r.kind)).map((r) => ({ id: r.id, name: r.name }));
      if (held.length <= l.count) continue;
      out.push({ id: l.id, name: l.name, url: l.url, player, count: l.count, held, note: l.note,
        text: `holds ${held.length} (${held.map((r) => r.name).join(", ")}); ${l.count} normally.${l.note ? ` ${l.note}` : ""}` });
    }
  }
  return out;
}
