// Checking a Mare Nostrum battle against the rules, in words a player can act on.
//
// validateScenario never throws and never walks an unchecked list: every problem becomes
// {field, message}, where field names the input ("attacker.legions", "attacker.hero.mn-ajax")
// so the page can show it beside that input. Each count is bounded by the game's pieces,
// read from the records (rules.base).

import { effectOf, creatureOf, civOf, mostDice } from "./rules.js";
import { BATTLES, GOALS, SIDES, READINGS, COUNT_KEYS, DEFAULT_LOSS_ORDER, normalizeScenario } from "./scenario.js";

export const BATTLE_WORDS = { land: "a land battle", naval: "a naval battle", "ranged-land": "a Titan's ranged attack on a province",
  "ranged-sea": "a Titan's ranged attack on a sea space" };
const SIDE_WORD = { attacker: "attacker", defender: "defender" };
const BUILDING_WORDS = { city: "cities", caravan: "caravans", market: "markets", temple: "temples" };

export function isCount(v) { return Number.isInteger(v) && v >= 0; }

/** A value from a link or an API call, safe to put in a message: short text whatever it was. */
export function shown(v) {
  if (typeof v === "string") return v.length > 40 ? `${v.slice(0, 37)}…` : v;
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "an invalid number";
  if (typeof v === "boolean") return String(v);
  if (v === null || v === undefined) return "empty";
  return Array.isArray(v) ? "a list" : `a value of type ${typeof v}`;
}

/** The same, quoted when it is text, for "..., not 'lots'." */
export function quoted(v) {
  return typeof v === "string" ? `'${shown(v)}'` : shown(v);
}

function countProblem(v, what, max) {
  if (!isCount(v)) return `${what} must be a whole number from 0 to ${max}, not ${quoted(v)}.`;
  return null;
}

/** Check a list of hero or god ids: a real list, no longer than the cards, each known once. */
function checkList(rules, list, kind, side, err) {
  const field = `${side}.${kind === "hero" ? "heroes" : "gods"}`;
  const cards = kind === "hero" ? rules.heroes.length : rules.gods.length;
  const W = side === "attacker" ? "The attacker" : "The defender";
  if (!Array.isArray(list)) { err(field, `${W}'s ${kind === "hero" ? "heroes" : "gods"} must be a list of ids.`); return []; }
  if (list.length > cards) {
    err(field, `${W} lists ${list.length.toLocaleString("en")} ${kind === "hero" ? "heroes" : "gods"}; there are only ${cards} ${kind} cards with a combat effect, each one card.`);
    return [];
  }
  const counts = new Map();
  for (const id of list) counts.set(id, (counts.get(id) || 0) + 1);
  const ok = [];
  for (const [id, n] of counts) {
    const e = effectOf(rules, id);
    if (!e || e.kind !== kind) { err(field, `Unknown ${kind} ${quoted(id)}.`); continue; }
    if (n > 1) err(`${side}.${kind}.${id}`, `${e.name} is listed ${n === 2 ? "twice" : `${n} times`}; there is one ${e.name} card.`);
    ok.push(e);
  }
  return ok;
}

/**
 * Check a scenario against the rules. Returns {errors, notices}; each error is
 * {field, message} where field names the input (e.g. "attacker.legions").
 */
