// How big an army does the attacker need? The exact odds of one round as the attacker's
// army grows, unit by unit, from 1 to the most the rules allow: legions (triremes at sea)
// from 0 to the pieces in the box, and creatures from 0 to the most a player may have (when
// the attacker's civilization is chosen and its creature fights here). At every size Hamilcar
// and Ajax are played for the best chance to wipe the defender out, which is also the best
// chance to take the province: the attacker's dice do not change the attacker's own losses.

import { creatureOf } from "./rules.js";
import { normalizeScenario } from "./scenario.js";
import { validateScenario, settleScenario } from "./validate.js";
import { analyse } from "./round.js";
import { EPS } from "./dice.js";

/** What the planner varies for a battle: the attacker's main unit and whether creatures join. */
export function plannerAxes(rules, s) {
  const B = rules.base;
  const creature = creatureOf(rules, s.attacker.civ);
  const ranged = s.battle.startsWith("ranged");
  const creaturesFight = !!creature && creature.combat.applies_in.includes(s.battle) && (!ranged || !!creature.combat.ranged_attack);
  const primary = ranged ? null : s.battle === "naval" ? "triremes" : "legions";
  return {
    primary,
    maxPrimary: primary === "triremes" ? B.triremesInBox : primary === "legions" ? B.legionsInBox : 0,
    creature: creaturesFight ? creature : null,
    maxCreatures: creaturesFight ? B.creaturesPerPlayer : 0,
  };
}

/** The planner's measure for an analysis: the attacker takes the province (or sea space), or every target is destroyed. */
export function plannerValue(a) {
  return a.battle.startsWith("ranged") ? a.outcomes.defenderWipedOut : a.outcomes.attackerAlone;
}

/**
 * The odds at every army size, and the smallest army that reaches `target` (0..1).
 * Returns {ok:false, errors} when the battle itself is wrong; else {ok:true, axes, target,
 * points, smallest, best}. Each point is {primary, creatures, units, ok, reason | outcomes,
 * value, dropped}. The smallest army has the fewest units; on a tie, the fewest creatures.
 */
export function planArmy(rules, scenario, { target = 0.8 } = {}) {
  const s = normalizeScenario(scenario);
  const { errors, notices } = validateScenario(rules, s);
  if (errors.length) return { ok: false, errors, notices };
  if (typeof target !== "number" || !(target > 0 && target <= 1)) {
    return { ok: false, errors: [{ field: "target", message: "The chance to reach must be more than 0% and at most 100%." }], notices };
  }
  const axes = plannerAxes(rules, s);
  const points = [];
  for (let c = 0; c <= axes.maxCreatures; c++) {
    for (let n = 0; n <= axes.maxPrimary; n++) {
      if (n + c === 0) continue;
      const attacker = { ...s.attacker, legions: 0, triremes: 0, creatures: c, goal: "wipe", hamilcar: "best" };
      if (axes.primary) attacker[axes.primary] = n;
      const settled = settleScenario(rules, { ...s, attacker });
      const point = { primary: n, creatures: c, units: n + c };
      if (settled.errors) {
        points.push({ ...point, ok: false, reason: settled.errors[0].message });
        continue;
      }
      const a = analyse(rules, settled.scenario);
      if (!a.ok) { points.push({ ...point, ok: false, reason: a.errors[0].message }); continue; }
      const o = a.outcomes;
      points.push({ ...point, ok: true, value: plannerValue(a), dropped: settled.dropped,
        outcomes: { attackerAlone: o.attackerAlone, bothRemain: o.bothRemain, defenderAlone: o.defenderAlone,
          bothWipedOut: o.bothWipedOut, defenderWipedOut: o.defenderWipedOut, attackerWipedOut: o.attackerWipedOut } });
    }
  }
  const fewer = (p, q) => p.units - q.units || p.creatures - q.creatures;
  const reaching = points.filter((p) => p.ok && p.value >= target - EPS).sort(fewer);
  const best = points.filter((p) => p.ok).sort((p, q) => q.value - p.value || fewer(p, q))[0] || null;
  return { ok: true, notices, battle: s.battle, axes, target, points, smallest: reaching[0] || null, best };
}
