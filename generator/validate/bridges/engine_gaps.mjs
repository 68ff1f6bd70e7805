// What each engine that reads its rules from the records says it lacks, as data the
// generator can point at a line with: {record, fact, path, row, column, problem, fix, check, message}.
//
// Each engine's reader is the only judge of the data it reads: the two battle calculators and
// the four table helpers throw (or, for ac-battle, return) their gaps with `details`, each gap
// naming its record and the fact, field path or table cell it is at (shared/records.js gap()).
// Nothing here reads an engine's sentence back. The readers are in engine_read.mjs; this module
// loads every engine at once, for callers that read synchronously (scenario_check.mjs loads only
// those it needs). Pure.
import * as MN from "../../../content/assets/calculators/mn-battle.js";
import * as AC from "../../../content/assets/calculators/ac-battle.js";
import * as SETS from "../../../content/assets/helpers/mn-sets/index.js";
import * as VICTORY from "../../../content/assets/helpers/ac-victory.js";
import * as SCORE from "../../../content/assets/helpers/dip-score.js";
import * as DISASTER from "../../../content/assets/helpers/mos-disaster.js";
import * as PLAY from "../../../content/assets/play/engine/index.js";
import { READ, readWith } from "./engine_read.mjs";

const LOADED = { "mn-battle": MN, "ac-battle": AC, "mn-sets": SETS, "ac-victory": VICTORY, "dip-score": SCORE,
  "mos-disaster": DISASTER, "play-along": PLAY };

/** Each engine's reader: its rules from {version, records}, or a thrown error with `details`. */
export const READERS = Object.fromEntries(Object.keys(READ).map((name) => [name, (payload) => READ[name](LOADED[name], payload)]));

/** {gaps: [...]} for an engine that cannot read its rules from these records, else {gaps: []}, and the rules. */
export function readEngine(engine, payload) {
  return readWith(LOADED[engine], engine, payload);
}
