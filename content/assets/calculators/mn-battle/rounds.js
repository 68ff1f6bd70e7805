// Several rounds of a land battle: a province at war fights again every turn ("Combat": as
// long as opposing units remain they must keep fighting). The chance that the province is
// cleared within 1, 2, 3 ... rounds, without reinforcements, is exact: a Markov chain over
// the pieces each side has left, each round evaluated by the one-round engine with the
// choices (Hamilcar, Ajax) optimised again for the pieces then on the board.
//
// What the chain assumes, and the page says:
// - each round is fought like the first, with the same attacker and defender;
// - heroes act every round; a god card acts in the first round only, because god cards go
//   back at the next Offering phase ("Offering to the Gods Phase");
// - each side loses pieces in its own order (side.lossOrder; default: keep the strongest);
// - a hero or god that no longer has anything to act on (Hercules without a legion) simply
//   stops acting;
// - each side follows its plan (plans.js): before every round after the first, its
//   reinforcements for that round arrive, then the attacker and then the defender may move
//   their movable pieces out (a fortress stays and fights). A side that leaves the province
//   empty has withdrawn: the other side keeps it, counted apart from battles won by the dice.
//   Every decision depends only on the pieces on the board, so the chain stays exact.

import { SIDES, normalizeScenario } from "./scenario.js";
import { validateScenario, settleScenario } from "./validate.js";
import { prepare } from "./sides.js";
import { sideKills } from "./round.js";
import { piecesOf, piecesAfter, unitCount } from "./losses.js";
import { normalizePlans, validatePlans, reinforced, withdraws, afterWithdrawal } from "./plans.js";

const key = (a, d) => `${a.legions}.${a.triremes}.${a.fortresses}.${a.creatures}|${d.legions}.${d.triremes}.${d.fortresses}.${d.creatures}`;

/** The scenario of one round: the same battle with the pieces left (gods in round 1 only). */
function roundScenario(rules, base, a, d, first) {
  const s = { ...base, attacker: { ...base.attacker, ...a }, defender: { ...base.defender, ...d } };
  if (!first) { s.attacker.gods = []; s.defender.gods = []; }
  const settled = settleScenario(rules, s);
  if (settled.errors) throw new Error(`several rounds: a later round is not a legal battle (${settled.errors[0].message})`);
  return settled.scenario;
}

/**
 * Exact odds over several rounds of a land battle.
 * Returns {ok:false, errors} for bad input; {ok:true, applies:false, reason} for a battle
 * that never repeats (at sea, a ranged attack); else {ok:true, applies:true, rounds: [...]}
 * where rounds[i] holds the chances after round i+1, each counted from the start:
 * attackerTakes (the defender is gone, the attacker is not), defenderHolds, bothGone, atWar,
 * attackerWithdrew (the attacker moved out: the defender keeps the province),
 * defenderWithdrew (the defender moved out and had no fortress: the attacker has it) and
 * withdrawal (the two together). The six chances other than withdrawal sum to 1 after every round.
 * `plans` ({attacker, defender}, see plans.js) say when each side withdraws or is reinforced.
 */
