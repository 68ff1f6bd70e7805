// Each side of a Mare Nostrum battle before the dice: pieces, removals, dice, automatic
// values and bonuses. Everything here is decided before anyone rolls.

import { effectOf, creatureOf } from "./rules.js";
import { SIDES, BUILDINGS } from "./scenario.js";
import { countWith } from "../../shared/count-words.js";

function has(e, key) { return e.combat[key] !== undefined && e.combat[key] !== false; }

/** Resolve everything that does not depend on the dice: counts, removals, automatic values, bonuses. */
export function prepare(rules, s) {
  const B = rules.base;
  const battle = s.battle;
  const ranged = battle.startsWith("ranged");
  const seaTarget = battle === "naval" || battle === "ranged-sea";
  const sides = {};
  for (const side of SIDES) {
    const x = s[side];
    const creature = creatureOf(rules, x.civ);
    const effects = [...x.heroes, ...x.gods].map((id) => effectOf(rules, id)).filter(Boolean);
    const active = effects.filter((e) => e.combat.applies_in.includes(battle));
    const hercules = active.find((e) => has(e, "legions_as_creature"));
    const herc = hercules && creature ? Math.min(hercules.combat.legions_as_creature, x.legions) : 0;
    const creatureWorks = creature && creature.combat.applies_in.includes(battle);
    // Pieces acting as creatures, and those also carrying the creature's special power
    const powerUnits = x.creatures + (s.readings.hercules === "full" ? herc : 0);
    sides[side] = { side, x, creature, creatureWorks, effects: active, herc, powerUnits,
      plainLegions: x.legions - herc, notes: [] };
  }
  for (const side of SIDES) {
    const me = sides[side];
    const foe = sides[side === "attacker" ? "defender" : "attacker"];
    me.foe = foe;
    const x = me.x;
    me.units = x.legions + x.triremes + x.fortresses + x.creatures;
    // Removals this side suffers before the dice (Centaur, Poseidon)
    let legionsHit = 0, triremesHit = 0;
    const removers = [...foe.effects.filter((e) => has(e, "removes_enemy_before_dice"))
      .map((e) => [e, e.combat.removes_enemy_before_dice.count])];
    if (foe.creatureWorks && foe.creature.combat.removes_enemy_before_dice && foe.powerUnits > 0) {
      const r = foe.creature.combat.removes_enemy_before_dice;
      removers.push([foe.creature, r.per === "unit" ? r.count * foe.powerUnits : r.count]);
    }
    for (const [e, n] of removers) {
      const unit = e.combat.removes_enemy_before_dice.unit;
      if (unit === "legion") {
        const k = Math.min(n, me.plainLegions - legionsHit);
        legionsHit += k;
        if (k) me.notes.push(`${e.name}: ${k} legion${k > 1 ? "s" : ""} destroyed before the dice.`);
      } else {
        const k = Math.min(n, x.triremes - triremesHit);
        triremesHit += k;
        if (k) me.notes.push(`${e.name}: ${k} trireme${k > 1 ? "s" : ""} destroyed before the dice.`);
      }
    }
    me.removed = legionsHit + triremesHit;
    me.removedPieces = { legions: legionsHit, triremes: triremesHit };
    me.remaining = me.units - me.removed;
    me.legionsLeft = me.plainLegions - legionsHit;
    me.triremesLeft = x.triremes - triremesHit;
  }
  for (const side of SIDES) {
    const me = sides[side];
    const foe = me.foe;
    const x = me.x;
    const cancelled = foe.creatureWorks && foe.creature.combat.cancels_enemy_automatic &&
      (foe.x.creatures > 0 || (s.readings.hercules === "full" && foe.herc > 0));
    const autoCreatures = x.creatures + me.herc;
    let legionDice = 0, triremeDice = 0, otherDice = 0, automatic = 0;
    const per = B.dicePerUnit;
    if (ranged && side === "attacker") {
      const ra = me.creature.combat.ranged_attack;
      if (ra.keeps_automatic) automatic += x.creatures * B.creatureAutomatic;
      else otherDice += x.creatures * ra.dice_per_unit;
      me.notes.push(`${me.creature.name}s roll ${ra.dice_per_unit} die each in a ranged attack${ra.keeps_automatic ? "" : " (no automatic 6)"}.`);
    } else if (ranged && (battle === "ranged-sea" || s.readings.strikeBack === "no")) {
      me.noRoll = true; // the targets of a ranged attack do not roll back (reading), and triremes never can
    } else if (seaTarget) {
      triremeDice = me.triremesLeft * per;
      if (cancelled) otherDice += x.creatures; else automatic += x.creatures * B.creatureAutomatic;
    } else {
      legionDice = me.legionsLeft * per;
      if (cancelled) {
        otherDice += x.fortresses + autoCreatures;
        if (x.fortresses + autoCreatures) me.notes.push(`${foe.creature.name}: ${x.fortresses + autoCreatures} automatic 6${x.fortresses + autoCreatures > 1 ? "s" : ""} must roll instead.`);
      } else {
        automatic += x.fortresses * B.fortressAutomatic + autoCreatures * B.creatureAutomatic;
      }
      if (me.herc) me.notes.push(`Hercules: 1 legion fights as a ${me.creature.name}${s.readings.hercules === "full" ? " (with its power)" : " (automatic 6 only)"}.`);
    }
    if (me.remaining === 0) { legionDice = triremeDice = otherDice = 0; automatic = 0; me.noRoll = true; }
    if (me.noRoll) { legionDice = triremeDice = otherDice = 0; automatic = 0; }
    me.legionDice = legionDice; me.triremeDice = triremeDice; me.otherDice = otherDice;
    me.dice = legionDice + triremeDice + otherDice;
    me.automatic = automatic;
    // Bonuses
    let perDieLegion = 0, perDieTrireme = 0, flat = 0, mars = 0;
    me.fixed = null; me.ajax = false;
    for (const e of me.effects) {
      const c = e.combat;
      if (c.die_bonus) {
        if (c.die_bonus_units.includes("legion")) perDieLegion += c.die_bonus;
        if (c.die_bonus_units.includes("trireme")) perDieTrireme += c.die_bonus;
      }
      if (c.fixed_die_value) me.fixed = { value: c.fixed_die_value, takesBonus: !!c.fixed_die_takes_die_bonus, name: e.name };
      if (c.rerolls) { me.ajax = true; me.ajaxName = e.name; }
      if (c.flat_bonus_after_roll) { mars += c.flat_bonus_after_roll; me.marsName = e.name; }
      if (c.building_bonus) {
        let b = 0;
        for (const k of BUILDINGS) b += (c.building_bonus[k] || 0) * s.buildings[k];
        if (s.readings.ariane === "per-die") { flat += b * me.dice; if (b) me.notes.push(`${e.name}: +${b} on each of ${countWith(me.dice, "dice")}.`); }
        else { flat += b; if (b) me.notes.push(`${e.name}: +${b} to the total for the buildings.`); }
      }
    }
    me.perDieLegion = perDieLegion;
    me.bonus = flat + perDieLegion * legionDice + perDieTrireme * triremeDice;
    me.mars = me.noRoll ? 0 : mars;
    if (me.noRoll) { me.bonus = 0; }
    if (!me.dice) { me.fixed = null; me.ajax = false; }
  }
  for (const side of SIDES) {
    const me = sides[side];
    const foe = me.foe;
    // Points needed per kill of the foe's units
    let thr = B.pointsPerLoss;
    for (const e of foe.effects) if (e.combat.loss_threshold) thr = Math.max(thr, e.combat.loss_threshold);
    me.threshold = thr;
    me.cap = foe.remaining;
  }
  return sides;
}

/** Bonus lost when fixed dice do not take the per-die bonus (non-legion dice are fixed first). */
export function hamilcarOffset(me, f) {
  if (!me.fixed || me.fixed.takesBonus) return 0;
  return -me.perDieLegion * Math.max(0, f - (me.dice - me.legionDice));
}
