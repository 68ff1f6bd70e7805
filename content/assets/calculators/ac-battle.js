// Ancient Conquest battle and siege odds: the pure engine.
//
// No DOM, no network: import it in Node or the browser, hand it the `records`
// array of api/records.json, and evaluate scenarios against it.
//
//   import { buildModel, evaluate } from "./ac-battle.js";
//   const model = buildModel(payload.records);
//   const result = evaluate({ attackers: [{ type: "infantry", factor: 11 }],
//                             defenders: [{ type: "infantry", factor: 6 }] }, model);
//
// Every number the rules give (table cells, multipliers, column shifts, the cap)
// is read from the records. This file only knows *where* each number lives
// (PARAMS below: a record id and a fact label) and how the rules combine them.

// ---------------------------------------------------------------- records

export const TABLE_IDS = {
  combat: "ac-combat-table",
  siege: "ac-siege-table",
  terrain: "ac-terrain-effects-table",
  oracle: "ac-oracle-table",
};

// The two readings of cities with a red dot. Main rules: the record of
// 8. Fortified Cities says which table its fact "Table used" names. Optional
// rule 14: one row per city type in the Table of City Differences (columns
// type, stacking, table_used, retreat, defence).
export const CITY_SOURCES = {
  main: { record: "ac-fortified-cities", tableFact: "Table used" },
  optional: { table: "ac-city-differences-table", rows: { hegemonic: "Hegemonic City", capital: "Capital City", fortified: "Fortified City", "red-dot": "Red-Dot City" } },
};

// Where each number lives. Each parameter lists places to look, first usable
// one wins: {record, label} is a fact of that record; {table, row: [column,
// value], column} is a table cell. An unknown cell is skipped, so a rule text
// can fill a gap the printed table leaves. Values are multipliers written as
// the records write them ("x0.5", "+50%", "half factor": see parseMultiplier)
// unless kind is "count" (a plain number such as 3 or "+1 column").
export const PARAMS = {
  defenderMountain: [{ table: "ac-terrain-effects-table", row: ["terrain", "Mountain"], column: "defender_multiplier" }],
  defenderForest: [{ table: "ac-terrain-effects-table", row: ["terrain", "Forest"], column: "defender_multiplier" }],
  defenderSwamp: [{ table: "ac-terrain-effects-table", row: ["terrain", "Swamp"], column: "defender_multiplier" }],
  defenderHills: [{ table: "ac-terrain-effects-table", row: ["terrain", "Hills"], column: "defender_multiplier" }],
  defenderClear: [{ table: "ac-terrain-effects-table", row: ["terrain", "Clear"], column: "defender_multiplier" }],
  defenderDesert: [
    { table: "ac-terrain-effects-table", row: ["terrain", "Desert"], column: "defender_multiplier" },
    { record: "ac-terrain-effects-on-combat", label: "Desert (defender or attacker)" },
  ],
  attackerDesert: [
    { table: "ac-terrain-effects-table", row: ["terrain", "Desert"], column: "attacker_multiplier" },
    { record: "ac-terrain-effects-on-combat", label: "Desert (defender or attacker)" },
  ],
  riverAttacker: [{ table: "ac-terrain-effects-table", row: ["terrain", "River"], column: "attacker_multiplier" }],
  riverDefender: [{ record: "ac-terrain-effects-on-combat", label: "River, all attacks across it (defender)" }],
  encampment: [{ record: "ac-encampments", label: "Defence bonus" }],
  cap: [{ record: "ac-combat-tripling-limit", label: "Maximum multiplier" }],
  deity: [{ record: "ac-mobile-deities", label: "Factor of stacked counters" }],
  cavalryCity: [{ record: "ac-cavalry-units", label: "Cavalry factor against or in a city" }],
  cavalryCharge: [{ record: "ac-cavalry-distance-attack", label: "Cavalry factor" }],
  disembarked: [{ record: "ac-fleets", label: "Attack straight after landing" }],
  cityStackMain: [{ record: "ac-fortified-cities", label: "Stacking limit", kind: "count" }],
  siegeShift: [{ record: "ac-siege-table", label: "Siege machine", kind: "count" }],
  davidGoliathShift: [{ record: "ac-david-and-goliath-column-shift", label: "Column shift", kind: "count" }],
  // Optional: without it, a retreat whose cell names no distance shows "distance not given".
  retreatDistance: [{ record: "ac-combat-table", label: "Retreat distance of the player with ratio 1", kind: "count", optional: true }],
};

// ---------------------------------------------------------------- scenario

export const TERRAINS = ["clear", "hills", "mountain", "forest", "swamp", "desert"];
export const CITIES = ["none", "unmarked", "red-dot", "fortified", "capital", "hegemonic"];
export const UNIT_TYPES = ["infantry", "missile", "cavalry"];
export const OPTIONAL_RULES = ["encampments", "cap", "deities", "charge", "fleets", "davidGoliath"];
export const READINGS = {
  river: ["text", "table"],
  redDot: ["main", "optional"],
};
export const HEROES = ["none", "attacker", "defender", "both"];

