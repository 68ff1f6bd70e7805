// One round of a Mare Nostrum battle: the exact odds (analyse), one roll resolved by hand
// (resolveRoll), and Ajax's advice for dice actually thrown (ajaxAdvice).
//
// The two sides roll at the same time and independently, so the joint result is the product
// of the two sides' distributions of kills.

import { FACES, isFace, killsFor } from "./dice.js";
import { countWith } from "../../shared/count-words.js";
import { SIDES, normalizeScenario } from "./scenario.js";
import { validateScenario, quoted } from "./validate.js";
import { prepare, hamilcarOffset } from "./sides.js";
import { sideDistribution, ajaxTables } from "./choices.js";

/** A side's distribution of kills on the foe (index = units killed), with the choices behind it. */
export function sideKills(me, readings) {
  if (me.noRoll || me.cap === 0 || me.remaining === 0) {
    const kills = new Array(me.cap + 1).fill(0);
    kills[0] = 1;
    return { kills, rolls: false, best: null, table: [] };
  }
  const { best, table } = sideDistribution(me, readings);
  return { kills: Array.from(best.killsWithMars.kills), rolls: true, best, table };
}

/** Losses of a side: the units removed before the dice plus the kills by the other side. */
export function lossesFrom(removed, killsOnMe, units) {
  const dist = new Array(units + 1).fill(0);
  killsOnMe.forEach((p, k) => { dist[removed + k] += p; });
  return dist;
}

/** The four outcomes of a round from each side's chance of being wiped out (independent sides). */
export function outcomesOf(battle, pAW, pDW) {
  const o = {
    defenderWipedOut: pDW,
    attackerWipedOut: pAW,
    bothWipedOut: pAW * pDW,
    attackerAlone: (1 - pAW) * pDW,
    defenderAlone: pAW * (1 - pDW),
    bothRemain: (1 - pAW) * (1 - pDW),
  };
  o.atWar = battle === "land" ? o.bothRemain : null; // a sea space is never at war
  if (battle.startsWith("ranged")) { o.attackerAlone = null; o.defenderAlone = null; } // the Titans stay where they stand
  return o;
}

/**
 * Exact odds of one round of battle.
 * Returns {ok:false, errors, notices} for bad input, else {ok:true, attacker, defender, outcomes, notices}.
 * Never throws on bad input.
 */
export function analyse(rules, scenario) {
  const s = normalizeScenario(scenario);
  const { errors, notices } = validateScenario(rules, s);
  if (errors.length) return { ok: false, errors, notices };
  const sides = prepare(rules, s);
  const out = { ok: true, battle: s.battle, notices, errors: [] };
  const kills = {};
  for (const side of SIDES) {
    const me = sides[side];
    const res = { units: me.units, removedBeforeDice: me.removed, dice: me.dice, automatic: me.automatic,
      bonus: me.bonus, mars: me.mars, pointsPerLoss: me.threshold, notes: me.notes, rolls: !me.noRoll };
    const sk = sideKills(me, s.readings);
    kills[side] = sk.kills;
    if (!sk.rolls) {
      res.total = null;
      res.hamilcar = me.fixed ? { fixed: 0, table: [] } : null;
      res.ajax = me.ajax ? { pReroll: 0, meanRerolled: 0 } : null;
      res.marsUsed = me.mars ? 0 : null;
      res.expectedKills = 0; res.wipeChance = me.cap === 0 ? 1 : 0;
    } else {
      const best = sk.best;
      const off = best.rawOffset;
      const tot = {};
      let marsUsed = 0;
      for (let x = 0; x < best.raw.length; x++) {
        if (best.raw[x] === 0) continue;
        tot[x + off] = (tot[x + off] || 0) + best.raw[x];
        if (me.mars && killsFor(x + off + me.mars, me.threshold, me.cap) > killsFor(x + off, me.threshold, me.cap)) marsUsed += best.raw[x];
      }
      res.total = tot; // distribution of the total before Mars: {total: probability}
      res.hamilcar = me.fixed ? { name: me.fixed.name, fixed: best.f, value: me.fixed.value, table: sk.table } : null;
      res.ajax = me.ajax ? { name: me.ajaxName, pReroll: best.ajax.pReroll, meanRerolled: best.ajax.meanRerolled } : null;
      res.marsUsed = me.mars ? (s.readings.mars === "always" ? 1 : marsUsed) : null;
      res.expectedKills = best.killsWithMars.expected;
      res.wipeChance = best.killsWithMars.wipe;
    }
    out[side] = res;
  }
  for (const side of SIDES) {
    const me = sides[side];
    const dist = lossesFrom(me.removed, kills[side === "attacker" ? "defender" : "attacker"], me.units);
    out[side].losses = dist;
    out[side].expectedLosses = dist.reduce((a, p, k) => a + k * p, 0);
  }
  const A = out.attacker.losses, D = out.defender.losses;
  out.outcomes = outcomesOf(s.battle, A[A.length - 1], D[D.length - 1]);
  return out;
}

/**
 * Ajax's advice for an actual roll: which of these dice to throw again.
 * dice: the values showing on the dice the side threw (and Hamilcar's fixed dice are the
 * side's choice, `fixed`, default the engine's best). Returns {ok, reroll: [indices], keep: [...]}.
 */
