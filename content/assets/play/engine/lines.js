// The one line beside each name: what a record does at this moment, and what a step is for.
// Pure: no DOM. A record that acts at several moments gives a line per moment
// (`timing.lines`, read by state-rules.js); a record whose power changes with the round gives
// that round's line (`powers_by_age`, read by state-rules.js); otherwise its line is its summary.
// A step's line is its own record's summary. The words are the records' (their `{refs}` made plain).
import { plainText } from "../../shared/records.js";

/** A record's summary as plain text ("" when it has none). */
export function summaryOf(g, rec) {
  return rec && typeof rec.summary === "string" ? plainText(rec.summary, g.byId) : "";
}

/** A record's own line for exactly this step (its timing line for it), or null. */
export function stepOwnLine(g, rec, stepId) {
  const lines = rec && g.state.lines.get(rec.id);
  const exact = lines && lines.find((l) => l.at === stepId);
  return exact ? exact.do : null;
}

/**
 * The line of record `rec` at step `step` ({id, path}) in round `round`: its timing line for the
 * step itself, else its power in this round, else its timing line for the nearest phase above
 * the step, else for a step inside it, else for the whole turn; else its summary.
 */
export function reminderLine(g, rec, step, round = null) {
  const lines = g.state.lines.get(rec.id);
  const exact = stepOwnLine(g, rec, step.id);
  if (exact) return exact;
  const byRound = g.state.byRound.get(rec.id);
  if (byRound && byRound.has(round)) return byRound.get(round);
  if (lines && lines.length) {
    for (let i = step.path.length - 1; i >= 0; i -= 1) {
      const up = lines.find((l) => l.at === step.path[i] && l.at !== g.turn.id);
      if (up) return up.do;
    }
    const inside = lines.find((l) => g.steps.some((s) => s.id === l.at && s.path.includes(step.id)));
    if (inside) return inside.do;
    const turn = lines.find((l) => l.at === g.turn.id);
    if (turn) return turn.do;
  }
  return summaryOf(g, rec);
}

/** The line of a step: its record's summary. */
export function stepLine(g, stepId) {
  return summaryOf(g, g.byId.get(stepId));
}
