// The one line beside each name: what a record does at this moment, and what a step is for.
// Pure: no DOM. A record that acts at several moments gives a line per moment
// (`timing.lines`, read by state-rules.js); otherwise its line is its summary. A step's line is
// its own record's summary. The words are the records' (their `{refs}` made plain).
import { plainText } from "../../shared/records.js";

/** A record's summary as plain text ("" when it has none). */
export function summaryOf(g, rec) {
  return rec && typeof rec.summary === "string" ? plainText(rec.summary, g.byId) : "";
}

/**
 * The line of record `rec` at step `step` ({id, path}): its timing line for the step itself,
 * else for the nearest phase above it, else for a step inside it, else for the whole turn;
 * else its summary.
 */
export function reminderLine(g, rec, step) {
  const lines = g.state.lines.get(rec.id);
  if (lines && lines.length) {
    const exact = lines.find((l) => l.at === step.id);
    if (exact) return exact.do;
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
