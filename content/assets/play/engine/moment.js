// What happens at one position of the turn for one table: the step, the records in play
// that act then (per player), the rulings about the step or a record in play, what is due
// (objectives, events, the end), and what arrives. Pure: no DOM.
//
// All of it is read from `timing` (schemas/defs/timing.schema.json): `at` names the step
// records an effect acts at (a phase covers its steps; the turn's root covers the turn),
// `when` where in them, and for Ancient Conquest `turns` the game turns (a list, or a window
// from one turn to another).
import { gameRules } from "./records.js";
import { parsePosition, closing, roundRange, roundText, formatPosition, first } from "./sequence.js";
import { scoringLink } from "./scoring.js";
import { plainText, recordRef } from "../../shared/records.js";

const SCOPES = ["here", "within", "phase", "turn", "unknown"];

/**
 * The records in play at the table, [{id, player}], each once (the first claim's player):
 * the seats' own records (a civilization, a nation-group's peoples), the options on, the
 * records entered (heroes, wonders, gods...) and the kinds always in play (roles).
 */
export function inPlayIds(rules, table) {
  const g = table && gameRules(rules, table.game);
  if (!g) return [];
  const out = new Map();
  const add = (id, player) => { if (g.byId.has(id) && !out.has(id)) out.set(id, player); };
  (table.seats || []).forEach((key, i) => {
    const c = g.seats.choices.find((x) => x.key === key);
    if (c) for (const id of c.records) add(id, i + 1);
  });
  for (const e of table.inPlay || []) add(e.id, Number.isInteger(e.player) ? e.player : null);
  for (const id of table.options || []) add(id, null);
  for (const id of indexOf(g).always) add(id, null);
  return [...out].map(([id, player]) => ({ id, player }));
}

/**
 * What every moment looks up, built once per game (the rules object is read-only after
 * rulesFromRecords): the rulings by each record they concern, the records timed by turns
 * (people with objectives, events) and the ids of the kinds always in play, so a step costs
 * about the same with ten times the records.
 */
function indexOf(g) {
  if (!g._momentIndex) {
    const rulingsAbout = new Map();
    const timed = [];
    const always = [];
    for (const r of g.records) {
      if (g.always.includes(r.kind)) always.push(r.id);
      if (r.kind === "ruling" && Array.isArray(r.concerns)) {
        for (const c of new Set(r.concerns)) {
          if (!rulingsAbout.has(c)) rulingsAbout.set(c, []);
          rulingsAbout.get(c).push(r.id);
        }
      }
      if ((r.kind === "people" && (r.objectives || []).some((o) => o && o.timing)) || (r.kind !== "people" && r.timing && r.timing.turns !== undefined)) timed.push(r);
    }
    g._momentIndex = { rulingsAbout, timed, always };
  }
  return g._momentIndex;
}

/** The subtree of a step: the step and every step under it, in order. */
function subtree(g, id) {
  return g.steps.filter((s) => s.id === id || s.path.includes(id));
}

