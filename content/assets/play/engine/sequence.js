// The turn as a sequence of positions, and stepping through it. Pure: no DOM.
//
// A position is a string a link can carry:
//   "<step id>"                    a game without rounds (Mosaic's moments);
//   "<round>.<step id>"            a step of a round (Mare Nostrum's turn 2, Diplomacy's 1 AD);
//   "<round>.<turn>.<step id>"     in a round that opens with steps run once (7 Wonders Myths'
//                                  age opens with its prayer phase), the steps that repeat as
//                                  turns inside it: turn 1, 2, ...
// The steps are the turn root's step_of tree in pre-order (records.js); the rounds, their
// count and first number come from play_along.rounds. Where the records give no count (Mare
// Nostrum plays until someone wins, 7 Wonders Myths' turns per age are the base game's),
// the sequence is open-ended, bounded only by INPUT_CEILING so that a link cannot ask for
// turn 10^12.
import { INPUT_CEILING, shorten } from "../../shared/input.js";

/** "open" | "close" | "repeat": the part of the round a step belongs to. */
function partOf(g, step) {
  const r = g.rounds;
  if (!r) return "repeat";
  const under = (ids) => ids.includes(step.id) || step.path.some((a) => ids.includes(a));
  if (under(r.opensWith)) return "open";
  if (under(r.closesWith || [])) return "close";
  return "repeat";
}

/** {opening, repeat, closing}: the game's steps by the part of the round they run in. */
export function segments(g) {
  if (!g._segments) {
    const by = { open: [], repeat: [], close: [] };
    for (const s of g.steps) by[partOf(g, s)].push(s);
    g._segments = { opening: by.open, repeat: by.repeat, closing: by.close };
  }
  return g._segments;
}

/** The closing steps that run in this round: closes_with items limited to some rounds ({step, rounds}) are left out of the others. */
export function closingIn(g, round) {
  const { closing } = segments(g);
  const only = g.rounds && g.rounds.closesIn;
  if (!only || !only.size || round === null) return closing;
  return closing.filter((s) => {
    const top = only.has(s.id) ? s.id : s.path.find((a) => only.has(a));
    const rounds = top === undefined ? null : only.get(top);
    return !rounds || rounds.includes(round);
  });
}

/** Whether the round holds numbered turns (its repeating steps are "<round>.<turn>.<step>"). */
function innerTurns(g) {
  return Boolean(g.rounds && g.rounds.innerTurns);
}

/** The first and last round numbers (last null when open-ended). */
export function roundRange(g) {
  if (!g.rounds) return null;
  const first = g.rounds.first;
  const last = Number.isInteger(g.rounds.count) ? first + g.rounds.count - 1 : null;
  return { first, last, ceiling: last === null ? first + INPUT_CEILING - 1 : last };
}

/** The most turns a round holds: its count, or INPUT_CEILING when the records give none. */
function turnCeiling(g) {
  return Number.isInteger(g.rounds.turns) ? g.rounds.turns : INPUT_CEILING;
}

/**
 * A position string as {round, turn, step} (round/turn null where the game has none), or
 * {error: message}. The text is bounded before it is split.
 */
export function parsePosition(g, text) {
  const raw = typeof text === "string" ? text : "";
  if (raw.length > 200) return { error: `The position “${shorten(raw)}” is too long to be one of this game's.` };
  const parts = raw.split(".");
  const stepId = parts[parts.length - 1];
  const step = g.steps.find((s) => s.id === stepId);
  if (!step) return { error: `“${shorten(raw)}” is not a step of ${g.turn.name}.` };
  const nums = parts.slice(0, -1);
  if (!nums.every((n) => /^\d{1,6}$/.test(n))) return { error: `“${shorten(raw)}”: a round or turn is a whole number.` };
  const range = roundRange(g);
  if (!range) {
    if (nums.length) return { error: `“${shorten(raw)}”: ${g.record.name} has no rounds; give the step alone.` };
    return { round: null, turn: null, step: step.id };
  }
  const want = innerTurns(g) && partOf(g, step) === "repeat" ? 2 : 1;
  const label = g.rounds.label.toLowerCase();
  if (nums.length !== want) {
    return { error: want === 2 ? `“${shorten(raw)}”: give the ${label} and the turn in it, then the step (e.g. ${range.first}.1.${step.id}).`
      : `“${shorten(raw)}”: give the ${label}, then the step (e.g. ${range.first}.${step.id}).` };
  }
  const round = Number(nums[0]);
  if (round < range.first || round > range.ceiling) {
    return { error: `“${shorten(raw)}”: ${label} ${round} is outside ${range.first} to ${range.ceiling}${range.last === null ? " (the most a link may name)" : ""}.` };
  }
  const turn = want === 2 ? Number(nums[1]) : null;
  if (turn !== null && (turn < 1 || turn > turnCeiling(g))) return { error: `“${shorten(raw)}”: turn ${turn} is outside 1 to ${turnCeiling(g)}.` };
  if (partOf(g, step) === "close" && !closingIn(g, round).some((s) => s.id === step.id)) {
    return { error: `“${shorten(raw)}”: ${step.name || step.id} does not close ${label} ${round}.` };
  }
  return { round, turn, step: step.id };
}

