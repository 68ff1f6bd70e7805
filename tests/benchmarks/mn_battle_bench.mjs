// Benchmark of the Mare Nostrum battle engine against a 1,000,000-battle Monte Carlo.
// A script, not a test. Run from the repository root:
//   python -m generator write /tmp/mnb && node tests/benchmarks/mn_battle_bench.mjs /tmp/mnb/api/records.json
// (or pass site/api/records.json after `mkdocs build`; COMPENDIUM_RECORDS works too).
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { rulesFromRecords, analyse, normalizeScenario, FACES, _internal } from "../../content/assets/calculators/mn-battle.js";
import { sfc32 } from "../js/prng.mjs";

const path = process.argv[2] || process.env.COMPENDIUM_RECORDS || "site/api/records.json";
const RULES = rulesFromRecords(JSON.parse(readFileSync(path, "utf8")));
const BATTLES = Number(process.env.MC_BATTLES || 1_000_000);

// The largest legal battle: 8 legions + 3 creatures attack 8 legions + 3 creatures + 2 fortresses
// (2 fortresses need the Statue of Zeus).
const LARGEST = {
  plain: { attacker: { civ: "mn-rome", legions: 8, creatures: 3 },
    defender: { civ: "mn-egypt", legions: 8, creatures: 3, fortresses: 2, statue: true } },
  "Hamilcar + Ajax (attacker, 8 dice)": { attacker: { civ: "mn-rome", legions: 8, creatures: 3, heroes: ["mn-hamilcar", "mn-ajax"] },
    defender: { civ: "mn-egypt", legions: 8, creatures: 3, fortresses: 2, statue: true } },
  "Hamilcar + Ajax, wipe-out goal (attacker, 8 dice)": { attacker: { civ: "mn-rome", legions: 8, creatures: 3, heroes: ["mn-hamilcar", "mn-ajax"], goal: "wipe" },
    defender: { civ: "mn-egypt", legions: 8, creatures: 3, fortresses: 2, statue: true } },
  "Hamilcar + Ajax vs Behemoths (defender, 13 dice)": { attacker: { civ: "mn-carthage", legions: 8, creatures: 3, heroes: ["mn-hannibal"], gods: ["mn-mars"] },
    defender: { civ: "mn-rome", legions: 8, creatures: 3, fortresses: 2, statue: true, heroes: ["mn-hamilcar", "mn-ajax"] } },
  "same, Ajax may re-roll Hamilcar dice": { attacker: { civ: "mn-carthage", legions: 8, creatures: 3, heroes: ["mn-hannibal"], gods: ["mn-mars"] },
    defender: { civ: "mn-rome", legions: 8, creatures: 3, fortresses: 2, statue: true, heroes: ["mn-hamilcar", "mn-ajax"] },
    readings: { ajaxHamilcar: "yes" } },
};

function time(fn, minMs = 300) {
  // mean time of fn over enough runs to last minMs (after one warm-up call)
  fn();
  let runs = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < minMs) { fn(); runs++; t = performance.now(); }
  return (t - t0) / runs;
}


