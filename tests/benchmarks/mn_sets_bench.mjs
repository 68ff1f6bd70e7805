// Benchmark of the Mare Nostrum sets helper's split (content/assets/helpers/mn-sets/pay.js)
// against an exhaustive search of every way to make the sets, on the same hands, in the
// same run. A script, not a test. Run from the repository root:
//   python -m generator write /tmp/out && node tests/benchmarks/mn_sets_bench.mjs /tmp/out/api/records.json
// Prints the time per hand of each, their ratio, and the time of the longest lists the
// pieces allow through the whole engine (every choice of card, Spartacus, Cleopatra).
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { splitCosts } from "../../content/assets/helpers/mn-sets/pay.js";
import { rulesFromRecords, scenarioFromQuery, analyse } from "../../content/assets/helpers/mn-sets/index.js";

const path = process.argv[2] || process.env.COMPENDIUM_RECORDS || "site/api/records.json";
const rules = rulesFromRecords(JSON.parse(readFileSync(path, "utf8")));

function rng(seed) {
  let a = seed >>> 0;
  return () => { a = (a + 0x6d2b79f5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}

/** The baseline: try every set for every cost, in order (what a player would do by hand). */
function exhaustive(tax, counts, costs) {
  let best = Infinity;
  const K = counts.length;
  const go = (i, used, left) => {
    if (i === costs.length) { best = Math.min(best, used); return; }
    const s = costs[i];
    if (used + s <= tax) go(i + 1, used + s, left);
    for (let mask = 0; mask < 1 << K; mask += 1) {
      let bits = 0; let ok = true;
      for (let k = 0; k < K; k += 1) if ((mask >> k) & 1) { bits += 1; if (!left[k]) ok = false; }
      if (ok && bits === s) go(i + 1, used, left.map((c, k) => c - ((mask >> k) & 1)));
    }
  };
  go(0, 0, counts);
  return best;
}

const r = rng(2024);
const cases = Array.from({ length: 200 }, () => ({
  tax: Math.floor(r() * 7),
  counts: Array.from({ length: 6 }, () => Math.floor(r() * 3)),
  costs: Array.from({ length: 2 + Math.floor(r() * 3) }, () => [2, 3, 3, 3, 5, 6][Math.floor(r() * 6)]),
}));

function timeAll(fn) {
  const t0 = performance.now();
  for (const c of cases) fn(c.tax, c.counts, c.costs);
  return (performance.now() - t0) / cases.length;
}
timeAll((t, c, k) => splitCosts(t, c, k));       // warm-up
const fast = timeAll((t, c, k) => splitCosts(t, c, k));
const slow = timeAll(exhaustive);
let agree = 0;
for (const c of cases) {
  const a = splitCosts(c.tax, c.counts, c.costs);
  const b = exhaustive(c.tax, c.counts, c.costs);
  if ((a.ok ? a.taxUsed : Infinity) === b) agree += 1;
}
console.log(`${cases.length} random hands (6 commodity kinds, 2-4 items):`);
console.log(`  engine split      ${(fast * 1000).toFixed(1)} µs per hand`);
console.log(`  exhaustive search ${(slow * 1000).toFixed(1)} µs per hand`);
console.log(`  ratio             ${(slow / fast).toFixed(0)}x faster; same answer on ${agree}/${cases.length}`);

// The longest lists the pieces allow, every card held, through the whole engine.
let q = "tax=999";
for (const k of rules.kinds) q += `&h.${k.key}=999`;
for (const o of rules.options) q += `&b.${o.key}=${o.max || 20}`;
for (const e of rules.effects) q += `&hold=${e.id}`;
q += "&at=island&at=new-province";
for (const reading of ["per-item", "one-card"]) {
  const { scenario } = scenarioFromQuery(rules, `${q}&r.reductions=${reading}`);
  const t0 = performance.now();
  const a = analyse(rules, scenario);
  const ms = performance.now() - t0;
  const items = scenario.buy.reduce((n, b) => n + b.n, 0);
  console.log(`largest list (${items} items, every card held, ${reading}): ${ms.toFixed(0)} ms, ${a.purchase.ok ? "pays" : a.purchase.reason}`);
}
