// The Ancient Conquest rules as numbers: read from the `records` array of api/records.json.
//
// Every number the rules give (table cells, multipliers, column shifts, the cap, the stacking
// limits) is read from the records. This module only knows *where* each number lives (PARAMS:
// a record id and a fact label, or a table cell) and how a table's columns form a ladder.
// What the records lack is `problems` (sentences for the page) and `gaps` (the same, each with
// its record, fact, field path or table cell: shared/records.js gap()).
import { gap, missingRecord, uniqueGaps } from "../../shared/records.js";

const CHECK = "engine/ac-battle";   // the check name of its gaps in the generator's lines

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
  // The pieces that can take part in one attack, to bound a scenario from a link: only units
  // next to the defending hex attack (7. Combat Mechanics), a hex holds at most the largest
  // stack the rules allow (5. Stacking: a red-dot city hex), and a hex has as many neighbours
  // as the Sowing rule counts around a city (one sowing counter per hex, at most 6).
  hexesAround: [{ record: "ac-sowing", label: "Sowing counters per city (max)", kind: "count" }],
  stackMost: [{ record: "ac-stacking", label: "Army units in a red-dot city hex", kind: "count" }],
  // Optional: without it, a retreat whose cell names no distance shows "distance not given".
  retreatDistance: [{ record: "ac-combat-table", label: "Retreat distance of the player with ratio 1", kind: "count", optional: true }],
};

// The parameter each optional rule of the page (scenario.js OPTIONAL_RULES) reads: the rule's
// record is that parameter's. A table that plays the record's rule plays the page's rule.
export const OPTIONAL_PARAMS = { encampments: "encampment", cap: "cap", deities: "deity", charge: "cavalryCharge",
  fleets: "disembarked", davidGoliath: "davidGoliathShift" };

/** {optional rule: its record id}, from PARAMS. */
export function optionalRecords() {
  return Object.fromEntries(Object.entries(OPTIONAL_PARAMS).map(([k, p]) => [k, PARAMS[p][0].record]));
}

// The numbers each parameter may be (a terrain multiplier of 0 would
// wipe a side out): a multiplier above 0 and at most 10, a count from 0 to 99, unless RANGES
// gives the parameter its own. A value outside is a gap like a missing one.
const KIND_RANGES = {
  multiplier: { above: 0, most: 10, what: "a multiplier" },
  count: { least: 0, most: 99, what: "a count" },
};
export const RANGES = {
  cap: { least: 1, most: 10, what: "the largest multiplier" },
  cityStackMain: { least: 1, most: 99, what: "a stacking limit" },
  stackMost: { least: 1, most: 99, what: "a stacking limit" },
  hexesAround: { least: 1, most: 6, what: "the hexes around one hex" },
};

/** What a parameter's number is ("a multiplier", "the largest multiplier"), from its range. */
function whatOf(key, kind) {
  return (RANGES[key] || KIND_RANGES[kind === "count" ? "count" : "multiplier"]).what;
}

/** null when v is within the parameter's range, else the words of the range. */
export function outOfRange(key, kind, v) {
  const r = RANGES[key] || KIND_RANGES[kind === "count" ? "count" : "multiplier"];
  const low = r.above !== undefined ? v > r.above : v >= r.least;
  if (low && v <= r.most) return null;
  return `${r.what} must be ${r.above !== undefined ? `above ${r.above}` : `from ${r.least}`} ${r.above !== undefined ? "and at most" : "to"} ${r.most}`;
}

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

