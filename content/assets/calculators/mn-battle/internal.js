// Internal pieces of the Mare Nostrum engine, exposed for tests and benchmarks (not a stable API).

import { sumDist, killsOf, EPS } from "./dice.js";
import { prepare } from "./sides.js";
import { sideDistribution, ajaxOptimise, ajaxTables, better, goalKey } from "./choices.js";
import { settleScenario } from "./validate.js";

export const _internal = { prepare, sideDistribution, sumDist, ajaxOptimise, ajaxTables, killsOf, better, goalKey, settleScenario, EPS };
