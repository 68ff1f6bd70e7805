// Ancient Conquest: who wins? A pure engine: no DOM, no network; Node and the browser
// import the same file.
//
// The game ends after the last turn; each nation-group (usually one player) totals the
// victory points of its peoples' achieved objectives, with optional points for conquered
// cities and captured deities; the most wins. Every value is read from the records: the
// people records' objectives, the optional rules' facts and the Table of City Differences.
// Where the rules disagree or are silent, the choice is a named reading.
import { RecordsError, recordList, gameIndex, numericFact, plainText, recordRef, gap, missingRecord } from "../shared/records.js";
import { readCount, shorten } from "../shared/input.js";
import { params, readingParam } from "./shared/input.js";
import { helperLinkNotes } from "../link/query-notes.js";
import { P, PAIR, keyOf } from "./ac-victory-query.js";

const GAME = "ancient-conquest";
const CHECK = "engine/ac-victory";   // the check name of its gaps in the generator's lines
export const SOURCES = {
  groups: ["ac-nation-groups", "Nation-groups"],
  lastTurn: ["ac-end-of-the-game", "Last turn"],
  deityValue: ["ac-deity-victory-points", "Value per deity counter"],
  deitiesPerNation: ["ac-deities", "Deity counters per nation"],
  fortifiedValue: ["ac-fortified-city-victory-points", "Value per fortified city"],
  cityTable: "ac-city-differences-table",
  pairEach: ["ac-tyre-and-sidon", "Each, separately"],
  pairBoth: ["ac-tyre-and-sidon", "Both held by one nation"],
  pairPlaces: ["ac-tyre", "ac-sidon"],
  whoWins: "ac-who-wins",
};

// Readings where the rules disagree or are silent; the first value of each is the default.
export const READINGS = {
  measure: ["points", "objectives"],   // most victory points, or most objectives achieved
  deities: ["captured", "all"],        // deity counters that score: captured ones, or every one held
};
// The city scoring a table plays: none, the optional rule of section 8, or the optional Table of City Differences.
export const CITY_RULES = ["none", "rule-8", "table"];


