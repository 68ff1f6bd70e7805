// The play-along engine's public API (content/assets/play/README.md). Pure ES modules: no
// DOM, no network; Node and the browser import the same files. Every game number is read
// from the records (api/records.json) by rulesFromRecords.
import { gameRules } from "./records.js";
import { parsePosition, formatPosition, first, after, before } from "./sequence.js";

export { rulesFromRecords, RecordsError, gameRules, stepsOf } from "./records.js";
export { tableFromQuery, tableToQuery, emptyTable, MAX_QUERY, MAX_KEYS, PLAYER_CEILING } from "./table.js";
export { setupFor, unplayedSeats } from "./setup.js";
export { momentAt, inPlayIds } from "./moment.js";
export { scoringLink, pageHref } from "./scoring.js";
export { parsePosition } from "./sequence.js";

/** The first position of the table's game ("1.mn-role-assignment"), or null without a game. */
export function firstPosition(rules, table) {
  const g = table && gameRules(rules, table.game);
  return g ? formatPosition(first(g)) : null;
}

function step(rules, table, pos, unit, move) {
  const g = table && gameRules(rules, table.game);
  if (!g) return null;
  const p = parsePosition(g, pos);
  if (p.error) return null;
  const q = move(g, p, unit === "round" ? "round" : "step");
  return q ? formatPosition(q) : null;
}

/** The position after pos (unit "step", or "round" for the next round's start), or null past the end. */
export function nextPosition(rules, table, pos, unit = "step") {
  return step(rules, table, pos, unit, after);
}

/** The position before pos (unit "step" or "round"), or null before the start. */
export function previousPosition(rules, table, pos, unit = "step") {
  return step(rules, table, pos, unit, before);
}
