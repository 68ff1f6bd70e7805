// Mare Nostrum: Mythology battle odds: a pure engine (no DOM; runs in Node and browsers).
//
// Every game number (points per loss, automatic 6s, pieces in the box, hero, god and
// creature modifiers) is read from the compendium's records.json. The only constant here
// is the die itself: a standard six-sided die.
//
// Exactness: the sum of k dice is an exact convolution; Hamilcar's fixed dice shift it;
// Ajax's re-roll is optimised over every multiset of the thrown dice (which dice to throw
// again, for the goal the player picks) with a fixed tie-break. The two sides roll at the
// same time and independently, so the joint result is the product of the two marginals.

export const FACES = 6;           // a standard six-sided die
const EPS = 1e-12;                // values closer than this are ties (exact values differ by >= 6^-13)

export const BATTLES = ["land", "naval", "ranged-land", "ranged-sea"];
export const GOALS = ["losses", "wipe"];
export const SIDES = ["attacker", "defender"];
const BUILDINGS = ["city", "caravan", "market", "temple"];

// Readings the manual leaves open. The first value of each is the default; the page
// explains each and offers the toggle.
export const READINGS = {
  ariane: ["total", "per-die"],             // Ariane's bonus: once to the total, or on each die
  ajaxHamilcar: ["no", "yes"],              // may Ajax re-roll a die Hamilcar fixed at 4?
  mars: ["when-helps", "always"],           // is Mars spent only when it adds a loss?
  strikeBack: ["no", "yes"],                // do the targets of a Titan's ranged attack roll back?
  hercules: ["full", "automatic-only"],     // does Hercules' legion also get the creature's power?
};

// Where the base numbers live: [record id, fact label] (or a record field).
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
  statueFortressesPerProvince: ["mn-statue-of-zeus", "Fortresses allowed per province"],
};

export class RulesError extends Error {
  constructor(problems) {
    super("The records lack numbers the battle calculator needs:\n" + problems.join("\n"));
    this.problems = problems;
  }
}

// ---------------------------------------------------------------------------------------
// Rules from records

function findValue(byId, [id, label], problems) {
  const rec = byId.get(id);
  if (!rec) { problems.push(`record ${id} is missing`); return undefined; }
  if (label === "count") {
    if (typeof rec.count === "number") return rec.count;
    problems.push(`${id}: the field 'count' is missing`);
    return undefined;
  }
  const fact = (rec.facts || []).find((f) => f.label === label);
  if (!fact || typeof fact.value !== "number") {
    problems.push(`${id}: no numeric fact labelled '${label}'`);
    return undefined;
  }
  return fact.value;
}

/** Build the rules object from records.json's content ({version, records}) or a records array. */
export function rulesFromRecords(data) {
  const list = Array.isArray(data) ? data : data && data.records;
  if (!Array.isArray(list)) throw new RulesError(["records.json has no 'records' list"]);
  const byId = new Map(list.filter((r) => r.game === "mare-nostrum").map((r) => [r.id, r]));
  const problems = [];
  const base = {};
  const sources = {};
  for (const [key, ref] of Object.entries(BASE_FACTS)) {
    base[key] = findValue(byId, ref, problems);
    const rec = byId.get(ref[0]);
    sources[key] = { id: ref[0], label: ref[1], name: rec ? rec.name : ref[0], url: rec ? rec.url : undefined };
  }
  const effects = {};
  for (const r of byId.values()) {
    if (!r.combat || !["hero", "god", "creature"].includes(r.kind)) continue;
    if ((r.combat.rerolls || 1) > 1) problems.push(`${r.id}: only one re-roll per die is supported`);
    effects[r.id] = { id: r.id, name: r.name, kind: r.kind, civilization: r.civilization || null,
      combat: r.combat, url: r.url };
  }
  const creatureOfCiv = {};
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
  if (!heroes.length) problems.push("no hero record has a combat block");
  if (!civs.length) problems.push("no creature record has a combat block and a civilization");
  if (problems.length) throw new RulesError(problems);
  return { base, sources, effects, creatureOfCiv, civs, heroes, gods,
    statue: { id: statue.id, name: statue.name, url: statue.url } };
}

// ---------------------------------------------------------------------------------------
// Scenario: defaults, URL form, validation

function emptySide() {
  return { civ: "", legions: 0, triremes: 0, fortresses: 0, creatures: 0, heroes: [], gods: [],
    statue: false, hamilcar: "best", goal: "losses" };
}

export function defaultScenario() {
  const readings = {};
  for (const [k, v] of Object.entries(READINGS)) readings[k] = v[0];
  return { battle: "land", readings, buildings: { city: 0, caravan: 0, market: 0, temple: 0 },
    attacker: emptySide(), defender: emptySide() };
}

/** Fill the missing parts of a (possibly partial) scenario with defaults. Does not validate. */
export function normalizeScenario(s) {
  const d = defaultScenario();
  s = s || {};
  const side = (x) => ({ ...emptySide(), ...(x || {}),
    heroes: [...((x && x.heroes) || [])], gods: [...((x && x.gods) || [])] });
  return { battle: s.battle ?? d.battle, readings: { ...d.readings, ...(s.readings || {}) },
    buildings: { ...d.buildings, ...(s.buildings || {}) },
    attacker: side(s.attacker), defender: side(s.defender) };
}

