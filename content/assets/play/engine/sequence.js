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
import { INPUT_CEILING } from "../../helpers/shared/input.js";
import { shorten } from "../../helpers/shared/input.js";

/** The steps run once as a round opens (a step of opens_with or inside one). */
function isOpening(g, step) {
  const open = g.rounds ? g.rounds.opensWith : [];
  return open.includes(step.id) || step.path.some((a) => open.includes(a));
}

/** {opening: [steps], repeat: [steps]} of the game's turn. */
export function segments(g) {
  if (!g._segments) {
    const opening = g.steps.filter((s) => isOpening(g, s));
    const repeat = g.steps.filter((s) => !isOpening(g, s));
    g._segments = { opening, repeat };
  }
  return g._segments;
}

/** The first and last round numbers (last null when open-ended). */
export function roundRange(g) {
  if (!g.rounds) return null;
  const first = g.rounds.first;
  const last = Number.isInteger(g.rounds.count) ? first + g.rounds.count - 1 : null;
  return { first, last, ceiling: last === null ? first + INPUT_CEILING - 1 : last };
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
  const opening = isOpening(g, step);
  const want = g.rounds.opensWith.length && !opening ? 2 : 1;
  if (nums.length !== want) {
    return { error: want === 2 ? `“${shorten(raw)}”: give the ${g.rounds.label.toLowerCase()} and the turn in it, then the step (e.g. ${range.first}.1.${step.id}).`
      : `“${shorten(raw)}”: give the ${g.rounds.label.toLowerCase()}, then the step (e.g. ${range.first}.${step.id}).` };
  }
  const round = Number(nums[0]);
  if (round < range.first || round > range.ceiling) {
    return { error: `“${shorten(raw)}”: ${g.rounds.label.toLowerCase()} ${round} is outside ${range.first} to ${range.ceiling}${range.last === null ? " (the most a link may name)" : ""}.` };
  }
  const turn = want === 2 ? Number(nums[1]) : null;
  if (turn !== null && (turn < 1 || turn > INPUT_CEILING)) return { error: `“${shorten(raw)}”: turn ${turn} is outside 1 to ${INPUT_CEILING}.` };
  return { round, turn, step: step.id };
}

/** The string of a parsed position. */
export function formatPosition(p) {
  return [p.round, p.turn, p.step].filter((x) => x !== null && x !== undefined).join(".");
}

function firstOfRound(g, round) {
  const { opening, repeat } = segments(g);
  if (g.rounds.opensWith.length) {
    if (opening.length) return { round, turn: null, step: opening[0].id };
    return { round, turn: 1, step: repeat[0].id };
  }
  return { round, turn: null, step: g.steps[0].id };
}

function lastOfRound(g, round) {
  const { opening, repeat } = segments(g);
  if (g.rounds.opensWith.length) {
    // Turns inside a round have no count here: its last position is its first turn's last step.
    if (repeat.length) return { round, turn: 1, step: repeat[repeat.length - 1].id };
    return { round, turn: null, step: opening[opening.length - 1].id };
  }
  return { round, turn: null, step: g.steps[g.steps.length - 1].id };
}

/** The first position of the game's turn sequence. */
export function first(g) {
  if (!g.rounds) return { round: null, turn: null, step: g.steps[0].id };
  return firstOfRound(g, g.rounds.first);
}

/** The segment (list of steps) a parsed position lies in. */
function segmentOf(g, p) {
  if (!g.rounds || !g.rounds.opensWith.length) return g.steps;
  const { opening, repeat } = segments(g);
  return p.turn === null ? opening : repeat;
}

/** The position after p (unit "step" or "round"), or null past the end. */
export function after(g, p, unit = "step") {
  const range = roundRange(g);
  if (unit === "round") {
    if (!range || p.round >= range.ceiling) return null;
    return firstOfRound(g, p.round + 1);
  }
  const seg = segmentOf(g, p);
  const i = seg.findIndex((s) => s.id === p.step);
  if (i >= 0 && i < seg.length - 1) return { ...p, step: seg[i + 1].id };
  if (!range) return null;
  if (g.rounds.opensWith.length) {
    const { repeat } = segments(g);
    if (p.turn === null) return repeat.length ? { round: p.round, turn: 1, step: repeat[0].id } : after(g, p, "round");
    if (p.turn >= INPUT_CEILING) return null;
    return { round: p.round, turn: p.turn + 1, step: repeat[0].id };
  }
  return after(g, p, "round");
}

/** The position before p (unit "step" or "round"), or null before the start. */
export function before(g, p, unit = "step") {
  const range = roundRange(g);
  if (unit === "round") {
    if (!range || p.round <= range.first) return null;
    return firstOfRound(g, p.round - 1);
  }
  const seg = segmentOf(g, p);
  const i = seg.findIndex((s) => s.id === p.step);
  if (i > 0) return { ...p, step: seg[i - 1].id };
  if (!range) return null;
  if (g.rounds.opensWith.length) {
    const { opening } = segments(g);
    if (p.turn !== null && p.turn > 1) return { round: p.round, turn: p.turn - 1, step: seg[seg.length - 1].id };
    if (p.turn === 1 && opening.length) return { round: p.round, turn: null, step: opening[opening.length - 1].id };
    // The round's first position: back to the previous round (its turns have no count, so its start).
    return p.round > range.first ? lastOfRound(g, p.round - 1) : null;
  }
  return p.round > range.first ? lastOfRound(g, p.round - 1) : null;
}

/**
 * Whether p closes a round (the last step of the turn), and whether it is the end of the
 * game: the last step of the last round, or of every round when the count is open-ended (a
 * game played until someone wins checks its end each round).
 */
export function closing(g, p) {
  const seg = segmentOf(g, p);
  const lastStep = seg.length && seg[seg.length - 1].id === p.step && (!g.rounds || !g.rounds.opensWith.length || p.turn !== null || !segments(g).repeat.length);
  const range = roundRange(g);
  const roundEnd = Boolean(lastStep);
  const gameEnd = roundEnd && (!range || range.last === null || p.round === range.last);
  return { roundEnd, gameEnd };
}

/** The round's label as a reader sees it: "Turn 3", "Year 1 AD", "Age 1, turn 2". */
export function roundText(g, p) {
  if (!g.rounds || p.round === null) return null;
  const base = `${g.rounds.label} ${p.round}${g.rounds.suffix ? ` ${g.rounds.suffix}` : ""}`;
  return p.turn === null ? base : `${base}, turn ${p.turn}`;
}
