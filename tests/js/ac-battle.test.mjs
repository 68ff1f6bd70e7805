// Tests for the Ancient Conquest battle and siege engine.
//
// Two sets of data: small fixture tables written here (so the logic is checked
// against cells we control), and the real records (COMPENDIUM_RECORDS, or a
// fresh `python -m generator write` when it is unset) for the exhaustive sweep.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync, mkdtempSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import * as E from "../../content/assets/calculators/ac-battle.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

// ------------------------------------------------------------ fixtures

const Q = (n, d = 1) => E.frac(n, d);
const eqQ = (a, b) => a.n * b.d === b.n * a.d;
const unknownCell = (note = "not in the fixture") => ({ value: "unknown", note });

// A fixture combat table: every cell known except rows 5-6 of some columns.
const FIX_COMBAT_COLS = ["r1_1", "r2", "r3", "r4", "r5"];
function fixtureCombat() {
  const labels = { r1_1: "1:1", r2: "1:2 / 2:1", r3: "1:3 / 3:1", r4: "1:4 / 4:1", r5: "1:5 / 5:1" };
  const rows = [
    { r1_1: "Attacker eliminated", r2: "The player with ratio 1 retreats 2 hexes.", r3: "The player with ratio 1 retreats.", r4: "Exchange", r5: "The player with ratio 1 surrenders." },
    { r1_1: "Attacker retreats 2 hexes.", r2: "Exchange", r3: "Exchange", r4: "The player with ratio 1 is eliminated.", r5: "Exchange" },
    { r1_1: "Exchange", r2: "Both players eliminated.", r3: "The player with ratio 1 retreats 2 hexes.", r4: "N-E", r5: "Exchange" },
    { r1_1: "Defender retreats 2 hexes.", r2: "Consult Oracle", r3: unknownCell(), r4: unknownCell(), r5: "Exchange" },
    { r1_1: unknownCell(), r2: "N-E", r3: unknownCell(), r4: unknownCell(), r5: "Exchange" },
    { r1_1: unknownCell(), r2: unknownCell(), r3: unknownCell(), r4: unknownCell(), r5: "Exchange" },
  ];
  return {
    id: "ac-combat-table", name: "Combat Table", kind: "table", url: "t/#ac-combat-table",
    columns: [{ id: "die", label: "Die", type: "integer" }, ...FIX_COMBAT_COLS.map((id) => ({ id, label: labels[id], type: "string" }))],
    rows: rows.map((cells, i) => ({ cells: { die: i + 1, ...cells } })),
    facts: [
      { label: "Ratio above 5:1", value: "automatic elimination" },
      { label: "Retreat distance of the player with ratio 1", value: 4, unit: "hexes" },
    ],
  };
}
function fixtureSiege() {
  const ids = ["r1_1", "r2_1", "r3_1", "r4_1", "r5_1", "r6_1"];
  const rows = [
    ["N-E", "Both players eliminated.", "Exchange", "Exchange", "Exchange", "Exchange"],
    ["N-E", "N-E", "N-E", "The player with ratio 1 is eliminated.", "The player with ratio 1 is eliminated.", "The player with ratio 1 is eliminated."],
    ["Attacker is eliminated.", "N-E", "N-E", "The player with ratio 1 is eliminated.", "The player with ratio 1 surrenders.", "The player with ratio 1 is eliminated."],
    ["N-E", "N-E", "N-E", "N-E", "N-E", "N-E"],
    ids.map(() => unknownCell()),
    ids.map(() => unknownCell()),
  ];
  return {
    id: "ac-siege-table", name: "Siege Table", kind: "table", url: "t/#ac-siege-table",
    columns: [{ id: "die", label: "Die", type: "integer" }, ...ids.map((id, i) => ({ id, label: `${i + 1}:1`, type: "string" }))],
    rows: rows.map((r, i) => ({ cells: { die: i + 1, ...Object.fromEntries(ids.map((id, j) => [id, r[j]])) } })),
    facts: [
      { label: "Lowest ratio allowed", value: "1:1" },
      { label: "Ratio above 6:1", value: "read as 6:1" },
      { label: "Siege machine", value: "+1 column" },
    ],
  };
}
function fixtureTerrain() {
  const t = (terrain, d, a) => ({ cells: { terrain, defender_multiplier: d, attacker_multiplier: a } });
  return {
    id: "ac-terrain-effects-table", name: "Terrain Effects Table", kind: "table", url: "t/#ac-terrain-effects-table",
    columns: [{ id: "terrain", label: "Type", type: "string" }, { id: "defender_multiplier", label: "D", type: "number" }, { id: "attacker_multiplier", label: "A", type: "number" }],
    rows: [t("Swamp", 2, 1), t("Forest", 2, 1), t("Hills", 1, 1), t("Mountain", 2, 1), t("River", unknownCell(), 0.5), t("Clear", 1, 1), t("Desert", unknownCell(), unknownCell())],
  };
}
// Values for every fact-held parameter; where the engine looks comes from PARAMS.
const FIX_VALUES = {
  defenderDesert: "x0.5", attackerDesert: "x0.5", riverDefender: "x2", encampment: "+50%", cap: 3, deity: "x2",
  cavalryCity: "x0.5", cavalryCharge: "x2", disembarked: "half factor", davidGoliathShift: 1, cityStackMain: 3,
  hexesAround: 6, stackMost: 3,
};
function fixtureCities() {
  const row = (type, stacking, table_used, retreat, defence) => ({ cells: { type, stacking, table_used, retreat, defence } });
  const none = unknownCell("no defence modifier");
  return {
    id: "ac-city-differences-table", name: "Table of City Differences", kind: "table", url: "t/#ac-city-differences-table",
    columns: ["type", "stacking", "table_used", "retreat", "defence"].map((id) => ({ id, label: id, type: "string" })),
    rows: [
      row("Hegemonic City", "up to 3 units", "Siege Table", "ignored", none),
      row("Capital City", "up to 3 units", "Siege Table", "ignored", none),
      row("Fortified City", "up to 3 units", "Siege Table", "ignored", none),
      row("Red-Dot City", "normal", "Combat Table", unknownCell("silent"), "defenders double their factor"),
    ],
  };
}
function fixtureRecords() {
  const recs = new Map();
  for (const r of [fixtureCombat(), fixtureSiege(), fixtureTerrain(), fixtureCities()]) recs.set(r.id, r);
  recs.set("ac-fortified-cities", { id: "ac-fortified-cities", name: "Fortified Cities", url: "r/#ac-fortified-cities", facts: [{ label: "Table used", value: "Siege Table" }] });
  recs.set("ac-oracle-table", { id: "ac-oracle-table", name: "Oracle Table", url: "t/#ac-oracle-table" });
  for (const [key, places] of Object.entries(E.PARAMS)) {
    if (!(key in FIX_VALUES)) continue;
    const place = places.find((p) => p.record);
    const rec = recs.get(place.record) || { id: place.record, name: place.record, url: `r/#${place.record}`, facts: [] };
    rec.facts = rec.facts || [];
    if (!rec.facts.some((f) => f.label === place.label)) rec.facts.push({ label: place.label, value: FIX_VALUES[key] });
    recs.set(rec.id, rec);
  }
  return [...recs.values()];
}

