// What happens at one position of the turn for one table: the step, the records in play
// that act then (per player), the rulings about the step or a record in play, what is due
// (objectives, events, the end), and what arrives. Pure: no DOM.
//
// All of it is read from `timing` (schemas/defs/timing.schema.json): `at` names the step
// records an effect acts at (a phase covers its steps; the turn's root covers the turn),
// `when` where in them, and for Ancient Conquest `turns` the game turns (a list, or a window
// from one turn to another).
import { gameRules } from "./records.js";
import { parsePosition, closing, roundRange, roundText, formatPosition, compare } from "./sequence.js";
import { scoringLink } from "./scoring.js";
import { plainText, recordRef } from "../../shared/records.js";
import { stateOf } from "./log.js";
import { reminderLine, stepLine, stepOwnLine, summaryOf } from "./lines.js";
import { momentIndex, dueThisRound, dueAt, dueGroups, objectivesOf } from "./due.js";
import { winsAt } from "./wins.js";
import { overLimits } from "./limits.js";
import { positionText, periodKey, clearsText } from "./state.js";

const SCOPES = ["here", "within", "phase", "turn", "unknown"];

/**
 * The records in play at the table, [{id, player}], each once: the seats' own records (a
 * civilization, a nation-group's peoples), what the seats bring, the records entered and still
 * in play, the options on and the kinds always in play (roles, with their holder) (stateOf).
 */
export function inPlayIds(rules, table) {
  const st = stateOf(rules, table);
  return st ? st.inPlay.map((e) => ({ id: e.id, player: e.player })) : [];
}

/** here | within | phase | turn | null: how a timing's `at` reaches this step. */
function scopeOf(g, timing, step) {
  if (timing.at === "unknown") return "unknown";
  const at = Array.isArray(timing.at) ? timing.at : [];
  if (at.includes(step.id)) return "here";
  if (at.some((a) => g.steps.some((s) => s.id === a && s.path.includes(step.id)))) return "within";
  if (at.some((a) => a !== g.turn.id && step.path.includes(a))) return "phase";
  if (at.includes(g.turn.id)) return "turn";
  return null;
}

/** The player whose seat is this key (a group's number as text), or null. */
function seatPlayer(g, table, key) {
  const i = (table.seats || []).indexOf(key);
  return g.seats.by && i >= 0 ? i + 1 : null;
}

function cellValue(cell) {
  if (cell && typeof cell === "object") return { value: cell.value, note: typeof cell.note === "string" ? cell.note : null };
  return { value: cell, note: null };
}

/** The units that arrive at this step and turn (Ancient Conquest's Unit Appearance Table), read
 *  by the columns play_along.arrivals.columns names; every other column holds what arrives. */
function arrivalsAt(g, p) {
  const src = g.arrivals;
  if (!src || p.step !== src.at || p.round === null) return [];
  const table = g.byId.get(src.table);
  if (!table) return [];
  const named = src.columns;
  const cols = (table.columns || []).filter((c) => c && !Object.values(named).includes(c.id));
  const out = [];
  for (const row of table.rows || []) {
    const cells = (row && row.cells) || {};
    const turn = cellValue(cells[named.turn]);
    const people = cellValue(cells[named.people]).value;
    const group = cellValue(cells[named.group]).value;
    if (turn.value === "unknown") {
      out.push({ people, group: Number.isInteger(group) ? group : null, turn: null, table: recordRef(table),
        unknown: plainText(turn.note || "The turn of this entry is not given.", g.byId) });
      continue;
    }
    if (turn.value !== p.round) continue;
    const units = [];
    const unknown = [];
    for (const c of cols) {
      const v = cellValue(cells[c.id]);
      if (v.value === "unknown") unknown.push(`${c.label}: ${plainText(v.note || "unknown", g.byId)}`);
      else if (typeof v.value === "string" && v.value !== "" && v.value !== "—" && v.value !== "-") units.push({ label: c.label, value: v.value });
    }
    out.push({ people, group: Number.isInteger(group) ? group : null, turn: p.round, table: recordRef(table), units,
      unknown: unknown.length ? unknown.join(" ") : null });
  }
  return out;
}

/**
 * The records in play at position p, [{id, player, since, by, leaves}]: each stay in play whose
 * span holds p, from the position it entered at (setup: from the start) up to its leaving point
 * (by rule) or the position it was taken out at. So a look at a position before a record entered
 * does not show it, and one before a record left (by rule or by a change) still does; the
 * state's current holding of a record comes before an earlier stay of it.
 */