export const SOURCES = {
  terrain: "7. Combat – Battles – Sieges (terrain effects list) and the Terrain Effects Table",
  desert: "7. Combat – Battles – Sieges: defender or attacker in desert",
  riverText: "7. Combat – Battles – Sieges: defender doubled when every attack comes across the river",
  riverTable: "Terrain Effects Table, River row: the attacker halves the units that attack across it",
  redDotMain: "7. Combat Mechanics and 8. Fortified Cities (Red-Dot Cities) B: the Siege Table",
  redDotOptional: "Optional Rules 14. Cities, Table of City Differences",
  encampment: "Optional Rules 1. Movement (Encampments; also 6. Movement Rules)",
  cap: "Optional Rules 2. Combat (also 7. Combat – Battles – Sieges)",
  deity: "Optional Rules 4. Deities",
  cavalryCity: "22. Cavalry Units",
  cavalryCharge: "22. Cavalry Units (optional rule)",
  disembarked: "Optional Rules 11. Fleets",
  siegeMachine: "10. Siege Machines (War-Mch)",
  davidGoliath: "Optional Rules 6 (David and Goliath) and 21. David vs Goliath",
  rounding: "7. Combat – Battles – Sieges: odds rounded down (11 against 6 is 1:1)",
  edges: "7. Combat Mechanics: ratios beyond the printed columns, with the table's own facts",
  siegeBelow: "Siege Table: attacks below its lowest ratio are not allowed",
  exchange: "7. Combat Losses: exchange losses come from the unmodified factors",
  stacking: "5. Stacking of Units",
  formerAllies: "8. Fortified Cities (Red-Dot Cities) D",
  retreatBlocked: "7. Combat – Battles – Sieges (terrain effects list): a unit that is surrounded or must retreat across a river is eliminated",
  citiesRetreat: "Optional Rules 14. Cities, Table of City Differences: the retreat result is ignored",
};

export function defaultScenario() {
  return {
    attackers: [{ type: "infantry", factor: 6, flags: {} }],
    defenders: [{ type: "infantry", factor: 6 }],
    terrain: "clear",
    city: "none",
    encamped: false,
    defenderDeity: false,
    siegeMachine: false,
    hero: "none",
    formerAllies: false,
    attackerRetreatBlocked: false,
    defenderRetreatBlocked: false,
    optional: {},
    readings: { river: "text", redDot: "main" },
  };
}

// ---------------------------------------------------------------- exact fractions

function gcd(a, b) {
  a = Math.abs(a); b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a || 1;
}
export function frac(n, d = 1) {
  if (d < 0) { n = -n; d = -d; }
  const g = gcd(n, d);
  return { n: n / g, d: d / g };
}
function fromNumber(x) {
  let d = 1;
  while (!Number.isInteger(x * d) && d < 1e6) d *= 10;
  return frac(Math.round(x * d), d);
}
const mul = (a, b) => frac(a.n * b.n, a.d * b.d);
const add = (a, b) => frac(a.n * b.d + b.n * a.d, a.d * b.d);
const cmp = (a, b) => a.n * b.d - b.n * a.d; // sign only
function floorDiv(x, y) { // positive integers
  let q = Math.floor(x / y);
  if (q * y > x) q -= 1;
  if ((q + 1) * y <= x) q += 1;
  return q;
}
export function fracToString(q) {
  if (q.d === 1) return String(q.n);
  const v = q.n / q.d;
  return String(Math.round(v * 1000) / 1000);
}

// ---------------------------------------------------------------- model

// A count as the records write it: 3, "+1 column", "up to 3 units".
export function parseNumber(v) {
  if (typeof v === "number") return v;
  if (typeof v !== "string") return v;
  const m = v.match(/^\s*(?:up to\s+)?([+-]?\d+(?:\.\d+)?)/i);
  return m ? Number(m[1]) : v;
}

// A combat multiplier as the records write it: 2, "x0.5", "×2", "+50%"
// (a bonus: 1.5), "half factor", "defenders double their factor".
export function parseMultiplier(v) {
  if (typeof v === "number") return v;
  if (typeof v !== "string") return v;
  let m = v.match(/^\s*\+\s*(\d+(?:\.\d+)?)\s*%/);
  if (m) return 1 + Number(m[1]) / 100;
  m = v.match(/^\s*[x×]\s*(\d+(?:\.\d+)?)\s*$/i) || v.match(/^\s*(\d+(?:\.\d+)?)\s*$/);
  if (m) return Number(m[1]);
  const t = v.toLowerCase();
  if (/\bhal(f|ve[sd]?)\b/.test(t)) return 0.5;
  if (/\bdoubl(e|es|ed)\b/.test(t)) return 2;
  if (/\btripl(e|es|ed)\b/.test(t)) return 3;
  return v;
}

function factValue(rec, label) {
  for (const f of rec?.facts || []) if (f.label === label) return f.value;
  return undefined;
}

function cellValue(cell) {
  if (cell && typeof cell === "object") return { value: cell.value, note: cell.note };
  return { value: cell, note: undefined };
}

function parseRatios(text) {
  const out = [];
  for (const m of String(text).matchAll(/(\d+)\s*[:\-–/]\s*(\d+)/g)) out.push([Number(m[1]), Number(m[2])]);
  return out;
}

