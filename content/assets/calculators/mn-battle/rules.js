// The rules object of the Mare Nostrum engine, read from the compendium's records.json.
//
// Every game number (points per loss, automatic 6s, pieces in the box, hero, god and
// creature modifiers) comes from a record; this module only knows where each one lives.
import { asGaps, gap, missingRecord, uniqueGaps } from "../../shared/records.js";

const CHECK = "engine/mn-battle";   // the check name of its gaps in the generator's lines

// Where the base numbers live: [record id, fact label] (or the record's `count` field), and the
// whole numbers each may be (RANGES; a count is 0 or more): 0 points per loss would make every
// battle "both wiped out", and 0 dice per legion or a fortress worth -6 must not pass the check.
export const BASE_FACTS = {
  pointsPerLoss: ["mn-combat", "Points of total per enemy unit lost"],
  fortressAutomatic: ["mn-combat", "Automatic value of a fortress"],
  creatureAutomatic: ["mn-combat", "Automatic value of a mythological creature"],
  dicePerUnit: ["mn-combat", "Dice per legion (land) or trireme (sea)"],
  creaturesPerPlayer: ["mn-mythological-creature", "count"],
  legionsInBox: ["mn-legion", "count"],
  triremesInBox: ["mn-trireme", "count"],
  fortressesInBox: ["mn-fortress", "count"],
  fortressesPerProvince: ["mn-fortress", "Fortresses per province"],
  templesPerProvince: ["mn-temple", "Per province"],
  marketsPerProvince: ["mn-market", "Per province"],
  // Cities and caravans have no per-province limit in the manual; the pieces in the box bound them.
  citiesInBox: ["mn-city", "count"],
  caravansInBox: ["mn-caravan", "count"],
  statueFortressesPerProvince: ["mn-statue-of-zeus", "Fortresses allowed per province"],
};

// [least, most, why] for each base number that is not a count of pieces.
export const RANGES = {
  pointsPerLoss: [1, 99, "a loss per so many points of the total: 0 or less would make every total a loss, or none"],
  fortressAutomatic: [1, 6, "a fortress counts as a die already showing this value"],
  creatureAutomatic: [1, 6, "a creature counts as a die already showing this value"],
  dicePerUnit: [1, 9, "each legion or trireme rolls this many dice"],
  fortressesPerProvince: [0, 99, "how many fortresses a province may hold"],
  templesPerProvince: [0, 99, "how many temples a province may hold"],
  marketsPerProvince: [0, 99, "how many markets a province may hold"],
  statueFortressesPerProvince: [0, 99, "how many fortresses a province may hold with the Statue of Zeus"],
};

/**
 * Raised when the records lack what the calculator needs. `problems`: one sentence per gap, for
 * the page; `details`: the gaps (shared/records.js gap()), each with where it is and its fix.
 */
export class RulesError extends Error {
  constructor(gaps) {
    // four facts on one missing record: one line, not four
    const details = uniqueGaps(asGaps(gaps)).map((g) => ({ ...g, check: g.check || CHECK }));
    super("The records lack numbers the battle calculator needs:\n" + details.map((g) => g.message).join("\n"));
    this.problems = details.map((g) => g.message);
    this.details = details;
  }
}

function findValue(byId, [id, label], problems, range) {
  const rec = byId.get(id);
  if (!rec) { problems.push(missingRecord(id)); return undefined; }
  if (label === "count") {
    if (Number.isInteger(rec.count) && rec.count >= 0) return rec.count;
    problems.push(gap({ record: id, path: ["count"], value: rec.count, problem: "count is missing or not a whole number of pieces",
      fix: "add count: with the number of pieces the game holds" }));
    return undefined;
  }
  const fact = (Array.isArray(rec.facts) ? rec.facts : []).find((f) => f && f.label === label);
  if (!fact) {
    problems.push(gap({ record: id, fact: label, problem: `no numeric fact labelled '${label}'`,
      fix: `add {label: ${label}, value: <number>} with the number the source gives` }));
    return undefined;
  }
  if (typeof fact.value !== "number" || !Number.isFinite(fact.value)) {
    problems.push(gap({ record: id, fact: label, value: fact.value, problem: `'${label}' should be a number`,
      fix: "write the number the source gives" }));
    return undefined;
  }
  if (range && !(Number.isInteger(fact.value) && fact.value >= range[0] && fact.value <= range[1])) {
    problems.push(gap({ record: id, fact: label, value: fact.value,
      problem: `'${label}' is ${fact.value}; the battle calculator takes a whole number from ${range[0]} to ${range[1]} (${range[2]})`,
      fix: `write the number the source gives, a whole number from ${range[0]} to ${range[1]}` }));
    return undefined;
  }
  return fact.value;
}

