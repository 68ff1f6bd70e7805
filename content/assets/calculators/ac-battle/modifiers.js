// Each unit's combat factor after terrain, city, river, optional rules and the cap: a list of
// the modifiers applied (and those not applied, with why), unit by unit, as exact fractions.

import { frac, mul, cmp, fromNumber } from "./fractions.js";
import { SOURCES } from "./sources.js";

const TERRAIN_PARAM = { mountain: "defenderMountain", forest: "defenderForest", swamp: "defenderSwamp", hills: "defenderHills", clear: "defenderClear", desert: "defenderDesert" };

/**
 * The unit lines of one side. ctx: {s, P, model, opt, isCity, cityRule, allAcrossRiver}.
 * A terrain that changes nothing is still listed (as "no effect"), so the steps say so.
 */
export function unitLines(side, ctx) {
  const { s, P, model, opt, isCity, cityRule, allAcrossRiver } = ctx;
  const list = side === "attacker" ? s.attackers : s.defenders;
  return list.map((u, i) => {
    const mods = [];
    const skipped = [];
    const f = u.flags || {};
    const pushMod = (name, value, source, param) => mods.push({ name, value, source, param });
    // A modifier that only exists under an optional rule: applied, or listed as not applied.
    const optionalMod = (rule, name, param, source, offText) => {
      if (opt(rule)) pushMod(name, P[param], source, param);
      else skipped.push(offText);
    };
    if (side === "attacker") {
      if (f.desert) pushMod("attacking from desert", P.attackerDesert, SOURCES.desert, "attackerDesert");
      if (f.river) {
        if (s.readings.river === "table") pushMod("attacks across a river", P.riverAttacker, SOURCES.riverTable, "riverAttacker");
      }
      if (f.disembarked) optionalMod("fleets", "just disembarked", "disembarked", SOURCES.disembarked, "just disembarked: optional rule Fleets is off");
      if (f.deity) optionalMod("deities", "stacked with a deity", "deity", SOURCES.deity, "deity: optional rule Deities is off");
      if (u.type === "cavalry" && isCity) pushMod("cavalry attacking a city", P.cavalryCity, SOURCES.cavalryCity, "cavalryCity");
      if (f.charge) optionalMod("charge", "cavalry charge", "cavalryCharge", SOURCES.cavalryCharge, "charge: optional cavalry rule is off");
    } else {
      const terrainParam = TERRAIN_PARAM[s.terrain];
      const v = P[terrainParam];
      pushMod(`defending in ${s.terrain}`, v, s.terrain === "desert" ? SOURCES.desert : SOURCES.terrain, terrainParam);
      if (v === 1) mods[mods.length - 1].noEffect = true;
      if (s.readings.river === "text" && allAcrossRiver) pushMod("every attack comes across the river", P.riverDefender, SOURCES.riverText, "riverDefender");
      if (cityRule && !s.formerAllies && cityRule.defence !== 1) {
        mods.push({ name: `defending a ${cityRule.label} (“${cityRule.defenceText}”)`, value: cityRule.defence, source: SOURCES.redDotOptional, param: null,
          link: { name: model.cities.optional.name, url: model.cities.optional.url } });
      }
      if (s.encamped) optionalMod("encampments", "encamped", "encampment", SOURCES.encampment, "encampment: optional rule Encampments is off");
      if (s.defenderDeity) optionalMod("deities", "stacked with a deity", "deity", SOURCES.deity, "deity: optional rule Deities is off");
      if (u.type === "cavalry" && isCity) pushMod("cavalry defending a city", P.cavalryCity, SOURCES.cavalryCity, "cavalryCity");
    }
    let m = frac(1);
    for (const x of mods) m = mul(m, fromNumber(x.value));
    let capped = false;
    if (opt("cap")) {
      const c = fromNumber(P.cap);
      if (cmp(m, c) > 0) { m = c; capped = true; }
    }
    const printed = frac(u.factor);
    const value = mul(printed, m);
    return { index: i + 1, type: u.type, printed: u.factor, mods, skipped, multiplier: m, capped, value };
  });
}
