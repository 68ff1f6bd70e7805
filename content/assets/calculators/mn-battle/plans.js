// How each side fights a province at war over several turns: keep fighting, withdraw, or
// bring in more units. The Q&A on continuing a battle in a province at war: another round is
// fought only if the active player leaves his units there rather than moving them out, and a
// fortress cannot move, so it always fights on.
//
// A plan per side is {withdraw, reinforce}:
//   withdraw:  {when: "never" | "fewer" | "chance", below, pieces}
//              "fewer": move out when fewer than `below` of this side's units remain;
//              "chance": move out when this side's chance to be alone in the province after
//              the next round is below `below` percent (for the defender: to hold it);
//              `pieces` are the kinds that move out (legions and creatures; never fortresses).
//   reinforce: {legions, creatures, round}: that many more arrive before round `round`,
//              bounded by the pieces in the box (what is already on the board counts).
// Plans are hostile input like the rest of a scenario: validatePlans says what is wrong, in
// words, beside the field (attacker.plan.withdraw.below ...); nothing here throws.

import { SIDES } from "./scenario.js";
import { creatureOf } from "./rules.js";
import { isCount, quoted } from "./validate.js";

export const WITHDRAW_WHEN = ["never", "fewer", "chance"];
export const MOVABLE = ["legions", "creatures"];
const LIST_LIMIT = 10;

export function defaultPlan() {
  return { withdraw: { when: "never", below: 0, pieces: [...MOVABLE] }, reinforce: { legions: 0, creatures: 0, round: 2 } };
}

export function defaultPlans() {
  return { attacker: defaultPlan(), defender: defaultPlan() };
}

const isPlainObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

function planOf(x) {
  const d = defaultPlan();
  if (!isPlainObject(x)) return d;
  const w = isPlainObject(x.withdraw) ? x.withdraw : {};
  const r = isPlainObject(x.reinforce) ? x.reinforce : {};
  for (const k of ["when", "below"]) if (own(w, k) && w[k] !== undefined) d.withdraw[k] = w[k];
  if (own(w, "pieces") && w.pieces !== undefined) d.withdraw.pieces = Array.isArray(w.pieces) && w.pieces.length <= LIST_LIMIT ? w.pieces.slice() : w.pieces;
  for (const k of ["legions", "creatures", "round"]) if (own(r, k) && r[k] !== undefined) d.reinforce[k] = r[k];
  return d;
}

/** Both sides' plans with every missing part filled in (not validated). */
export function normalizePlans(plans) {
  const p = isPlainObject(plans) ? plans : {};
  return { attacker: planOf(p.attacker), defender: planOf(p.defender) };
}

/** The most units one side can have in a province: every legion, every creature, the most fortresses. */
export function mostUnits(rules) {
  const B = rules.base;
  return B.legionsInBox + B.creaturesPerPlayer + Math.max(B.fortressesPerProvince, B.statueFortressesPerProvince);
}

/**
 * What is wrong with the plans for this (already valid) land battle over `rounds` rounds.
 * Returns a list of {field, message}; field names the input, e.g. "defender.plan.withdraw.pieces".
 */
export function validatePlans(rules, s, plans, rounds) {
  const errors = [];
  const B = rules.base;
  const refused = new Set();   // fields already refused as too large a number: one message each
  const err = (field, message) => { if (!refused.has(field)) errors.push({ field, message }); };
  for (const side of SIDES) {
    const { withdraw: w, reinforce: r } = plans[side];
    const W = side === "attacker" ? "The attacker" : "The defender";
    const f = `${side}.plan`;
    // Checked whatever the plan, "never" too: such a value would otherwise ride along in the address.
    for (const [field, v] of [["withdraw.below", w.below], ["reinforce.legions", r.legions], ["reinforce.creatures", r.creatures], ["reinforce.round", r.round]]) {
      if (!unholdable(v)) continue;
      errors.push({ field: `${f}.${field}`, message: `${W}'s plan: ${quoted(v)} is not a number the calculator can count with (too large, or not finite); give a whole number.` });
      refused.add(`${f}.${field}`);
    }
    if (!WITHDRAW_WHEN.includes(w.when)) err(`${f}.withdraw.when`, `Unknown plan ${quoted(w.when)} (use ${WITHDRAW_WHEN.join(", ")}).`);
    else if (w.when === "fewer") {
      const most = mostUnits(rules);
      if (!isCount(w.below) || w.below < 1 || w.below > most) err(`${f}.withdraw.below`, `Withdraw when fewer than how many units remain: a whole number from 1 to ${most}, not ${quoted(w.below)}.`);
    } else if (w.when === "chance") {
      if (!isCount(w.below) || w.below < 1 || w.below > 99) err(`${f}.withdraw.below`, `Withdraw when the chance falls below a whole percentage from 1 to 99, not ${quoted(w.below)}.`);
    }
    if (!Array.isArray(w.pieces) || w.pieces.length === 0 || w.pieces.length > MOVABLE.length) {
      err(`${f}.withdraw.pieces`, `The pieces that move out must be a list of ${MOVABLE.join(" and/or ")}.`);
    } else {
      for (const k of w.pieces) {
        if (k === "fortresses") err(`${f}.withdraw.pieces`, "A fortress never moves, so it cannot withdraw: it stays and fights.");
        else if (!MOVABLE.includes(k)) err(`${f}.withdraw.pieces`, `Unknown piece ${quoted(k)} (use ${MOVABLE.join(" or ")}).`);
      }
      if (new Set(w.pieces).size !== w.pieces.length) err(`${f}.withdraw.pieces`, "Each kind of piece is listed once.");
    }
    const x = s[side];
    const caps = { legions: B.legionsInBox, creatures: B.creaturesPerPlayer };
    for (const k of ["legions", "creatures"]) {
      const v = r[k];
      if (!isCount(v)) { err(`${f}.reinforce.${k}`, `${W}'s reinforcements (${k}) must be a whole number, not ${quoted(v)}.`); continue; }
      if (Number.isInteger(x[k]) && x[k] + v > caps[k]) {
        err(`${f}.reinforce.${k}`, k === "creatures"
          ? `${W} would have ${(x[k] + v).toLocaleString("en")} creatures; a player may have at most ${caps[k]}.`
          : `${W} would have ${(x[k] + v).toLocaleString("en")} legions; a player has only ${caps[k]} in the box.`);
      }
    }
    if (isCount(r.creatures) && r.creatures > 0 && !creatureOf(rules, x.civ)) err(`${side}.civ`, `Choose the ${side}'s civilization: the creatures that arrive depend on it.`);
    const arrives = (isCount(r.legions) ? r.legions : 0) + (isCount(r.creatures) ? r.creatures : 0);
    if (!isCount(r.round) || r.round < 2 || r.round > rounds) {
      if (arrives > 0 || !isCount(r.round)) err(`${f}.reinforce.round`, `Reinforcements arrive before round 2 to ${rounds} (units there at the start belong in the battle itself), not ${quoted(r.round)}.`);
    }
  }
  return errors;
}

