// The play-along engine's public API (content/assets/play/README.md). Pure ES modules: no
// DOM, no network; Node and the browser import the same files. Every game number is read
// from the records (api/records.json) by rulesFromRecords. Every function that takes a table reads
// it well shaped (shape.js): a table of the wrong shape handed to the API is never a throw.
import { shaped } from "./shape.js";
import * as table from "./table.js";
import * as log from "./log.js";
import * as merge from "./merge.js";
import * as history from "./history.js";
import * as setup from "./setup.js";
import * as moment from "./moment.js";
import * as scoring from "./scoring.js";
import * as tools from "./tools.js";
import * as navigation from "./navigation.js";

export { rulesFromRecords, RecordsError, gameRules, entersPlay } from "./records.js";
export { stepsOf } from "./turn-order.js";
export { tableFromQuery, emptyTable, MAX_QUERY, MAX_KEYS, PLAYER_CEILING } from "./table.js";
export const tableToQuery = shaped(table.tableToQuery);
export const applyChange = shaped(table.applyChange);
export const mergeTables = shaped(table.mergeTables, 2);
export const undoMerge = shaped(table.undoMerge, 2);
export const settle = shaped(table.settle);
export { LINK_BUDGET, FOLD_TARGET } from "./log.js";
export const stateOf = shaped(log.stateOf);
export const undo = shaped(log.undo);
export const undoBlocked = shaped(log.undoBlocked);
export { sameTable, tableKey, mergeLogs } from "./merge.js";
export const mergeNote = shaped(merge.mergeNote);
export const conflictSides = shaped(merge.conflictSides);
export { newPhone, eventId, ANON, PHONE } from "./stamps.js";
export const historyOf = shaped(history.historyOf);
export { readEvent, writeEvent } from "./events.js";
export { unplayedSeats, removedBySetup } from "./setup.js";
export const setupFor = shaped(setup.setupFor);
export const momentAt = shaped(moment.momentAt);
export const inPlayIds = shaped(moment.inPlayIds);
export { pageHref } from "./scoring.js";
export const scoringLink = shaped(scoring.scoringLink);
export const toolsAt = shaped(tools.toolsAt);
export const toolLink = shaped(tools.toolLink);
export { parsePosition } from "./sequence.js";

export { UNITS } from "./navigation.js";
export const nextPosition = shaped(navigation.nextPosition);
export const previousPosition = shaped(navigation.previousPosition);
export const firstPosition = shaped(navigation.firstPosition);
export const turnPosition = shaped(navigation.turnPosition);
export const roundEndPosition = shaped(navigation.roundEndPosition);