export function ajaxAdvice(rules, scenario, side, dice, fixed) {
  const s = normalizeScenario(scenario);
  if (!SIDES.includes(side)) return { ok: false, errors: [{ field: "side", message: "The side must be 'attacker' or 'defender'." }] };
  const { errors } = validateScenario(rules, s);
  if (errors.length) return { ok: false, errors };
  const me = prepare(rules, s)[side];
  if (!me.ajax) return { ok: false, errors: [{ field: side, message: "This side has no re-roll." }] };
  let f = fixed;
  if (f === undefined) f = sideDistribution(me, s.readings).best.f;
  if (!Number.isInteger(f) || f < 0 || f > me.dice) {
    return { ok: false, errors: [{ field: `${side}.hamilcar`, message: `Hamilcar can fix from 0 to ${countWith(me.dice, "dice")} here.` }] };
  }
  if (!Array.isArray(dice) || dice.length > me.dice || dice.some((v) => !isFace(v))) {
    return { ok: false, errors: [{ field: `${side}.dice`, message: `Enter ${countWith(me.dice - f, "dice")}, each a whole number from 1 to ${FACES}.` }] };
  }
  if (dice.length !== me.dice - f) {
    return { ok: false, errors: [{ field: `${side}.dice`, message: `Enter ${countWith(me.dice - f, "dice")} (the side throws ${me.dice}${f ? `, ${f} fixed by ${me.fixed.name}` : ""}).` }] };
  }
  const fixedRerollable = s.readings.ajaxHamilcar === "yes";
  const q = fixedRerollable ? f : 0, qv = me.fixed ? me.fixed.value : 0;
  const offset = me.automatic + me.bonus + hamilcarOffset(me, f) + (me.fixed ? qv * f : 0);
  const shift = offset - q * qv + me.mars;
  const N = dice.length + q;
  const killAt = new Int32Array(FACES * N + 1);
  for (let t = 0; t <= FACES * N; t++) killAt[t] = killsFor(t + shift, me.threshold, me.cap);
  const { choose } = ajaxTables(N, killAt, me.cap, me.x.goal);
  const counts = new Array(FACES + 1).fill(0);
  for (const v of dice) counts[v]++;
  if (q) counts[qv] += q;
  const [r] = choose(counts);
  // The r lowest showing values are thrown again (ties: the later index is kept).
  const values = dice.map((v, i) => ({ v, i, fixed: false }));
  for (let j = 0; j < q; j++) values.push({ v: qv, i: -1 - j, fixed: true });
  values.sort((a, b) => a.v - b.v || (a.fixed - b.fixed) || a.i - b.i);
  const chosen = values.slice(0, r);
  return { ok: true, reroll: chosen.filter((c) => !c.fixed).map((c) => c.i).sort((a, b) => a - b),
    rerollFixed: chosen.filter((c) => c.fixed).length, count: r };
}

/**
 * Resolve one round for given dice (the manual's worked examples, tests, simulations).
 * dice: {attacker: [values thrown], defender: [...]}; the counts must match the sides' dice
 * minus Hamilcar's fixed dice (opts.fixed = {attacker: f}). opts.mars = {attacker: true} applies Mars.
 * Bad dice (not whole numbers from 1 to 6, the wrong count, not a list) give {ok: false, errors}.
 */
export function resolveRoll(rules, scenario, dice, opts = {}) {
  const s = normalizeScenario(scenario);
  const { errors } = validateScenario(rules, s);
  if (errors.length) return { ok: false, errors };
  const sides = prepare(rules, s);
  const out = { ok: true };
  const o = opts && typeof opts === "object" ? opts : {};
  const fixed = o.fixed && typeof o.fixed === "object" ? o.fixed : {};
  const mars = o.mars && typeof o.mars === "object" ? o.mars : {};
  const given = dice && typeof dice === "object" ? dice : {};
  for (const side of SIDES) {
    const me = sides[side];
    const fv = fixed[side] === undefined ? 0 : fixed[side];
    if (!Number.isInteger(fv) || fv < 0 || (me.fixed && fv > me.dice)) {
      return { ok: false, errors: [{ field: `${side}.hamilcar`, message: `The ${side} can fix from 0 to ${countWith(me.fixed ? me.dice : 0, "dice")}.` }] };
    }
    const f = me.fixed ? fv : 0;
    const d = given[side] === undefined ? [] : given[side];
    const need = me.noRoll ? 0 : me.dice - f;
    if (!Array.isArray(d)) return { ok: false, errors: [{ field: `${side}.dice`, message: `The ${side}'s dice must be a list of whole numbers from 1 to ${FACES}.` }] };
    if (d.length !== need) return { ok: false, errors: [{ field: `${side}.dice`, message: `The ${side} throws ${countWith(need, "dice")}; ${d.length} given.` }] };
    const badDie = d.find((v) => !isFace(v));
    if (badDie !== undefined) return { ok: false, errors: [{ field: `${side}.dice`, message: `Each of the ${side}'s dice must be a whole number from 1 to ${FACES}, not ${quoted(badDie)}.` }] };
    let total = 0;
    for (const v of d) total += v;
    const rolls = !me.noRoll && me.remaining > 0;
    total = rolls ? total + me.automatic + me.bonus + hamilcarOffset(me, f) + (me.fixed ? me.fixed.value * f : 0) + (mars[side] ? me.mars : 0) : 0;
    out[side] = { dice: me.dice, automatic: me.automatic, bonus: me.bonus, total,
      kills: rolls ? killsFor(total, me.threshold, me.cap) : 0, removedBeforeDice: me.removed, units: me.units };
  }
  for (const side of SIDES) {
    const foe = side === "attacker" ? "defender" : "attacker";
    out[side].losses = out[side].removedBeforeDice + out[foe].kills;
    out[side].survivors = out[side].units - out[side].losses;
  }
  return out;
}