const PARAM = {
  when: "withdraw", below: "withdraw.below", pieces: "withdraw.pieces",
  legions: "reinforce.legions", creatures: "reinforce.creatures", round: "reinforce.round",
};

/** The plans as a query string (defaults omitted): a.withdraw=fewer&a.withdraw.below=3&a.reinforce.legions=2... */
export function plansToQuery(plans) {
  const p = new URLSearchParams();
  const n = normalizePlans(plans);
  const d = defaultPlan();
  for (const [side, pre] of [["attacker", "a"], ["defender", "d"]]) {
    const { withdraw: w, reinforce: r } = n[side];
    if (w.when !== d.withdraw.when) p.set(`${pre}.${PARAM.when}`, String(w.when));
    if (w.when !== "never" || w.below !== d.withdraw.below) p.set(`${pre}.${PARAM.below}`, String(w.below));
    if (!Array.isArray(w.pieces) || w.pieces.join() !== d.withdraw.pieces.join()) p.set(`${pre}.${PARAM.pieces}`, Array.isArray(w.pieces) ? w.pieces.join(",") : String(w.pieces));
    for (const k of ["legions", "creatures"]) if (r[k] !== 0) p.set(`${pre}.${PARAM[k]}`, String(r[k]));
    if (r.round !== d.reinforce.round) p.set(`${pre}.${PARAM.round}`, String(r.round));
  }
  return p.toString();
}

const NUMERIC = /^\s*-?\d+(\.\d+)?(e\d+)?\s*$/i;

/** A number the plans can hold: finite and within the whole numbers a double counts exactly. */
const holdable = (n) => Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER;

// A number as linked; one too large to hold ("1e309" is Infinity, 400 nines too) stays the text
// it was, so validatePlans names it and the address keeps what was written, never "Infinity".
const numberOrText = (v) => (NUMERIC.test(v) && holdable(Number(v)) ? Number(v) : String(v));

/** True for a value no plan can use as a number: not finite, beyond exact counting, or the text of such a number. */
export function unholdable(v) {
  return typeof v === "number" ? !holdable(v) : typeof v === "string" && NUMERIC.test(v) && !holdable(Number(v));
}

/** Plans from a query string; values are checked later by validatePlans. */
export function plansFromQuery(q) {
  const p = new URLSearchParams(q);
  const out = defaultPlans();
  for (const [side, pre] of [["attacker", "a"], ["defender", "d"]]) {
    const x = out[side];
    if (p.has(`${pre}.${PARAM.when}`)) x.withdraw.when = p.get(`${pre}.${PARAM.when}`);
    if (p.has(`${pre}.${PARAM.below}`)) x.withdraw.below = numberOrText(p.get(`${pre}.${PARAM.below}`));
    if (p.has(`${pre}.${PARAM.pieces}`)) x.withdraw.pieces = p.get(`${pre}.${PARAM.pieces}`).split(",").filter(Boolean).slice(0, LIST_LIMIT);
    for (const k of ["legions", "creatures", "round"]) if (p.has(`${pre}.${PARAM[k]}`)) x.reinforce[k] = numberOrText(p.get(`${pre}.${PARAM[k]}`));
  }
  return out;
}

/** The pieces of a side after its reinforcements for round `round` arrive. */
export function reinforced(pieces, plan, round) {
  const r = plan.reinforce;
  if (r.round !== round || (r.legions === 0 && r.creatures === 0)) return pieces;
  return { ...pieces, legions: pieces.legions + r.legions, creatures: pieces.creatures + r.creatures };
}

/**
 * Whether a side moves out before the next round: `count` is its units there, `chance` a
 * function giving its chance to be alone after the next round (called only when needed).
 */
export function withdraws(plan, count, chance) {
  const w = plan.withdraw;
  if (w.when === "fewer") return count < w.below;
  if (w.when === "chance") return chance() < w.below / 100;
  return false;
}

/** The pieces left in the province after a side moves out `pieces` (fortresses always stay). */
export function afterWithdrawal(left, pieces) {
  const out = { ...left };
  for (const k of pieces) if (MOVABLE.includes(k)) out[k] = 0;
  return out;
}
