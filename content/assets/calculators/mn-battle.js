// Mare Nostrum: Mythology battle odds: the public entry point of a pure engine (no DOM, no
// network; Node and browsers import the same files).
//
// Every game number (points per loss, automatic 6s, pieces in the box, hero, god and
// creature modifiers) is read from the compendium's records.json. The only constant is the
// die itself. Each job has its own module in mn-battle/:
//   rules.js     the rules object, read from the records
//   scenario.js  a battle as data, its defaults and its URL form
//   validate.js  what is wrong with a battle, in words, beside the input that causes it
//   dice.js      exact sums of dice
//   sides.js     each side before the dice (removals, automatic 6s, bonuses)
//   choices.js   Hamilcar's fixed dice and Ajax's re-roll, optimised exactly
//   round.js     one round: exact odds, a roll resolved by hand, Ajax's advice
//   losses.js    which pieces a side gives up, in the order the player picks
//   rounds.js    several rounds of a province at war: a Markov chain over the pieces left
//   plans.js     each side's plan over those rounds: withdraw, or bring in more units
//   planner.js   how big an army: the odds as the attacking army grows

export { rulesFromRecords, RulesError, BASE_FACTS, RANGES, effectOf, creatureOf, civOf, mostDice } from "./mn-battle/rules.js";
export { FACES } from "./mn-battle/dice.js";
export {
  BATTLES, GOALS, SIDES, READINGS, DEFAULT_LOSS_ORDER, defaultScenario, normalizeScenario,
  scenarioToQuery, scenarioFromQuery, queryNotes, foreignKeyNotes, OTHER_FORM_KEYS,
} from "./mn-battle/scenario.js";
export { validateScenario } from "./mn-battle/validate.js";
export { analyse, resolveRoll, ajaxAdvice } from "./mn-battle/round.js";
export { _internal } from "./mn-battle/internal.js";
export { PIECES, piecesAfter } from "./mn-battle/losses.js";
export { analyseRounds } from "./mn-battle/rounds.js";
export {
  WITHDRAW_WHEN, MOVABLE, defaultPlans, normalizePlans, validatePlans, plansToQuery, plansFromQuery, mostUnits,
} from "./mn-battle/plans.js";
export { planArmy, plannerAxes, plannerValue } from "./mn-battle/planner.js";