/** Whether a timing's `at` (and `when`) covers this step. */
function covers(g, timing, step) {
  const at = Array.isArray(timing.at) ? timing.at : [];
  return at.some((a) => {
    const under = a === g.turn.id ? g.steps : subtree(g, a);
    if (!under.some((s) => s.id === step.id)) return false;
    if (timing.when === "start") return under[0].id === step.id;
    if (timing.when === "end") return under[under.length - 1].id === step.id;
    return true;
  });
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

/** A window of turns as {from, to}, `to` filled from the game's last round. */
function windowOf(turns, range) {
  if (Array.isArray(turns)) return { list: turns.filter(Number.isInteger) };
  if (turns && Number.isInteger(turns.from)) return { from: turns.from, to: Number.isInteger(turns.to) ? turns.to : range && range.last };
  return null;
}

/** opens | runs | closes | at | null for a round inside a timing's turns. */
function dueWhat(turns, round, range) {
  const w = windowOf(turns, range);
  if (!w || round === null) return null;
  if (w.list) return w.list.includes(round) ? "at" : null;
  const to = w.to === null || w.to === undefined ? Infinity : w.to;
  if (round < w.from || round > to) return null;
  if (round === w.from && round === to) return "at";
  if (round === w.from) return "opens";
  if (round === to) return "closes";
  return "runs";
}

function turnsShown(turns, range) {
  const w = windowOf(turns, range);
  if (!w) return null;
  return w.list ? w.list.slice() : { from: w.from, to: w.to === undefined ? null : w.to };
}

function playerOf(g, table, id) {
  const i = (table.seats || []).findIndex((key) => {
    const c = g.seats.choices.find((x) => x.key === key);
    return c && c.records.includes(id);
  });
  return i < 0 ? null : i + 1;
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

/** The units that arrive at this step and turn (Ancient Conquest's Unit Appearance Table). */
function arrivalsAt(g, p) {
  const src = g.arrivals;
  if (!src || p.step !== src.at || p.round === null) return [];
  const table = g.byId.get(src.table);
  if (!table) return [];
  const cols = (table.columns || []).filter((c) => c && !["group", "people", "turn"].includes(c.id));
  const out = [];
  for (const row of table.rows || []) {
    const cells = (row && row.cells) || {};
    const turn = cellValue(cells.turn);
    const people = cellValue(cells.people).value;
    const group = cellValue(cells.group).value;
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
 * The moment at position `pos` of the table (a position string; when pos is null or left
 * out, the table's `at`, or the game's first position), or null when pos is not a position
 * of this game:
 * {pos, round: {n, turn, label, text} | null, step: {id, name, url, path}, reminders, rulings, due,
 *  arrivals, end: {records, scoring} | null, gaps}.
 */
export function momentAt(rules, table, pos) {
  const g = table && gameRules(rules, table.game);
  if (!g) return null;
  const p = pos === undefined || pos === null ? (table.at ? parsePosition(g, table.at) : first(g)) : parsePosition(g, pos);
  if (p.error) return null;
  const stepInfo = g.steps.find((s) => s.id === p.step);
  const range = roundRange(g);
  const inPlay = inPlayIds(rules, table);
  const playing = new Set(inPlay.map((e) => e.id));
  const optionsOn = new Set(table.options || []);
  const optionIds = new Set(g.options.map((o) => o.id));
  // Reminders: the records in play whose timing (without turns) reaches this step.
  const reminders = [];
  for (const e of inPlay) {
    const rec = g.byId.get(e.id);
    const t = rec && rec.timing;
    if (!t || typeof t !== "object" || t.turns !== undefined) continue;
    const scope = scopeOf(g, t, stepInfo);
    if (!scope) continue;
    reminders.push({ ...recordRef(rec), player: e.player, scope, when: scope === "unknown" ? "unknown" : t.when || null,
      at: Array.isArray(t.at) ? t.at.slice() : [], note: typeof t.note === "string" && scope !== "unknown" ? plainText(t.note, g.byId) : null,
      unknown: scope === "unknown" ? plainText(t.note || "The source does not say when it acts.", g.byId) : null });
  }
  reminders.sort((a, b) => SCOPES.indexOf(a.scope) - SCOPES.indexOf(b.scope) || (a.player || 99) - (b.player || 99)
    || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // Rulings about the step or a record in play.
  const { rulingsAbout, timed } = indexOf(g);
  const found = new Set();
  for (const id of [p.step, ...playing]) for (const r of rulingsAbout.get(id) || []) found.add(r);
  const rulings = [...found].sort();
  // Due: objectives and events whose turns include this round, at the steps their timing names.
  const due = [];
  const addDue = (rec, t, extra) => {
    if (!t || typeof t !== "object" || t.turns === undefined) return;
    const what = dueWhat(t.turns, p.round, range);
    if (!what || !covers(g, t, stepInfo)) return;
    due.push({ ...recordRef(rec), what, turns: turnsShown(t.turns, range), when: t.when || null,
      note: typeof t.note === "string" ? plainText(t.note, g.byId) : null, ...extra });
  };
  for (const rec of timed) {
    if (rec.kind === "people") {
      (rec.objectives || []).forEach((o, i) => {
        if (o && o.timing) addDue(rec, o.timing, { objective: i + 1, text: plainText(o.text, g.byId), player: playerOf(g, table, rec.id) });
      });
      continue;
    }
    const t = rec.timing;
    if (!t || t.turns === undefined) continue;
    if (optionIds.has(rec.id) && !optionsOn.has(rec.id)) continue;   // an optional rule, only with it on
    if (g.inPlayKinds.includes(rec.kind) && !playing.has(rec.id)) continue;
    addDue(rec, t, { objective: null, text: plainText(rec.summary || "", g.byId), player: playing.has(rec.id) ? (inPlay.find((e) => e.id === rec.id).player) : null });
  }
  // The end: the records checked at the end (each round when the game is open-ended).
  const { gameEnd } = closing(g, p);
  let end = null;
  // An end that is an option (Mare Nostrum's longer game) is checked only with it on.
  const ends = g.end.filter((r) => !optionIds.has(r.id) || optionsOn.has(r.id));
  if (gameEnd && (ends.length || g.scoring)) {
    end = { records: ends.map((r) => ({ ...r })), scoring: scoringLink(rules, table), last: range ? range.last !== null : true };
    for (const r of ends) {
      due.push({ ...r, what: "at", turns: null, when: "end", note: null, objective: null,
        text: plainText((g.byId.get(r.id) || {}).summary || "", g.byId), player: null, end: true });
    }
  }
  return {
    pos: formatPosition(p),
    round: p.round === null ? null : { n: p.round, turn: p.turn, label: g.rounds.label, text: roundText(g, p) },
    step: { ...recordRef(g.byId.get(p.step)), path: stepInfo.path.slice() },
    reminders, rulings, due, arrivals: arrivalsAt(g, p).map((a) => ({ ...a, player: a.group === null ? null : seatPlayer(g, table, String(a.group)) })), end,
    gaps: [...g.gaps, ...(g.rounds && g.rounds.note ? [g.rounds.note] : [])],
  };
}
