// What each engine that reads its rules from the records says it lacks, as data the
// generator can point at a line with: {record, fact, path, row, column, problem, fix, check, message}.
//
// Each engine's reader is the only judge of the data it reads: the two battle calculators and
// the four table helpers throw (or, for ac-battle, return) their gaps with `details`, each gap
// naming its record and the fact, field path or table cell it is at (shared/records.js gap()).
// Nothing here reads an engine's sentence back. Pure: used by scenario_check.mjs.
import * as MN from "../../../content/assets/calculators/mn-battle.js";
import * as AC from "../../../content/assets/calculators/ac-battle.js";
import * as SETS from "../../../content/assets/helpers/mn-sets/index.js";
import * as VICTORY from "../../../content/assets/helpers/ac-victory.js";
import * as SCORE from "../../../content/assets/helpers/dip-score.js";
import * as DISASTER from "../../../content/assets/helpers/mos-disaster.js";
import * as PLAY from "../../../content/assets/play/engine/index.js";

/** Each engine's reader: its rules from {version, records}, or a thrown error with `details`. */
export const READERS = {
  "mn-battle": (payload) => MN.rulesFromRecords(payload),
  "ac-battle": (payload) => {
    const model = AC.buildModel(payload.records);
    if (!model.ok) throw Object.assign(new Error(model.problems.join("; ")), { problems: model.problems, details: model.gaps });
    return model;
  },
  "mn-sets": (payload) => SETS.rulesFromRecords(payload),
  "ac-victory": (payload) => VICTORY.rulesFromRecords(payload),
  "dip-score": (payload) => SCORE.rulesFromRecords(payload),
  "mos-disaster": (payload) => DISASTER.rulesFromRecords(payload),
  // The play-along engine reads every game with play_along at once; its RecordsError names
  // each gap's record and field path itself (details), so no sentence is read back.
  "play-along": (payload) => PLAY.rulesFromRecords(payload),
};

/** One gap as the generator reads it: every place key present (null when the engine gives none). */
function placed(engine, d) {
  return { record: d.record ?? null, fact: d.fact ?? null, path: Array.isArray(d.path) ? d.path : null,
    row: Array.isArray(d.row) ? d.row : null, column: d.column ?? null, value: d.value,   // no value (undefined) is left out of the JSON
    range: d.range ?? null, problem: String(d.problem ?? d.message), fix: d.fix ?? null,
    check: d.check || `engine/${engine}`, message: String(d.message ?? d.problem) };
}

/** {gaps: [...]} for an engine that cannot read its rules from these records, else {gaps: []}, and the rules. */
export function readEngine(engine, payload) {
  try {
    return { rules: READERS[engine](payload), gaps: [] };
  } catch (err) {
    if (engine === "play-along" && err instanceof PLAY.RecordsError) {
      return { rules: null, gaps: err.details.map((d) => ({ record: d.record, fact: null, field: null, row: null, column: null,
        path: Array.isArray(d.path) ? d.path : [], message: String(d.text || d.message),
        ...(d.check ? { check: d.check, fix: d.fix || null, near: d.near || null } : {}) })) };
    }
    // An error without gaps (a bug, not the data) is one gap with no place: said on the tool's line.
    const details = Array.isArray(err && err.details) ? err.details : [{ problem: String(err && err.message) }];
    return { rules: null, gaps: details.map((d) => placed(engine, d)) };
  }
}