/** The rules of the final count, from records.json's content or a records array. */
export function rulesFromRecords(data) {
  const list = recordList(data);
  if (!list) throw new RecordsError("victory helper", ["records.json has no 'records' list"], CHECK);
  const byId = gameIndex(list, GAME);
  const problems = [];
  const groupCount = numericFact(byId, ...SOURCES.groups, problems);
  // A people with no_group is named in the source but not played (schemas/people.schema.json).
  for (const r of byId.values()) {
    if (r.kind === "people" && r.no_group !== undefined && (r.objectives || []).length) problems.push(gap({ record: r.id, path: ["no_group"], problem: "objectives but no_group, so nobody can score them",
      fix: "give the people its group, or move its objectives out" }));
  }
  const peoples = [...byId.values()].filter((r) => r.kind === "people" && r.no_group === undefined).map((r) => {
    if (!Number.isInteger(r.group)) problems.push(gap({ record: r.id, path: ["group"], problem: "no group", fix: "add group: the number of its nation-group" }));
    else if (groupCount !== undefined && (r.group < 1 || r.group > groupCount)) {
      problems.push(gap({ record: r.id, path: ["group"], value: r.group, problem: `group ${r.group} is outside 1 to ${groupCount}`,
        fix: `write a group from 1 to ${groupCount}` }));
    }
    const objectives = (r.objectives || []).map((o, i) => {
      const alt = o.vp_alternative_rule ? byId.get(o.vp_alternative_rule) : null;
      if (o.vp_alternative_rule && !alt) {
        problems.push(gap({ record: r.id, path: ["objectives", i, "vp_alternative_rule"], problem: `objective ${i + 1} names ${o.vp_alternative_rule}, which is not a record`,
          fix: "name the optional rule's record" }));
      }
      if (o.vp_alternative_rule && o.vp_alternative === undefined) {
        problems.push(gap({ record: r.id, path: ["objectives", i, "vp_alternative_rule"], problem: `objective ${i + 1} names an optional rule but no vp_alternative, the value it gives`,
          fix: "add vp_alternative, or delete vp_alternative_rule" }));
      }
      if (o.vp_alternative !== undefined && !o.vp_alternative_rule) {
        problems.push(gap({ record: r.id, path: ["objectives", i, "vp_alternative"], problem: `objective ${i + 1} has a second value but no vp_alternative_rule saying when it applies`,
          fix: "add vp_alternative_rule, or delete vp_alternative" }));
      }
      return { n: i + 1, text: plainText(o.text, byId), vp: Number.isFinite(o.vp) ? o.vp : null,
        extra: Number.isFinite(o.vp_alternative) ? o.vp_alternative : null, extraRule: alt ? recordRef(alt) : null,
        note: o.note ? plainText(o.note, byId) : null };
    });
    return { ...recordRef(r), key: keyOf(r.id), group: r.group, objectives };
  }).sort((a, b) => a.group - b.group || a.name.localeCompare(b.name));
  if (!peoples.length) problems.push(gap({ problem: "no people record with objectives" }));
  const optional = [];
  for (const p of peoples) for (const o of p.objectives) {
    if (o.extraRule && !optional.some((x) => x.id === o.extraRule.id)) optional.push(o.extraRule);
  }
  const cityTable = byId.get(SOURCES.cityTable);
  const cityTypes = [];
  if (!cityTable) problems.push(missingRecord(SOURCES.cityTable));
  else {
    for (const [i, row] of (cityTable.rows || []).entries()) {
      const c = (row && row.cells) || {};
      const type = typeof c.type === "object" && c.type ? c.type.value : c.type;
      const vp = typeof c.vp === "object" && c.vp ? c.vp.value : c.vp;
      if (typeof type !== "string" || !Number.isFinite(vp)) {
        problems.push(gap({ record: SOURCES.cityTable, path: ["rows", i, "cells", typeof type !== "string" ? "type" : "vp"], value: typeof type !== "string" ? type : vp,
          problem: "a row lacks a type or a number of victory points", fix: "write the city type and its victory points as the table prints them" }));
        continue;
      }
      cityTypes.push({ key: type.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, ""), name: type, vp });
    }
  }
  const rules = {
    groupCount, peoples, optional, cityTypes,
    lastTurn: numericFact(byId, ...SOURCES.lastTurn, problems),
    deityValue: numericFact(byId, ...SOURCES.deityValue, problems),
    deitiesPerNation: numericFact(byId, ...SOURCES.deitiesPerNation, problems),
    fortifiedValue: numericFact(byId, ...SOURCES.fortifiedValue, problems),
    pair: { each: numericFact(byId, ...SOURCES.pairEach, problems), both: numericFact(byId, ...SOURCES.pairBoth, problems),
      places: SOURCES.pairPlaces.map((id) => recordRef(byId.get(id))) },
  };
  SOURCES.pairPlaces.forEach((id, i) => { if (!rules.pair.places[i]) problems.push(missingRecord(id)); });
  if (problems.length) throw new RecordsError("victory helper", problems, CHECK);
  rules.groups = [...new Set(peoples.map((p) => p.group))].sort((a, b) => a - b);
  rules.maxDeities = peoples.length * rules.deitiesPerNation;   // one counter per nation, so no more than that in play
  rules.sources = Object.fromEntries(["deityValue", "fortifiedValue", "pairBoth", "lastTurn"].map((k) => [k, recordRef(byId.get(SOURCES[k][0]))]));
  rules.sources.cityTable = recordRef(cityTable);
  rules.sources.whoWins = recordRef(byId.get(SOURCES.whoWins));
  return rules;
}

export function emptyScenario(rules) {
  return { achieved: [], missed: [], groups: Object.fromEntries(rules.groups.map((g) => [g, { deities: 0, own: 0, cities: {}, player: null }])),
    pair: {}, optional: [], cities: CITY_RULES[0],
    readings: Object.fromEntries(Object.entries(READINGS).map(([k, v]) => [k, v[0]])) };
}

/**
 * Read a scenario from a query string: o=<people>.<n> per achieved objective, x=<people>.<n> per
 * objective the table judged missed (play along's), g<N>.deities, g<N>.own, g<N>.<city type> and
 * g<N>.player (the table's player who plays the group) per group, tyre=<group>, sidon=<group>,
 * opt=<rule id>, cities=none|rule-8|table, r.measure, r.deities.
 */
