// What each engine that reads its rules from the records says it lacks, as data the
// generator can point at a line with: {record, fact, field, row, column, message}.
//
// The engines (the two battle calculators and the four table helpers) throw, or return, a
// list of plain-sentence problems ("mn-combat: no numeric fact labelled '…'"). Those
// sentences are written for the page; this module reads them back into the record, fact,
// field or table cell they name, using the engines' own tables of where each number lives
// (AC.PARAMS), so the generator can say "data/…/mn-combat.yaml:49: facts: …".
// Pure: used by scenario_check.mjs.
import * as MN from "../../content/assets/calculators/mn-battle.js";
import * as AC from "../../content/assets/calculators/ac-battle.js";
import * as SETS from "../../content/assets/helpers/mn-sets/index.js";
import * as VICTORY from "../../content/assets/helpers/ac-victory.js";
import * as SCORE from "../../content/assets/helpers/dip-score.js";
import * as DISASTER from "../../content/assets/helpers/mos-disaster.js";
import * as PLAY from "../../content/assets/play/engine/index.js";
import { ID_SOURCE as ID } from "../../content/assets/shared/refs.js";

/** Each engine's reader: its rules from {version, records}, or a thrown error with `problems`. */
export const READERS = {
  "mn-battle": (payload) => MN.rulesFromRecords(payload),
  "ac-battle": (payload) => {
    const model = AC.buildModel(payload.records);
    if (!model.ok) throw Object.assign(new Error(model.problems.join("; ")), { problems: model.problems });
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

// An engine sentence names a record by its id, as a reference does.
const LEADING_ID = new RegExp(`^(${ID})(?:[:,]| paid_with| reduces)\\s*(.*)$`, "s");
const MISSING = new RegExp(`^records? (${ID}) (?:is missing|and ${ID} are needed)`);
const FACT = /(?:fact labelled|fact) ['“](.+?)['”]|^['“](.+?)['”] (?:is|should)/;

/** One engine sentence as {record, fact, field, row, column, message}; unknown parts are null. */
export function gapOf(engine, text) {
  const gap = { record: null, fact: null, field: null, row: null, column: null, message: String(text) };
  const param = engine === "ac-battle" && /^no number for (\w+):/.exec(gap.message);
  if (param && Object.prototype.hasOwnProperty.call(AC.PARAMS, param[1])) {
    const place = AC.PARAMS[param[1]][0];
    return { ...gap, record: place.table || place.record, fact: place.label || null,
      row: place.row || null, column: place.column || null };
  }
  const missing = MISSING.exec(gap.message);
  if (missing) return { ...gap, record: missing[1], field: "(record)" };
  const lead = LEADING_ID.exec(gap.message);
  if (!lead) return gap;
  const rest = lead[2];
  const fact = FACT.exec(rest);
  const field = /the field '(\w+)'/.exec(rest) || (/re-roll/.test(rest) && [null, "combat"]) ||
    (/paid_with/.test(gap.message) && [null, "construction"]) || (/reduces/.test(gap.message) && [null, "construction"]) ||
    (/payment|trigger/.test(rest) && [null, /trigger/.test(rest) ? "trigger" : "payments"]) ||
    (/objective/.test(rest) && [null, "objectives"]) || (/group/.test(rest) && [null, "group"]) ||
    (/row|die|column/.test(rest) && [null, "rows"]);
  return { ...gap, record: lead[1], fact: fact ? fact[1] || fact[2] : null, field: field ? field[1] : null };
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
    const problems = Array.isArray(err && err.problems) ? err.problems : [String(err && err.message)];
    return { rules: null, gaps: problems.map((p) => gapOf(engine, p)) };
  }
}
