// The attack planner of the Ancient Conquest engine (content/assets/calculators/ac-battle/planner.js):
// its bands against evaluating every attacking factor one by one, the factor at which each
// column starts against the rounding rule worked by hand, and a seeded Monte Carlo of die
// rolls on each band's column.
// Run: COMPENDIUM_RECORDS=/path/to/api/records.json node --test tests/js/ac-planner.test.mjs
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as E from "../../content/assets/calculators/ac-battle.js";

assert.ok(process.env.COMPENDIUM_RECORDS, "set COMPENDIUM_RECORDS to a records.json built from the current data");
const MODEL = E.buildModel(JSON.parse(readFileSync(process.env.COMPENDIUM_RECORDS, "utf8")).records);
assert.ok(MODEL.ok, MODEL.problems.join("; "));

const inf = (factor, flags = {}) => ({ type: "infantry", factor, flags });
const cav = (factor, flags = {}) => ({ type: "cavalry", factor, flags });
const bandAt = (plan, F) => plan.bands.find((b) => b.from <= F && (b.to === null || F <= b.to));
const read = (r) => (r.refused ? "refused" : r.edge && r.edge.kind !== "capped" ? r.edge.kind : `${r.column.a}:${r.column.b}`);
const outcomes = (r) => (r.outcomes || []).map((o) => [o.kind, o.hexes, o.low.n * 6 / o.low.d, o.high.n * 6 / o.high.d]).sort().join(";");

const SCENARIOS = [
  { attackers: [inf(6)], defenders: [inf(6)] },
  { attackers: [inf(6)], defenders: [inf(4), { type: "missile", factor: 3 }], terrain: "mountain" },
  { attackers: [cav(5, { desert: true })], defenders: [inf(7)], terrain: "forest" },
  { attackers: [inf(6)], defenders: [inf(6)], city: "red-dot" },
  { attackers: [inf(6)], defenders: [inf(5)], city: "fortified", siegeMachine: true },
  { attackers: [inf(6, { river: true })], defenders: [inf(5)], readings: { river: "table", redDot: "main" } },
  { attackers: [inf(6)], defenders: [inf(9)], city: "red-dot", readings: { river: "text", redDot: "optional" } },
  { attackers: [inf(6)], defenders: [inf(3)], hero: "defender", optional: { davidGoliath: true } },
  { attackers: [inf(6)], defenders: [inf(4)], encamped: true, optional: { encampments: true } },
];

test("each band holds exactly the factors that evaluate to its column, and starts where the column starts", () => {
  for (const s of SCENARIOS) {
    const plan = E.planAttack(s, MODEL);
    assert.ok(plan.ok, JSON.stringify(plan.errors));
    const last = plan.bands[plan.bands.length - 1];
    const top = Math.max(last.from + 40, 3 * last.from);
    let previous = null;
    for (let F = 1; F <= top; F++) {
      const r = E.evaluate({ ...s, attackers: [{ ...s.attackers[0], factor: F }] }, MODEL);
      const band = bandAt(plan, F);
      const ctx = `${JSON.stringify(s)} at ${F}`;
      assert.ok(band, `${ctx}: no band`);
      assert.equal(read(band.result), read(r), ctx);
      assert.equal(outcomes(band.result), outcomes(r), `${ctx}: outcomes`);
      if (previous !== null && read(r) !== previous) assert.equal(band.from, F, `${ctx}: the column starts here`);
      previous = read(r);
    }
    for (let i = 1; i < plan.bands.length; i++) assert.equal(plan.bands[i - 1].to, plan.bands[i].from - 1, "bands are contiguous");
    assert.equal(plan.bands[0].from, 1);
  }
});

test("column starts on open ground follow the rounding rule: k:1 at k times the defence, 1:k at the defence over k rounded up", () => {
  const plan = E.planAttack({ attackers: [inf(1)], defenders: [inf(6)] }, MODEL);
  const starts = Object.fromEntries(plan.bands.map((b) => [b.label, b.from]));
  assert.deepEqual(starts, { "not-covered": 1, "1:3": 2, "1:2": 3, "1:1": 6, "2:1": 12, "3:1": 18, "4:1": 24, "5:1": 30, "automatic-elimination": 36 });
  // a defender in mountain is doubled: every start doubles
  const mountain = E.planAttack({ attackers: [inf(1)], defenders: [inf(6)], terrain: "mountain" }, MODEL);
  assert.equal(mountain.bands.find((b) => b.label === "1:1").from, 12);
  assert.equal(mountain.bands.find((b) => b.label === "automatic-elimination").from, 72);
  // a siege below 1:1 is refused; the siege machine moves every column one up
  const siege = E.planAttack({ attackers: [inf(1)], defenders: [inf(6)], city: "red-dot", siegeMachine: true }, MODEL);
  assert.equal(siege.bands[0].kind, "refused");
  assert.equal(siege.bands[0].to, 5);
  assert.equal(siege.bands[1].label, `${1 + MODEL.params.siegeShift}:1`);
  assert.equal(siege.bands[siege.bands.length - 1].to, null);
});

test("a seeded Monte Carlo of die rolls on each band's column agrees within 5 standard errors", () => {
  let a = 0x12345678;
  const rand = () => { a = (a + 0x6d2b79f5) | 0; let t = Math.imul(a ^ (a >>> 15), 1 | a); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  const N = 30000;
  for (const s of SCENARIOS.slice(0, 5)) {
    for (const band of E.planAttack(s, MODEL).bands) {
      const r = band.result;
      if (!r.ok || !r.rows.length) continue;
      const counts = new Map();
      let unknown = 0;
      for (let i = 0; i < N; i++) {
        const row = r.rows[Math.floor(rand() * r.faces)];
        if (!row.known) { unknown++; continue; }
        counts.set(row.outcome.key, (counts.get(row.outcome.key) || 0) + 1);
      }
      const check = (p, hits, what) => {
        const se = Math.sqrt(Math.max(p * (1 - p), 1e-12) / N);
        assert.ok(Math.abs(hits / N - p) <= 5 * se + 1e-12, `${what}: exact ${p}, Monte Carlo ${hits / N}`);
      };
      for (const o of r.outcomes) check(o.low.n / o.low.d, counts.get(o.key) || 0, `${band.label} ${o.key}`);
      check(r.unknownShare.n / r.unknownShare.d, unknown, `${band.label} not in the source`);
    }
  }
});

test("the planner takes hostile scenarios as messages", () => {
  for (const s of [null, 7, "x", {}, { attackers: [] }, { attackers: [null] }, { attackers: [inf(6)], defenders: [inf(6), inf(6)] },
    { attackers: [inf(6)], defenders: new Array(100000).fill(inf(1)) }, { attackers: [{ type: "dragon", factor: 6 }], defenders: [inf(6)] }]) {
    let plan;
    assert.doesNotThrow(() => { plan = E.planAttack(s, MODEL); });
    assert.equal(plan.ok, false, JSON.stringify(s)?.slice(0, 80));
    assert.ok(plan.errors.length > 0 && plan.errors.every((e) => typeof e === "string" && !/undefined|NaN/.test(e)));
  }
});