const COUNT_KEYS = ["legions", "triremes", "fortresses", "creatures"];
const READING_KEYS = { ariane: "ariane", ajaxHamilcar: "ajax-hamilcar", mars: "mars",
  strikeBack: "strike-back", hercules: "hercules" };

/** The scenario as a query string (defaults omitted), so a link reproduces it. */
export function scenarioToQuery(s) {
  s = normalizeScenario(s);
  const d = defaultScenario();
  const p = new URLSearchParams();
  if (s.battle !== d.battle) p.set("battle", s.battle);
  for (const [side, pre] of [["attacker", "a"], ["defender", "d"]]) {
    const x = s[side];
    if (x.civ) p.set(`${pre}.civ`, x.civ);
    for (const k of COUNT_KEYS) if (x[k] !== 0) p.set(`${pre}.${k}`, String(x[k]));
    if (x.heroes.length) p.set(`${pre}.heroes`, x.heroes.join(","));
    if (x.gods.length) p.set(`${pre}.gods`, x.gods.join(","));
    if (x.statue) p.set(`${pre}.statue`, "1");
    if (x.hamilcar !== "best") p.set(`${pre}.hamilcar`, String(x.hamilcar));
    if (x.goal !== "losses") p.set(`${pre}.goal`, x.goal);
  }
  for (const b of BUILDINGS) if (s.buildings[b] !== 0) p.set(b, String(s.buildings[b]));
  for (const [k, q] of Object.entries(READING_KEYS)) if (s.readings[k] !== d.readings[k]) p.set(`r.${q}`, s.readings[k]);
  return p.toString();
}

function parseCount(v) {
  return /^\s*-?\d+\s*$/.test(v) ? Number(v) : v; // anything else is left for validate() to reject
}

/** Parse a query string back into a scenario. Values are checked later by validateScenario. */
export function scenarioFromQuery(q) {
  const p = new URLSearchParams(q);
  const s = defaultScenario();
  if (p.has("battle")) s.battle = p.get("battle");
  for (const [side, pre] of [["attacker", "a"], ["defender", "d"]]) {
    const x = s[side];
    if (p.has(`${pre}.civ`)) x.civ = p.get(`${pre}.civ`);
    for (const k of COUNT_KEYS) if (p.has(`${pre}.${k}`)) x[k] = parseCount(p.get(`${pre}.${k}`));
    if (p.has(`${pre}.heroes`)) x.heroes = p.get(`${pre}.heroes`).split(",").filter(Boolean);
    if (p.has(`${pre}.gods`)) x.gods = p.get(`${pre}.gods`).split(",").filter(Boolean);
    if (p.has(`${pre}.statue`)) x.statue = p.get(`${pre}.statue`) === "1";
    if (p.has(`${pre}.hamilcar`)) { const h = p.get(`${pre}.hamilcar`); x.hamilcar = h === "best" ? "best" : parseCount(h); }
    if (p.has(`${pre}.goal`)) x.goal = p.get(`${pre}.goal`);
  }
  for (const b of BUILDINGS) if (p.has(b)) s.buildings[b] = parseCount(p.get(b));
  for (const [k, q2] of Object.entries(READING_KEYS)) if (p.has(`r.${q2}`)) s.readings[k] = p.get(`r.${q2}`);
  return s;
}

const BATTLE_WORDS = { land: "a land battle", naval: "a naval battle", "ranged-land": "a Titan's ranged attack on a province",
  "ranged-sea": "a Titan's ranged attack on a sea space" };
const SIDE_WORD = { attacker: "attacker", defender: "defender" };

function isCount(v) { return Number.isInteger(v) && v >= 0; }

/**
 * Check a scenario against the rules. Returns {errors, notices}; each error is
 * {field, message} where field names the input (e.g. "attacker.legions").
 */