export function scenarioFromQuery(rules, query) {
  const q = params(query);
  const s = emptyScenario(rules);
  const errors = [];
  for (const raw of q.getAll(P.achieved)) {
    const [pk, n] = raw.split(".");
    const people = rules.peoples.find((p) => p.key === pk);
    const obj = people && people.objectives.find((o) => String(o.n) === n);
    if (!obj) errors.push({ field: P.achieved, message: `“${shorten(raw)}” is not an objective in the records; it was left out.` });
    else if (!s.achieved.includes(raw)) s.achieved.push(raw);
  }
  for (const raw of q.getAll(P.missed)) {
    const [pk, n] = raw.split(".");
    const people = rules.peoples.find((p) => p.key === pk);
    const obj = people && people.objectives.find((o) => String(o.n) === n);
    if (!obj) errors.push({ field: P.missed, message: `“${shorten(raw)}” is not an objective in the records; it was left out.` });
    else if (s.achieved.includes(raw)) errors.push({ field: P.missed, message: `${people.name}'s objective ${n} is marked both achieved and missed; it counts as achieved until you untick it.` });
    else if (!s.missed.includes(raw)) s.missed.push(raw);
  }
  const cityKeys = ["fortified", ...rules.cityTypes.map((t) => t.key)];
  for (const g of rules.groups) {
    const num = (k, label, max) => {
      const raw = q.get(P.count(g, k));
      if (raw === null) return 0;
      const r = readCount(raw, { label: `Group ${g}: ${label}`, max, why: max === rules.maxDeities ? `one deity counter per nation, ${rules.peoples.length} peoples` : "" });
      if (r.error) { errors.push({ field: P.count(g, k), message: r.error }); return 0; }
      return r.value;
    };
    s.groups[g].deities = num("deities", "captured deity counters", rules.maxDeities);
    s.groups[g].own = num("own", "own deity counters held", rules.maxDeities);
    for (const k of cityKeys) {
      const v = num(k, k === "fortified" ? "fortified cities conquered" : `${rules.cityTypes.find((t) => t.key === k).name}, conquered`);
      if (v) s.groups[g].cities[k] = v;
    }
    const who = q.get(P.player(g));
    if (who !== null) {
      const r = readCount(who, { label: `Group ${g}: the player who plays it`, min: 1 });
      if (r.error) errors.push({ field: P.player(g), message: r.error });
      else s.groups[g].player = r.value;
    }
  }
  for (const place of PAIR) {
    const raw = q.get(place);
    if (raw === null) continue;
    if (rules.groups.map(String).includes(raw)) s.pair[place] = Number(raw);
    else errors.push({ field: place, message: `${place}=“${shorten(raw)}”: give the number of the group that conquered it (${rules.groups.join(", ")}).` });
  }
  for (const id of q.getAll(P.optional)) {
    if (rules.optional.some((o) => o.id === id)) { if (!s.optional.includes(id)) s.optional.push(id); }
    else errors.push({ field: P.optional, message: `“${shorten(id)}” is not an optional rule that changes an objective's points; it was left out.` });
  }
  const cities = q.get(P.cities);
  if (cities !== null) {
    if (CITY_RULES.includes(cities)) s.cities = cities;
    else errors.push({ field: P.cities, message: `${P.cities}=“${shorten(cities)}”: use one of ${CITY_RULES.join(", ")}.` });
  }
  for (const [k, values] of Object.entries(READINGS)) {
    const v = q.get(readingParam(k));
    if (v === null) continue;
    if (values.includes(v)) s.readings[k] = v;
    else errors.push({ field: readingParam(k), message: `Reading ${k}: “${shorten(v)}” is not one of ${values.join(", ")}; the default is used.` });
  }
  const known = new Set([P.achieved, P.missed, ...PAIR, P.optional, P.cities, ...Object.keys(READINGS).map(readingParam),
    ...rules.groups.flatMap((g) => [P.player(g), ...["deities", "own", ...cityKeys].map((k) => P.count(g, k))])]);
  return { scenario: s, errors: helperLinkNotes(q, errors, { known, repeatable: [P.achieved, P.missed, P.optional] }) };
}

/** The query string of a scenario (without "?"), in a stable order. */
export function scenarioToQuery(rules, s) {
  const q = new URLSearchParams();
  for (const p of rules.peoples) for (const o of p.objectives) if (s.achieved.includes(`${p.key}.${o.n}`)) q.append(P.achieved, `${p.key}.${o.n}`);
  for (const p of rules.peoples) for (const o of p.objectives) if ((s.missed || []).includes(`${p.key}.${o.n}`)) q.append(P.missed, `${p.key}.${o.n}`);
  for (const g of rules.groups) {
    const x = s.groups[g];
    if (Number.isInteger(x.player)) q.set(P.player(g), String(x.player));
    if (x.deities) q.set(P.count(g, "deities"), String(x.deities));
    if (x.own) q.set(P.count(g, "own"), String(x.own));
    for (const k of ["fortified", ...rules.cityTypes.map((t) => t.key)]) if (x.cities[k]) q.set(P.count(g, k), String(x.cities[k]));
  }
  for (const place of PAIR) if (s.pair[place]) q.set(place, String(s.pair[place]));
  for (const o of rules.optional) if (s.optional.includes(o.id)) q.append(P.optional, o.id);
  if (s.cities !== CITY_RULES[0]) q.set(P.cities, s.cities);
  for (const [k, values] of Object.entries(READINGS)) if (s.readings[k] !== values[0]) q.set(readingParam(k), s.readings[k]);
  return q.toString();
}