export function analyseRounds(rules, scenario, { rounds = 3, plans } = {}) {
  const s = normalizeScenario(scenario);
  const { errors, notices } = validateScenario(rules, s);
  if (errors.length) return { ok: false, errors, notices };
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20) {
    return { ok: false, errors: [{ field: "rounds", message: "The number of rounds must be a whole number from 1 to 20." }], notices };
  }
  const plan = normalizePlans(plans);
  const planErrors = validatePlans(rules, s, plan, rounds);
  if (planErrors.length) return { ok: false, errors: planErrors, notices };
  if (s.battle !== "land") {
    return { ok: true, applies: false, notices,
      reason: s.battle === "naval" ? "A sea space is never at war: a naval battle is one round." : "A ranged attack is one round: the Titans do not stay in the province they hit." };
  }
  const orders = { attacker: s.attacker.lossOrder, defender: s.defender.lossOrder };
  const memo = new Map();
  const transitions = (a, d, first) => {
    const k = key(a, d) + (first ? "#1" : "");
    if (memo.has(k)) return memo.get(k);
    const rs = roundScenario(rules, s, a, d, first);
    const sides = prepare(rules, rs);
    const kills = {};
    for (const side of SIDES) kills[side] = sideKills(sides[side], rs.readings).kills;
    const out = new Map(); // next state key -> [attacker pieces, defender pieces, probability]
    kills.attacker.forEach((pA, kA) => {
      if (pA === 0) return;
      const dNext = piecesAfter(d, sides.defender.removedPieces, kA, orders.defender);
      kills.defender.forEach((pD, kD) => {
        if (pD === 0) return;
        const aNext = piecesAfter(a, sides.attacker.removedPieces, kD, orders.attacker);
        const nk = key(aNext, dNext);
        const cur = out.get(nk);
        if (cur) cur[2] += pA * pD; else out.set(nk, [aNext, dNext, pA * pD]);
      });
    });
    const list = [...out.values()];
    memo.set(k, list);
    return list;
  };
  const start = [piecesOf(s.attacker), piecesOf(s.defender)];
  if (unitCount(start[1]) === 0) {
    const all = { attackerTakes: 1, defenderHolds: 0, bothGone: 0, attackerWithdrew: 0, defenderWithdrew: 0, withdrawal: 0, atWar: 0 };
    return { ok: true, applies: true, notices, states: 0, rounds: Array.from({ length: rounds }, (_, i) => ({ round: i + 1, ...all })) };
  }
  /** A side's chance to be alone in the province after the next round from (a, d). */
  const chanceAlone = (side, a, d) => {
    let c = 0;
    for (const [a2, d2, q] of transitions(a, d, false)) {
      const mine = side === "attacker" ? a2 : d2, theirs = side === "attacker" ? d2 : a2;
      if (unitCount(mine) > 0 && unitCount(theirs) === 0) c += q;
    }
    return c;
  };
  let atWar = new Map([[key(...start), [...start, 1]]]);
  const done = { attackerTakes: 0, defenderHolds: 0, bothGone: 0, attackerWithdrew: 0, defenderWithdrew: 0 };
  const out = [];
  for (let r = 1; r <= rounds; r++) {
    const next = new Map();
    for (let [a, d, p] of atWar.values()) {
      if (r > 1) {
        a = reinforced(a, plan.attacker, r);
        d = reinforced(d, plan.defender, r);
        const A = a, D = d;
        if (withdraws(plan.attacker, unitCount(a), () => chanceAlone("attacker", A, D))) {
          a = afterWithdrawal(a, plan.attacker.withdraw.pieces);
          if (unitCount(a) === 0) { done.attackerWithdrew += p; continue; }
        }
        const A2 = a;
        if (withdraws(plan.defender, unitCount(d), () => chanceAlone("defender", A2, D))) {
          d = afterWithdrawal(d, plan.defender.withdraw.pieces);
          if (unitCount(d) === 0) { done.defenderWithdrew += p; continue; }
        }
      }
      for (const [a2, d2, q] of transitions(a, d, r === 1)) {
        const pq = p * q;
        const aLeft = unitCount(a2) > 0, dLeft = unitCount(d2) > 0;
        if (aLeft && dLeft) {
          const nk = key(a2, d2);
          const cur = next.get(nk);
          if (cur) cur[2] += pq; else next.set(nk, [a2, d2, pq]);
        } else if (aLeft) done.attackerTakes += pq;
        else if (dLeft) done.defenderHolds += pq;
        else done.bothGone += pq;
      }
    }
    atWar = next;
    let war = 0;
    for (const v of atWar.values()) war += v[2];
    out.push({ round: r, ...done, withdrawal: done.attackerWithdrew + done.defenderWithdrew, atWar: war });
  }
  return { ok: true, applies: true, notices, states: memo.size, rounds: out, lossOrder: orders, plans: plan };
}