export function validateScenario(rules, scenario) {
  const s = normalizeScenario(scenario);
  const B = rules.base;
  const errors = [];
  const notices = [];
  const err = (field, message) => errors.push({ field, message });
  if (!BATTLES.includes(s.battle)) { err("battle", `Unknown battle type '${s.battle}'.`); return { errors, notices }; }
  for (const [k, vals] of Object.entries(READINGS)) {
    if (!vals.includes(s.readings[k])) err(`readings.${k}`, `Unknown reading '${s.readings[k]}' (use ${vals.join(" or ")}).`);
  }
  const naval = s.battle === "naval";
  const ranged = s.battle.startsWith("ranged");
  const seaTarget = s.battle === "naval" || s.battle === "ranged-sea";
  const caps = { legions: B.legionsInBox, triremes: B.triremesInBox, fortresses: B.fortressesInBox, creatures: B.creaturesPerPlayer };
  for (const side of SIDES) {
    const x = s[side];
    const other = s[side === "attacker" ? "defender" : "attacker"];
    const W = side === "attacker" ? "The attacker" : "The defender";
    if (x.civ && !rules.civs.some((c) => c.id === x.civ)) err(`${side}.civ`, `Unknown civilization '${x.civ}'.`);
    let countsOk = true;
    for (const k of COUNT_KEYS) {
      if (!isCount(x[k])) { err(`${side}.${k}`, `${W}'s ${k} must be a whole number, 0 or more.`); countsOk = false; continue; }
      if (x[k] > caps[k]) {
        err(`${side}.${k}`, k === "creatures"
          ? `${W} has ${x[k]} creatures; a player may have at most ${caps[k]}.`
          : `${W} has ${x[k]} ${k}; a player has only ${caps[k]} ${k} in the box.`);
      }
    }
    if (!GOALS.includes(x.goal)) err(`${side}.goal`, `Unknown goal '${x.goal}'.`);
    if (x.hamilcar !== "best" && !isCount(x.hamilcar)) err(`${side}.hamilcar`, "Hamilcar's dice must be 'best' or a whole number, 0 or more.");
    const creatureId = rules.creatureOfCiv[x.civ];
    const creature = creatureId ? rules.effects[creatureId] : null;
    if (countsOk) {
      if (x.creatures > 0 && !creature) err(`${side}.civ`, `Choose the ${SIDE_WORD[side]}'s civilization: its creatures depend on it.`);
      // Units that cannot be in this kind of battle
      if (!seaTarget || (ranged && side === "attacker")) {
        if (x.triremes > 0) err(`${side}.triremes`, "Triremes fight only triremes: set them to 0 outside a naval battle (or a ranged attack on a sea space).");
      }
      if (side === "attacker" && x.fortresses > 0) err("attacker.fortresses", "A fortress never moves, so it cannot attack.");
      if (ranged && side === "attacker") {
        if (x.legions > 0) err("attacker.legions", "Only Titans take part in a ranged attack: set the attacker's legions to 0.");
        if (creature && !creature.combat.ranged_attack) err("attacker.civ", `${creature.name}s cannot make a ranged attack; only a creature with a ranged attack (the Titan) can.`);
        if (x.creatures < 1) err("attacker.creatures", "A ranged attack needs at least one Titan.");
      } else if (seaTarget) {
        if (x.legions > 0) err(`${side}.legions`, "Legions do not fight at sea: set them to 0 in a naval battle.");
        if (x.fortresses > 0) err(`${side}.fortresses`, "Fortresses do not fight at sea: set them to 0 in a naval battle.");
        if (x.creatures > 0 && creature && !creature.combat.applies_in.includes("naval")) {
          err(`${side}.creatures`, `${creature.name}s do not fight at sea; only a creature that can enter sea spaces (the Kraken) can.`);
        }
      }
      if (side === "defender") {
        const perProvince = x.statue ? B.statueFortressesPerProvince : B.fortressesPerProvince;
        if (x.fortresses > perProvince) {
          err("defender.fortresses", x.statue
            ? `Even with the ${rules.statue.name}, a province holds at most ${perProvince} fortresses.`
            : `A province holds at most ${perProvince} fortress (${B.statueFortressesPerProvince} with the ${rules.statue.name}).`);
        }
      }
      if (side === "attacker" && x.statue) err("attacker.statue", `The ${rules.statue.name} only changes how many fortresses a province may hold; it matters for the defender.`);
    }
    if (x.civ && x.civ === other.civ && side === "defender") err("defender.civ", "Both sides cannot be the same civilization.");
    // Heroes and gods
    const seen = new Set();
    for (const [list, kind] of [[x.heroes, "hero"], [x.gods, "god"]]) {
      for (const id of list) {
        const e = rules.effects[id];
        if (!e || e.kind !== kind) { err(`${side}.${kind === "hero" ? "heroes" : "gods"}`, `Unknown ${kind} '${id}'.`); continue; }
        if (seen.has(id)) { err(`${side}.${kind}`, `${e.name} is listed twice.`); continue; }
        seen.add(id);
        const c = e.combat;
        const field = `${side}.${kind}.${id}`;
        if (e.civilization && e.civilization !== x.civ) {
          const civ = rules.civs.find((cv) => cv.id === e.civilization);
          err(field, `${e.name} belongs to ${civ ? civ.name : e.civilization}; only that civilization can own him.`);
          continue;
        }
        if (!c.applies_in.includes(s.battle)) { err(field, `${e.name} has no effect in ${BATTLE_WORDS[s.battle]}.`); continue; }
        if (c.side && c.side !== "either" && c.side !== side) {
          err(field, `${e.name}'s bonus works only for the ${c.side} (the reading this page uses; see "Readings").`);
          continue;
        }
        const rollEffect = c.die_bonus || c.fixed_die_value || c.rerolls || c.flat_bonus_after_roll || c.building_bonus;
        if (ranged && side === "defender" && rollEffect && (s.battle === "ranged-sea" || s.readings.strikeBack === "no")) {
          err(field, `${e.name} has no effect here: the targets of a ranged attack do not roll${s.battle === "ranged-sea" ? " (triremes never fight ground units)" : " (see the reading on striking back)"}.`);
          continue;
        }
        if (!countsOk) continue;
        if (c.die_bonus && !c.die_bonus_units.some((u) => x[`${u}s`] > 0)) {
          err(field, `${e.name} adds to ${c.die_bonus_units.join(" or ")} dice, and the ${SIDE_WORD[side]} has none.`);
        }
        if (c.legions_as_creature) {
          if (x.legions < 1) err(field, `${e.name} turns a legion into a creature: the ${SIDE_WORD[side]} needs at least one legion.`);
          else if (!creature) err(`${side}.civ`, `Choose the ${SIDE_WORD[side]}'s civilization: ${e.name}'s legion becomes its creature.`);
        }
        if (c.removes_enemy_before_dice && other[`${c.removes_enemy_before_dice.unit}s`] === 0) {
          err(field, `${e.name} destroys an enemy ${c.removes_enemy_before_dice.unit}, and the other side has none.`);
        }
        if (kind === "god" && other.gods.includes(id) && side === "defender") {
          err(field, `There is only one ${e.name} card; both sides cannot hold it.`);
        }
        if (kind === "hero" && other.heroes.includes(id) && side === "defender" && !e.civilization) {
          notices.push(`${e.name} on both sides: possible only if one player copies the card with Castor & Pollux.`);
        }
      }
    }
  }
  for (const b of BUILDINGS) {
    const v = s.buildings[b];
    if (!isCount(v)) { err(`buildings.${b}`, `The number of ${b === "city" ? "cities" : b + "s"} must be a whole number, 0 or more.`); continue; }
  }
  if (isCount(s.buildings.temple) && s.buildings.temple > B.templesPerProvince) err("buildings.temple", `A province holds at most ${B.templesPerProvince} temple.`);
  if (isCount(s.buildings.market) && s.buildings.market > B.marketsPerProvince) err("buildings.market", `A province holds at most ${B.marketsPerProvince} market.`);
  if (!errors.length) {
    const a = s.attacker;
    if (a.legions + a.triremes + a.creatures + a.fortresses === 0) err("attacker", "The attacker needs at least one unit.");
    const d = s.defender;
    if (d.legions + d.triremes + d.creatures + d.fortresses === 0) {
      notices.push(ranged ? "The target holds no units: nothing to attack." : "The defender has no units: nobody rolls, and the attacker is alone in the province.");
    }
  }
  return { errors, notices };
}

