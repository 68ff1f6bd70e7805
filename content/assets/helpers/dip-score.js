// Diplomacy variant (Mediterranean, 1 AD): the final score. A pure engine: no DOM, no
// network; Node and the browser import the same file.
//
// The French fragment gives: 1 point per supply centre plus a bonus by place (the C-diplo
// table), a solo at 18 centres worth 100 points to its maker and 0 to the others, and
// otherwise victory to the largest empire. Every one of those numbers is read from the
// records. The fragment does not say how powers with equal centres are placed, nor what
// places beyond the table score: those are unknown, and the readings below are offered
// as readings, never as the rule.
import { RecordsError, recordList, gameIndex, fact, numericFact, recordRef, gap, missingRecord } from "../shared/records.js";
import { readCount, shorten } from "../shared/input.js";
import { cleanName, params, readingParam } from "./shared/input.js";
import { helperLinkNotes } from "../link/query-notes.js";
import { POWER, powerValue, powerParts } from "./dip-score-query.js";

const GAME = "diplomacy-variant";
const CHECK = "engine/dip-score";   // the check name of its gaps in the generator's lines
export const SOURCES = {
  table: "dip-c-diplo-scoring",
  perCentre: ["dip-c-diplo-scoring", "Points per supply centre owned"],
  tie: ["dip-c-diplo-scoring", "Bonus when powers share a place"],
  soloCentres: ["dip-victory-condition", "Centres needed for a solo"],
  soloPoints: ["dip-solo-scoring", "Points to the soloist"],
  othersPoints: ["dip-solo-scoring", "Points to each other player"],
};
// The most powers a table may list. The fragment never says how many powers play (its
// bonus table stops at 5th place); this is an input ceiling, not a game number.
export const MAX_POWERS = 12;

// Readings where the fragment is silent. The first is the default: say it is unknown.
export const READINGS = {
  ties: ["unknown", "share", "higher", "lower"],   // powers with equal centres
  beyond: ["unknown", "zero"],                     // places the bonus table does not list
};
export const READING_NAMES = {
  ties: { unknown: "unknown (the fragment is silent)", share: "tied powers share the bonuses of the places they cover",
    higher: "each tied power takes the higher place's bonus", lower: "each tied power takes the lower place's bonus" },
  beyond: { unknown: "unknown (the table stops)", zero: "no bonus below the table" },
};

/** The scoring rules from records.json's content or a records array; throws RecordsError naming each gap. */
export function rulesFromRecords(data) {
  const list = recordList(data);
  if (!list) throw new RecordsError("score helper", ["records.json has no 'records' list"], CHECK);
  const byId = gameIndex(list, GAME);
  const problems = [];
  const table = byId.get(SOURCES.table);
  const bonus = new Map();
  if (!table) problems.push(missingRecord(SOURCES.table));
  else {
    for (const [i, row] of (table.rows || []).entries()) {
      const cells = (row && row.cells) || {};
      const place = typeof cells.place === "object" && cells.place ? cells.place.value : cells.place;
      const value = typeof cells.bonus === "object" && cells.bonus ? cells.bonus.value : cells.bonus;
      if (Number.isInteger(place) && place >= 1 && Number.isFinite(value)) bonus.set(place, value);
      else if (Number.isInteger(place)) bonus.set(place, null);   // a cell the source lacks
      else {
        problems.push(gap({ record: SOURCES.table, path: ["rows", i, "cells", "place"], value: place, problem: "a row has no whole-number place",
          fix: "write the place the table prints, a whole number" }));
      }
    }
    if (!bonus.size) problems.push(gap({ record: SOURCES.table, path: ["rows"], problem: "no rows with a place and a bonus", fix: "give the table its rows" }));
  }
  const rules = {
    bonus,
    perCentre: numericFact(byId, ...SOURCES.perCentre, problems),
    soloCentres: numericFact(byId, ...SOURCES.soloCentres, problems),
    soloPoints: numericFact(byId, ...SOURCES.soloPoints, problems),
    othersPoints: numericFact(byId, ...SOURCES.othersPoints, problems),
  };
  const tie = fact(byId.get(SOURCES.tie[0]), SOURCES.tie[1]);
  if (!byId.get(SOURCES.tie[0])) problems.push(missingRecord(SOURCES.tie[0]));
  else if (!tie) {
    problems.push(gap({ record: SOURCES.tie[0], fact: SOURCES.tie[1], problem: `no fact labelled '${SOURCES.tie[1]}'`,
      fix: `add {label: ${SOURCES.tie[1]}, value: unknown}, or the reading the source gives (${READINGS.ties.join(", ")})` }));
  }
  else if (tie.value !== "unknown" && !READINGS.ties.includes(tie.value)) {
    problems.push(gap({ record: SOURCES.tie[0], fact: SOURCES.tie[1], value: tie.value,
      problem: `'${SOURCES.tie[1]}' is ${JSON.stringify(tie.value)}; the helper knows ${READINGS.ties.join(", ")}`, fix: `write one of ${READINGS.ties.join(", ")}` }));
  }
  if (problems.length) throw new RecordsError("score helper", problems, CHECK);
  rules.tie = { value: tie.value, note: tie.note || "" };
  rules.powers = [...byId.values()].filter((r) => r.kind === "civilization").map(recordRef)
    .sort((a, b) => a.name.localeCompare(b.name));
  rules.sources = Object.fromEntries(["table", "soloCentres", "soloPoints"].map((k) => {
    const id = Array.isArray(SOURCES[k]) ? SOURCES[k][0] : SOURCES[k];
    return [k, recordRef(byId.get(id))];
  }));
  return rules;
}