export function inPlayAt(g, state, p) {
  const from = (since) => since === null || since === undefined || compare(g, parsePosition(g, since), p) <= 0;
  const before = (until) => compare(g, p, parsePosition(g, until)) < 0;
  const out = state.inPlay.filter((e) => from(e.since) && !(e.leaves && !before(e.leaves.at)));
  const seen = new Set(out.map((e) => e.id));
  for (let i = state.left.length - 1; i >= 0; i -= 1) {
    const l = state.left[i];
    if (seen.has(l.id) || !from(l.since) || !before(l.until)) continue;
    seen.add(l.id);
    out.push({ id: l.id, player: l.player, since: l.since, by: l.entry === null || l.entry === undefined ? "brings" : "entered", leaves: l.by === "rule" ? { at: l.until, note: l.note } : null, left: l.until });
  }
  return out;
}

/**
 * A stay's used mark at p: {count, times, clears} of the marks made during that stay, at or before
 * p and in p's period (a step, phase, turn or round; a game or a stay in play: all of them), or null.
 */
function usedAt(g, state, e, p, limit) {
  if (!limit) return null;
  const key = periodKey(g, p, limit.per);
  const within = (pos) => {
    const q = parsePosition(g, pos);
    return !q.error && compare(g, q, p) <= 0 && (e.since === null || e.since === undefined || compare(g, parsePosition(g, e.since), q) <= 0)
      && (!e.left || compare(g, q, parsePosition(g, e.left)) < 0);
  };
  const count = state.marks.filter((m) => m.id === e.id && within(m.pos)
    && (["game", "entry"].includes(limit.per) || periodKey(g, parsePosition(g, m.pos), limit.per) === key)).length;
  return count ? { count, times: limit.times, clears: clearsText(g, limit.per) } : null;
}

/**
 * The moment at position `pos` of the table (a position string; when pos is null or left
 * out, the marker), or null when pos is not a position of this game:
 * {pos, round, step: {id, name, url, path, line}, passes, reminders, rulings, due, dueGroups, dueTurn,
 *  prompts, leaving, used, wins, limits, arrivals, end, objectives, gaps, view}. `limits`: each player over a
 * holding limit (limits.js overLimits). `objectives`: every
 * objective of the table's records with its holder and verdict (objectivesOf). `ceiling`: {n, label}
 * in the last round the page counts of a game with no set end, else null. `passes`: at a step where records
 * always in play change hands, {first, note, records: [{id, name, url, player}]}, else null. `asPlayer` (default the table's
 * `as`) puts that player's reminders and due items first and marks the other players' folded.
 */