// ---------------------------------------------------------------------------------------
// Dice mathematics

const SUMS = [[1]]; // SUMS[k][s] = P(sum of k dice = s), s in 0..6k
function sumDist(k) {
  while (SUMS.length <= k) {
    const prev = SUMS[SUMS.length - 1];
    const next = new Float64Array(prev.length + FACES);
    for (let s = 0; s < prev.length; s++) {
      const p = prev[s] / FACES;
      if (p === 0) continue;
      for (let f = 1; f <= FACES; f++) next[s + f] += p;
    }
    SUMS.push(next);
  }
  return SUMS[k];
}

const FACT = [1];
function factorial(n) { while (FACT.length <= n) FACT.push(FACT[FACT.length - 1] * FACT.length); return FACT[n]; }

/** Evaluate a raw-total distribution: kills on the enemy, their mean and the wipe-out chance. */
function killsOf(raw, offset, thr, cap) {
  const kills = new Float64Array(cap + 1);
  for (let x = 0; x < raw.length; x++) {
    if (raw[x] === 0) continue;
    kills[Math.min(Math.floor((x + offset) / thr), cap)] += raw[x];
  }
  let e = 0;
  for (let k = 0; k <= cap; k++) e += k * kills[k];
  return { kills, expected: e, wipe: kills[cap] };
}

function better(a, b) { // is key a strictly better than key b? keys: [primary, secondary, -count]
  for (let i = 0; i < a.length; i++) {
    if (a[i] > b[i] + EPS) return true;
    if (a[i] < b[i] - EPS) return false;
  }
  return false;
}

function goalKey(goal, expected, wipe) { return goal === "wipe" ? [wipe, expected] : [expected, wipe]; }

/**
 * Value tables for Ajax. killAt[t] = kills on the enemy when the raw total of the N dice is t.
 * Ek[r][t], Pw[r][t]: expected kills and wipe-out chance when the kept dice sum to t and r dice
 * are thrown again. choose(counts) picks r for the dice now showing (counts[1..6]): the best
 * [goal value, other goal value], then the fewest dice thrown again. For a fixed r, throwing
 * again the r lowest dice is optimal, because kills never decrease as the total grows (the
 * largest kept sum dominates), so the subsets to compare are the n+1 "r lowest" ones.
 */
function ajaxTables(N, killAt, cap, goal) {
  const Ek = [], Pw = [];
  for (let r = 0; r <= N; r++) {
    const sd = sumDist(r);
    const maxT = FACES * (N - r);
    const e = new Float64Array(maxT + 1), w = new Float64Array(maxT + 1);
    for (let t = 0; t <= maxT; t++) {
      let se = 0, sw = 0;
      for (let s = r; s < sd.length; s++) {
        const k = killAt[t + s];
        se += sd[s] * k;
        if (k === cap) sw += sd[s];
      }
      e[t] = se; w[t] = sw;
    }
    Ek.push(e); Pw.push(w);
  }
  const P = goal === "wipe" ? Pw : Ek;   // the goal's value
  const S = goal === "wipe" ? Ek : Pw;   // the other goal's value, the first tie-break
  const choose = (counts) => { // returns [r, kept sum]
    let total = 0;
    for (let f = 1; f <= FACES; f++) total += f * counts[f];
    let bestR = 0, bestKept = total, bp = P[0][total], bs = S[0][total];
    let low = 0, r = 0;
    for (let f = 1; f <= FACES; f++) {
      for (let i = 0; i < counts[f]; i++) {
        low += f; r++;
        const kept = total - low;
        const p = P[r][kept], q = S[r][kept];
        // strictly better on the goal, or tied on it and strictly better on the other goal;
        // on a full tie the smaller r (found first) stays: the fewest dice thrown again
        if (p > bp + EPS || (p >= bp - EPS && q > bs + EPS)) { bp = p; bs = q; bestR = r; bestKept = kept; }
      }
    }
    return [bestR, bestKept];
  };
  return { Ek, Pw, choose };
}