let realCache;
function realRecords() {
  if (realCache) return realCache;
  let path = process.env.COMPENDIUM_RECORDS;
  if (!path) {
    const out = mkdtempSync(join(tmpdir(), "ac-battle-"));
    execFileSync("python", ["-m", "generator", "write", out], { cwd: ROOT, stdio: "pipe" });
    path = join(out, "api", "records.json");
  }
  realCache = JSON.parse(readFileSync(path, "utf8")).records;
  return realCache;
}

const inf = (factor, flags = {}) => ({ type: "infantry", factor, flags });
const cav = (factor, flags = {}) => ({ type: "cavalry", factor, flags });
const mis = (factor, flags = {}) => ({ type: "missile", factor, flags });
const run = (model, s) => E.evaluate(s, model);
const outcome = (r, kind) => r.outcomes.find((o) => o.kind === kind);

// ------------------------------------------------------------ independent reading of the records

// The test's own reading of the tables (not the engine's), for the sweep.
function independentView(records) {
  const by = new Map(records.map((r) => [r.id, r]));
  const num = (v) => {
    if (v && typeof v === "object") v = v.value;
    if (typeof v === "number") return v;
    const m = String(v).match(/^[x×]?\s*([+-]?\d+(?:\.\d+)?)/);
    return m ? Number(m[1]) : null;
  };
  const terrainRow = (name) => by.get("ac-terrain-effects-table").rows.find((r) => r.cells.terrain === name).cells;
  const fact = (id, label) => num(by.get(id).facts.find((f) => f.label === label).value);
  const place = (key) => E.PARAMS[key].find((p) => p.record);
  const desertFallback = () => fact(place("defenderDesert").record, place("defenderDesert").label);
  const tdef = (name) => num(terrainRow(name).defender_multiplier);
  const terrain = { clear: tdef("Clear"), hills: tdef("Hills"), mountain: tdef("Mountain"), forest: tdef("Forest"), swamp: tdef("Swamp"), desert: tdef("Desert") ?? desertFallback() };
  const riverAtt = num(terrainRow("River").attacker_multiplier);
  const riverDef = fact(place("riverDefender").record, place("riverDefender").label);
  const redDotRow = by.get("ac-city-differences-table").rows.find((r) => r.cells.type === "Red-Dot City").cells;
  const redDot = num(redDotRow.defence) ?? (/doubl/.test(String(redDotRow.defence)) ? 2 : null);
  const tables = {};
  for (const role of ["combat", "siege"]) {
    const rec = by.get(`ac-${role}-table`);
    const cols = rec.columns.filter((c) => c.id !== "die").map((c) => ({ id: c.id, ratios: [...c.label.matchAll(/(\d+)\s*:\s*(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]) }));
    const unknownIn = (colId) => rec.rows.filter((r) => {
      const c = r.cells[colId];
      return c === undefined || (c && typeof c === "object" && c.value === "unknown");
    }).length + (6 - rec.rows.length);
    tables[role] = { cols, unknownIn, rows: rec.rows.length };
  }
  return { terrain, riverAtt, riverDef, redDot, tables };
}

// Column holding ratio a:b in the independent view.
const colFor = (view, role, a, b) => view.tables[role].cols.find((c) => c.ratios.some(([x, y]) => x === a && y === b));

// ------------------------------------------------------------ the exhaustive sweep

const SIEGE_CITIES = new Set(["red-dot", "fortified", "capital", "hegemonic"]);

function sweep(records, maxFactor) {
  const model = E.buildModel(records);
  assert.ok(model.ok, `model problems: ${model.problems.join("; ")}`);
  const view = independentView(records);
  let checked = 0;
  let forbidden = 0;
  let auto = 0;
  let notCovered = 0;
  const riverCases = [
    { river: "text", flag: false }, { river: "text", flag: true }, { river: "table", flag: true },
  ];
  for (const terrain of E.TERRAINS) for (const city of E.CITIES) for (const redDot of E.READINGS.redDot) for (const rc of riverCases) {
    const siege = SIEGE_CITIES.has(city) && !(redDot === "optional" && city === "red-dot");
    const role = siege ? "siege" : "combat";
    let mD = view.terrain[terrain];
    if (redDot === "optional" && city === "red-dot") mD *= view.redDot;
    if (rc.river === "text" && rc.flag) mD *= view.riverDef;
    const mA = rc.river === "table" && rc.flag ? view.riverAtt : 1;
    for (let a = 1; a <= maxFactor; a++) for (let d = 1; d <= maxFactor; d++) {
      const r = run(model, {
        attackers: [inf(a, { river: rc.flag })], defenders: [inf(d)],
        terrain, city, readings: { river: rc.river, redDot },
      });
      const A = a * mA;
      const D = d * mD;
      const ctx = `${a} v ${d}, ${terrain}, ${city}, red-dot ${redDot}, river ${rc.river}/${rc.flag}`;
      if (siege && A < D) {
        assert.equal(r.ok, false, ctx);
        assert.match(r.errors.join(" "), /not allowed/, ctx);
        forbidden++;
        continue;
      }
      assert.equal(r.ok, true, `${ctx}: ${r.errors.join(" ")}`);
      assert.equal(r.table.role, role, ctx);
      assert.ok(Math.abs(r.ratio.attacker.n / r.ratio.attacker.d - A) < 1e-9, `${ctx}: attacker total`);
      assert.ok(Math.abs(r.ratio.defender.n / r.ratio.defender.d - D) < 1e-9, `${ctx}: defender total`);
      const odds = A / D;
      // Rounding in the defender's favour, to whole ratios.
      const rounded = A >= D ? [Math.floor(odds + 1e-12), 1] : [1, Math.ceil(D / A - 1e-12)];
      assert.deepEqual([r.ratio.rounded.a, r.ratio.rounded.b], rounded, ctx);
      // The column never favours the attacker beyond the rounding rule.
      if (r.column) {
        assert.ok(r.column.a / r.column.b <= odds + 1e-12, `${ctx}: column ${r.column.label} favours the attacker`);
      }
      const unknownShare = r.unknownShare.n / r.unknownShare.d;
      if (role === "combat" && rounded[0] > 5) {
        assert.equal(r.edge?.kind, "automatic-elimination", ctx);
        assert.equal(r.column, null, ctx);
        const o = outcome(r, "defender-eliminated");
        assert.ok(o && eqQ(o.low, Q(1)), ctx);
        assert.equal(unknownShare, 0, ctx);
        auto++;
      } else if (role === "combat" && rounded[1] > 5) {
        assert.equal(r.edge?.kind, "not-covered", ctx);
        assert.equal(unknownShare, 1, ctx);
        assert.equal(r.outcomes.length, 0, ctx);
        notCovered++;
      } else {
        const want = role === "siege" && rounded[0] > 6 ? [6, 1] : rounded;
        if (role === "siege" && rounded[0] > 6) assert.equal(r.edge?.kind, "capped", ctx);
        else assert.equal(r.edge, null, ctx);
        const col = colFor(view, role, want[0], want[1]);
        assert.ok(col, `${ctx}: no column ${want}`);
        assert.equal(r.column.id, col.id, ctx);
        // Largest column not above the odds: the next one up is above them.
        const nextUp = want[1] === 1 ? want[0] + 1 : 1 / (want[1] - 1);
        if (!(role === "siege" && rounded[0] > 6)) assert.ok(nextUp > odds + 1e-12, `${ctx}: a better column was due`);
        // Unknown share equals the missing rows of that column over six.
        assert.ok(eqQ(r.unknownShare, Q(view.tables[role].unknownIn(col.id), 6)), `${ctx}: unknown share`);
      }
      // Never rescaled: known shares plus the unknown share make exactly one,
      // and each range is [known, known + unknown].
      const known = r.outcomes.reduce((t, o) => t + o.low.n / o.low.d, 0);
      assert.ok(Math.abs(known + unknownShare - 1) < 1e-9, ctx);
      for (const o of r.outcomes) assert.ok(Math.abs(o.high.n / o.high.d - o.low.n / o.low.d - unknownShare) < 1e-9, ctx);
      checked++;
    }
  }
  return { checked, forbidden, auto, notCovered };
}

test("fixture sweep: columns, edges, forbidden sieges, unknown shares", () => {
  const stats = sweep(fixtureRecords(), 20);
  assert.ok(stats.forbidden > 0 && stats.auto > 0 && stats.notCovered > 0, JSON.stringify(stats));
});

test("real records: exhaustive sweep of factors 1..60 under every terrain and city option", () => {
  const stats = sweep(realRecords(), 60);
  assert.ok(stats.checked > 100000, JSON.stringify(stats));
  assert.ok(stats.forbidden > 0 && stats.auto > 0 && stats.notCovered > 0, JSON.stringify(stats));
});

test("real records: shifts sweep (siege machine, David or Goliath) never skips the edges", () => {
  const records = realRecords();
  const model = E.buildModel(records);
  const shift = model.params.siegeShift;
  const dg = model.params.davidGoliathShift;
  assert.ok(Number.isInteger(shift) && Number.isInteger(dg));
  for (let a = 1; a <= 60; a++) for (let d = 1; d <= 60; d++) {
    const base = run(model, { attackers: [inf(a)], defenders: [inf(d)], city: "red-dot" });
    const sm = run(model, { attackers: [inf(a)], defenders: [inf(d)], city: "red-dot", siegeMachine: true });
    if (a < d) { assert.equal(sm.ok, false); assert.match(sm.errors[0], /not allowed/); continue; }
    const k = Math.floor(a / d);
    assert.equal(sm.column.label, `${Math.min(6, k + shift)}:1`, `${a} v ${d}`);
    assert.equal(base.column.label, `${Math.min(6, k)}:1`);
    // David with the defenders on the combat table: one column toward the defender.
    const open = run(model, { attackers: [inf(a)], defenders: [inf(d)], hero: "defender", optional: { davidGoliath: true } });
    const plain = run(model, { attackers: [inf(a)], defenders: [inf(d)] });
    assert.equal(open.ok, true);
    const pos = (r) => (r.edge?.kind === "automatic-elimination" ? 9 : r.edge?.kind === "not-covered" ? -1 : r.column.position);
    if (plain.edge === null) {
      assert.ok(pos(open) === plain.column.position - dg || (plain.column.position - dg < 0 && open.edge?.kind === "not-covered"), `${a} v ${d}`);
    }
  }
});

// ------------------------------------------------------------ hand-checked cases (fixtures)

const fx = () => E.buildModel(fixtureRecords());

test("11 against 6 is 1:1 (7. Combat – Battles – Sieges)", () => {
  const r = run(fx(), { attackers: [inf(11)], defenders: [inf(6)] });
  assert.equal(r.ok, true);
  assert.equal(r.ratio.label, "1:1");
  assert.equal(r.column.label, "1:1");
  assert.equal(r.table.role, "combat");
  assert.match(r.steps.map((s) => s.text).join("\n"), /11 : 6 rounds in the defender's favour to 1:1/);
});

test("weaker attacker: 6 v 11 and 6 v 12 are 1:2, 6 v 13 is 1:3", () => {
  const m = fx();
  assert.equal(run(m, { attackers: [inf(6)], defenders: [inf(11)] }).column.label, "1:2 / 2:1");
  assert.equal(run(m, { attackers: [inf(6)], defenders: [inf(12)] }).ratio.label, "1:2");
  assert.equal(run(m, { attackers: [inf(6)], defenders: [inf(13)] }).ratio.label, "1:3");
  // In a 1:k column the attacker holds "ratio 1".
  const r = run(m, { attackers: [inf(6)], defenders: [inf(12)] });
  assert.equal(r.rows[0].outcome.kind, "attacker-retreats");
  assert.equal(r.rows[0].outcome.hexes, 2);
  const r2 = run(m, { attackers: [inf(12)], defenders: [inf(6)] });
  assert.equal(r2.rows[0].outcome.kind, "defender-retreats");
});

test("retreat with no distance takes the footnote's distance from the record", () => {
  const r = run(fx(), { attackers: [inf(18)], defenders: [inf(6)] });
  assert.equal(r.rows[0].outcome.kind, "defender-retreats");
  assert.equal(r.rows[0].outcome.hexes, 4);
});

test("combat edges: 30 v 5 is automatic elimination, 29 v 5 is 5:1, 5 v 30 is not covered, 5 v 25 is 1:5", () => {
  const m = fx();
  const auto = run(m, { attackers: [inf(30)], defenders: [inf(5)] });
  assert.equal(auto.edge.kind, "automatic-elimination");
  assert.equal(auto.rows.length, 0);
  assert.ok(eqQ(outcome(auto, "defender-eliminated").low, Q(1)));
  assert.equal(run(m, { attackers: [inf(29)], defenders: [inf(5)] }).column.label, "1:5 / 5:1");
  const low = run(m, { attackers: [inf(5)], defenders: [inf(30)] });
  assert.equal(low.ok, true);
  assert.equal(low.edge.kind, "not-covered");
  assert.ok(eqQ(low.unknownShare, Q(1)));
  assert.ok(low.rows.every((x) => !x.known && x.text === "not in the source"));
  assert.equal(run(m, { attackers: [inf(5)], defenders: [inf(25)] }).column.label, "1:5 / 5:1");
});

test("siege: 3:1 with a siege machine becomes 4:1 (10. Siege Machines)", () => {
  const m = fx();
  const plain = run(m, { attackers: [inf(18)], defenders: [inf(6)], city: "red-dot" });
  assert.equal(plain.table.role, "siege");
  assert.equal(plain.column.label, "3:1");
  const sm = run(m, { attackers: [inf(18)], defenders: [inf(6)], city: "red-dot", siegeMachine: true });
  assert.equal(sm.column.label, "4:1");
  assert.equal(sm.shifts[0].by, 1);
});

test("siege edges: beyond 6:1 counts as 6:1, with or without the machine; below 1:1 is refused", () => {
  const m = fx();
  const big = run(m, { attackers: [inf(60)], defenders: [inf(6)], city: "fortified" });
  assert.equal(big.column.label, "6:1");
  assert.equal(big.edge.kind, "capped");
  const sm = run(m, { attackers: [inf(36)], defenders: [inf(6)], city: "capital", siegeMachine: true });
  assert.equal(sm.column.label, "6:1");
  assert.equal(sm.edge.kind, "capped");
  const low = run(m, { attackers: [inf(5)], defenders: [inf(6)], city: "red-dot", siegeMachine: true });
  assert.equal(low.ok, false);
  assert.match(low.errors[0], /not allowed/);
  assert.match(low.errors[0], /1:2/);
});

test("siege machine does nothing on the Combat Table, and says so", () => {
  const r = run(fx(), { attackers: [inf(18)], defenders: [inf(6)], siegeMachine: true });
  assert.equal(r.column.label, "1:3 / 3:1");
  assert.match(r.warnings.join(" "), /siege machine has no effect/);
});

test("the triple cap (Optional Rules 2. Combat)", () => {
  const m = fx();
  const base = { attackers: [inf(18)], defenders: [inf(6)], terrain: "mountain", encamped: true, defenderDeity: true };
  const off = run(m, { ...base, optional: { encampments: true, deities: true } });
  assert.ok(eqQ(off.defender.total, Q(36))); // 6 x2 x1.5 x2
  const on = run(m, { ...base, optional: { encampments: true, deities: true, cap: true } });
  assert.ok(eqQ(on.defender.total, Q(18))); // capped at x3
  assert.equal(on.defender.units[0].capped, true);
  // The source's example: city + deity (+ leader) is at most x3.
  const city = run(m, { attackers: [inf(30)], defenders: [inf(5)], city: "red-dot", defenderDeity: true, readings: { redDot: "optional" }, optional: { deities: true, cap: true } });
  assert.ok(eqQ(city.defender.total, Q(15)));
  // Halving still applies below the cap.
  const half = run(m, { attackers: [inf(6)], defenders: [inf(6)], terrain: "desert", optional: { cap: true } });
  assert.ok(eqQ(half.defender.total, Q(3)));
});

test("optional rules off: their flags are listed as not applied", () => {
  const r = run(fx(), { attackers: [inf(6, { deity: true, disembarked: true })], defenders: [inf(6)], encamped: true });
  assert.ok(eqQ(r.attacker.total, Q(6)));
  assert.ok(eqQ(r.defender.total, Q(6)));
  assert.match(r.steps.map((s) => s.text).join(" "), /not applied: just disembarked/);
});

test("red-dot readings: main rules use the Siege Table, optional rule 14 the Combat Table with x2", () => {
  const m = fx();
  const main = run(m, { attackers: [inf(24)], defenders: [inf(6)], city: "red-dot" });
  assert.equal(main.table.role, "siege");
  assert.equal(main.column.label, "4:1");
  const opt = run(m, { attackers: [inf(24)], defenders: [inf(6)], city: "red-dot", readings: { redDot: "optional" } });
  assert.equal(opt.table.role, "combat");
  assert.ok(eqQ(opt.defender.total, Q(12)));
  assert.equal(opt.column.label, "1:2 / 2:1");
  assert.match(opt.table.why, /Optional Rules 14/);
  // Fortified, capital and hegemonic stay on the Siege Table and ignore retreats.
  const cap = run(m, { attackers: [inf(24)], defenders: [inf(6)], city: "capital", readings: { redDot: "optional" } });
  assert.equal(cap.table.role, "siege");
});

test("river readings: text doubles the defender only if every attack crosses; table halves each crossing unit", () => {
  const m = fx();
  const allText = run(m, { attackers: [inf(12, { river: true })], defenders: [inf(6)], readings: { river: "text" } });
  assert.ok(eqQ(allText.defender.total, Q(12)));
  assert.ok(eqQ(allText.attacker.total, Q(12)));
  const allTable = run(m, { attackers: [inf(12, { river: true })], defenders: [inf(6)], readings: { river: "table" } });
  assert.ok(eqQ(allTable.attacker.total, Q(6)));
  assert.ok(eqQ(allTable.defender.total, Q(6)));
  const someText = run(m, { attackers: [inf(8, { river: true }), mis(4)], defenders: [inf(6)], readings: { river: "text" } });
  assert.ok(eqQ(someText.defender.total, Q(6)));
  assert.match(someText.warnings.join(" "), /only when every attack/);
  const someTable = run(m, { attackers: [inf(8, { river: true }), mis(4)], defenders: [inf(6)], readings: { river: "table" } });
  assert.ok(eqQ(someTable.attacker.total, Q(8)));
  // Fractions are kept exactly: 5 halved is 2.5, and 2.5 v 2 is 1:1.
  const frac = run(m, { attackers: [inf(5, { river: true })], defenders: [inf(2)], readings: { river: "table" } });
  assert.ok(eqQ(frac.attacker.total, Q(5, 2)));
  assert.equal(frac.ratio.label, "1:1");
});

test("desert halves the defender in it and the attacker coming from it", () => {
  const r = run(fx(), { attackers: [inf(12, { desert: true })], defenders: [inf(6)], terrain: "desert" });
  assert.ok(eqQ(r.attacker.total, Q(6)));
  assert.ok(eqQ(r.defender.total, Q(3)));
  assert.equal(r.ratio.label, "2:1");
});

test("cavalry: halved against or inside a city; the optional charge doubles, but not against cavalry", () => {
  const m = fx();
  const c = run(m, { attackers: [cav(12)], defenders: [cav(4)], city: "red-dot" });
  assert.ok(eqQ(c.attacker.total, Q(6)));
  assert.ok(eqQ(c.defender.total, Q(2)));
  const plainCity = run(m, { attackers: [cav(12)], defenders: [inf(4)], city: "unmarked" });
  assert.ok(eqQ(plainCity.attacker.total, Q(12)));
  const charge = run(m, { attackers: [cav(8, { charge: true })], defenders: [inf(4)], optional: { charge: true } });
  assert.ok(eqQ(charge.attacker.total, Q(16)));
  const bad = run(m, { attackers: [cav(8, { charge: true })], defenders: [cav(4)], optional: { charge: true } });
  assert.equal(bad.ok, false);
  assert.match(bad.errors[0], /enemy cavalry/);
  const inf8 = run(m, { attackers: [inf(8, { charge: true })], defenders: [inf(4)], optional: { charge: true } });
  assert.equal(inf8.ok, false);
});

test("a unit just disembarked is halved (Optional Rules 11. Fleets)", () => {
  const r = run(fx(), { attackers: [inf(8, { disembarked: true }), mis(4)], defenders: [inf(6)], optional: { fleets: true } });
  assert.ok(eqQ(r.attacker.total, Q(8)));
});

test("exchange losses come from the printed factors (7. Combat Losses)", () => {
  const r = run(fx(), { attackers: [inf(13)], defenders: [inf(6)], terrain: "mountain" });
  assert.equal(r.column.label, "1:1"); // 13 v 12
  const ex = outcome(r, "exchange");
  assert.equal(ex.loss, 6);
  assert.deepEqual(ex.dice, [3]);
});

test("encampment turns the defender's retreats into no effect; blocked retreats eliminate", () => {
  const m = fx();
  const enc = run(m, { attackers: [inf(12)], defenders: [inf(4)], encamped: true, optional: { encampments: true } });
  assert.ok(eqQ(enc.defender.total, Q(6)));
  assert.equal(enc.column.label, "1:2 / 2:1");
  assert.equal(enc.rows[0].outcome.kind, "no-effect");
  assert.match(enc.rows[0].outcome.via[0], /Encampments/);
  const blocked = run(m, { attackers: [inf(12)], defenders: [inf(6)], defenderRetreatBlocked: true });
  assert.equal(blocked.rows[0].outcome.kind, "defender-eliminated");
  const allies = run(m, { attackers: [inf(12)], defenders: [inf(6)], city: "fortified", formerAllies: true });
  assert.equal(allies.table.role, "combat");
  assert.equal(allies.rows[0].outcome.kind, "defender-eliminated");
});

test("aggregates are exact sixths with an explicit unknown share, never rescaled", () => {
  const r = run(fx(), { attackers: [inf(12)], defenders: [inf(6)] }); // 2:1 column, one unknown row
  assert.ok(eqQ(r.unknownShare, Q(1, 6)));
  const ex = outcome(r, "exchange");
  assert.ok(eqQ(ex.low, Q(1, 6)));
  assert.ok(eqQ(ex.high, Q(2, 6)));
  const oracle = outcome(r, "oracle");
  assert.ok(oracle);
  assert.equal(r.oracle.possible, true);
  assert.equal(r.oracle.link, "t/#ac-oracle-table");
  const both = outcome(r, "both-eliminated");
  assert.deepEqual(both.dice, [3]);
});

test("bad input: no units, zero, negative, fractional and missing factors get messages", () => {
  const m = fx();
  const cases = [
    [{ attackers: [], defenders: [inf(6)] }, /attacker has no units/],
    [{ attackers: [inf(0)], defenders: [inf(6)] }, /1 or more/],
    [{ attackers: [inf(6)], defenders: [inf(-3)] }, /1 or more/],
    [{ attackers: [inf(2.5)], defenders: [inf(6)] }, /whole numbers/],
    [{ attackers: [inf(NaN)], defenders: [inf(6)] }, /must be a number/],
    [{ attackers: [inf(6)], defenders: [inf(6), inf(6)] }, /stacking/],
    [{ attackers: [inf(6)], defenders: [cav(6), mis(3)] }, /stacking/],
    [{ attackers: [inf(6)], defenders: [inf(6), mis(3), mis(3)] }, /stacking/],
    [{ attackers: [inf(6)], defenders: [inf(1), inf(1), inf(1), inf(1)], city: "red-dot" }, /at most 3/i],
    [{ attackers: [inf(6)], defenders: [inf(6)], hero: "both", optional: { davidGoliath: true } }, /David and Goliath/],
    [{ attackers: [inf(6)], defenders: [inf(6)], formerAllies: true }, /former allies/],
    [{ attackers: [inf(6)], defenders: [inf(6)], terrain: "lava" }, /Unknown terrain/],
  ];
  for (const [s, re] of cases) {
    const r = run(m, s);
    assert.equal(r.ok, false, JSON.stringify(s));
    assert.match(r.errors.join(" "), re, JSON.stringify(s));
  }
  assert.equal(run(m, { attackers: [inf(24)], defenders: [inf(6), inf(3), mis(3)], city: "red-dot" }).ok, true);
  assert.equal(run(m, { attackers: [inf(6)], defenders: [mis(3), mis(3)] }).ok, true);
});

test("missing records or facts are reported, never guessed", () => {
  const recs = fixtureRecords().filter((r) => r.id !== "ac-siege-table");
  const m = E.buildModel(recs);
  assert.equal(m.ok, false);
  assert.match(m.problems.join(" "), /ac-siege-table/);
  const r = E.evaluate({ attackers: [inf(6)], defenders: [inf(6)] }, m);
  assert.equal(r.ok, false);
  assert.match(r.errors[0], /rules data is incomplete/);
});

test("a table cell changed in the records changes the result (no JS constants)", () => {
  const recs = fixtureRecords();
  const before = run(E.buildModel(recs), { attackers: [inf(11)], defenders: [inf(6)] });
  recs.find((r) => r.id === "ac-combat-table").rows[0].cells.r1_1 = "Defender eliminated";
  const after = run(E.buildModel(recs), { attackers: [inf(11)], defenders: [inf(6)] });
  assert.equal(before.rows[0].outcome.kind, "attacker-eliminated");
  assert.equal(after.rows[0].outcome.kind, "defender-eliminated");
  // And a multiplier: mountain x3 instead of x2.
  const recs2 = fixtureRecords();
  recs2.find((r) => r.id === "ac-terrain-effects-table").rows.find((r) => r.cells.terrain === "Mountain").cells.defender_multiplier = 3;
  const mtn = run(E.buildModel(recs2), { attackers: [inf(12)], defenders: [inf(2)], terrain: "mountain" });
  assert.ok(eqQ(mtn.defender.total, Q(6)));
});

test("scenario URL round trip", () => {
  const s = {
    ...E.defaultScenario(),
    attackers: [inf(12, { river: true, deity: true }), cav(8, { charge: true, desert: true, disembarked: true })],
    defenders: [mis(4), inf(6)],
    terrain: "forest", city: "capital", encamped: true, defenderDeity: true, siegeMachine: true, hero: "attacker",
    formerAllies: false, attackerRetreatBlocked: true, defenderRetreatBlocked: false,
    optional: { encampments: true, cap: true, deities: true, charge: true, fleets: true, davidGoliath: true },
    readings: { river: "table", redDot: "optional" },
  };
  const back = E.decodeScenario(E.encodeScenario(s));
  assert.deepEqual(back, { ...s, defenders: s.defenders.map(({ type, factor }) => ({ type, factor })) });
  // Garbage in the URL becomes a message, not an exception.
  const junk = E.decodeScenario("a=zz&d=i-4&t=moon");
  const r = E.evaluate(junk, fx());
  assert.equal(r.ok, false);
  assert.ok(r.errors.length > 0);
});

test("classifying every printed result string of the real tables", () => {
  const recs = realRecords();
  for (const id of ["ac-combat-table", "ac-siege-table"]) {
    const t = recs.find((r) => r.id === id);
    for (const row of t.rows) for (const [col, cell] of Object.entries(row.cells)) {
      if (col === "die" || (cell && typeof cell === "object")) continue;
      const weak = col === "r1_1" ? null : "defender";
      const o = E.classifyResult(cell, weak, 4);
      assert.notEqual(o.kind, "other", `${id} ${col} die ${row.cells.die}: “${cell}” is not understood`);
    }
  }
});

test("real records: hand-checked cases", () => {
  const m = E.buildModel(realRecords());
  assert.ok(m.ok, m.problems.join("; "));
  assert.equal(run(m, { attackers: [inf(11)], defenders: [inf(6)] }).column.label, "1:1");
  assert.equal(run(m, { attackers: [inf(18)], defenders: [inf(6)], city: "red-dot", siegeMachine: true }).column.label, "4:1");
  assert.equal(run(m, { attackers: [inf(30)], defenders: [inf(5)] }).edge.kind, "automatic-elimination");
  assert.equal(run(m, { attackers: [inf(70)], defenders: [inf(10)], city: "red-dot" }).column.label, "6:1");
  assert.equal(run(m, { attackers: [inf(5)], defenders: [inf(6)], city: "red-dot" }).ok, false);
  // Combat Table 1:1: rows 1-4 printed, 5-6 missing.
  const r = run(m, { attackers: [inf(6)], defenders: [inf(6)] });
  assert.ok(eqQ(r.unknownShare, Q(2, 6)));
  assert.ok(eqQ(outcome(r, "attacker-eliminated").low, Q(1, 6)));
  assert.ok(eqQ(outcome(r, "attacker-eliminated").high, Q(3, 6)));
  // 3:1: rows 4-6 missing.
  assert.ok(eqQ(run(m, { attackers: [inf(18)], defenders: [inf(6)] }).unknownShare, Q(3, 6)));
  const cap = run(m, { attackers: [inf(18)], defenders: [inf(6)], terrain: "mountain", defenderDeity: true, encamped: true, optional: { cap: true, deities: true, encampments: true } });
  assert.ok(eqQ(cap.defender.total, Q(18)));
});
