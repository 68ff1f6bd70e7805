// Win checks due now (`play_along.wins`): a win the source checks "as soon as" it is met is
// checked right after a record of the kinds it names enters or changes hands at this position
// (check.after), or at the steps it names (check.at); with options, only the wins they allow.
// Where the condition is countable (holds: so many records of these kinds, with where only those
// whose fields hold its values), who meets it is counted from the state. Pure: no DOM.
import { optionsAllow } from "./state-rules.js";

/**
 * [{id, name, url, line, note, trigger: "after" | "at", by: [ids entered], holds, counts:
 * [{player, count}], meets: [players] | null}] for position `pos` of the table.
 */
export function winsAt(g, table, state, pos, stepId) {
  const on = table.options || [];
  const out = [];
  const enteredHere = state.events.filter((e) => e.type === "enter" && e.pos === pos);
  for (const w of g.state.wins) {
    if (!optionsAllow(w, on)) continue;
    const by = enteredHere.filter((e) => { const r = g.byId.get(e.id); return r && w.after.includes(r.kind); }).map((e) => e.id);
    const trigger = by.length ? "after" : w.at.includes(stepId) ? "at" : null;
    if (!trigger) continue;
    let counts = [];
    let meets = null;
    if (w.holds) {
      const per = new Map();
      for (const e of state.inPlay) {
        const r = g.byId.get(e.id);
        if (!r || !Number.isInteger(e.player) || !w.holds.kinds.includes(r.kind) || (w.holdsWhere && !w.holdsWhere(r))) continue;
        per.set(e.player, (per.get(e.player) || 0) + 1);
      }
      counts = [...per].sort((a, b) => a[0] - b[0]).map(([player, count]) => ({ player, count }));
      meets = counts.filter((c) => c.count >= w.holds.count).map((c) => c.player);
    }
    out.push({ id: w.id, name: w.name, url: w.url, line: w.line, note: w.note, trigger, by, holds: w.holds, counts, meets });
  }
  return out;
}