/** The string of a parsed position. */
export function formatPosition(p) {
  return [p.round, p.turn, p.step].filter((x) => x !== null && x !== undefined).join(".");
}

const at = (round, turn, step) => ({ round, turn, step: step.id });

export function firstOfRound(g, round) {
  if (!innerTurns(g)) return at(round, null, g.steps[0]);
  const { opening, repeat } = segments(g);
  const closing = closingIn(g, round);
  if (opening.length) return at(round, null, opening[0]);
  if (repeat.length) return at(round, 1, repeat[0]);
  return at(round, null, closing[0] || g.steps[0]);
}

/** The round's end: its closing steps, else its last turn's last step (turn 1 when the count is not given). */
export function closingOf(g, round) {
  const { opening, repeat } = segments(g);
  const closing = closingIn(g, round);
  if (closing.length) return at(round, null, closing[0]);
  if (repeat.length) return at(round, Number.isInteger(g.rounds.turns) ? g.rounds.turns : 1, repeat[repeat.length - 1]);
  return at(round, null, opening[opening.length - 1]);
}

function lastOfRound(g, round) {
  if (!innerTurns(g)) return at(round, null, g.steps[g.steps.length - 1]);
  const closing = closingIn(g, round);
  if (closing.length) return at(round, null, closing[closing.length - 1]);
  return closingOf(g, round);
}

/** The first position of the game's turn sequence. */
export function first(g) {
  if (!g.rounds) return { round: null, turn: null, step: g.steps[0].id };
  return firstOfRound(g, g.rounds.first);
}

/** The segment (list of steps) a parsed position lies in, and its name. */
function segmentOf(g, p) {
  if (!innerTurns(g)) return { name: "repeat", steps: g.steps };
  const { opening, repeat } = segments(g);
  if (p.turn !== null) return { name: "repeat", steps: repeat };
  const step = g.steps.find((s) => s.id === p.step);
  return partOf(g, step) === "open" ? { name: "open", steps: opening } : { name: "close", steps: closingIn(g, p.round) };
}

/** The first position of the next round, or null after the last. */
function nextRound(g, p) {
  const range = roundRange(g);
  if (!range || p.round >= range.ceiling) return null;
  return firstOfRound(g, p.round + 1);
}

/**
 * The position after p, or null past the end. Unit "round": the round's end (its closing
 * steps, where it has them and p is before them), else the next round's first position.
 */
export function after(g, p, unit = "step") {
  if (unit === "round") {
    if (innerTurns(g) && closingIn(g, p.round).length && segmentOf(g, p).name !== "close") return closingOf(g, p.round);
    return nextRound(g, p);
  }
  const seg = segmentOf(g, p);
  const i = seg.steps.findIndex((s) => s.id === p.step);
  if (i >= 0 && i < seg.steps.length - 1) return { ...p, step: seg.steps[i + 1].id };
  if (!g.rounds) return null;
  if (!innerTurns(g)) return nextRound(g, p);
  const { repeat } = segments(g);
  const closing = closingIn(g, p.round);
  if (seg.name === "open") {
    if (repeat.length) return at(p.round, 1, repeat[0]);
    return closing.length ? at(p.round, null, closing[0]) : nextRound(g, p);
  }
  if (seg.name === "repeat") {
    if (p.turn < turnCeiling(g)) return at(p.round, p.turn + 1, repeat[0]);
    return closing.length ? at(p.round, null, closing[0]) : nextRound(g, p);
  }
  return nextRound(g, p);
}

/** The position before p (unit "step", or "round": the previous round's first position), or null before the start. */
export function before(g, p, unit = "step", { lastTurn = null } = {}) {
  const range = roundRange(g);
  if (unit === "round") {
    if (!range || p.round <= range.first) return null;
    return firstOfRound(g, p.round - 1);
  }
  const seg = segmentOf(g, p);
  const i = seg.steps.findIndex((s) => s.id === p.step);
  if (i > 0) return { ...p, step: seg.steps[i - 1].id };
  if (!range) return null;
  const previousRound = () => (p.round > range.first ? lastOfRound(g, p.round - 1) : null);
  if (!innerTurns(g)) return previousRound();
  const { opening, repeat } = segments(g);
  if (seg.name === "close") {
    // Back from the round's end: its last turn (the records' count; else the last the table played, `lastTurn`; else turn 1).
    const last = Number.isInteger(g.rounds.turns) ? g.rounds.turns : Number.isInteger(lastTurn) && lastTurn >= 1 ? lastTurn : 1;
    if (repeat.length) return at(p.round, last, repeat[repeat.length - 1]);
    return opening.length ? at(p.round, null, opening[opening.length - 1]) : previousRound();
  }
  if (seg.name === "repeat") {
    if (p.turn > 1) return at(p.round, p.turn - 1, repeat[repeat.length - 1]);
    return opening.length ? at(p.round, null, opening[opening.length - 1]) : previousRound();
  }
  return previousRound();
}