/**
 * Ajax over every roll: m dice thrown plus q dice already showing qv (Hamilcar's, when the
 * reading lets Ajax re-roll them). Every multiset of the m thrown dice is enumerated with its
 * multinomial probability; the decision is ajaxTables' choose. Returns the final raw total
 * distribution (0..6N, the q preset values included), the chance of re-rolling anything and
 * the mean number of dice re-rolled.
 */
function ajaxOptimise(m, q, qv, killAt, cap, goal) {
  const N = m + q;
  const { choose } = ajaxTables(N, killAt, cap, goal);
  const W = []; // W[r][kept]: probability of deciding to throw r dice again, keeping that sum
  for (let r = 0; r <= N; r++) W.push(new Float64Array(FACES * (N - r) + 1));
  const counts = new Array(FACES + 1).fill(0);
  const base = factorial(m) / Math.pow(FACES, m);
  let pReroll = 0, meanRerolled = 0;
  const rec = (face, left, denom) => {
    if (face === FACES) {
      counts[FACES] = left;
      const p = base / (denom * factorial(left));
      if (q) counts[qv] += q;
      const [r, kept] = choose(counts);
      if (q) counts[qv] -= q;
      W[r][kept] += p;
      if (r > 0) { pReroll += p; meanRerolled += r * p; }
      return;
    }
    for (let c = 0; c <= left; c++) { counts[face] = c; rec(face + 1, left - c, denom * factorial(c)); }
    counts[face] = 0;
  };
  rec(1, m, 1);
  const raw = new Float64Array(FACES * N + 1);
  for (let r = 0; r <= N; r++) {
    const sd = sumDist(r), w = W[r];
    for (let t = 0; t < w.length; t++) {
      if (w[t] === 0) continue;
      for (let s = r; s < sd.length; s++) raw[t + s] += w[t] * sd[s];
    }
  }
  return { raw, pReroll, meanRerolled };
}

// ---------------------------------------------------------------------------------------
// Building the two sides

function has(e, key) { return e.combat[key] !== undefined && e.combat[key] !== false; }

