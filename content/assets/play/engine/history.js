// The table's short history, from its log: one line per change, stamped with the marker's
// position at the time ("Turn 2, Construction Phase: player 2 (Greece) took Ajax"), and a line
// for each record that left by rule when the marker reached its point. Pure: no DOM.
import { gameRules } from "./records.js";
import { stateOf } from "./log.js";
import { setupFor } from "./setup.js";
import { playerText, positionText } from "./state.js";

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function clip(text, n = 70) {
  const s = String(text).replace(/\s+/g, " ").trim();
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

/** "12 earlier changes folded ...": the first line of a folded log's history. */
function foldText(count) {
  const n = Number.isInteger(count) ? `${count} earlier change${count === 1 ? "" : "s"}` : "Earlier changes";
  return `${n} folded into the table so that its link stays short enough for a QR code; kept from them: what is in play, what left play, the setup ticks and the marks still counting`;
}

/**
 * [{text, pos, index, type, folded, ph}] in the log's order: `index` is the change's place in the
 * log (a rule's leaving has the index of the marker move that reached it), `pos` the marker's
 * position when it happened, `type` the change's (or "leaves" for a record leaving by rule), `ph`
 * the phone that made it.
 * A folded log's history says so first ("N earlier changes folded ...", type "fold"), then what
 * the fold kept, each line `folded: true` (the marker's moves there are only the way back to
 * each position, so they are not lines), then what happened since.
 */
export function historyOf(rules, table) {
  const g = table && gameRules(rules, table.game);
  if (!g) return [];
  const state = stateOf(rules, table);
  const steps = new Map(setupFor(rules, table).map((s) => [s.key, s]));
  const name = (id) => (g.byId.get(id) || { name: id }).name;
  const out = [];
  const folded = (i) => state.folded >= 0 && i < state.folded;
  const line = (ev, text, type = ev.type) => out.push({ text: `${positionText(g, ev.pos)}: ${text}`, pos: ev.pos, index: ev.index, type, folded: folded(ev.index), ph: ev.ph });
  const fold = state.events.find((ev) => ev.type === "fold" && ev.index === state.folded);
  if (fold) out.push({ text: foldText(fold.count), pos: fold.pos, index: fold.index, type: "fold", folded: false });
  for (const ev of state.events) {
    const who = playerText(g, table, ev.player);
    switch (ev.type) {
      case "enter": {
        const rec = g.byId.get(ev.id);
        if (rec && g.always.includes(rec.kind)) line(ev, `${name(ev.id)} passed to ${who}`);
        else line(ev, Number.isInteger(ev.player) ? `${who} took ${name(ev.id)}` : `${name(ev.id)} entered play for the table`);
        break;
      }
      case "leave": line(ev, `${name(ev.id)} left play`); break;
      case "use":
        line(ev, `${cap(Number.isInteger(ev.player) ? who : "the table")} used ${name(ev.id)}`);
        for (const l of state.left.filter((x) => x.by === "rule" && x.index === ev.index)) line(ev, `${name(l.id)} left play by rule, used up`, "leaves");
        break;
      case "objective": line(ev, `${name(ev.id)}'s objective ${ev.n} marked ${ev.verdict === "open" ? "open again" : ev.verdict}`); break;
      case "tick":
      case "untick": {
        const s = steps.get(ev.key);
        line(ev, `setup step ${ev.type === "tick" ? "ticked" : "unticked"}: ${s ? clip(`${s.record.name}: ${s.do}`) : ev.key}`);
        break;
      }
      case "ticks": line(ev, `${ev.keys.length} setup step${ev.keys.length === 1 ? "" : "s"} ticked`); break;
      case "marker":
        if (!folded(ev.index)) line(ev, `the marker moved to ${positionText(g, ev.to)}`);
        for (const l of state.left.filter((x) => x.by === "rule" && x.index === ev.index)) {
          out.push({ text: `${positionText(g, l.until)}: ${name(l.id)} left play by rule${l.note ? ` (${clip(l.note, 90)})` : ""}`, pos: l.until, index: ev.index, type: "leaves", folded: folded(ev.index) });
        }
        break;
      case "fold": break;   // said first
      default: break;
    }
  }
  return out;
}