export function emptyScenario() {
  return { powers: [], readings: { ties: READINGS.ties[0], beyond: READINGS.beyond[0] } };
}

/**
 * Read a scenario from a query string: p=<centres>:<name> for each power (repeated), and
 * r.ties / r.beyond. Returns {scenario, errors}; each error has the field it is about.
 */
export function scenarioFromQuery(query) {
  const q = params(query);
  const s = emptyScenario();
  const errors = [];
  const raw = q.getAll(POWER);
  if (raw.length > MAX_POWERS) errors.push({ field: POWER, message: `The link lists ${raw.length} powers; the helper takes at most ${MAX_POWERS}, so the rest were left out.` });
  raw.slice(0, MAX_POWERS).forEach((entry, i) => {
    const parts = powerParts(entry);
    const name = cleanName(parts.name) || `Power ${i + 1}`;
    const r = readCount(parts.centres, { label: `Centres of ${name}` });
    if (r.error) errors.push({ field: `${POWER}${i}`, message: r.error });
    s.powers.push({ name, centres: r.error ? null : r.value });
  });
  for (const [k, values] of Object.entries(READINGS)) {
    const v = q.get(readingParam(k));
    if (v === null) continue;
    if (values.includes(v)) s.readings[k] = v;
    else errors.push({ field: readingParam(k), message: `Reading ${k}: “${shorten(v)}” is not one of ${values.join(", ")}; the default is used.` });
  }
  const known = new Set([POWER, ...Object.keys(READINGS).map(readingParam)]);
  return { scenario: s, errors: helperLinkNotes(q, errors, { known, repeatable: [POWER] }) };
}

/** The query string of a scenario (without "?"). */
export function scenarioToQuery(s) {
  const q = new URLSearchParams();
  for (const p of s.powers) q.append(POWER, powerValue(p.centres, p.name));
  for (const [k, values] of Object.entries(READINGS)) if (s.readings[k] !== values[0]) q.set(readingParam(k), s.readings[k]);
  return q.toString();
}

/** An exact fraction {n, d} in lowest terms. */
function frac(n, d = 1) {
  const g = (a, b) => (b ? g(b, a % b) : Math.abs(a));
  const k = g(n, d) || 1;
  return { n: n / k, d: d / k };
}
/** A fraction as the page shows it: a whole number, or two decimals. */
export function formatPoints(f) {
  if (f === null) return "unknown";
  return f.d === 1 ? String(f.n) : (f.n / f.d).toFixed(2);
}

function placeBonus(rules, place, beyond) {
  if (rules.bonus.has(place)) return rules.bonus.get(place);
  return beyond === "zero" ? 0 : null;
}

/**
 * Score a finished game. Returns {ok: false, errors} for input the rules cannot score, or
 * {ok: true, solo, winner, rows, open} where rows are the powers by place, each with
 * {name, centres, place, tiedWith, bonus, points, low, high} (bonus and points are exact
 * fractions, or null when unknown; low and high then bound the points) and `open` lists
 * what the fragment left unknown in this result.
 */