/** Resolve everything that does not depend on the dice: counts, removals, automatic values, bonuses. */
function prepare(rules, s) {
  const B = rules.base;
  const battle = s.battle;
  const ranged = battle.startsWith("ranged");
  const seaTarget = battle === "naval" || battle === "ranged-sea";
  const sides = {};
  for (const side of SIDES) {
    const x = s[side];
    const creatureId = rules.creatureOfCiv[x.civ];
    const creature = creatureId ? rules.effects[creatureId] : null;
    const effects = [...x.heroes, ...x.gods].map((id) => rules.effects[id]);
    const active = effects.filter((e) => e.combat.applies_in.includes(battle));
    const hercules = active.find((e) => has(e, "legions_as_creature"));
    const herc = hercules && creature ? Math.min(hercules.combat.legions_as_creature, x.legions) : 0;
    const creatureWorks = creature && creature.combat.applies_in.includes(battle);
    // Pieces acting as creatures, and those also carrying the creature's special power
    const powerUnits = x.creatures + (s.readings.hercules === "full" ? herc : 0);
    sides[side] = { side, x, creature, creatureWorks, effects: active, herc, powerUnits,
      plainLegions: x.legions - herc, notes: [] };
  }
  for (const side of SIDES) {
    const me = sides[side];
    const foe = sides[side === "attacker" ? "defender" : "attacker"];
    me.foe = foe;
    const x = me.x;
    me.units = x.legions + x.triremes + x.fortresses + x.creatures;
    // Removals this side suffers before the dice (Centaur, Poseidon)
    let legionsHit = 0, triremesHit = 0;
    const removers = [...foe.effects.filter((e) => has(e, "removes_enemy_before_dice"))
      .map((e) => [e, e.combat.removes_enemy_before_dice.count])];
    if (foe.creatureWorks && foe.creature.combat.removes_enemy_before_dice && foe.powerUnits > 0) {
      const r = foe.creature.combat.removes_enemy_before_dice;
      removers.push([foe.creature, r.per === "unit" ? r.count * foe.powerUnits : r.count]);
    }
    for (const [e, n] of removers) {
      const unit = e.combat.removes_enemy_before_dice.unit;
      if (unit === "legion") {
        const k = Math.min(n, me.plainLegions - legionsHit);
        legionsHit += k;
        if (k) me.notes.push(`${e.name}: ${k} legion${k > 1 ? "s" : ""} destroyed before the dice.`);
      } else {
        const k = Math.min(n, x.triremes - triremesHit);
        triremesHit += k;
        if (k) me.notes.push(`${e.name}: ${k} trireme${k > 1 ? "s" : ""} destroyed before the dice.`);
      }
    }
    me.removed = legionsHit + triremesHit;
    me.remaining = me.units - me.removed;
    me.legionsLeft = me.plainLegions - legionsHit;
    me.triremesLeft = x.triremes - triremesHit;
  }
  for (const side of SIDES) {
    const me = sides[side];
    const foe = me.foe;
    const x = me.x;
    const cancelled = foe.creatureWorks && foe.creature.combat.cancels_enemy_automatic &&
      (foe.x.creatures > 0 || (s.readings.hercules === "full" && foe.herc > 0));
    const autoCreatures = x.creatures + me.herc;
    let legionDice = 0, triremeDice = 0, otherDice = 0, automatic = 0;
    const per = B.dicePerUnit;
    if (ranged && side === "attacker") {
      const ra = me.creature.combat.ranged_attack;
      if (ra.keeps_automatic) automatic += x.creatures * B.creatureAutomatic;
      else otherDice += x.creatures * ra.dice_per_unit;
      me.notes.push(`${me.creature.name}s roll ${ra.dice_per_unit} die each in a ranged attack${ra.keeps_automatic ? "" : " (no automatic 6)"}.`);
    } else if (ranged && (battle === "ranged-sea" || s.readings.strikeBack === "no")) {
      me.noRoll = true; // the targets of a ranged attack do not roll back (reading), and triremes never can
    } else if (seaTarget) {
      triremeDice = me.triremesLeft * per;
      if (cancelled) otherDice += x.creatures; else automatic += x.creatures * B.creatureAutomatic;
    } else {
      legionDice = me.legionsLeft * per;
      if (cancelled) {
        otherDice += x.fortresses + autoCreatures;
        if (x.fortresses + autoCreatures) me.notes.push(`${foe.creature.name}: ${x.fortresses + autoCreatures} automatic 6${x.fortresses + autoCreatures > 1 ? "s" : ""} must roll instead.`);
      } else {
        automatic += x.fortresses * B.fortressAutomatic + autoCreatures * B.creatureAutomatic;
      }
      if (me.herc) me.notes.push(`Hercules: 1 legion fights as a ${me.creature.name}${s.readings.hercules === "full" ? " (with its power)" : " (automatic 6 only)"}.`);
    }
    if (me.remaining === 0) { legionDice = triremeDice = otherDice = 0; automatic = 0; me.noRoll = true; }
    if (me.noRoll) { legionDice = triremeDice = otherDice = 0; automatic = 0; }
    me.legionDice = legionDice; me.triremeDice = triremeDice; me.otherDice = otherDice;
    me.dice = legionDice + triremeDice + otherDice;
    me.automatic = automatic;
    // Bonuses
    let perDieLegion = 0, perDieTrireme = 0, flat = 0, mars = 0;
    me.fixed = null; me.ajax = false;
    for (const e of me.effects) {
      const c = e.combat;
      if (c.die_bonus) {
        if (c.die_bonus_units.includes("legion")) perDieLegion += c.die_bonus;
        if (c.die_bonus_units.includes("trireme")) perDieTrireme += c.die_bonus;
      }
      if (c.fixed_die_value) me.fixed = { value: c.fixed_die_value, takesBonus: !!c.fixed_die_takes_die_bonus, name: e.name };
      if (c.rerolls) { me.ajax = true; me.ajaxName = e.name; }
      if (c.flat_bonus_after_roll) { mars += c.flat_bonus_after_roll; me.marsName = e.name; }
      if (c.building_bonus) {
        let b = 0;
        for (const k of BUILDINGS) b += (c.building_bonus[k] || 0) * s.buildings[k];
        if (s.readings.ariane === "per-die") { flat += b * me.dice; if (b) me.notes.push(`${e.name}: +${b} on each of ${me.dice} dice.`); }
        else { flat += b; if (b) me.notes.push(`${e.name}: +${b} to the total for the buildings.`); }
      }
    }
    me.perDieLegion = perDieLegion;
    me.bonus = flat + perDieLegion * legionDice + perDieTrireme * triremeDice;
    me.mars = me.noRoll ? 0 : mars;
    if (me.noRoll) { me.bonus = 0; }
    if (!me.dice) { me.fixed = null; me.ajax = false; }
  }
  for (const side of SIDES) {
    const me = sides[side];
    const foe = me.foe;
    // Points needed per kill of the foe's units
    let thr = B.pointsPerLoss;
    for (const e of foe.effects) if (e.combat.loss_threshold) thr = Math.max(thr, e.combat.loss_threshold);
    me.threshold = thr;
    me.cap = foe.remaining;
  }
  return sides;
}

function hamilcarOffset(me, f) { // bonus lost if fixed dice do not take the per-die bonus (fix non-legion dice first)
  if (!me.fixed || me.fixed.takesBonus) return 0;
  return -me.perDieLegion * Math.max(0, f - (me.dice - me.legionDice));
}