/** City points of one group under the city rule in play. */
function cityPoints(rules, s, g) {
  const c = s.groups[g].cities;
  if (s.cities === "rule-8") {
    return { points: (c.fortified || 0) * rules.fortifiedValue, lines: c.fortified ? [`${c.fortified} fortified × ${rules.fortifiedValue}`] : [] };
  }
  if (s.cities !== "table") return { points: 0, lines: [] };
  let points = 0;
  const lines = [];
  for (const t of rules.cityTypes) {
    if (!c[t.key]) continue;
    points += c[t.key] * t.vp;
    lines.push(`${c[t.key]} ${t.name} × ${t.vp}`);
  }
  const held = PAIR.filter((p) => s.pair[p] === g);
  if (held.length === 2) { points += rules.pair.both; lines.push(`Tyre and Sidon together: ${rules.pair.both}`); }
  else if (held.length === 1) { points += rules.pair.each; lines.push(`${rules.pair.places[PAIR.indexOf(held[0])].name}: ${rules.pair.each}`); }
  return { points, lines };
}

/**
 * The final count. Returns {ok: false, errors} for input the rules cannot count, or
 * {ok: true, groups, winner, measure}: for each group its peoples' objectives, points and
 * count, city and deity points and total; winner {groups, tie}.
 */
export function finalCount(rules, s) {
  const errors = [];
  const deities = rules.groups.reduce((a, g) => a + s.groups[g].deities + (s.readings.deities === "all" ? s.groups[g].own : 0), 0);
  if (deities > rules.maxDeities) {
    errors.push({ field: `g${rules.groups[rules.groups.length - 1]}.deities`, message: `The groups hold ${deities} deity counters in all, but there are only ${rules.maxDeities} (one per nation).` });
  }
  if (errors.length) return { ok: false, errors };
  const groups = rules.groups.map((g) => {
    const peoples = rules.peoples.filter((p) => p.group === g).map((p) => {
      const done = p.objectives.filter((o) => s.achieved.includes(`${p.key}.${o.n}`));
      const unknown = done.filter((o) => o.vp === null);
      const points = done.reduce((a, o) => a + (o.vp || 0) + (o.extra !== null && s.optional.includes(o.extraRule.id) ? o.extra : 0), 0);
      return { id: p.id, name: p.name, url: p.url, achieved: done.map((o) => o.n), points, count: done.length, unknown: unknown.map((o) => o.n) };
    });
    const objectives = peoples.reduce((a, p) => a + p.points, 0);
    const count = peoples.reduce((a, p) => a + p.count, 0);
    const city = cityPoints(rules, s, g);
    const counters = s.groups[g].deities + (s.readings.deities === "all" ? s.groups[g].own : 0);
    const deity = counters * rules.deityValue;
    return { group: g, player: s.groups[g].player, peoples, objectives, count, cities: city.points, cityLines: city.lines, deities: deity, counters,
      total: objectives + city.points + deity, unknown: peoples.some((p) => p.unknown.length) };
  });
  const measure = s.readings.measure;
  const value = (x) => (measure === "points" ? x.total : x.count);
  const best = Math.max(...groups.map(value));
  const leaders = groups.filter((x) => value(x) === best).map((x) => x.group);
  return { ok: true, groups, measure, winner: { groups: leaders, tie: leaders.length > 1, value: best },
    unknown: groups.some((x) => x.unknown) };
}

/** Read a query string and count it; link messages are reported without stopping the count. */
export function countQuery(rules, query) {
  const { scenario, errors } = scenarioFromQuery(rules, query);
  const result = finalCount(rules, scenario);
  const more = (result.errors || []).filter((e) => !errors.some((x) => x.field === e.field));
  return { scenario, ...result, errors: [...errors, ...more] };
}