// A table's ladder: its force-ratio columns in order of attacker odds, each
// [a, b] pointing at a column id. A column printed "1:2 / 2:1" serves both.
function buildTable(rec, problems) {
  if (!rec) return null;
  const cols = rec.columns || [];
  const dieCol = cols.find((c) => c.id === "die") || cols.find((c) => c.type === "integer");
  if (!dieCol) { problems.push(`${rec.id}: no die column`); return null; }
  const ladder = [];
  for (const c of cols) {
    if (c === dieCol) continue;
    let ratios = parseRatios(c.label);
    if (!ratios.length) ratios = parseRatios(String(c.id).replace(/^r/, "").replace("_", ":"));
    for (const [a, b] of ratios) {
      if (a < 1 || b < 1 || (a !== 1 && b !== 1)) continue;
      if (!ladder.some((e) => e.a === a && e.b === b)) ladder.push({ a, b, col: c.id, label: c.label });
    }
  }
  ladder.sort((x, y) => x.a * y.b - y.a * x.b);
  // What the table says about ratios past its columns, from its facts.
  const edges = { above: "not-covered", below: "not-covered" };
  for (const f of rec.facts || []) {
    const label = String(f.label).toLowerCase();
    const value = String(f.value).toLowerCase();
    if (/^ratio above \d+\s*:\s*\d+$/.test(label)) {
      if (/eliminat/.test(value)) edges.above = "automatic-elimination";
      else if (/read as|treated as|counts as/.test(value)) edges.above = "last-column";
    }
    if (/^lowest ratio allowed$/.test(label)) {
      const r = parseRatios(f.value)[0];
      if (r) edges.below = "not-allowed", edges.lowest = { a: r[0], b: r[1] };
    }
  }
  const rows = [];
  for (const r of rec.rows || []) {
    const die = cellValue(r.cells?.[dieCol.id]).value;
    if (!Number.isInteger(die)) { problems.push(`${rec.id}: a row without a die value`); continue; }
    rows.push({ die, cells: r.cells || {}, note: r.note });
  }
  rows.sort((x, y) => x.die - y.die);
  const faces = rows.length;
  rows.forEach((r, i) => { if (r.die !== i + 1) problems.push(`${rec.id}: die rows are not 1..${faces}`); });
  if (!ladder.length) problems.push(`${rec.id}: no force-ratio columns`);
  return { id: rec.id, name: rec.name, url: rec.url, ladder, rows, faces, edges, facts: rec.facts || [], record: rec };
}

export function buildModel(records) {
  const byId = new Map();
  for (const r of records || []) if (r && r.id) byId.set(r.id, r);
  const problems = [];
  const tables = {};
  for (const [role, id] of Object.entries(TABLE_IDS)) {
    const rec = byId.get(id);
    if (role === "oracle") { tables.oracle = rec ? { id, name: rec.name, url: rec.url, record: rec } : null; continue; }
    if (!rec) { problems.push(`record ${id} is missing`); tables[role] = null; continue; }
    tables[role] = role === "terrain" ? { id, name: rec.name, url: rec.url, record: rec } : buildTable(rec, problems);
  }
  const params = {};
  const paramSources = {};
  for (const [key, places] of Object.entries(PARAMS)) {
    const tried = [];
    let found = null;
    for (const place of places) {
      const rec = byId.get(place.table || place.record);
      if (!rec) { tried.push(`${place.table || place.record} (no such record)`); continue; }
      let v;
      let where;
      if (place.table) {
        const row = (rec.rows || []).find((r) => cellValue(r.cells?.[place.row[0]]).value === place.row[1]);
        v = row ? cellValue(row.cells[place.column]).value : undefined;
        where = `${rec.name}, ${place.row[1]} row, column ${place.column}`;
      } else {
        v = factValue(rec, place.label);
        where = `${rec.name}: “${place.label}”`;
      }
      v = place.kind === "count" ? parseNumber(v) : parseMultiplier(v);
      if (typeof v === "number" && Number.isFinite(v) && v >= 0) {
        found = { v, rec, where };
        break;
      }
      tried.push(v === undefined ? `${where} (absent)` : `${where} (${JSON.stringify(v)})`);
    }
    if (!found) {
      if (!places.some((p) => p.optional)) problems.push(`no number for ${key}: tried ${tried.join(", ")}`);
      continue;
    }
    params[key] = found.v;
    paramSources[key] = { id: found.rec.id, name: found.rec.name, url: found.rec.url, where: found.where };
  }
  // Cities with a red dot, under each reading.
  const tableOf = (text) => (/siege/i.test(String(text)) ? "siege" : /combat/i.test(String(text)) ? "combat" : null);
  const mainRec = byId.get(CITY_SOURCES.main.record);
  const cities = { main: null, optional: {} };
  if (!mainRec) problems.push(`record ${CITY_SOURCES.main.record} is missing`);
  else {
    const t = tableOf(factValue(mainRec, CITY_SOURCES.main.tableFact));
    if (!t) problems.push(`${CITY_SOURCES.main.record}: fact “${CITY_SOURCES.main.tableFact}” names no table`);
    cities.main = { table: t, stack: params.cityStackMain, name: mainRec.name, url: mainRec.url };
  }
  const cd = byId.get(CITY_SOURCES.optional.table);
  if (!cd) problems.push(`record ${CITY_SOURCES.optional.table} is missing`);
  for (const [key, label] of Object.entries(CITY_SOURCES.optional.rows)) {
    if (!cd) break;
    const row = (cd.rows || []).find((r) => cellValue(r.cells?.type).value === label);
    if (!row) { problems.push(`${cd.id}: no row “${label}”`); continue; }
    const c = (k) => cellValue(row.cells[k]).value;
    const table = tableOf(c("table_used"));
    if (!table) problems.push(`${cd.id}, ${label}: column table_used names no table`);
    const defence = parseMultiplier(c("defence"));
    const stack = parseNumber(c("stacking"));
    cities.optional[key] = {
      label,
      table,
      ignoresRetreat: /ignored/i.test(String(c("retreat"))),
      defence: typeof defence === "number" && Number.isFinite(defence) ? defence : 1,
      defenceText: c("defence"),
      stack: typeof stack === "number" ? stack : null,
    };
  }
  if (cd) cities.optional.name = cd.name, cities.optional.url = cd.url;

  return { tables, params, paramSources, cities, problems, ok: problems.length === 0 };
}