/** The distribution of one side's total (before Mars) under its best (or chosen) Hamilcar and Ajax play. */
function sideDistribution(me, readings) {
  const offsetBase = me.automatic + me.bonus;
  const thr = me.threshold, cap = me.cap, goal = me.x.goal;
  const fixedRerollable = readings.ajaxHamilcar === "yes";
  const evaluate = (f) => {
    const offset = offsetBase + hamilcarOffset(me, f) + (me.fixed ? me.fixed.value * f : 0);
    const m = me.dice - f;
    if (me.ajax) {
      const q = fixedRerollable ? f : 0;
      const qv = me.fixed ? me.fixed.value : 0;
      const shift = offset - q * qv + me.mars; // the preset values are inside the raw total
      const N = m + q;
      const killAt = new Int32Array(FACES * N + 1);
      for (let t = 0; t <= FACES * N; t++) killAt[t] = Math.min(Math.floor((t + shift) / thr), cap);
      const opt = ajaxOptimise(m, q, qv, killAt, cap, goal);
      return { f, raw: opt.raw, rawOffset: offset - q * qv, ajax: opt };
    }
    return { f, raw: sumDist(m), rawOffset: offset };
  };
  let options;
  if (!me.fixed) options = [0];
  else if (me.x.hamilcar === "best") options = Array.from({ length: me.dice + 1 }, (_, i) => i);
  else options = [Math.min(me.x.hamilcar, me.dice)];
  let best = null;
  const table = [];
  for (const f of options) {
    const r = evaluate(f);
    const k = killsOf(r.raw, r.rawOffset + me.mars, thr, cap);
    r.killsWithMars = k;
    r.key = [...goalKey(goal, k.expected, k.wipe), -f];
    table.push({ fixed: f, expectedKills: k.expected, wipe: k.wipe });
    if (!best || better(r.key, best.key)) best = r;
  }
  return { best, table };
}

// ---------------------------------------------------------------------------------------
// Public analysis

function convolveLosses(removed, killsOnMe, units) {
  const dist = new Array(units + 1).fill(0);
  killsOnMe.forEach((p, k) => { dist[removed + k] += p; });
  return dist;
}

/**
 * Exact odds of one round of battle.
 * Returns {ok:false, errors, notices} for bad input, else {ok:true, attacker, defender, outcomes, notices}.
 */
export function analyse(rules, scenario) {
  const s = normalizeScenario(scenario);
  const { errors, notices } = validateScenario(rules, s);
  if (errors.length) return { ok: false, errors, notices };
  const sides = prepare(rules, s);
  const out = { ok: true, battle: s.battle, notices, errors: [] };
  const kills = {};
  for (const side of SIDES) {
    const me = sides[side];
    const res = { units: me.units, removedBeforeDice: me.removed, dice: me.dice, automatic: me.automatic,
      bonus: me.bonus, mars: me.mars, pointsPerLoss: me.threshold, notes: me.notes, rolls: !me.noRoll };
    if (me.noRoll || me.cap === 0 || me.remaining === 0) {
      kills[side] = [1, ...new Array(me.cap).fill(0)];
      res.total = null;
      res.hamilcar = me.fixed ? { fixed: 0, table: [] } : null;
      res.ajax = me.ajax ? { pReroll: 0, meanRerolled: 0 } : null;
      res.marsUsed = me.mars ? 0 : null;
      res.expectedKills = 0; res.wipeChance = me.cap === 0 ? 1 : 0;
    } else {
      const { best, table } = sideDistribution(me, s.readings);
      kills[side] = Array.from(best.killsWithMars.kills);
      const off = best.rawOffset;
      const tot = {};
      let marsUsed = 0;
      for (let x = 0; x < best.raw.length; x++) {
        if (best.raw[x] === 0) continue;
        tot[x + off] = (tot[x + off] || 0) + best.raw[x];
        if (me.mars) {
          const a = Math.min(Math.floor((x + off) / me.threshold), me.cap);
          const b = Math.min(Math.floor((x + off + me.mars) / me.threshold), me.cap);
          if (b > a) marsUsed += best.raw[x];
        }
      }
      res.total = tot; // distribution of the total before Mars: {total: probability}
      res.hamilcar = me.fixed ? { name: me.fixed.name, fixed: best.f, value: me.fixed.value, table } : null;
      res.ajax = me.ajax ? { name: me.ajaxName, pReroll: best.ajax.pReroll, meanRerolled: best.ajax.meanRerolled } : null;
      res.marsUsed = me.mars ? (s.readings.mars === "always" ? 1 : marsUsed) : null;
      res.expectedKills = best.killsWithMars.expected;
      res.wipeChance = best.killsWithMars.wipe;
    }
    out[side] = res;
  }
  // Losses: removals before the dice plus kills by the other side
  for (const side of SIDES) {
    const me = sides[side];
    const foeSide = side === "attacker" ? "defender" : "attacker";
    const dist = convolveLosses(me.removed, kills[foeSide], me.units);
    out[side].losses = dist;
    out[side].expectedLosses = dist.reduce((a, p, k) => a + k * p, 0);
  }
  const A = out.attacker.losses, D = out.defender.losses;
  const pAW = A[A.length - 1], pDW = D[D.length - 1];
  const o = {
    defenderWipedOut: pDW,
    attackerWipedOut: pAW,
    bothWipedOut: pAW * pDW,
    attackerAlone: (1 - pAW) * pDW,
    defenderAlone: pAW * (1 - pDW),
    bothRemain: (1 - pAW) * (1 - pDW),
  };
  if (s.battle === "land") o.atWar = o.bothRemain;
  else o.atWar = null; // a sea space is never at war; a ranged attack leaves the Titans where they stand
  if (s.battle.startsWith("ranged")) { o.attackerAlone = null; o.defenderAlone = null; }
  out.outcomes = o;
  return out;
}