export function cellValue(cell) {
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
  if (!dieCol) { problems.push(gap({ record: rec.id, path: ["columns"], problem: "no die column", fix: "add the die column (id: die)" })); return null; }
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
  let dieless = false;
  for (const [i, r] of (rec.rows || []).entries()) {
    const die = cellValue(r.cells?.[dieCol.id]).value;
    if (!Number.isInteger(die)) {
      dieless = true;
      problems.push(gap({ record: rec.id, path: ["rows", i, "cells", dieCol.id], value: die, problem: "a row without a die value",
        fix: "write the die face of this row, a whole number" }));
      continue;
    }
    rows.push({ die, cells: r.cells || {}, note: r.note });
  }
  rows.sort((x, y) => x.die - y.die);
  const faces = rows.length;
  // A row without a die is said above; the faces are counted only when every row has one.
  if (!dieless && rows.some((r, i) => r.die !== i + 1)) {
    problems.push(gap({ record: rec.id, path: ["rows"], problem: `die rows are not 1..${faces}`, fix: `give the rows the die faces 1 to ${faces}, once each` }));
  }
  if (!ladder.length) problems.push(gap({ record: rec.id, path: ["columns"], problem: "no force-ratio columns", fix: "label each result column with its force ratio (1:2, 3:1)" }));
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
    if (!rec) { problems.push(missingRecord(id)); tables[role] = null; continue; }
    tables[role] = role === "terrain" ? { id, name: rec.name, url: rec.url, record: rec } : buildTable(rec, problems);
  }
  const params = {};
  const paramSources = {};
  for (const [key, places] of Object.entries(PARAMS)) {
    const tried = [];
    let found = null;
    let first = null;   // the first place's value and what is wrong with it: where the gap is said
    for (const place of places) {
      const rec = byId.get(place.table || place.record);
      if (!rec) { tried.push(`${place.table || place.record} (no such record)`); first = first || {}; continue; }
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
      const outside = typeof v === "number" && Number.isFinite(v) ? outOfRange(key, place.kind, v) : "not a number";
      if (!outside) {
        found = { v, rec, where };
        break;
      }
      tried.push(v === undefined ? `${where} (absent)` : outside === "not a number" ? `${where} (${JSON.stringify(v)})`
        : `${where} (${v}: ${outside})`);
      first = first || { value: v, range: outside === "not a number" ? null : outside };
    }
    if (!found) {
      if (places.some((p) => p.optional)) continue;
      const place = places[0];
      const at = place.table ? { record: place.table, row: place.row, column: place.column } : { record: place.record, fact: place.label };
      problems.push(gap({ ...at, value: first.value, range: first.range || null,
        problem: first.range || `${whatOf(key, place.kind)} is needed here`,
        message: `no number for ${key}: tried ${tried.join(", ")}`,
        fix: place.table ? "write the value the source gives, as the other rows do" : "write the number the source gives" }));
      continue;
    }
    params[key] = found.v;
    paramSources[key] = { id: found.rec.id, name: found.rec.name, url: found.rec.url, where: found.where };
  }
  // Cities with a red dot, under each reading.
  const tableOf = (text) => (/siege/i.test(String(text)) ? "siege" : /combat/i.test(String(text)) ? "combat" : null);
  const mainRec = byId.get(CITY_SOURCES.main.record);
  const cities = { main: null, optional: {} };
  if (!mainRec) problems.push(missingRecord(CITY_SOURCES.main.record));
  else {
    const t = tableOf(factValue(mainRec, CITY_SOURCES.main.tableFact));
    if (!t) {
      problems.push(gap({ record: CITY_SOURCES.main.record, fact: CITY_SOURCES.main.tableFact, value: factValue(mainRec, CITY_SOURCES.main.tableFact),
        problem: `fact “${CITY_SOURCES.main.tableFact}” names no table`, fix: "name the Combat Table or the Siege Table" }));
    }
    cities.main = { table: t, stack: params.cityStackMain, name: mainRec.name, url: mainRec.url };
  }
  const cd = byId.get(CITY_SOURCES.optional.table);
  if (!cd) problems.push(missingRecord(CITY_SOURCES.optional.table));
  for (const [key, label] of Object.entries(CITY_SOURCES.optional.rows)) {
    if (!cd) break;
    const row = (cd.rows || []).find((r) => cellValue(r.cells?.type).value === label);
    if (!row) {
      problems.push(gap({ record: cd.id, row: ["type", label], problem: `no row “${label}”`, fix: `add the ${label} row the source gives` }));
      continue;
    }
    const c = (k) => cellValue(row.cells[k]).value;
    const table = tableOf(c("table_used"));
    if (!table) {
      problems.push(gap({ record: cd.id, row: ["type", label], column: "table_used", value: c("table_used"),
        problem: "names no table", message: `${cd.id}, ${label}: column table_used names no table`, fix: "name the Combat Table or the Siege Table" }));
    }
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

  const gaps = uniqueGaps(problems).map((g) => ({ ...g, check: g.check || CHECK }));
  return { tables, params, paramSources, cities, problems: gaps.map((g) => g.message), gaps, ok: gaps.length === 0 };
}