export function momentAt(rules, table, pos, { asPlayer } = {}) {
  const g = table && gameRules(rules, table.game);
  if (!g) return null;
  const state = stateOf(rules, table);
  const p = pos === undefined || pos === null ? parsePosition(g, state.at) : parsePosition(g, pos);
  if (p.error) return null;
  const here = formatPosition(p);
  const stepInfo = g.steps.find((s) => s.id === p.step);
  const range = roundRange(g);
  // The seat this view is for: a player of the table, else none (with a message).
  const want = asPlayer === undefined ? table.as : asPlayer;
  const max = Number.isInteger(table.players) ? table.players : (table.seats || []).length;
  let view = { asPlayer: null, error: null };
  if (want !== null && want !== undefined) {
    if (Number.isInteger(want) && want >= 1 && want <= max) view = { asPlayer: want, error: null };
    else view = { asPlayer: null, error: { field: "as", message: `There is no player ${String(want).slice(0, 12)} at this table (${max ? `players 1 to ${max}` : "no players yet"}); every player's reminders are shown alike.` } };
  }
  const me = view.asPlayer;
  const inPlay = inPlayAt(g, state, p);
  const playing = new Set(inPlay.map((e) => e.id));

  // Reminders: the records in play whose timing (without turns) reaches this step.
  const reminders = [];
  for (const e of inPlay) {
    const rec = g.byId.get(e.id);
    const t = rec && rec.timing;
    if (!t || typeof t !== "object" || t.turns !== undefined) continue;
    const scope = scopeOf(g, t, stepInfo);
    if (!scope) continue;
    const limit = g.state.uses.get(e.id) || null;
    const used = usedAt(g, state, e, p, limit);
    reminders.push({ ...recordRef(rec), player: e.player, scope, when: scope === "unknown" ? "unknown" : t.when || null,
      at: Array.isArray(t.at) ? t.at.slice() : [], note: typeof t.note === "string" && scope !== "unknown" ? plainText(t.note, g.byId) : null,
      unknown: scope === "unknown" ? plainText(t.note || "The source does not say when it acts.", g.byId) : null,
      line: reminderLine(g, rec, stepInfo, p.round),
      leaves: e.leaves ? { at: e.leaves.at, text: leavesText(g, rec, e.leaves) } : null,
      uses: limit ? { per: limit.per, times: limit.times } : null,
      used: used ? { count: used.count, times: used.times, clears: used.clears } : null,
      folded: me !== null && e.player !== null && e.player !== me });
  }
  const mineFirst = (a, b) => (me === null ? 0 : (a.player === me ? 0 : 1) - (b.player === me ? 0 : 1));
  reminders.sort((a, b) => mineFirst(a, b) || SCOPES.indexOf(a.scope) - SCOPES.indexOf(b.scope) || (a.player || 99) - (b.player || 99)
    || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // Rulings about the step or a record in play.
  const { rulingsAbout } = momentIndex(g);
  const found = new Set();
  for (const id of [p.step, ...playing]) for (const r of rulingsAbout.get(id) || []) found.add(r);
  const rulings = [...found].sort();
  // Due: shown once per turn, at the first step its timing covers; the whole turn's list too.
  const dueTurn = dueThisRound(g, table, p, inPlay, range, state.objectives);
  const due = dueAt(dueTurn, p.step);
  // The end: the records checked at the end (each round when the game is open-ended); a
  // record checked by a win rule is the win's, not repeated here.
  const { gameEnd } = closing(g, p);
  let end = null;
  const optionsOn = new Set(table.options || []);
  const optionIds = new Set(g.options.map((o) => o.id));
  const byWin = new Set(g.state.wins.map((w) => w.id));
  // An end that is an option (Mare Nostrum's longer game) is checked only with it on.
  const ends = g.end.filter((r) => (!optionIds.has(r.id) || optionsOn.has(r.id)) && !(byWin.has(r.id) && range && range.last === null));
  // A game of counted rounds ends at its last round's end even with no end record to check.
  if (gameEnd && (ends.length || g.scoring || (range && range.last !== null))) {
    end = { records: ends.map((r) => ({ ...r })), scoring: scoringLink(rules, table), last: range ? range.last !== null : true };
    for (const r of ends) {
      const line = summaryOf(g, g.byId.get(r.id));
      due.push({ ...r, what: "at", turns: null, when: "end", note: null, objective: null, text: line, line, player: null, end: true, deadline: false, shownAt: p.step });
    }
  }
  // What entered here and what it does as it enters; what leaves here by rule.
  const prompts = state.events.filter((ev) => ev.type === "enter" && ev.pos === here && g.state.enters.has(ev.id))
    .map((ev) => ({ ...recordRef(g.byId.get(ev.id)), player: ev.player, line: g.state.enters.get(ev.id).do, note: g.state.enters.get(ev.id).note }));
  const leaving = [
    ...state.left.filter((l) => l.by === "rule" && l.until === here),
    ...state.inPlay.filter((e) => e.leaves && e.leaves.at === here).map((e) => ({ id: e.id, player: e.player, since: e.since, until: here, by: "rule", note: e.leaves.note })),
  ].map((l) => {
    // A record's own line for this step says what it does as it leaves (the coins left on a card).
    const line = stepOwnLine(g, g.byId.get(l.id), p.step);
    return { ...recordRef(g.byId.get(l.id)), player: l.player, since: l.since, note: l.note, line,
      text: `${g.byId.get(l.id).name} leaves play now${line ? `. ${line}` : ""}${l.note ? `${line ? " " : ": "}${l.note}` : line ? "" : "."}` };
  });
  // Records that change hands here (play_along.passes): each with its holder now; in the first
  // round the setup's holders stand, and the step says so (`first`).
  const firstRound = !range || p.round === null || p.round === range.first;
  const pass = g.state.passes.find((x) => x.at === p.step) || null;
  const passes = pass ? {
    first: firstRound, note: pass.note,
    records: g.records.filter((r) => pass.kinds.includes(r.kind)).map((r) => {
      const held = inPlay.find((e) => e.id === r.id);
      return { ...recordRef(r), player: held ? held.player : null };
    }),
  } : null;
  return {
    pos: here,
    round: p.round === null ? null : { n: p.round, turn: p.turn, label: g.rounds.label, text: roundText(g, p) },
    step: { ...recordRef(g.byId.get(p.step)), path: stepInfo.path.slice(), line: pass && firstRound && pass.first ? pass.first : stepLine(g, p.step) },
    passes,
    reminders, rulings, due, dueGroups: dueGroups(due, me), dueTurn,
    prompts, leaving, used: state.used.slice(), wins: winsAt(g, table, state, here, p.step), limits: overLimits(g, inPlay),
    arrivals: arrivalsAt(g, p).map((a) => ({ ...a, player: a.group === null ? null : seatPlayer(g, table, String(a.group)) })), end,
    objectives: objectivesOf(g, table, state.objectives),
    // The page's last round in a game with no set end (Mare Nostrum's turn 999): it says so.
    ceiling: range && range.last === null && p.round === range.ceiling ? { n: range.ceiling, label: g.rounds.label } : null,
    gaps: [...g.gaps, ...(g.rounds && g.rounds.note ? [g.rounds.note] : [])],
    view,
  };
}

/** "Mars leaves play at Turn 3, Offering Phase: <the rule's note>". */
function leavesText(g, rec, leaves) {
  return `${rec.name} leaves play at ${positionText(g, leaves.at)}${leaves.note ? `: ${leaves.note}` : "."}`;
}
