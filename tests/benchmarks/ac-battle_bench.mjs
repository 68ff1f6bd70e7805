// Benchmark for the Ancient Conquest battle engine (a script, not a test).
//
//   node tests/benchmarks/ac-battle_bench.mjs [records.json]
//
// Uses COMPENDIUM_RECORDS or the first argument, else builds one with
// `python -m generator write`. Prints each figure and its ratio to a baseline
// measured in the same run: JSON.parse of records.json. Then the attack planner's
// sweep beside a seeded Monte Carlo of die rolls on every band (MC_ROLLS per band).
import { readFileSync, mkdtempSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import * as E from "../../content/assets/calculators/ac-battle.js";
import { mulberry32 } from "../js/prng.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
let path = process.argv[2] || process.env.COMPENDIUM_RECORDS;
if (!path) {
  const out = mkdtempSync(join(tmpdir(), "ac-bench-"));
  execFileSync("python", ["-m", "generator", "write", out], { cwd: ROOT, stdio: "pipe" });
  path = join(out, "api", "records.json");
}
const text = readFileSync(path, "utf8");

function time(label, reps, fn) {
  const warm = performance.now(); // warm up for 0.5 s so the JIT has tiered up
  while (performance.now() - warm < 500) fn();
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) fn();
  const ms = (performance.now() - t0) / reps;
  return { label, ms };
}

const baseline = time("JSON.parse(records.json) [baseline]", 50, () => JSON.parse(text));
const records = JSON.parse(text).records;
const model = E.buildModel(records);
if (!model.ok) throw new Error(model.problems.join("\n"));

const simple = { attackers: [{ type: "infantry", factor: 11 }], defenders: [{ type: "infantry", factor: 6 }] };
const busy = {
  attackers: [
    { type: "infantry", factor: 40, flags: { river: true, deity: true } },
    { type: "cavalry", factor: 16, flags: { charge: true, desert: true } },
    { type: "missile", factor: 10, flags: { disembarked: true } },
  ],
  defenders: [{ type: "infantry", factor: 6 }, { type: "missile", factor: 4 }],
  terrain: "mountain", city: "capital", encamped: true, defenderDeity: true, siegeMachine: true, hero: "attacker",
  optional: { encampments: true, cap: true, deities: true, charge: true, fleets: true, davidGoliath: true },
  readings: { river: "table", redDot: "optional" },
};

for (const s of [simple, busy]) {
  const r = E.evaluate(s, model);
  if (!r.ok) throw new Error(`benchmark scenario is refused: ${r.errors.join(" ")}`);
}

const rows = [
  baseline,
  time("buildModel(records)", 200, () => E.buildModel(records)),
  time("evaluate: 11 v 6, open ground", 20000, () => E.evaluate(simple, model)),
  time("evaluate: 5 units, every modifier and shift", 20000, () => E.evaluate(busy, model)),
  time("encode + decode scenario URL", 20000, () => E.decodeScenario(E.encodeScenario(busy))),
  time("sweep 60x60 factors x 6 terrains x 6 cities x 2 readings", 1, () => {
    for (const terrain of E.TERRAINS) for (const city of E.CITIES) for (const redDot of E.READINGS.redDot)
      for (let a = 1; a <= 60; a++) for (let d = 1; d <= 60; d++)
        E.evaluate({ attackers: [{ type: "infantry", factor: a }], defenders: [{ type: "infantry", factor: d }], terrain, city, readings: { redDot } }, model);
  }),
];

console.log(`records: ${records.length}, ${(text.length / 1024).toFixed(0)} KiB; node ${process.version}`);
for (const r of rows) {
  const fmt = r.ms >= 1 ? `${r.ms.toFixed(2)} ms` : `${(r.ms * 1000).toFixed(1)} µs`;
  console.log(`${r.label.padEnd(60)} ${fmt.padStart(12)}   ${(r.ms / baseline.ms).toFixed(3)} x baseline`);
}

// ---------------------------------------------------------------- the planner sweep vs a seeded Monte Carlo

const ROLLS = Number(process.env.MC_ROLLS || 200000);
/** Roll the die ROLLS times on each band's column, reading the printed rows; the worst deviation in standard errors. */
function monteCarloBands(plan, seed) {
  const rand = mulberry32(seed);
  let worst = 0;
  const t0 = performance.now();
  for (const band of plan.bands) {
    const r = band.result;
    if (!r.ok || !r.rows.length) continue;
    const hits = new Map();
    for (let i = 0; i < ROLLS; i++) {
      const row = r.rows[Math.floor(rand() * r.faces)];
      const key = row.known ? row.outcome.key : "unknown";
      hits.set(key, (hits.get(key) || 0) + 1);
    }
    const check = (p, h) => { const se = Math.sqrt(Math.max(p * (1 - p), 1e-12) / ROLLS); worst = Math.max(worst, Math.abs(h / ROLLS - p) / se); };
    for (const o of r.outcomes) check(o.low.n / o.low.d, hits.get(o.key) || 0);
    check(r.unknownShare.n / r.unknownShare.d, hits.get("unknown") || 0);
  }
  return { ms: performance.now() - t0, worst };
}
const SWEEPS = {
  "open ground, 1 infantry against 6": { attackers: [{ type: "infantry", factor: 11 }], defenders: [{ type: "infantry", factor: 6 }] },
  "siege with a machine, red-dot city": { attackers: [{ type: "infantry", factor: 18 }], defenders: [{ type: "infantry", factor: 6 }], city: "red-dot", siegeMachine: true },
  "every modifier and shift (the busy scenario)": busy,
  "3 units against 999 in mountain (largest defence)": { attackers: [{ type: "infantry", factor: 6 }], defenders: [{ type: "infantry", factor: 999 }, { type: "missile", factor: 999 }], terrain: "mountain" },
};
console.log(`\nattack planner sweep against ${ROLLS.toLocaleString("en")} seeded die rolls per band`);
console.log(`${"sweep".padEnd(52)} ${"bands".padStart(5)} ${"planner".padStart(11)} ${"MC ms".padStart(9)} ${"MC/planner".padStart(11)}  max |MC-exact| in SE`);
for (const [name, s] of Object.entries(SWEEPS)) {
  const plan = E.planAttack(s, model);
  if (!plan.ok) throw new Error(`${name}: ${plan.errors.join(" ")}`);
  const t = time(name, 20, () => E.planAttack(s, model));
  const mc = monteCarloBands(plan, 42);
  const fmt = t.ms >= 1 ? `${t.ms.toFixed(2)} ms` : `${(t.ms * 1000).toFixed(0)} µs`;
  console.log(`${name.padEnd(52)} ${String(plan.bands.length).padStart(5)} ${fmt.padStart(11)} ${mc.ms.toFixed(0).padStart(9)} ${(mc.ms / t.ms).toFixed(0).padStart(10)}x  ${mc.worst.toFixed(2)}`);
}