// ---------------------------------------------------------------- results

// Reads one printed result. `weakSide` is the side that holds "ratio 1" in this
// column ("attacker", "defender" or null at 1:1).
const classified = new Map();
export function classifyResult(text, weakSide, defaultRetreat) {
  const key = `${weakSide}|${defaultRetreat}|${text}`;
  let hit = classified.get(key);
  if (!hit) {
    if (classified.size > 5000) classified.clear();
    hit = classifyText(text, weakSide, defaultRetreat);
    classified.set(key, hit);
  }
  return { ...hit };
}

function classifyText(text, weakSide, defaultRetreat) {
  const t = String(text).toLowerCase().replace(/\s+/g, " ").trim();
  const side = (word) => (word === "attacker" ? "attacker" : word === "defender" ? "defender" : weakSide);
  let m;
  if (/^n\s*-?\s*e\.?$/.test(t) || /no effect/.test(t)) return { kind: "no-effect" };
  if (/oracle/.test(t)) return { kind: "oracle" };
  if (/both players? (are )?eliminated|both eliminated/.test(t)) return { kind: "both-eliminated" };
  if (/exchange/.test(t)) return { kind: "exchange" };
  if ((m = t.match(/(attacker|defender|player with ratio 1)[^.]*?\b(is |are )?eliminated/))) {
    const s = side(m[1]);
    return s ? { kind: `${s}-eliminated` } : { kind: "other" };
  }
  if ((m = t.match(/(attacker|defender|player with ratio 1)[^.]*?surrender/))) {
    const s = side(m[1]);
    return s ? { kind: `${s}-surrenders` } : { kind: "other" };
  }
  if ((m = t.match(/(attacker|defender|player with ratio 1)[^.]*?retreats?(?: (\d+) hex)?/))) {
    const s = side(m[1]);
    if (!s) return { kind: "other" };
    const hexes = m[2] ? Number(m[2]) : defaultRetreat;
    return { kind: `${s}-retreats`, hexes: hexes === undefined ? "unknown" : hexes };
  }
  return { kind: "other" };
}

export const KIND_LABELS = {
  "attacker-eliminated": "Attacker eliminated",
  "defender-eliminated": "Defender eliminated",
  "both-eliminated": "Both sides eliminated",
  "attacker-retreats": "Attacker retreats",
  "defender-retreats": "Defender retreats",
  exchange: "Exchange",
  "attacker-surrenders": "Attacker surrenders",
  "defender-surrenders": "Defender surrenders",
  "no-effect": "No effect",
  oracle: "Consult the oracle",
  other: "Other printed result",
};

function outcomeLabel(o) {
  const base = KIND_LABELS[o.kind] || o.kind;
  if (o.kind.endsWith("-retreats")) return o.hexes === "unknown" ? `${base} (distance not given)` : `${base} ${o.hexes} hex${o.hexes === 1 ? "" : "es"}`;
  if (o.kind === "other") return `${base}: “${o.text}”`;
  return base;
}

// ---------------------------------------------------------------- evaluate

const CITY_KINDS = new Set(["red-dot", "fortified", "capital", "hegemonic"]);
const isFoot = (u) => u.type === "infantry" || u.type === "missile";

function validateUnits(list, side, errors) {
  if (!Array.isArray(list) || list.length === 0) {
    errors.push(`The ${side} has no units: add at least one.`);
    return;
  }
  list.forEach((u, i) => {
    const n = i + 1;
    if (!UNIT_TYPES.includes(u.type)) errors.push(`${cap1(side)} unit ${n}: choose infantry, missile or cavalry.`);
    const f = u.factor;
    if (typeof f !== "number" || !Number.isFinite(f)) errors.push(`${cap1(side)} unit ${n}: the combat factor must be a number.`);
    else if (!Number.isInteger(f)) errors.push(`${cap1(side)} unit ${n}: combat factors are whole numbers.`);
    else if (f <= 0) errors.push(`${cap1(side)} unit ${n}: the combat factor must be 1 or more (got ${f}).`);
    else if (f > 999) errors.push(`${cap1(side)} unit ${n}: a combat factor above 999 is not a counter in this game.`);
  });
}
const cap1 = (s) => s[0].toUpperCase() + s.slice(1);

function checkDefenderStacking(defs, city, reading, model, errors) {
  const limit = !CITY_KINDS.has(city) ? null
    : reading === "optional" ? model.cities.optional[city]?.stack ?? null
    : model.cities.main?.stack ?? null;
  if (limit !== null) {
    const where = reading === "optional" ? "Optional Rules 14. Cities, Table of City Differences" : "8. Fortified Cities (Red-Dot Cities) A";
    if (defs.length > limit) errors.push(`At most ${limit} units may stack in this city (${where}).`);
    return;
  }
  const c = defs.filter((u) => u.type === "cavalry").length;
  const inf = defs.filter((u) => u.type === "infantry").length;
  const mis = defs.filter((u) => u.type === "missile").length;
  const ok = defs.length === 1 || (defs.length === 2 && c === 0 && inf <= 1 && mis >= 1);
  if (!ok) errors.push(`The defending hex breaks the stacking limits (${SOURCES.stacking}): outside a city with a red dot, a hex holds one cavalry unit alone, one infantry and one missile unit, or two missile units.`);
}

