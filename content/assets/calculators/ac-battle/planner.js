// How big an attack? The column reached and the outcomes as the attacking factor grows, with
// the factor at which each column starts. The attack is made of units like the first
// attacker (its type and marks), so every unit carries the same modifiers and the modified
// total is the printed total times one multiplier: the result changes only where the
// rounded ratio changes, and those factors are found exactly, then each is evaluated by the
// engine itself.

import { frac, mul, toNumber } from "./fractions.js";
import { evaluate } from "./evaluate.js";
import { unitLimits } from "./validate.js";

const MAX_FACTOR = 999; // the engine's largest counter factor (validate.js)

/** The attack at printed total F, as units like `unit` of at most MAX_FACTOR each. */
function attackOf(unit, F) {
  const units = [];
  for (let left = F; left > 0; left -= MAX_FACTOR) units.push({ ...unit, factor: Math.min(left, MAX_FACTOR) });
  return units;
}

// What a player reads off a result: refused, an edge, or a column at a ratio (a column read
// past the table's end, "capped", is the same column).
const signature = (r) => (r.refused ? "refused" : !r.ok ? "error" : r.edge && r.edge.kind !== "capped" ? `edge:${r.edge.kind}` : `col:${r.column.a}:${r.column.b}`);

/**
 * The bands of attacking factor that reach each column (or edge), in order.
 * Returns {ok:false, errors} when the defence or the first attacker is wrong; else {ok:true,
 * unit, perFactor, defender, table, bands: [{from, to (null: and more), kind: "refused" |
 * "column" | "edge", label, result}], most}. `result` is the engine's evaluation at `from`.
 */
export function planAttack(scenario, model) {
  const s = scenario && typeof scenario === "object" ? scenario : {};
  const first = Array.isArray(s.attackers) && s.attackers[0] && typeof s.attackers[0] === "object" ? s.attackers[0] : null;
  if (!first) return { ok: false, errors: ["Add an attacking unit: the planner grows an attack of units like the first one."] };
  if (!model || !model.ok) return { ok: false, errors: [`The rules data is incomplete: ${(model?.problems || ["no records"]).join("; ")}.`] };
  const unit = { type: first.type, flags: { ...(first.flags || {}) } };
  const at = (F) => evaluate({ ...s, attackers: attackOf(unit, F) }, model);
  // The multiplier of one printed factor and the defender's total, from a unit of factor 1
  // made strong enough not to be refused (the totals do not depend on the refusal).
  const probe = at(1);
  const totals = probe.attacker && probe.defender ? probe : null;
  if (!totals) {
    if (probe.refused) return plannedFrom(at, unit, null, null, model);
    return { ok: false, errors: probe.errors };
  }
  return plannedFrom(at, unit, totals.attacker.total, totals.defender.total, model);
}

function plannedFrom(at, unit, perFactor, D, model) {
  const most = unitLimits(model).attackers * MAX_FACTOR;
  // Where the rounded ratio changes: A = F * m reaches k * D (k:1) or D / k (1:k).
  const starts = new Set([1]);
  if (perFactor && D) {
    const m = toNumber(perFactor), d = toNumber(D);
    const table = at(1).table || null;
    const reach = 12 + Math.abs(model.params.siegeShift) + Math.abs(model.params.davidGoliathShift) + (table ? table.role === "siege" ? 6 : 5 : 6);
    for (let k = 1; k <= reach; k++) {
      for (const target of [k * d, d / k]) {
        // the smallest whole F with F * m >= target, checked exactly around the float estimate
        let F = Math.max(1, Math.ceil(target / m - 1e-9));
        while (F > 1 && toNumber(mul(frac(F - 1), perFactor)) >= target - 1e-12) F--;
        while (toNumber(mul(frac(F), perFactor)) < target - 1e-12) F++;
        if (F <= most) starts.add(F);
      }
    }
  }
  const points = [...starts].sort((a, b) => a - b);
  const bands = [];
  for (const F of points) {
    const r = at(F);
    if (!r.ok && !r.refused) return { ok: false, errors: r.errors };
    const sig = signature(r);
    const last = bands[bands.length - 1];
    if (last && last.sig === sig) continue;
    if (last) last.to = F - 1;
    bands.push({ sig, from: F, to: null, kind: r.refused ? "refused" : sig.startsWith("edge:") ? "edge" : "column",
      label: r.refused ? "not allowed" : r.column ? `${r.column.a}:${r.column.b}` : r.edge.kind, result: r });
  }
  const ref = bands.find((b) => b.kind !== "refused");
  return { ok: true, unit, perFactor, defender: D, table: ref ? ref.result.table : null, most,
    bands: bands.map(({ sig, ...b }) => b) };
}
