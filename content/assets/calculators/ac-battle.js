// Ancient Conquest battle and siege odds: the public entry point of a pure engine.
//
// No DOM, no network: import it in Node or the browser, hand it the `records`
// array of api/records.json, and evaluate scenarios against it.
//
//   import { buildModel, evaluate } from "./ac-battle.js";
//   const model = buildModel(payload.records);
//   const result = evaluate({ attackers: [{ type: "infantry", factor: 11 }],
//                             defenders: [{ type: "infantry", factor: 6 }] }, model);
//
// Every number the rules give (table cells, multipliers, column shifts, the cap, the
// stacking limits) is read from the records. Each job has its own module in ac-battle/:
//   fractions.js  exact fractions            model.js     the rules as numbers, from records
//   scenario.js   an attack as data and URL  validate.js  units, limits and stacking
//   modifiers.js  each unit's factor         columns.js   ratio, shifts, column and edges
//   results.js    reading printed results    evaluate.js  one attack, every die row
//   planner.js    the column and outcomes as the attacking factor grows
//   sources.js    the section each rule comes from

export { frac, fracToString } from "./ac-battle/fractions.js";
export { TABLE_IDS, CITY_SOURCES, PARAMS, OPTIONAL_PARAMS, optionalRecords, parseNumber, parseMultiplier, buildModel } from "./ac-battle/model.js";
export { classifyResult, KIND_LABELS } from "./ac-battle/results.js";
export {
  TERRAINS, CITIES, UNIT_TYPES, OPTIONAL_RULES, READINGS, HEROES, defaultScenario, encodeScenario, decodeScenario,
  QUERY_KEYS, foreignKeyNotes,
} from "./ac-battle/scenario.js";
export { SOURCES } from "./ac-battle/sources.js";
export { unitLimits } from "./ac-battle/validate.js";
export { evaluate } from "./ac-battle/evaluate.js";
export { planAttack } from "./ac-battle/planner.js";