export function evaluate(scenario, model) {
  const s = { ...defaultScenario(), ...scenario };
  s.optional = { ...(scenario?.optional || {}) };
  s.readings = { ...defaultScenario().readings, ...(scenario?.readings || {}) };
  const errors = [];
  const warnings = [];
  const result = { ok: false, errors, warnings, steps: [], scenario: s };

  if (!model || !model.ok) {
    errors.push(`The rules data is incomplete: ${(model?.problems || ["no records"]).join("; ")}.`);
    return result;
  }
  if (!TERRAINS.includes(s.terrain)) errors.push(`Unknown terrain “${s.terrain}”.`);
  if (!CITIES.includes(s.city)) errors.push(`Unknown city type “${s.city}”.`);
  if (!READINGS.river.includes(s.readings.river)) errors.push(`Unknown river reading “${s.readings.river}”.`);
  if (!READINGS.redDot.includes(s.readings.redDot)) errors.push(`Unknown red-dot reading “${s.readings.redDot}”.`);
  if (!HEROES.includes(s.hero)) errors.push(`Unknown David/Goliath setting “${s.hero}”.`);
  validateUnits(s.attackers, "attacker", errors);
  validateUnits(s.defenders, "defender", errors);
  if (errors.length) return result;

  const P = model.params;
  const opt = (k) => Boolean(s.optional[k]);
  const isCity = CITY_KINDS.has(s.city);
  const optionalCities = s.readings.redDot === "optional";

  // Attacks the rules forbid or do not resolve.
  checkDefenderStacking(s.defenders, s.city, s.readings.redDot, model, errors);
  if (s.formerAllies && !isCity) errors.push(`Fighting inside a city between former allies (${SOURCES.formerAllies}) needs a city with a red dot, fortified city, capital or hegemonic city.`);
  if (opt("davidGoliath") && s.hero === "both") errors.push(`David and Goliath are both in this combat: they must first fight each other at 1-1 until one is eliminated, and regular combat waits (21. David vs Goliath; Optional Rules 6).`);
  s.attackers.forEach((u, i) => {
    if (u.flags?.charge && opt("charge")) {
      if (u.type !== "cavalry") errors.push(`Attacker unit ${i + 1}: only cavalry can charge (${SOURCES.cavalryCharge}).`);
      else if (s.defenders.some((d) => d.type === "cavalry")) errors.push(`Attacker unit ${i + 1}: no charge bonus when there is enemy cavalry in the defending hex (${SOURCES.cavalryCharge}).`);
      else if (!s.defenders.some(isFoot)) errors.push(`Attacker unit ${i + 1}: the charge bonus is against foot units (${SOURCES.cavalryCharge}).`);
    }
  });
  if (errors.length) return result;

  // Which table.
  let tableRole = "combat";
  let tableWhy = "the defender is not in a city with a red dot, a fortified city or a capital (7. Combat Mechanics)";
  const cityRule = isCity && optionalCities ? model.cities.optional[s.city] : null;
  if (isCity) {
    if (s.formerAllies) {
      tableWhy = `fighting inside the city between former allies uses the Combat Table, and retreats become eliminations (${SOURCES.formerAllies})`;
    } else if (optionalCities) {
      tableRole = cityRule.table;
      tableWhy = `reading Optional Rules 14. Cities: the Table of City Differences sends a ${cityRule.label} to the ${model.tables[tableRole].name}`;
    } else {
      tableRole = model.cities.main.table;
      tableWhy = `every city with a red dot, fortified city or capital counts as a red-dot fortified city, reading ${SOURCES.redDotMain}`;
    }
  }
  const table = model.tables[tableRole];
  result.table = { role: tableRole, id: table.id, name: table.name, url: table.url, why: tableWhy };

  // Per-unit modifiers.
  const allAcrossRiver = s.attackers.every((u) => u.flags?.river);
  const unitLines = (side) => {
    const list = side === "attacker" ? s.attackers : s.defenders;
    return list.map((u, i) => {
      const mods = [];
      const skipped = [];
      const f = u.flags || {};
      const pushMod = (name, value, source, param) => mods.push({ name, value, source, param });
      // A modifier that only exists under an optional rule: applied, or listed as not applied.
      const optionalMod = (rule, name, param, source, offText) => {
        if (opt(rule)) pushMod(name, P[param], source, param);
        else skipped.push(offText);
      };
      if (side === "attacker") {
        if (f.desert) pushMod("attacking from desert", P.attackerDesert, SOURCES.desert, "attackerDesert");
        if (f.river) {
          if (s.readings.river === "table") pushMod("attacks across a river", P.riverAttacker, SOURCES.riverTable, "riverAttacker");
        }
        if (f.disembarked) optionalMod("fleets", "just disembarked", "disembarked", SOURCES.disembarked, "just disembarked: optional rule Fleets is off");
        if (f.deity) optionalMod("deities", "stacked with a deity", "deity", SOURCES.deity, "deity: optional rule Deities is off");
        if (u.type === "cavalry" && isCity) pushMod("cavalry attacking a city", P.cavalryCity, SOURCES.cavalryCity, "cavalryCity");
        if (f.charge) optionalMod("charge", "cavalry charge", "cavalryCharge", SOURCES.cavalryCharge, "charge: optional cavalry rule is off");
      } else {
        const terrainParam = { mountain: "defenderMountain", forest: "defenderForest", swamp: "defenderSwamp", hills: "defenderHills", clear: "defenderClear", desert: "defenderDesert" }[s.terrain];
        const v = P[terrainParam];
        if (v !== 1) pushMod(`defending in ${s.terrain}`, v, s.terrain === "desert" ? SOURCES.desert : SOURCES.terrain, terrainParam);
        if (s.readings.river === "text" && allAcrossRiver) pushMod("every attack comes across the river", P.riverDefender, SOURCES.riverText, "riverDefender");
        if (cityRule && !s.formerAllies && cityRule.defence !== 1) {
          mods.push({ name: `defending a ${cityRule.label} (“${cityRule.defenceText}”)`, value: cityRule.defence, source: SOURCES.redDotOptional, param: null,
            link: { name: model.cities.optional.name, url: model.cities.optional.url } });
        }
        if (s.encamped) optionalMod("encampments", "encamped", "encampment", SOURCES.encampment, "encampment: optional rule Encampments is off");
        if (s.defenderDeity) optionalMod("deities", "stacked with a deity", "deity", SOURCES.deity, "deity: optional rule Deities is off");
        if (u.type === "cavalry" && isCity) pushMod("cavalry defending a city", P.cavalryCity, SOURCES.cavalryCity, "cavalryCity");
      }
      let m = frac(1);
      for (const x of mods) m = mul(m, fromNumber(x.value));
      let capped = false;
      if (opt("cap")) {
        const c = fromNumber(P.cap);
        if (cmp(m, c) > 0) { m = c; capped = true; }
      }
      const printed = frac(u.factor);
      const value = mul(printed, m);
      return { index: i + 1, type: u.type, printed: u.factor, mods, skipped, multiplier: m, capped, value };
    });
  };
  const att = unitLines("attacker");
  const def = unitLines("defender");
  const sum = (lines) => lines.reduce((acc, l) => add(acc, l.value), frac(0));
  const A = sum(att);
  const D = sum(def);
  const printedA = s.attackers.reduce((t, u) => t + u.factor, 0);
  const printedD = s.defenders.reduce((t, u) => t + u.factor, 0);
  result.attacker = { units: att, total: A, printed: printedA };
  result.defender = { units: def, total: D, printed: printedD };
  if (s.attackers.some((u) => u.flags?.river) && s.readings.river === "text" && !allAcrossRiver)
    warnings.push(`Only some attackers cross the river: under ${SOURCES.riverText}, the defender is doubled only when every attack comes across it, so nothing is applied.`);
  if (s.siegeMachine && tableRole !== "siege")
    warnings.push(`The siege machine has no effect here: it shifts the column only when attacking a fortified city on the Siege Table (${SOURCES.siegeMachine}).`);
  if (s.hero !== "none" && !opt("davidGoliath"))
    warnings.push("David or Goliath shifts no column: the optional David and Goliath rule is off.");

  // Force ratio, rounded in the defender's favour onto the table's ladder.
  const ladder = table.ladder;
  const big = A.n * D.d; // A / D = big / small
  const small = D.n * A.d;
  let rounded;
  if (big >= small) rounded = { a: floorDiv(big, small), b: 1 };
  else rounded = { a: 1, b: floorDiv(small + big - 1, big) }; // ceil(D/A)
  result.ratio = { attacker: A, defender: D, exact: big / small, rounded, label: `${rounded.a}:${rounded.b}` };

  const top = ladder[ladder.length - 1];
  const bottom = ladder[0];
  // Position on the ladder; ratios past either end get a virtual position one
  // step per whole ratio point, so a shift can bring them back onto the table.
  let pos = ladder.findIndex((e) => e.a === rounded.a && e.b === rounded.b);
  if (pos < 0) {
    if (rounded.a * top.b > top.a * rounded.b) pos = ladder.length - 1 + (top.b === 1 && rounded.b === 1 ? rounded.a - top.a : 1);
    else if (rounded.a * bottom.b < bottom.a * rounded.b) pos = -(bottom.a === 1 && rounded.a === 1 ? rounded.b - bottom.b : 1);
    else { // a gap in the printed columns: the nearest column below (defender's favour)
      pos = 0;
      for (let i = 0; i < ladder.length; i++) if (ladder[i].a * rounded.b <= rounded.a * ladder[i].b) pos = i;
    }
  }
  const edges = table.edges;
  if (edges.below === "not-allowed" && rounded.a * edges.lowest.b < edges.lowest.a * rounded.b) {
    errors.push(`This attack is not allowed: ${fracToString(A)} against ${fracToString(D)} rounds to ${rounded.a}:${rounded.b}, and the ${table.name} allows nothing below ${edges.lowest.a}:${edges.lowest.b} (${SOURCES.siegeBelow}).`);
    return result;
  }

  // Column shifts.
  const shifts = [];
  if (s.siegeMachine && tableRole === "siege") shifts.push({ name: "siege machine with the attackers", by: P.siegeShift, source: SOURCES.siegeMachine, param: "siegeShift" });
  if (opt("davidGoliath") && s.hero === "attacker") shifts.push({ name: "David or Goliath with the attackers", by: P.davidGoliathShift, source: SOURCES.davidGoliath, param: "davidGoliathShift" });
  if (opt("davidGoliath") && s.hero === "defender") shifts.push({ name: "David or Goliath with the defenders", by: -P.davidGoliathShift, source: SOURCES.davidGoliath, param: "davidGoliathShift" });
  const totalShift = shifts.reduce((t, x) => t + x.by, 0);
  result.shifts = shifts;
  let final = pos + totalShift;
  const past = (p) => (p >= ladder.length ? `${top.a + (top.b === 1 ? p - ladder.length + 1 : 0)}:1` : `1:${bottom.b + (bottom.a === 1 ? -p : 0)}`);

  let edge = null;
  if (final >= ladder.length) {
    const where = `${past(final)} is beyond the last column (${top.a}:${top.b}) of the ${table.name}`;
    if (edges.above === "last-column") {
      edge = { kind: "capped", text: `${where}: it is read as ${top.a}:${top.b} (${SOURCES.edges}).` };
      final = ladder.length - 1;
    } else if (edges.above === "automatic-elimination") {
      edge = { kind: "automatic-elimination", text: `${where}: the weaker side, the defender, is eliminated automatically with no die roll (${SOURCES.edges}).` };
    } else {
      edge = { kind: "not-covered", text: `${where}, and the ${table.name} says nothing about it; the calculator does not guess.` };
    }
  } else if (final < 0) {
    edge = { kind: "not-covered", text: `${past(final)} is below the first column (${bottom.a}:${bottom.b}) of the ${table.name}; the rules give no result there (they only speak of ratios beyond the top), so the calculator does not guess.` };
  }
  result.edge = edge;

  // Who holds "ratio 1" in the column used.
  const column = edge && edge.kind !== "capped" ? null : ladder[final];
  result.column = column ? { id: column.col, label: column.label, a: column.a, b: column.b, position: final } : null;
  const weakSide = column ? (column.a > column.b ? "defender" : column.a < column.b ? "attacker" : null) : null;

  // Outcome conversions the scenario forces.
  const defIgnoresRetreat = [];
  if (s.encamped && opt("encampments")) defIgnoresRetreat.push(`encamped (${SOURCES.encampment})`);
  if (cityRule?.ignoresRetreat && !s.formerAllies) defIgnoresRetreat.push(`${cityRule.label} (${SOURCES.citiesRetreat})`);
  const defRetreatKills = [];
  if (s.formerAllies) defRetreatKills.push(SOURCES.formerAllies);
  if (s.defenderRetreatBlocked) defRetreatKills.push(SOURCES.retreatBlocked);
  const attRetreatKills = [];
  if (s.formerAllies) attRetreatKills.push(SOURCES.formerAllies);
  if (s.attackerRetreatBlocked) attRetreatKills.push(SOURCES.retreatBlocked);

  const defaultRetreat = P.retreatDistance;
  const exchangeLoss = Math.min(printedA, printedD);
  const convert = (o) => {
    const out = { ...o, via: [] };
    if (o.kind === "defender-retreats") {
      if (defIgnoresRetreat.length) { out.kind = "no-effect"; out.via.push(`retreat ignored: ${defIgnoresRetreat.join("; ")}`); delete out.hexes; }
      else if (defRetreatKills.length) { out.kind = "defender-eliminated"; out.via.push(`cannot retreat: ${defRetreatKills.join("; ")}`); delete out.hexes; }
    } else if (o.kind === "attacker-retreats" && attRetreatKills.length) {
      out.kind = "attacker-eliminated"; out.via.push(`cannot retreat: ${attRetreatKills.join("; ")}`); delete out.hexes;
    }
    if (out.kind === "exchange") out.loss = exchangeLoss;
    out.label = outcomeLabel(out);
    out.key = out.kind.endsWith("-retreats") ? `${out.kind}:${out.hexes}` : out.kind === "other" ? `other:${out.text}` : out.kind;
    return out;
  };

  // Die rows.
  const faces = table.faces;
  const rows = [];
  if (edge?.kind === "automatic-elimination") {
    // No die is rolled.
  } else if (edge?.kind === "not-covered") {
    for (const r of table.rows) rows.push({ die: r.die, known: false, text: "not in the source", note: "no printed column for this ratio" });
  } else {
    for (const r of table.rows) {
      const { value, note } = cellValue(r.cells[column.col]);
      if (value === undefined || value === null || value === "unknown") {
        rows.push({ die: r.die, known: false, text: "not in the source", note: note || "the transcription has no cell here" });
      } else {
        const o = convert({ ...classifyResult(value, weakSide, defaultRetreat), text: String(value) });
        rows.push({ die: r.die, known: true, text: String(value), note, outcome: o });
      }
    }
  }
  result.rows = rows;

  // Aggregate: exact sixths, an explicit unknown share, never rescaled.
  const agg = new Map();
  let unknown = 0;
  if (edge?.kind === "automatic-elimination") {
    agg.set("defender-eliminated", { key: "defender-eliminated", kind: "defender-eliminated", label: "Defender eliminated (automatic)", count: faces, dice: [] });
  } else {
    for (const r of rows) {
      if (!r.known) { unknown += 1; continue; }
      const e = agg.get(r.outcome.key) || { key: r.outcome.key, kind: r.outcome.kind, label: r.outcome.label, count: 0, dice: [], loss: r.outcome.loss, via: r.outcome.via };
      e.count += 1;
      e.dice.push(r.die);
      agg.set(r.outcome.key, e);
    }
  }
  const outcomes = [...agg.values()].map((e) => ({
    ...e,
    low: frac(e.count, faces),
    high: frac(e.count + unknown, faces),
  }));
  result.faces = faces;
  result.unknownRows = unknown;
  result.unknownShare = frac(unknown, faces);
  result.outcomes = outcomes;
  result.knownShare = frac(faces - unknown, faces);
  result.oracle = outcomes.some((o) => o.kind === "oracle") || unknown > 0
    ? { possible: true, certain: outcomes.some((o) => o.kind === "oracle"), link: model.tables.oracle?.url || null }
    : { possible: false };
  result.exchangeLoss = exchangeLoss;
  result.ok = true;

  // Steps a player can check.
  const st = result.steps;
  const fmt = fracToString;
  st.push({ step: "Table", text: `${table.name}: ${tableWhy}.` });
  for (const [side, lines] of [["Attacker", att], ["Defender", def]]) {
    for (const l of lines) {
      const parts = l.mods.map((x) => `×${fmt(fromNumber(x.value))} ${x.name} (${x.source})`);
      let text = `${side} unit ${l.index} (${l.type}): printed ${l.printed}`;
      if (parts.length) text += `; ${parts.join("; ")}`;
      if (l.capped) text += `; capped at ×${fmt(fromNumber(P.cap))} (${SOURCES.cap})`;
      text += ` → ${fmt(l.value)}`;
      if (l.skipped.length) text += ` [not applied: ${l.skipped.join("; ")}]`;
      st.push({ step: `${side} unit ${l.index}`, text });
    }
  }
  st.push({ step: "Totals", text: `Attacker ${fmt(A)} (printed ${printedA}) against defender ${fmt(D)} (printed ${printedD}).` });
  st.push({ step: "Rounding", text: `${fmt(A)} : ${fmt(D)} rounds in the defender's favour to ${rounded.a}:${rounded.b} (${SOURCES.rounding}).` });
  for (const x of shifts) st.push({ step: "Shift", text: `${x.by > 0 ? "+" : ""}${x.by} column: ${x.name} (${x.source}).` });
  if (edge) st.push({ step: "Edge", text: edge.text });
  if (column) st.push({ step: "Column", text: `${table.name}, column ${column.label}.` });
  return result;
}