export function validateScenario(rules, scenario) {
  const s = normalizeScenario(scenario);
  const B = rules.base;
  const errors = [];
  const notices = [];
  const err = (field, message) => errors.push({ field, message });
  if (typeof s.battle !== "string" || !BATTLES.includes(s.battle)) {
    err("battle", `Unknown battle type ${quoted(s.battle)} (use ${BATTLES.join(", ")}).`);
    return { errors, notices };
  }
  for (const [k, vals] of Object.entries(READINGS)) {
    if (!vals.includes(s.readings[k])) err(`readings.${k}`, `Unknown reading ${quoted(s.readings[k])} (use ${vals.join(" or ")}).`);
  }
  const ranged = s.battle.startsWith("ranged");
  const seaTarget = s.battle === "naval" || s.battle === "ranged-sea";
  const caps = { legions: B.legionsInBox, triremes: B.triremesInBox, fortresses: B.fortressesInBox, creatures: B.creaturesPerPlayer };
  const lists = {};
  for (const side of SIDES) {
    const x = s[side];
    const W = side === "attacker" ? "The attacker" : "The defender";
    if (x.civ !== "" && !civOf(rules, x.civ)) err(`${side}.civ`, `Unknown civilization ${quoted(x.civ)}.`);
    for (const k of COUNT_KEYS) {
      const p = countProblem(x[k], `${W}'s ${k}`, caps[k]);
      if (p) { err(`${side}.${k}`, p); continue; }
      if (x[k] > caps[k]) {
        err(`${side}.${k}`, k === "creatures"
          ? `${W} has ${x[k].toLocaleString("en")} creatures; a player may have at most ${caps[k]}.`
          : `${W} has ${x[k].toLocaleString("en")} ${k}; a player has only ${caps[k]} ${k} in the box.`);
      }
    }
    if (!GOALS.includes(x.goal)) err(`${side}.goal`, `Unknown goal ${quoted(x.goal)} (use ${GOALS.join(" or ")}).`);
    if (x.hamilcar !== "best") {
      const most = mostDice(rules);
      if (!isCount(x.hamilcar) || x.hamilcar > most) err(`${side}.hamilcar`, `Hamilcar's dice must be 'best' or a whole number from 0 to ${most}, not ${quoted(x.hamilcar)}.`);
    }
    const order = x.lossOrder;
    if (!Array.isArray(order) || order.length !== DEFAULT_LOSS_ORDER.length || !DEFAULT_LOSS_ORDER.every((k) => order.includes(k))) {
      err(`${side}.lossOrder`, `The order of losses must name each of ${DEFAULT_LOSS_ORDER.join(", ")} once.`);
    }
    lists[side] = { hero: checkList(rules, x.heroes, "hero", side, err), god: checkList(rules, x.gods, "god", side, err) };
  }
  const countsOk = !errors.some((e) => COUNT_KEYS.some((k) => e.field === `attacker.${k}` || e.field === `defender.${k}`));
  for (const side of SIDES) {
    const x = s[side];
    const other = s[side === "attacker" ? "defender" : "attacker"];
    const creature = creatureOf(rules, x.civ);
    if (countsOk) {
      if (x.creatures > 0 && !creature) err(`${side}.civ`, `Choose the ${SIDE_WORD[side]}'s civilization: its creatures depend on it.`);
      // Units that cannot be in this kind of battle
      if (!seaTarget || (ranged && side === "attacker")) {
        if (x.triremes > 0) err(`${side}.triremes`, "Triremes fight only triremes: set them to 0 outside a naval battle (or a ranged attack on a sea space).");
      }
      if (side === "attacker" && x.fortresses > 0) err("attacker.fortresses", "A fortress never moves, so it cannot attack.");
      if (ranged && side === "attacker") {
        if (x.legions > 0) err("attacker.legions", "Only Titans take part in a ranged attack: set the attacker's legions to 0.");
        if (creature && !creature.combat.ranged_attack) err("attacker.civ", `${creature.name}s cannot make a ranged attack; only a creature with a ranged attack (the Titan) can.`);
        if (x.creatures < 1) err("attacker.creatures", "A ranged attack needs at least one Titan.");
      } else if (seaTarget) {
        if (x.legions > 0) err(`${side}.legions`, "Legions do not fight at sea: set them to 0 in a naval battle.");
        if (x.fortresses > 0) err(`${side}.fortresses`, "Fortresses do not fight at sea: set them to 0 in a naval battle.");
        if (x.creatures > 0 && creature && !creature.combat.applies_in.includes("naval")) {
          err(`${side}.creatures`, `${creature.name}s do not fight at sea; only a creature that can enter sea spaces (the Kraken) can.`);
        }
      }
      if (side === "defender") {
        const perProvince = x.statue ? B.statueFortressesPerProvince : B.fortressesPerProvince;
        if (x.fortresses > perProvince) {
          err("defender.fortresses", x.statue
            ? `Even with the ${rules.statue.name}, a province holds at most ${perProvince} fortresses.`
            : `A province holds at most ${perProvince} fortress (${B.statueFortressesPerProvince} with the ${rules.statue.name}).`);
        }
      }
      if (side === "attacker" && x.statue) err("attacker.statue", `The ${rules.statue.name} only changes how many fortresses a province may hold; it matters for the defender.`);
    }
    if (x.civ && x.civ === other.civ && side === "defender") err("defender.civ", "Both sides cannot be the same civilization.");
    // Heroes and gods
    for (const kind of ["hero", "god"]) {
      for (const e of lists[side][kind]) {
        const id = e.id;
        const c = e.combat;
        const field = `${side}.${kind}.${id}`;
        if (e.civilization && e.civilization !== x.civ) {
          const civ = civOf(rules, e.civilization);
          err(field, `${e.name} belongs to ${civ ? civ.name : e.civilization}; choose ${civ ? civ.name : "that civilization"} for the ${SIDE_WORD[side]} to use ${e.name}.`);
          continue;
        }
        if (!c.applies_in.includes(s.battle)) { err(field, `${e.name} has no effect in ${BATTLE_WORDS[s.battle]}.`); continue; }
        if (c.side && c.side !== "either" && c.side !== side) {
          err(field, `${e.name}'s bonus works only for the ${c.side} (the reading this page uses; see "Readings").`);
          continue;
        }
        const rollEffect = c.die_bonus || c.fixed_die_value || c.rerolls || c.flat_bonus_after_roll || c.building_bonus;
        if (ranged && side === "defender" && rollEffect && (s.battle === "ranged-sea" || s.readings.strikeBack === "no")) {
          err(field, `${e.name} has no effect here: the targets of a ranged attack do not roll${s.battle === "ranged-sea" ? " (triremes never fight ground units)" : " (see the reading on striking back)"}.`);
          continue;
        }
        if (!countsOk) continue;
        if (c.die_bonus && !c.die_bonus_units.some((u) => x[`${u}s`] > 0)) {
          err(field, `${e.name} adds to ${c.die_bonus_units.join(" or ")} dice, and the ${SIDE_WORD[side]} has none.`);
        }
        if (c.legions_as_creature) {
          if (x.legions < 1) err(field, `${e.name} turns a legion into a creature: the ${SIDE_WORD[side]} needs at least one legion.`);
          else if (!creature) err(`${side}.civ`, `Choose the ${SIDE_WORD[side]}'s civilization: ${e.name}'s legion becomes its creature.`);
        }
        if (c.removes_enemy_before_dice && other[`${c.removes_enemy_before_dice.unit}s`] === 0) {
          err(field, `${e.name} destroys an enemy ${c.removes_enemy_before_dice.unit}, and the other side has none.`);
        }
        if (kind === "god" && side === "defender" && Array.isArray(other.gods) && other.gods.includes(id)) {
          err(field, `There is only one ${e.name} card; both sides cannot hold it.`);
        }
        if (kind === "hero" && side === "defender" && Array.isArray(other.heroes) && other.heroes.includes(id) && !e.civilization) {
          notices.push(`${e.name} on both sides: possible only if one player copies the card with Castor & Pollux.`);
        }
      }
    }
  }
  const buildingCaps = { city: B.citiesInBox, caravan: B.caravansInBox, market: B.marketsPerProvince, temple: B.templesPerProvince };
  for (const b of Object.keys(buildingCaps)) {
    const v = s.buildings[b];
    const words = BUILDING_WORDS[b];
    const p = countProblem(v, `The number of ${words}`, buildingCaps[b]);
    if (p) { err(`buildings.${b}`, p); continue; }
    if (v > buildingCaps[b]) {
      err(`buildings.${b}`, b === "city" || b === "caravan"
        ? `${v.toLocaleString("en")} ${words} in one province: there are only ${buildingCaps[b]} ${words} in the box.`
        : `A province holds at most ${buildingCaps[b]} ${b}.`);
    }
  }
  if (!errors.length) {
    const a = s.attacker;
    if (a.legions + a.triremes + a.creatures + a.fortresses === 0) err("attacker", "The attacker needs at least one unit.");
    const d = s.defender;
    if (d.legions + d.triremes + d.creatures + d.fortresses === 0) {
      notices.push(ranged ? "The target holds no units: nothing to attack." : "The defender has no units: nobody rolls, and the attacker is alone in the province.");
    }
  }
  return { errors, notices };
}

/**
 * The scenario with every hero or god that has nothing to act on left out (Hercules without a
 * legion, Poseidon with no trireme to sink): for the rounds after the first and the army
 * sizes the planner tries, where such a card simply stops acting. Returns {scenario, dropped},
 * or {errors} when something else is wrong (the caller validated the battle itself first).
 */
export function settleScenario(rules, scenario) {
  let s = normalizeScenario(scenario);
  const dropped = [];
  for (let pass = 0; pass < 4; pass++) {
    const { errors } = validateScenario(rules, s);
    if (!errors.length) return { scenario: s, dropped };
    const idle = errors.map((e) => /^(attacker|defender)\.(hero|god)\.(.+)$/.exec(e.field));
    if (idle.some((m) => !m)) return { errors };
    for (const [, side, kind, id] of idle) {
      const list = kind === "hero" ? "heroes" : "gods";
      s = { ...s, [side]: { ...s[side], [list]: s[side][list].filter((x) => x !== id) } };
      dropped.push({ side, id });
    }
  }
  return { errors: [{ field: "", message: "The battle could not be settled." }] };
}