/**
 * Ajax's advice for an actual roll: which of these dice to throw again.
 * dice: the values showing on the dice the side threw (and Hamilcar's fixed dice are the
 * side's choice, `fixed`, default the engine's best). Returns {ok, reroll: [indices], keep: [...]}.
 */
export function ajaxAdvice(rules, scenario, side, dice, fixed) {
  const s = normalizeScenario(scenario);
  const { errors } = validateScenario(rules, s);
  if (errors.length) return { ok: false, errors };
  const me = prepare(rules, s)[side];
  if (!me.ajax) return { ok: false, errors: [{ field: side, message: "This side has no re-roll." }] };
  let f = fixed;
  if (f === undefined) f = sideDistribution(me, s.readings).best.f;
  if (!Array.isArray(dice) || dice.some((v) => !Number.isInteger(v) || v < 1 || v > FACES)) {
    return { ok: false, errors: [{ field: `${side}.dice`, message: `Each die must be a whole number from 1 to ${FACES}.` }] };
  }
  if (dice.length !== me.dice - f) {
    return { ok: false, errors: [{ field: `${side}.dice`, message: `Enter ${me.dice - f} dice (the side throws ${me.dice}${f ? `, ${f} fixed by ${me.fixed.name}` : ""}).` }] };
  }
  const fixedRerollable = s.readings.ajaxHamilcar === "yes";
  const q = fixedRerollable ? f : 0, qv = me.fixed ? me.fixed.value : 0;
  const offset = me.automatic + me.bonus + hamilcarOffset(me, f) + (me.fixed ? qv * f : 0);
  const shift = offset - q * qv + me.mars;
  const N = dice.length + q;
  const killAt = new Int32Array(FACES * N + 1);
  for (let t = 0; t <= FACES * N; t++) killAt[t] = Math.min(Math.floor((t + shift) / me.threshold), me.cap);
  const { choose } = ajaxTables(N, killAt, me.cap, me.x.goal);
  const counts = new Array(FACES + 1).fill(0);
  for (const v of dice) counts[v]++;
  if (q) counts[qv] += q;
  const [r] = choose(counts);
  // The r lowest showing values are thrown again (ties: the later index is kept).
  const values = dice.map((v, i) => ({ v, i, fixed: false }));
  for (let j = 0; j < q; j++) values.push({ v: qv, i: -1 - j, fixed: true });
  values.sort((a, b) => a.v - b.v || (a.fixed - b.fixed) || a.i - b.i);
  const chosen = values.slice(0, r);
  return { ok: true, reroll: chosen.filter((c) => !c.fixed).map((c) => c.i).sort((a, b) => a - b),
    rerollFixed: chosen.filter((c) => c.fixed).length, count: r };
}

/**
 * Resolve one round for given dice (the manual's worked examples, tests, simulations).
 * dice: {attacker: [values thrown], defender: [...]}; the counts must match the sides' dice
 * minus Hamilcar's fixed dice (opts.fixed = {attacker: f}). opts.mars = {attacker: true} applies Mars.
 */
export function resolveRoll(rules, scenario, dice, opts = {}) {
  const s = normalizeScenario(scenario);
  const { errors } = validateScenario(rules, s);
  if (errors.length) return { ok: false, errors };
  const sides = prepare(rules, s);
  const out = { ok: true };
  const fixed = opts.fixed || {}, mars = opts.mars || {};
  for (const side of SIDES) {
    const me = sides[side];
    const f = me.fixed ? (fixed[side] || 0) : 0;
    const d = (dice && dice[side]) || [];
    const need = me.noRoll ? 0 : me.dice - f;
    if (d.length !== need) return { ok: false, errors: [{ field: side, message: `The ${side} throws ${need} dice; ${d.length} given.` }] };
    let total = 0;
    for (const v of d) total += v;
    const rolls = !me.noRoll && me.remaining > 0;
    total = rolls ? total + me.automatic + me.bonus + hamilcarOffset(me, f) + (me.fixed ? me.fixed.value * f : 0) + (mars[side] ? me.mars : 0) : 0;
    out[side] = { dice: me.dice, automatic: me.automatic, bonus: me.bonus, total,
      kills: rolls ? Math.min(Math.floor(total / me.threshold), me.cap) : 0, removedBeforeDice: me.removed, units: me.units };
  }
  for (const side of SIDES) {
    const foe = side === "attacker" ? "defender" : "attacker";
    out[side].losses = out[side].removedBeforeDice + out[foe].kills;
    out[side].survivors = out[side].units - out[side].losses;
  }
  return out;
}

/** Internal pieces exposed for tests and the benchmark (not a stable API). */
export const _internal = { prepare, sideDistribution, sumDist, ajaxOptimise, ajaxTables, killsOf, better, goalKey, EPS };