// ---------------------------------------------------------------- URL state

const TYPE_CODE = { infantry: "i", missile: "m", cavalry: "c" };
const CODE_TYPE = { i: "infantry", m: "missile", c: "cavalry" };
const FLAG_CODE = { desert: "s", river: "r", disembarked: "e", deity: "g", charge: "h" };
const CODE_FLAG = Object.fromEntries(Object.entries(FLAG_CODE).map(([k, v]) => [v, k]));
const OPT_CODE = { encampments: "enc", cap: "cap", deities: "dei", charge: "chg", fleets: "fle", davidGoliath: "dg" };
const CODE_OPT = Object.fromEntries(Object.entries(OPT_CODE).map(([k, v]) => [v, k]));
const BOOL_CODE = { encamped: "enc", defenderDeity: "god", siegeMachine: "sm", formerAllies: "ally", attackerRetreatBlocked: "ab", defenderRetreatBlocked: "db" };

function encodeUnits(list, withFlags) {
  return list.map((u) => {
    const flags = withFlags ? Object.keys(FLAG_CODE).filter((k) => u.flags?.[k]).map((k) => FLAG_CODE[k]).join("") : "";
    const f = Number.isFinite(u.factor) ? String(u.factor) : "x";
    return `${TYPE_CODE[u.type] || "i"}${f}${flags}`;
  }).join(".");
}
function decodeUnits(text) {
  if (text === null || text === undefined) return null;
  if (text === "") return [];
  return text.split(".").map((part) => {
    const m = part.match(/^([a-z])(-?\d*)([a-z]*)$/);
    if (!m) return { type: "infantry", factor: NaN, flags: {} };
    const flags = {};
    for (const ch of m[3]) if (CODE_FLAG[ch]) flags[CODE_FLAG[ch]] = true;
    return { type: CODE_TYPE[m[1]] || m[1], factor: m[2] === "" ? NaN : Number(m[2]), flags };
  });
}

