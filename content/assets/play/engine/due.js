// What is due at a position: each objective and each record timed by turns whose turns include
// this round, shown once per turn (at the first step its timing covers, the last for `when:
// end`), a deadline's "last chance" the turn before its turn (`timing.deadline`), a window for
// its whole length (opens, runs, closes), and the due items grouped by player. Pure: no DOM.
import { plainText, recordRef } from "../../shared/records.js";
import { summaryOf } from "./lines.js";

/**
 * What every moment looks up, built once per game (the rules object is read-only after
 * rulesFromRecords): the rulings by each record they concern, the records timed by turns
 * (people with objectives, events) and the ids of the kinds always in play, so a step costs
 * about the same with ten times the records.
 */
export function momentIndex(g) {
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
    g._momentIndex = { rulingsAbout, timed, always, shownAt: new Map() };
  }
  return g._momentIndex;
}

/** The subtree of a step: the step and every step under it, in order. */
export function subtree(g, id) {
  return g.steps.filter((s) => s.id === id || s.path.includes(id));
}

/** The one step of the turn where a timing's due item is shown: the first its `at` covers (the last for `when: end`). */
function shownAt(g, timing) {
  const key = `${JSON.stringify(timing.at)}|${timing.when || ""}`;
  const cache = momentIndex(g).shownAt;
  if (!cache.has(key)) {
    const at = Array.isArray(timing.at) ? timing.at : [];
    const covered = new Set();
    for (const a of at) for (const s of a === g.turn.id ? g.steps : subtree(g, a)) covered.add(s.id);
    const list = g.steps.filter((s) => covered.has(s.id));
    cache.set(key, list.length ? (timing.when === "end" ? list[list.length - 1].id : list[0].id) : null);
  }
  return cache.get(key);
}

/**
 * A window of turns as {from, to}, `to` filled from the game's last round; or {list}. `"last"`
 * (the end of the game) is the game's last round, read from the records like a window's open end.
 */
function windowOf(turns, range) {
  if (turns === "last") return { list: range && Number.isInteger(range.last) ? [range.last] : [], last: true };
  if (Array.isArray(turns)) return { list: turns.filter(Number.isInteger) };
  if (turns && Number.isInteger(turns.from)) return { from: turns.from, to: Number.isInteger(turns.to) ? turns.to : range && range.last };
  return null;
}

/**
 * opens | runs | closes | at | check | last-chance | null for a round inside (or just before) a
 * timing's turns. A deadline's own turn is its check: the time to meet it has passed.
 */
function dueWhat(timing, round, range) {
  const w = windowOf(timing.turns, range);
  if (!w || round === null) return null;
  if (w.list) {
    if (w.list.includes(round)) return timing.deadline === true ? "check" : "at";
    return timing.deadline === true && w.list.includes(round + 1) ? "last-chance" : null;
  }
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

/**
 * The items due this round, each with the step it is shown at (`shownAt`), in record order:
 * [{id, name, url, what, turns, when, note, objective, verdict, text, line, player, deadline, atEnd, shownAt}]
 * (`atEnd`: timed `turns: "last"`, the end of the game; its `turns` is then [the last turn]).
 * inPlay: the state's records in play (a record of a kind that enters play is due only then).
 * verdicts: the objectives judged (the state's `objectives`); an objective judged met or missed
 * is no longer shown while its window runs, and carries its verdict where it is shown.
 */
export function dueThisRound(g, table, p, inPlay, range, verdicts = []) {
  const judged = new Map(verdicts.map((v) => [`${v.id}.${v.n}`, v.verdict]));
  const { timed } = momentIndex(g);
  const playing = new Map(inPlay.map((e) => [e.id, e.player]));
  const optionsOn = new Set(table.options || []);
  const optionIds = new Set(g.options.map((o) => o.id));
  const due = [];
  const add = (rec, t, extra) => {
    if (!t || typeof t !== "object" || t.turns === undefined) return;
    const what = dueWhat(t, p.round, range);
    if (!what) return;
    const at = shownAt(g, t);
    if (!at) return;
    due.push({ ...recordRef(rec), what, turns: turnsShown(t.turns, range), when: t.when || null,
      note: typeof t.note === "string" ? plainText(t.note, g.byId) : null, deadline: t.deadline === true, atEnd: t.turns === "last", shownAt: at, ...extra });
  };
  for (const rec of timed) {
    if (rec.kind === "people") {
      (rec.objectives || []).forEach((o, i) => {
        if (!o || !o.timing) return;
        const text = plainText(o.text, g.byId);
        const verdict = judged.get(`${rec.id}.${i + 1}`) || null;
        if (verdict && dueWhat(o.timing, p.round, range) === "runs") return;
        add(rec, o.timing, { objective: i + 1, verdict, text, line: text, player: playerOf(g, table, rec.id) });
      });
      continue;
    }
    const t = rec.timing;
    if (optionIds.has(rec.id) && !optionsOn.has(rec.id)) continue;   // an optional rule, only with it on
    if (g.inPlayKinds.includes(rec.kind) && !playing.has(rec.id)) continue;
    const line = summaryOf(g, rec);
    add(rec, t, { objective: null, text: line, line, player: playing.has(rec.id) ? playing.get(rec.id) : null });
  }
  return due;
}

/**
 * Every objective of the table's records (a people's objectives), with who holds it and its
 * verdict: [{id, name, url, n, text, player, verdict}] in record order; [] in a game without
 * objectives. Judging one is a change of the log (an "objective" event).
 */
export function objectivesOf(g, table, verdicts = []) {
  const idx = momentIndex(g);
  if (!idx.objectives) {
    idx.objectives = [];
    for (const r of g.records) {
      (Array.isArray(r.objectives) ? r.objectives : []).forEach((o, i) => {
        if (o && typeof o.text === "string") idx.objectives.push({ ...recordRef(r), n: i + 1, text: plainText(o.text, g.byId) });
      });
    }
  }
  if (!idx.objectives.length) return [];
  const judged = new Map(verdicts.map((v) => [`${v.id}.${v.n}`, v.verdict]));
  const seated = (table.seats || []).some(Boolean);
  return idx.objectives.map((o) => ({ ...o, player: playerOf(g, table, o.id), verdict: judged.get(`${o.id}.${o.n}`) || null }))
    .filter((o) => !seated || o.player !== null);
}

/** The items of `due` shown at this step. */
export function dueAt(dueRound, stepId) {
  return dueRound.filter((d) => d.shownAt === stepId);
}

/**
 * Due items grouped by player: [{player, items}] in player order, the table's (player null)
 * last; the asPlayer's group first when given.
 */
export function dueGroups(items, asPlayer = null) {
  const by = new Map();
  for (const d of items) {
    const k = Number.isInteger(d.player) ? d.player : null;
    if (!by.has(k)) by.set(k, []);
    by.get(k).push(d);
  }
  const mine = (k) => asPlayer !== null && k === asPlayer;
  const keys = [...by.keys()].sort((a, b) => (mine(a) ? -1 : mine(b) ? 1 : a === null ? 1 : b === null ? -1 : a - b));
  return keys.map((player) => ({ player, items: by.get(player), folded: asPlayer !== null && player !== asPlayer && player !== null }));
}
