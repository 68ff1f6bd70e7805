// Moving the marker as the game moves: by step, phase, turn (a round's inner turn, where a
// round holds turns: 7 Wonders Myths' age) or round (turn, age, year), to the start of round N,
// and to the end of this round ("end this age"). A move by turn or round stops first at the
// round's last step when something is due there (a deadline) or the game ends there. Pure: no
// DOM; each move costs at most a round's steps, however far into an open-ended game the marker is.
import { gameRules } from "./records.js";
import { parsePosition, formatPosition, first, after, before, roundRange, firstOfRound, closingOf, closingIn, segments } from "./sequence.js";
import { dueThisRound } from "./due.js";
import { stateOf } from "./log.js";

export const UNITS = ["step", "phase", "turn", "round"];

function gameAndPosition(rules, table, pos) {
  const g = table && gameRules(rules, table.game);
  if (!g) return {};
  const p = parsePosition(g, pos);
  return p.error ? {} : { g, p };
}

const topLevel = (g, p) => {
  const s = g.steps.find((x) => x.id === p.step);
  return !s || s.path.length <= 1;
};

/**
 * The start of the next inner turn (or the round's end after its last), where a round holds turns:
 * from the round's opening steps, its first turn; from its closing steps, the next round.
 */
function nextTurn(g, p) {
  if (!g.rounds || !g.rounds.innerTurns) return after(g, p, "round");
  let q = after(g, p, "step");
  const sameTurn = (x) => x.round === p.round && (p.turn === null ? x.turn === null : x.turn === p.turn);
  for (let i = 0; q && sameTurn(q) && i <= g.steps.length * 2; i += 1) q = after(g, q, "step");
  return q;
}

/**
 * The last step of p's round, where a round of steps (no inner turns) ends with something due
 * there (a deadline at the end of the turn) or ends the game, and p is before it; else null.
 */
function roundEndStop(g, table, p) {
  if (!g.rounds || g.rounds.innerTurns || p.round === null) return null;
  const last = g.steps[g.steps.length - 1].id;
  if (p.step === last) return null;
  const range = roundRange(g);
  const endsGame = range.last !== null && p.round === range.last;
  return endsGame || dueThisRound(g, table, p, [], range).some((d) => d.shownAt === last) ? { round: p.round, turn: null, step: last } : null;
}

/**
 * The highest inner turn of round n the table's log reached: where a change was made, or where
 * the marker was moved to (a phone's moves made one after another keep only their last), or null.
 */
function lastTurnPlayed(rules, table, g, n) {
  let best = null;
  for (const e of stateOf(rules, table).events) {
    for (const pos of [e.pos, e.type === "marker" ? e.to : null]) {
      const q = typeof pos === "string" ? parsePosition(g, pos) : null;
      if (q && !q.error && q.round === n && Number.isInteger(q.turn)) best = Math.max(best || 0, q.turn);
    }
  }
  return best;
}

function move(g, p, unit, forward, table, rules) {
  if (unit === "round") return forward ? roundEndStop(g, table, p) || after(g, p, "round") : before(g, p, "round");
  if (unit === "turn") {
    if (forward) return roundEndStop(g, table, p) || nextTurn(g, p);
    if (!g.rounds || !g.rounds.innerTurns || p.turn === null) return before(g, p, "round");
    const start = { round: p.round, turn: p.turn, step: segments(g).repeat[0].id };
    if (start.step !== p.step) return start;
    let q = before(g, p, "step");
    if (q && q.turn !== null) q = { ...q, step: segments(g).repeat[0].id };
    return q;
  }
  if (unit === "phase") {
    const limit = g.steps.length * 2 + 2;
    let q = forward ? after(g, p, "step") : before(g, p, "step");
    for (let i = 0; q && !topLevel(g, q) && i < limit; i += 1) q = forward ? after(g, q, "step") : before(g, q, "step");
    return q;
  }
  return forward ? after(g, p, "step") : before(g, p, "step", { lastTurn: g.rounds && g.rounds.innerTurns ? lastTurnPlayed(rules, table, g, p.round) : null });
}

/** The position after pos by unit (step, phase, turn or round), or null past the end. */
export function nextPosition(rules, table, pos, unit = "step") {
  const { g, p } = gameAndPosition(rules, table, pos);
  if (!g) return null;
  const q = move(g, p, UNITS.includes(unit) ? unit : "step", true, table, rules);
  return q ? formatPosition(q) : null;
}

/** The position before pos by unit (a phase: its start, or the previous phase's), or null before the start. */
export function previousPosition(rules, table, pos, unit = "step") {
  const { g, p } = gameAndPosition(rules, table, pos);
  if (!g) return null;
  const q = move(g, p, UNITS.includes(unit) ? unit : "step", false, table, rules);
  return q ? formatPosition(q) : null;
}

/** The first position of the game ("1.mn-role-assignment"), or null without a game. */
export function firstPosition(rules, table) {
  const g = table && gameRules(rules, table.game);
  return g ? formatPosition(first(g)) : null;
}

/**
 * The start of round n (turn, age or year n: "go to turn 9"): {pos}, or {error} when the game
 * has no rounds or n is not one of them.
 */
export function turnPosition(rules, table, n) {
  const g = table && gameRules(rules, table.game);
  if (!g) return { error: "Choose a game first." };
  const range = roundRange(g);
  if (!range) return { error: `${g.record.name} has no turns to go to.` };
  if (!Number.isInteger(n) || n < range.first || n > range.ceiling) {
    const label = g.rounds.label.toLowerCase();
    return { error: `There is no ${label} ${String(n).slice(0, 12)}: ${label}s run from ${range.first} to ${range.last === null ? `${range.ceiling} (the most the page goes to; the game has no set end)` : range.last}.` };
  }
  return { pos: formatPosition(firstOfRound(g, n)) };
}

/**
 * The end of the round pos is in ("end this age"): {pos}, its closing steps' start where it has
 * them, else its last step; {error} when the records do not say where the round ends (an age of
 * untold turns with no closing step in it), or pos is not a position of the game.
 */
export function roundEndPosition(rules, table, pos) {
  const { g, p } = gameAndPosition(rules, table, pos);
  if (!g) return { error: "That is not a position of this game." };
  if (!g.rounds) return { pos: formatPosition({ round: null, turn: null, step: g.steps[g.steps.length - 1].id }) };
  if (g.rounds.innerTurns && !closingIn(g, p.round).length && !Number.isInteger(g.rounds.turns)) {
    return { error: `The records do not say how many turns ${g.rounds.label.toLowerCase()} ${p.round} holds, nor give it a closing step, so its end cannot be reached from here.` };
  }
  if (g.rounds.innerTurns) return { pos: formatPosition(closingOf(g, p.round)) };
  return { pos: formatPosition({ round: p.round, turn: null, step: g.steps[g.steps.length - 1].id }) };
}