export function encodeScenario(s) {
  const q = new URLSearchParams();
  q.set("a", encodeUnits(s.attackers || [], true));
  q.set("d", encodeUnits(s.defenders || [], false));
  q.set("t", s.terrain || "clear");
  q.set("c", s.city || "none");
  const o = Object.keys(OPT_CODE).filter((k) => s.optional?.[k]).map((k) => OPT_CODE[k]);
  if (o.length) q.set("o", o.join("."));
  const b = Object.keys(BOOL_CODE).filter((k) => s[k]).map((k) => BOOL_CODE[k]);
  if (b.length) q.set("f", b.join("."));
  if (s.hero && s.hero !== "none") q.set("dg", s.hero);
  q.set("river", s.readings?.river || "text");
  q.set("reddot", s.readings?.redDot || "main");
  return q.toString();
}

export function decodeScenario(search) {
  const q = new URLSearchParams(search);
  const s = defaultScenario();
  const a = decodeUnits(q.get("a"));
  const d = decodeUnits(q.get("d"));
  if (a) s.attackers = a;
  if (d) s.defenders = d.map(({ type, factor }) => ({ type, factor }));
  if (q.get("t")) s.terrain = q.get("t");
  if (q.get("c")) s.city = q.get("c");
  s.optional = {};
  for (const code of (q.get("o") || "").split(".")) if (CODE_OPT[code]) s.optional[CODE_OPT[code]] = true;
  const f = new Set((q.get("f") || "").split("."));
  for (const [k, code] of Object.entries(BOOL_CODE)) s[k] = f.has(code);
  if (q.get("dg")) s.hero = q.get("dg");
  if (q.get("river")) s.readings.river = q.get("river");
  if (q.get("reddot")) s.readings.redDot = q.get("reddot");
  return s;
}
