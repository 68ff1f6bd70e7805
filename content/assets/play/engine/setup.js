// The setup checklist of one table: the setup steps of the game's setup rules, in the
// source's order, kept where they apply (player count, options on and off), a step done
// once per player or once per seat nobody plays written out that many times, and each
// count's number as the export resolved it. Pure: no DOM.
//
// Unknowns are carried, never filled: a step the source leaves open keeps `unknown` (its
// note), a count whose value is unknown has value null and `unknown` (its note).
import { gameRules } from "./records.js";

/** The seat keys nobody plays at this table: [{key, name}], or null entries where not yet chosen. */
export function unplayedSeats(g, table) {
  const chosen = new Set((table.seats || []).filter((s) => s !== null));
  const free = g.seats.choices.filter((c) => !chosen.has(c.key));
  const players = Number.isInteger(table.players) ? table.players : null;
  if (players === null) return [];
  const count = Math.max(0, g.seats.choices.length - players);
  if (chosen.size >= players) return free.slice(0, count).map((c) => ({ key: c.key, name: c.name }));
  // Some players have not chosen: so many seats are unplayed, but which is not known yet.
  return Array.from({ length: count }, () => null);
}

function applies(step, table) {
  if (step.players !== null && !(Number.isInteger(table.players) && step.players.includes(table.players))) return false;
  const on = table.options || [];
  if (!step.with.every((id) => on.includes(id))) return false;
  if (step.without.some((id) => on.includes(id))) return false;
  return true;
}

function counts(step, table) {
  return step.counts.filter((c) => c.players === null || (Number.isInteger(table.players) && c.players.includes(table.players)))
    .map(({ label, of, value, unknown, unit, from }) => ({ label, of, value, unknown, unit, from }));
}

/**
 * The records the table's setup takes out of the game (a setup step's `removes`, kept for this
 * player count and these options): Map id -> {key, record, step}, the step that removes it.
 * Play along never offers them as entering play.
 */
export function removedBySetup(g, table) {
  const out = new Map();
  if (!g || !table) return out;
  for (const rule of g.setup) {
    for (const step of rule.steps) {
      if (!(step.removes || []).length || !applies(step, table)) continue;
      for (const id of step.removes) if (!out.has(id)) out.set(id, { key: `${rule.record.id}.${step.id}`, record: rule.record, step: step.id });
    }
  }
  return out;
}

/**
 * The table's setup steps:
 * [{key, record: {id, name, url}, id, do, raw, counts: [{label, of, value, unknown, unit, from}],
 *   shows: [{id, name, url, label, text}] (a field of another record the step needs),
 *   per, player, seat: {key, name} | null, source: {file, section}, unknown, note}].
 * key is unique in the list: "<record>.<step>", with ".p<n>" per player or ".u<k>" per unplayed seat.
 * Steps limited to player counts are left out until the table has a player count.
 */
export function setupFor(rules, table) {
  const g = table && gameRules(rules, table.game);
  if (!g) return [];
  const out = [];
  const seatOf = (key) => {
    if (key === null || key === undefined) return null;
    const c = g.seats.choices.find((x) => x.key === key);
    return c ? { key: c.key, name: c.name } : null;
  };
  for (const rule of g.setup) {
    for (const step of rule.steps) {
      if (!applies(step, table)) continue;
      const base = { record: rule.record, id: step.id, do: step.do, raw: step.raw, counts: counts(step, table), shows: step.shows, per: step.per,
        source: rule.source, unknown: step.unknown, note: step.note };
      const key = `${rule.record.id}.${step.id}`;
      if (step.per === "player") {
        const n = Number.isInteger(table.players) ? table.players : 0;
        if (!n) { out.push({ key, ...base, player: null, seat: null }); continue; }
        for (let p = 1; p <= n; p += 1) out.push({ key: `${key}.p${p}`, ...base, player: p, seat: seatOf((table.seats || [])[p - 1]) });
      } else if (step.per === "unplayed") {
        unplayedSeats(g, table).forEach((seat, k) => out.push({ key: `${key}.u${k + 1}`, ...base, player: null, seat }));
      } else out.push({ key, ...base, player: null, seat: null });
    }
  }
  return out;
}
