// What each engine that reads its rules from the records says it lacks, as data the
// generator can point at a line with: {record, fact, path, row, column, problem, fix, check, message}.
//
// Each engine's reader is the only judge of the data it reads: the two battle calculators and
// the four table helpers throw (or, for ac-battle, return) their gaps with `details`, each gap
// naming its record and the fact, field path or table cell it is at (shared/records.js gap()).
// Nothing here reads an engine's sentence back. The readers are in engine_read.mjs; this module
// loads every engine as it is imported, for callers that read synchronously (scenario_check.mjs loads only
// those it needs). Pure.
import { MODULES, READ, loadEngine, readWith } from "./engine_read.mjs";

// Every engine, each module named once (engine_read.mjs MODULES), loaded before this module's readers are used.
const LOADED = Object.fromEntries(await Promise.all(Object.keys(MODULES).map(async (name) => [name, await loadEngine(name)])));

/** Each engine's reader: its rules from {version, records}, or a thrown error with `details`. */
export const READERS = Object.fromEntries(Object.keys(READ).map((name) => [name, (payload) => READ[name](LOADED[name], payload)]));

/** {gaps: [...]} for an engine that cannot read its rules from these records, else {gaps: []}, and the rules. */
export function readEngine(engine, payload) {
  return readWith(LOADED[engine], engine, payload);
}
