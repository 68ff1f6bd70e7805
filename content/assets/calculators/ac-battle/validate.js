// Checking an Ancient Conquest attack before it is computed: units that exist, factors that
// are counters' factors, no more units than can take part, and a legal defending stack.

import { UNIT_TYPES } from "./scenario.js";
import { SOURCES } from "./sources.js";

export const CITY_KINDS = new Set(["red-dot", "fortified", "capital", "hegemonic"]);
const cap1 = (s) => s[0].toUpperCase() + s.slice(1);

/**
 * The most units an attack can involve, from the records: the attackers stand in the hexes
 * around the defender, each holding at most the largest stack; the defenders are one stack.
 */
export function unitLimits(model) {
  const P = model.params;
  return { attackers: P.hexesAround * P.stackMost, defenders: P.stackMost, hexesAround: P.hexesAround, stackMost: P.stackMost };
}

/**
 * Problems with one side's list of units, reported as fail(field, message) where field names
 * the input ("attacker-0-factor", "attackers"); never walks a list longer than the pieces allow.
 */
export function validateUnits(list, side, fail, limit) {
  if (!Array.isArray(list) || list.length === 0) {
    fail(`${side}s`, `The ${side} has no units: add at least one.`);
    return;
  }
  if (list.length > limit.count) {
    fail(`${side}s`, `${list.length.toLocaleString("en")} ${side === "attacker" ? "attacking" : "defending"} units: ${limit.why}.`);
    return;
  }
  list.forEach((u, i) => {
    const n = i + 1;
    const at = (what) => `${side}-${i}-${what}`;
    if (!u || typeof u !== "object") { fail(at("type"), `${cap1(side)} unit ${n}: not a unit (give a type and a combat factor).`); return; }
    if (!UNIT_TYPES.includes(u.type)) fail(at("type"), `${cap1(side)} unit ${n}: choose infantry, missile or cavalry.`);
    const f = u.factor;
    if (typeof f !== "number" || Number.isNaN(f)) fail(at("factor"), `${cap1(side)} unit ${n}: the combat factor must be a number.`);
    else if (!Number.isSafeInteger(f) && Math.abs(f) > 999) fail(at("factor"), f > 0   // Infinity, 1e309, 1e30: too large, not "not a number"
      ? `${cap1(side)} unit ${n}: a combat factor above 999 is not a counter in this game.`
      : `${cap1(side)} unit ${n}: the combat factor must be 1 or more.`);
    else if (!Number.isInteger(f)) fail(at("factor"), `${cap1(side)} unit ${n}: combat factors are whole numbers.`);
    else if (f <= 0) fail(at("factor"), `${cap1(side)} unit ${n}: the combat factor must be 1 or more (got ${f}).`);
    else if (f > 999) fail(at("factor"), `${cap1(side)} unit ${n}: a combat factor above 999 is not a counter in this game.`);
  });
}

/** The limits validateUnits applies, with the reason each gives. */
export function sideLimits(model) {
  const L = unitLimits(model);
  return {
    attacker: { count: L.attackers, why: `at most ${L.attackers} can attack one hex, ${L.stackMost} from each of the ${L.hexesAround} hexes around it (${SOURCES.adjacent})` },
    defender: { count: L.defenders, why: `one hex holds at most ${L.defenders} units (${SOURCES.stacking})` },
  };
}

export function checkDefenderStacking(defs, city, reading, model, fail) {
  const limit = !CITY_KINDS.has(city) ? null
    : reading === "optional" ? model.cities.optional[city]?.stack ?? null
    : model.cities.main?.stack ?? null;
  if (limit !== null) {
    const where = reading === "optional" ? "Optional Rules 14. Cities, Table of City Differences" : "8. Fortified Cities (Red-Dot Cities) A";
    if (defs.length > limit) fail("defenders", `At most ${limit} units may stack in this city (${where}).`);
    return;
  }
  const c = defs.filter((u) => u.type === "cavalry").length;
  const inf = defs.filter((u) => u.type === "infantry").length;
  const mis = defs.filter((u) => u.type === "missile").length;
  const ok = defs.length === 1 || (defs.length === 2 && c === 0 && inf <= 1 && mis >= 1);
  if (!ok) fail("defenders", `The defending hex breaks the stacking limits (${SOURCES.stacking}): outside a city with a red dot, a hex holds one cavalry unit alone, one infantry and one missile unit, or two missile units.`);
}
