// Each engine's reader and the module it is in, loaded only when a check needs that engine:
// scenario_check.mjs imports the engines its units name, so a check that asks about one game
// compiles that game's engines only. engine_gaps.mjs binds every reader to its module for callers
// that read synchronously. Pure.

/** Each engine's module, relative to this file. */
export const MODULES = {
  "mn-battle": "../../../content/assets/calculators/mn-battle.js",
  "ac-battle": "../../../content/assets/calculators/ac-battle.js",
  "mn-sets": "../../../content/assets/helpers/mn-sets/index.js",
  "ac-victory": "../../../content/assets/helpers/ac-victory.js",
  "dip-score": "../../../content/assets/helpers/dip-score.js",
  "mos-disaster": "../../../content/assets/helpers/mos-disaster.js",
  "play-along": "../../../content/assets/play/engine/index.js",
};

/** Each engine's reader, given its module: its rules from {version, records}, or a thrown error with `details`. */
export const READ = {
  "mn-battle": (MN, payload) => MN.rulesFromRecords(payload),
  "ac-battle": (AC, payload) => {
    const model = AC.buildModel(payload.records);
    if (!model.ok) throw Object.assign(new Error(model.problems.join("; ")), { problems: model.problems, details: model.gaps });
    return model;
  },
  "mn-sets": (SETS, payload) => SETS.rulesFromRecords(payload),
  "ac-victory": (VICTORY, payload) => VICTORY.rulesFromRecords(payload),
  "dip-score": (SCORE, payload) => SCORE.rulesFromRecords(payload),
  "mos-disaster": (DISASTER, payload) => DISASTER.rulesFromRecords(payload),
  // The play-along engine reads every game with play_along at once; its RecordsError names
  // each gap's record and field path itself (details), so no sentence is read back.
  "play-along": (PLAY, payload) => PLAY.rulesFromRecords(payload),
};

/** The engine's module (null for a name no engine has). */
export async function loadEngine(name) {
  return Object.prototype.hasOwnProperty.call(MODULES, name) ? import(new URL(MODULES[name], import.meta.url).href) : null;
}

/** One gap as the generator reads it: every place key present (null when the engine gives none). */
function placed(engine, d) {
  return { record: d.record ?? null, fact: d.fact ?? null, path: Array.isArray(d.path) ? d.path : null,
    row: Array.isArray(d.row) ? d.row : null, column: d.column ?? null, value: d.value,   // no value (undefined) is left out of the JSON
    range: d.range ?? null, problem: String(d.problem ?? d.message), fix: d.fix ?? null,
    near: d.near && typeof d.near === "object" ? d.near : null,   // {word, among}: the names it may be a misspelling of
    check: d.check || `engine/${engine}`, message: String(d.message ?? d.problem) };
}

/** {gaps: [...]} for an engine (its module `M`) that cannot read its rules from these records, else {gaps: []}, and the rules. */
export function readWith(M, engine, payload) {
  try {
    return { rules: READ[engine](M, payload), gaps: [] };
  } catch (err) {
    if (engine === "play-along" && M && err instanceof M.RecordsError) {
      return { rules: null, gaps: err.details.map((d) => ({ record: d.record, fact: null, field: null, row: null, column: null,
        path: Array.isArray(d.path) ? d.path : [], message: String(d.text || d.message),
        ...(d.check ? { check: d.check, fix: d.fix || null, near: d.near || null } : {}) })) };
    }
    // An error without gaps (a bug, not the data) is one gap with no place: said on the tool's line.
    const details = Array.isArray(err && err.details) ? err.details : [{ problem: String(err && err.message) }];
    return { rules: null, gaps: details.map((d) => placed(engine, d)) };
  }
}