export function score(rules, scenario) {
  const errors = [];
  const powers = scenario.powers.map((p, i) => ({ ...p, i }));
  if (powers.length < 2) errors.push({ field: POWER, message: "Enter at least two powers." });
  powers.forEach((p) => { if (p.centres === null) errors.push({ field: `p${p.i}`, message: `Enter the centres of ${p.name}.` }); });
  const seen = new Map();
  for (const p of powers) {
    const key = p.name.toLowerCase();
    if (seen.has(key)) errors.push({ field: `n${p.i}`, message: `Two powers are called ${p.name}; give each a different name.` });
    seen.set(key, p);
  }
  const soloists = powers.filter((p) => p.centres !== null && p.centres >= rules.soloCentres);
  if (soloists.length > 1) {
    errors.push({ field: `p${soloists[1].i}`, message: `${soloists.map((p) => p.name).join(" and ")} each have ${rules.soloCentres} centres or more. `
      + `A solo ends the game when the first power reaches ${rules.soloCentres}, so only one can have it: check the counts.` });
  }
  if (errors.length) return { ok: false, errors };

  if (soloists.length === 1) {
    const solo = soloists[0];
    const rows = [...powers].sort((a, b) => b.centres - a.centres || a.i - b.i).map((p) => {
      const pts = frac(p === solo ? rules.soloPoints : rules.othersPoints);
      return { name: p.name, centres: p.centres, place: null, tiedWith: 0, bonus: null, points: pts, low: pts, high: pts };
    });
    return { ok: true, solo: solo.name, winner: { names: [solo.name], by: "solo" }, rows, open: [] };
  }

  const sorted = [...powers].sort((a, b) => b.centres - a.centres || a.i - b.i);
  const open = new Set();
  // A tie rule in the records, if one is ever found, is the rule; otherwise the reading.
  const ties = rules.tie.value !== "unknown" ? rules.tie.value : scenario.readings.ties;
  const rows = sorted.map((p) => {
    const place = 1 + sorted.filter((x) => x.centres > p.centres).length;
    const group = sorted.filter((x) => x.centres === p.centres).length;
    const covered = Array.from({ length: group }, (_, k) => placeBonus(rules, place + k, scenario.readings.beyond));
    const known = covered.filter((b) => b !== null);
    if (covered.some((b) => b === null)) open.add("beyond");
    let bonus = null;
    if (group === 1) bonus = covered[0] === null ? null : frac(covered[0]);
    else {
      if (ties === "unknown") open.add("ties");
      if (known.length === covered.length) {
        if (ties === "share") bonus = frac(known.reduce((a, b) => a + b, 0), group);
        else if (ties === "higher") bonus = frac(known[0]);
        else if (ties === "lower") bonus = frac(known[known.length - 1]);
      }
    }
    const base = rules.perCentre * p.centres;
    const points = bonus === null ? null : frac(base * bonus.d + bonus.n, bonus.d);
    // A tie read as unknown: every reading offered gives a bonus between the lowest and the
    // highest of the places the tied powers cover. A place beyond the table gives no bound.
    const bounded = known.length === covered.length;
    return { name: p.name, centres: p.centres, place, tiedWith: group - 1, bonus, points,
      low: points || (bounded ? frac(base + Math.min(...known)) : null),
      high: points || (bounded ? frac(base + Math.max(...known)) : null) };
  });
  const most = sorted[0].centres;
  const leaders = sorted.filter((p) => p.centres === most).map((p) => p.name);
  return { ok: true, solo: null, winner: { names: leaders, by: leaders.length > 1 ? "tie" : "largest" }, rows,
    open: [...open] };
}

/**
 * Read a query string and score it. Messages about the link (an unknown key, a reading
 * not offered) are reported but do not stop the score; a power without a usable count does.
 * One message per field: the reading's message comes first.
 */
export function scoreQuery(rules, query) {
  const { scenario, errors } = scenarioFromQuery(query);
  const result = score(rules, scenario);
  const more = (result.errors || []).filter((e) => !errors.some((x) => x.field === e.field));
  return { scenario, ...result, errors: [...errors, ...more] };
}