/**
 * Whether p ends its round (its last position), and whether it is the end of the game: the
 * last round's end, or every round's when the count is open-ended (a game played until
 * someone wins checks its end each round). In a round of turns with no count and no closing
 * steps, each turn's last step ends the round as far as the records tell.
 */
export function closing(g, p) {
  let roundEnd;
  if (!g.rounds || !innerTurns(g)) roundEnd = g.steps[g.steps.length - 1].id === p.step;
  else {
    const { repeat } = segments(g);
    const closingSteps = closingIn(g, p.round);
    const seg = segmentOf(g, p);
    if (closingSteps.length) roundEnd = seg.name === "close" && closingSteps[closingSteps.length - 1].id === p.step;
    else if (repeat.length) roundEnd = seg.name === "repeat" && repeat[repeat.length - 1].id === p.step
      && (!Number.isInteger(g.rounds.turns) || p.turn === g.rounds.turns);
    else roundEnd = seg.steps[seg.steps.length - 1].id === p.step;
  }
  const range = roundRange(g);
  const gameEnd = roundEnd && (!range || range.last === null || p.round === range.last);
  return { roundEnd, gameEnd };
}

/** The round's label as a reader sees it: "Turn 3", "Year 1 AD", "Age 1, turn 2". */
export function roundText(g, p) {
  if (!g.rounds || p.round === null) return null;
  const base = `${g.rounds.label} ${p.round}${g.rounds.suffix ? ` ${g.rounds.suffix}` : ""}`;
  return p.turn === null ? base : `${base}, turn ${p.turn}`;
}

/** A parsed position's place in the game, for comparing two positions: [round, part, turn, step]. */
export function ordinal(g, p) {
  const step = g.steps.find((s) => s.id === p.step);
  const index = g.turnIndex && g.turnIndex.has(p.step) ? g.turnIndex.get(p.step) : g.steps.indexOf(step);
  const part = !g.rounds || !innerTurns(g) ? 1 : { open: 0, repeat: 1, close: 2 }[partOf(g, step)];
  return [p.round === null ? 0 : p.round, part, p.turn === null ? 0 : p.turn, index];
}

/** -1, 0 or 1: whether parsed position a comes before, at or after b. */
export function compare(g, a, b) {
  const x = ordinal(g, a);
  const y = ordinal(g, b);
  for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return 0;
}

/**
 * The first position of step `stepId` strictly after p (in one of `rounds` when given), or
 * null when it does not come again: where a record that leaves "at the next" step leaves.
 * A step that repeats as turns comes again at the next turn; bounded by the round ceiling.
 */
export function occurrenceAfter(g, p, stepId, rounds = null) {
  const step = g.steps.find((s) => s.id === stepId);
  if (!step) return null;
  if (!g.rounds) {
    const q = { round: null, turn: null, step: stepId };
    return compare(g, q, p) > 0 ? q : null;
  }
  const range = roundRange(g);
  const part = innerTurns(g) ? partOf(g, step) : "repeat";
  const inRound = (round) => {
    if (part === "close" && !closingIn(g, round).some((s) => s.id === stepId)) return null;
    if (part !== "repeat" || !innerTurns(g)) return { round, turn: null, step: stepId };
    if (round !== p.round || p.turn === null) {
      const q = { round, turn: 1, step: stepId };
      return round === p.round && compare(g, q, p) <= 0 ? null : q;
    }
    const here = { round, turn: p.turn, step: stepId };
    if (compare(g, here, p) > 0) return here;
    return p.turn < turnCeiling(g) ? { round, turn: p.turn + 1, step: stepId } : null;
  };
  const wanted = Array.isArray(rounds) && rounds.length ? rounds.filter((r) => r >= p.round && r <= range.ceiling).sort((a, b) => a - b) : null;
  const candidates = wanted || [p.round, p.round + 1];
  for (const round of candidates) {
    if (round > range.ceiling) break;
    const q = inRound(round);
    if (q && compare(g, q, p) > 0) return q;
  }
  return null;
}
