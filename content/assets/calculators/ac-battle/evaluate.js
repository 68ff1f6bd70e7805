// One Ancient Conquest attack, evaluated: which table, each unit's factor, the ratio and
// column, every die row read for this battle, and the chance of each result as exact sixths
// with the share the source does not print kept apart (never rescaled).

import { frac, add, fracToString, fromNumber } from "./fractions.js";
import { cellValue } from "./model.js";
import { classifyResult, outcomeLabel } from "./results.js";
import { defaultScenario, TERRAINS, CITIES, READINGS, HEROES } from "./scenario.js";
import { SOURCES } from "./sources.js";
import { validateUnits, sideLimits, checkDefenderStacking, CITY_KINDS } from "./validate.js";
import { unitLines } from "./modifiers.js";
import { roundedRatio, columnShifts, pickColumn } from "./columns.js";

const isFoot = (u) => u.type === "infantry" || u.type === "missile";
const isPlainObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** The scenario with defaults for what is missing; a non-object becomes the default. */
function withDefaults(scenario) {
  const given = isPlainObject(scenario) ? scenario : {};
  const s = { ...defaultScenario(), ...given };
  s.optional = isPlainObject(given.optional) ? { ...given.optional } : {};
  s.readings = { ...defaultScenario().readings, ...(isPlainObject(given.readings) ? given.readings : {}) };
  return s;
}

export function evaluate(scenario, model) {
  const s = withDefaults(scenario);
  const errors = [];
  const issues = []; // the same problems, each with the input it concerns ({field, message})
  const warnings = [];
  const result = { ok: false, errors, issues, warnings, steps: [], scenario: s };
  const fail = (field, message) => { errors.push(message); issues.push({ field, message }); };

  if (!model || !model.ok) {
    fail("", `The rules data is incomplete: ${(model?.problems || ["no records"]).join("; ")}.`);
    return result;
  }
  if (!TERRAINS.includes(s.terrain)) fail("terrain", `Unknown terrain “${String(s.terrain).slice(0, 40)}”.`);
  if (!CITIES.includes(s.city)) fail("city", `Unknown city type “${String(s.city).slice(0, 40)}”.`);
  if (!READINGS.river.includes(s.readings.river)) fail("river", `Unknown river reading “${String(s.readings.river).slice(0, 40)}”.`);
  if (!READINGS.redDot.includes(s.readings.redDot)) fail("reddot", `Unknown red-dot reading “${String(s.readings.redDot).slice(0, 40)}”.`);
  if (!HEROES.includes(s.hero)) fail("hero", `Unknown David/Goliath setting “${String(s.hero).slice(0, 40)}”.`);
  const limits = sideLimits(model);
  validateUnits(s.attackers, "attacker", fail, limits.attacker);
  validateUnits(s.defenders, "defender", fail, limits.defender);
  if (errors.length) return result;

  const P = model.params;
  const opt = (k) => Boolean(s.optional[k]);
  const isCity = CITY_KINDS.has(s.city);
  const optionalCities = s.readings.redDot === "optional";

  // Attacks the rules forbid or do not resolve.
  checkDefenderStacking(s.defenders, s.city, s.readings.redDot, model, fail);
  if (s.formerAllies && !isCity) fail("former-allies", `Fighting inside a city between former allies (${SOURCES.formerAllies}) needs a city with a red dot, fortified city, capital or hegemonic city.`);
  if (opt("davidGoliath") && s.hero === "both") fail("hero", `David and Goliath are both in this combat: they must first fight each other at 1-1 until one is eliminated, and regular combat waits (21. David vs Goliath; Optional Rules 6).`);
  s.attackers.forEach((u, i) => {
    if (u.flags?.charge && opt("charge")) {
      if (u.type !== "cavalry") fail(`attacker-${i}-charge`, `Attacker unit ${i + 1}: only cavalry can charge (${SOURCES.cavalryCharge}).`);
      else if (s.defenders.some((d) => d.type === "cavalry")) fail(`attacker-${i}-charge`, `Attacker unit ${i + 1}: no charge bonus when there is enemy cavalry in the defending hex (${SOURCES.cavalryCharge}).`);
      else if (!s.defenders.some(isFoot)) fail(`attacker-${i}-charge`, `Attacker unit ${i + 1}: the charge bonus is against foot units (${SOURCES.cavalryCharge}).`);
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
  const ctx = { s, P, model, opt, isCity, cityRule, allAcrossRiver };
  const att = unitLines("attacker", ctx);
  const def = unitLines("defender", ctx);
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

  // Force ratio, rounded in the defender's favour onto the table's ladder, then the shifts.
  result.ratio = roundedRatio(A, D);
  const shifts = columnShifts(s, tableRole, P, opt);
  result.shifts = shifts;
  const picked = pickColumn(table, result.ratio, shifts);
  if (picked.refused) { fail("", picked.refused); result.refused = true; return result; }
  const { edge, column } = picked;
  result.edge = edge;
  result.column = column;
  // Who holds "ratio 1" in the column used.
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
      const { value, note } = cellValue(r.cells[column.id]);
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
  result.steps.push(...stepsOf(result, att, def, P));
  return result;
}

/** Steps a player can check, as text. */
function stepsOf(result, att, def, P) {
  const st = [];
  const fmt = fracToString;
  const { table, ratio, shifts, edge, column } = result;
  st.push({ step: "Table", text: `${table.name}: ${table.why}.` });
  for (const [side, lines] of [["Attacker", att], ["Defender", def]]) {
    for (const l of lines) {
      const parts = l.mods.map((x) => (x.noEffect ? `${x.name}: no effect (×1, ${x.source})` : `×${fmt(fromNumber(x.value))} ${x.name} (${x.source})`));
      let text = `${side} unit ${l.index} (${l.type}): printed ${l.printed}`;
      if (parts.length) text += `; ${parts.join("; ")}`;
      if (l.capped) text += `; capped at ×${fmt(fromNumber(P.cap))} (${SOURCES.cap})`;
      text += ` → ${fmt(l.value)}`;
      if (l.skipped.length) text += ` [not applied: ${l.skipped.join("; ")}]`;
      st.push({ step: `${side} unit ${l.index}`, text });
    }
  }
  const A = result.attacker, D = result.defender;
  st.push({ step: "Totals", text: `Attacker ${fmt(A.total)} (printed ${A.printed}) against defender ${fmt(D.total)} (printed ${D.printed}).` });
  st.push({ step: "Rounding", text: `${fmt(A.total)} : ${fmt(D.total)} rounds in the defender's favour to ${ratio.rounded.a}:${ratio.rounded.b} (${SOURCES.rounding}).` });
  for (const x of shifts) st.push({ step: "Shift", text: `${x.by > 0 ? "+" : ""}${x.by} column: ${x.name} (${x.source}).` });
  if (edge) st.push({ step: "Edge", text: edge.text });
  if (column) st.push({ step: "Column", text: `${table.name}, column ${column.label}.` });
  return st;
}
