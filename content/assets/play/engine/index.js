// The play-along engine's public API (content/assets/play/README.md). Pure ES modules: no
// DOM, no network; Node and the browser import the same files. Every game number is read
// from the records (api/records.json) by rulesFromRecords.

export { rulesFromRecords, RecordsError, gameRules, stepsOf, entersPlay } from "./records.js";
export { tableFromQuery, tableToQuery, applyChange, emptyTable, mergeTables, undoMerge, settle, MAX_QUERY, MAX_KEYS, PLAYER_CEILING } from "./table.js";
export { stateOf, undo, undoBlocked, LINK_BUDGET, FOLD_TARGET } from "./log.js";
export { sameTable, tableKey, mergeLogs, mergeNote, conflictSides } from "./merge.js";
export { newPhone, eventId, ANON, PHONE } from "./stamps.js";
export { historyOf } from "./history.js";
export { readEvent, writeEvent } from "./events.js";
export { setupFor, unplayedSeats, removedBySetup } from "./setup.js";
export { momentAt, inPlayIds } from "./moment.js";
export { scoringLink, pageHref } from "./scoring.js";
export { toolsAt, toolLink } from "./tools.js";
export { parsePosition } from "./sequence.js";

export { nextPosition, previousPosition, firstPosition, turnPosition, roundEndPosition, UNITS } from "./navigation.js";