/** Build the rules object from records.json's content ({version, records}) or a records array. */
export function rulesFromRecords(data) {
  const list = Array.isArray(data) ? data : data && data.records;
  if (!Array.isArray(list)) throw new RulesError(["records.json has no 'records' list"]);
  const byId = new Map(list.filter((r) => r && r.game === "mare-nostrum" && typeof r.id === "string").map((r) => [r.id, r]));
  const problems = [];
  const base = {};
  const sources = {};
  for (const [key, ref] of Object.entries(BASE_FACTS)) {
    base[key] = findValue(byId, ref, problems, RANGES[key]);
    const rec = byId.get(ref[0]);
    sources[key] = { id: ref[0], label: ref[1], name: rec ? rec.name : ref[0], url: rec ? rec.url : undefined };
  }
  // Null-prototype maps: an id from a link ("toString", "__proto__") finds nothing.
  const effects = Object.create(null);
  for (const r of byId.values()) {
    if (!r.combat || typeof r.combat !== "object" || !["hero", "god", "creature"].includes(r.kind)) continue;
    if ((r.combat.rerolls || 1) > 1) {
      problems.push(gap({ record: r.id, path: ["combat", "rerolls"], value: r.combat.rerolls, problem: "only one re-roll per die is supported",
        fix: "write rerolls: 1, or say the rest in a note" }));
    }
    effects[r.id] = { id: r.id, name: r.name, kind: r.kind, civilization: r.civilization || null,
      combat: r.combat, url: r.url };
  }
  const creatureOfCiv = Object.create(null);
  for (const e of Object.values(effects)) {
    if (e.kind === "creature" && e.civilization) creatureOfCiv[e.civilization] = e.id;
  }
  const civs = [];
  for (const civ of Object.keys(creatureOfCiv).sort()) {
    const rec = byId.get(civ);
    civs.push({ id: civ, name: rec ? rec.name : civ.replace(/^mn-/, "").replace(/-/g, " "), creature: creatureOfCiv[civ],
      url: rec ? rec.url : undefined });
  }
  const byName = (a, b) => a.name.localeCompare(b.name);
  const heroes = Object.values(effects).filter((e) => e.kind === "hero").sort(byName).map((e) => e.id);
  const gods = Object.values(effects).filter((e) => e.kind === "god").sort(byName).map((e) => e.id);
  const statue = byId.get(BASE_FACTS.statueFortressesPerProvince[0]);
  if (!heroes.length) problems.push(gap({ problem: "no hero record has a combat block" }));
  if (!civs.length) problems.push(gap({ problem: "no creature record has a combat block and a civilization" }));
  if (problems.length) throw new RulesError(problems);
  return { base, sources, effects, creatureOfCiv, civs, heroes, gods,
    statue: { id: statue.id, name: statue.name, url: statue.url } };
}

/** The hero, god or creature with this id, or null (never an inherited property). */
export function effectOf(rules, id) {
  return typeof id === "string" && Object.prototype.hasOwnProperty.call(rules.effects, id) ? rules.effects[id] : null;
}

/** The creature record of a civilization, or null. */
export function creatureOf(rules, civ) {
  const id = typeof civ === "string" && Object.prototype.hasOwnProperty.call(rules.creatureOfCiv, civ) ? rules.creatureOfCiv[civ] : null;
  return id ? effectOf(rules, id) : null;
}

/** The civilization entry {id, name, creature, url}, or null. */
export function civOf(rules, civ) {
  return rules.civs.find((c) => c.id === civ) || null;
}

/** The most dice one side can throw: every legion, creature and fortress a province can hold. */
export function mostDice(rules) {
  const B = rules.base;
  return Math.max(B.legionsInBox, B.triremesInBox) + B.creaturesPerPlayer + B.statueFortressesPerProvince;
}