/** Monte Carlo of n battles, using the same side models and (for Ajax) the engine's decisions. */
function monteCarlo(scenario, n, seed) {
  const a = analyse(RULES, scenario);
  const prep = _internal.prepare(RULES, normalizeScenario(scenario));
  const rand = sfc32(seed, 1, 2, 3);
  const plans = {};
  for (const side of ["attacker", "defender"]) {
    const me = prep[side];
    const res = a[side];
    const f = res.hamilcar ? res.hamilcar.fixed : 0;
    const rerollFixed = normalizeScenario(scenario).readings.ajaxHamilcar === "yes";
    const q = me.ajax && rerollFixed ? f : 0;
    const qv = me.fixed ? me.fixed.value : 0;
    const thrown = res.rolls ? me.dice - f : 0;
    const offset = me.automatic + me.bonus + (me.fixed ? qv * f : 0) + me.mars - q * qv;
    const plan = { thrown, q, qv, offset, thr: me.threshold, cap: me.cap, rolls: res.rolls && me.cap > 0 };
    if (me.ajax && plan.rolls) {
      const N = thrown + q;
      const killAt = new Int32Array(FACES * N + 1);
      for (let t = 0; t <= FACES * N; t++) killAt[t] = Math.min(Math.floor((t + offset) / plan.thr), plan.cap);
      plan.choose = _internal.ajaxTables(N, killAt, plan.cap, me.x.goal).choose;
    }
    plans[side] = plan;
  }
  const lossA = new Float64Array(a.attacker.units + 1), lossD = new Float64Array(a.defender.units + 1);
  const counts = new Array(FACES + 1).fill(0);
  const dice = [];
  const kills = (p) => {
    if (!p.rolls) return 0;
    let s = 0;
    dice.length = 0;
    for (let j = 0; j < p.thrown; j++) { const v = 1 + Math.floor(rand() * FACES); dice.push(v); s += v; }
    for (let j = 0; j < p.q; j++) { dice.push(p.qv); s += p.qv; }
    if (p.choose) {
      counts.fill(0);
      for (const v of dice) counts[v]++;
      const [r] = p.choose(counts);
      if (r) {
        dice.sort((x, y) => x - y);
        for (let j = 0; j < r; j++) { s -= dice[j]; s += 1 + Math.floor(rand() * FACES); }
      }
    }
    return Math.min(Math.floor((s + p.offset) / p.thr), p.cap);
  };
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const kA = kills(plans.attacker), kD = kills(plans.defender);
    lossA[prep.attacker.removed + kD]++;
    lossD[prep.defender.removed + kA]++;
  }
  const ms = performance.now() - t0;
  let dev = 0, devSe = 0;
  for (const [exact, est] of [[a.attacker.losses, lossA], [a.defender.losses, lossD]]) {
    exact.forEach((p, k) => {
      const d = Math.abs(est[k] / n - p);
      dev = Math.max(dev, d);
      const se = Math.sqrt(p * (1 - p) / n);
      if (se > 0) devSe = Math.max(devSe, d / se);
    });
  }
  return { ms, dev, devSe };
}


console.log(`Mare Nostrum battle engine benchmark (node ${process.version}), records: ${path}`);
console.log(`Monte Carlo: ${BATTLES.toLocaleString("en")} battles per scenario, seeded sfc32\n`);
const rows = [];
for (const [name, s] of Object.entries(LARGEST)) {
  const check = analyse(RULES, s);
  if (!check.ok) throw new Error(`${name}: ${JSON.stringify(check.errors)}`);
  const engineMs = time(() => analyse(RULES, s));
  const mc = monteCarlo(s, BATTLES, 20240601);
  rows.push({ name, engineMs, mcMs: mc.ms, ratio: mc.ms / engineMs, dev: mc.dev, devSe: mc.devSe,
    dice: `${check.attacker.dice} vs ${check.defender.dice}`,
    advice: ["attacker", "defender"].map((x) => check[x].hamilcar ? `${x}: fix ${check[x].hamilcar.fixed}` : "").filter(Boolean).join(", ") });
}
const pad = (s, n) => String(s).padEnd(n);
console.log(pad("scenario", 52) + pad("dice", 9) + pad("engine ms", 12) + pad("MC ms", 10) + pad("MC/engine", 11) + pad("max |MC-exact|", 16) + "in SE");
for (const r of rows) {
  console.log(pad(r.name, 52) + pad(r.dice, 9) + pad(r.engineMs.toFixed(4), 12) + pad(r.mcMs.toFixed(0), 10) +
    pad(r.ratio.toFixed(0) + "x", 11) + pad(r.dev.toExponential(2), 16) + r.devSe.toFixed(2) + (r.advice ? `   (${r.advice})` : ""));
}
const plain = rows[0];
const optimised = rows.slice(1);
const worst = Math.max(...optimised.map((r) => r.engineMs));
console.log(`\nwithout optimisation: ${plain.engineMs.toFixed(4)} ms per scenario (target < 1 ms): ${plain.engineMs < 1 ? "met" : "NOT met"}`);
console.log(`with Hamilcar + Ajax optimisation, worst case: ${worst.toFixed(2)} ms (target < 50 ms): ${worst < 50 ? "met" : "NOT met"}`);
const minRatio = Math.min(...rows.map((r) => r.ratio));
console.log(`smallest Monte Carlo / engine ratio: ${minRatio.toFixed(0)}x (target >= 100x): ${minRatio >= 100 ? "met" : "NOT met"}`);
