// A Mare Nostrum battle as data: its defaults, its hostile-safe normal form and its URL.
//
// A scenario is {battle, attacker, defender, buildings, readings}; a side is {civ, legions,
// triremes, fortresses, creatures, heroes, gods, statue, hamilcar, goal, lossOrder}.
// Anything may arrive here (a hand-edited link, an API call): normalizeScenario keeps only
// the known fields and never iterates a list it has not checked, and validateScenario
// (validate.js) says what is wrong in words.
import { repeatedKeyNotes } from "../../link/query-notes.js";

export const BATTLES = ["land", "naval", "ranged-land", "ranged-sea"];
export const GOALS = ["losses", "wipe"];
export const SIDES = ["attacker", "defender"];
export const BUILDINGS = ["city", "caravan", "market", "temple"];
export const COUNT_KEYS = ["legions", "triremes", "fortresses", "creatures"];

// Readings the manual leaves open. The first value of each is the default; the page
// explains each and offers the toggle.
export const READINGS = {
  ariane: ["total", "per-die"],             // Ariane's bonus: once to the total, or on each die
  ajaxHamilcar: ["no", "yes"],              // may Ajax re-roll a die Hamilcar fixed at 4?
  mars: ["when-helps", "always"],           // is Mars spent only when it adds a loss?
  strikeBack: ["no", "yes"],                // do the targets of a Titan's ranged attack roll back?
  hercules: ["full", "automatic-only"],     // does Hercules' legion also get the creature's power?
};

// Which pieces a side gives up first when it loses units (the owner chooses: "Combat").
// The default keeps the strongest: legions and triremes roll one die, a fortress counts an
// automatic 6, a creature an automatic 6 and its power. The manual's worked example plays it
// that way (Carthage keeps its Behemoth and gives up its legions and its fortress).
export const DEFAULT_LOSS_ORDER = ["legions", "triremes", "fortresses", "creatures"];

// A list longer than this is never copied or walked: it cannot be a real battle, and a
// hostile one ({length: 1e9}) must not hang the page. validate.js bounds lists by the
// number of hero and god cards; this only keeps normalizeScenario cheap.
const LIST_COPY_LIMIT = 1000;

function emptySide() {
  return { civ: "", legions: 0, triremes: 0, fortresses: 0, creatures: 0, heroes: [], gods: [],
    statue: false, hamilcar: "best", goal: "losses", lossOrder: [...DEFAULT_LOSS_ORDER] };
}

export function defaultScenario() {
  const readings = {};
  for (const [k, v] of Object.entries(READINGS)) readings[k] = v[0];
  return { battle: "land", readings, buildings: { city: 0, caravan: 0, market: 0, temple: 0 },
    attacker: emptySide(), defender: emptySide() };
}

const isPlainObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

/** A list as given: copied when it is a real, reasonably short array, else passed on unread for validation to refuse. */
function listOf(v) {
  if (v === undefined || v === null) return [];
  if (Array.isArray(v) && v.length <= LIST_COPY_LIMIT) return v.slice();
  return v;
}

function sideOf(x) {
  const d = emptySide();
  if (!isPlainObject(x)) return d;
  const side = { ...d };
  for (const k of ["civ", ...COUNT_KEYS, "hamilcar", "goal"]) if (own(x, k) && x[k] !== undefined) side[k] = x[k];
  if (own(x, "statue")) side.statue = x.statue === true || x.statue === 1 || x.statue === "1";
  side.heroes = listOf(x.heroes);
  side.gods = listOf(x.gods);
  if (own(x, "lossOrder") && x.lossOrder !== undefined) side.lossOrder = listOf(x.lossOrder);
  return side;
}

/** Fill the missing parts of a (possibly partial, possibly hostile) scenario with defaults. Does not validate. */
export function normalizeScenario(s) {
  const d = defaultScenario();
  if (!isPlainObject(s)) s = {};
  const readings = { ...d.readings };
  if (isPlainObject(s.readings)) for (const k of Object.keys(READINGS)) if (own(s.readings, k)) readings[k] = s.readings[k];
  const buildings = { ...d.buildings };
  if (isPlainObject(s.buildings)) for (const k of BUILDINGS) if (own(s.buildings, k)) buildings[k] = s.buildings[k];
  return { battle: own(s, "battle") && s.battle !== undefined ? s.battle : d.battle, readings, buildings,
    attacker: sideOf(s.attacker), defender: sideOf(s.defender) };
}

const READING_KEYS = { ariane: "ariane", ajaxHamilcar: "ajax-hamilcar", mars: "mars",
  strikeBack: "strike-back", hercules: "hercules" };
const sameList = (a, b) => Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => v === b[i]);

/** The scenario as a query string (defaults omitted), so a link reproduces it. */
export function scenarioToQuery(s) {
  s = normalizeScenario(s);
  const d = defaultScenario();
  const p = new URLSearchParams();
  if (s.battle !== d.battle) p.set("battle", String(s.battle));
  for (const [side, pre] of [["attacker", "a"], ["defender", "d"]]) {
    const x = s[side];
    if (x.civ) p.set(`${pre}.civ`, String(x.civ));
    for (const k of COUNT_KEYS) if (x[k] !== 0) p.set(`${pre}.${k}`, String(x[k]));
    if (Array.isArray(x.heroes) && x.heroes.length) p.set(`${pre}.heroes`, x.heroes.join(","));
    if (Array.isArray(x.gods) && x.gods.length) p.set(`${pre}.gods`, x.gods.join(","));
    if (x.statue) p.set(`${pre}.statue`, "1");
    if (x.hamilcar !== "best") p.set(`${pre}.hamilcar`, String(x.hamilcar));
    if (x.goal !== "losses") p.set(`${pre}.goal`, String(x.goal));
    if (Array.isArray(x.lossOrder) && !sameList(x.lossOrder, DEFAULT_LOSS_ORDER)) p.set(`${pre}.loss`, x.lossOrder.join(","));
  }
  for (const b of BUILDINGS) if (s.buildings[b] !== 0) p.set(b, String(s.buildings[b]));
  for (const [k, q] of Object.entries(READING_KEYS)) if (s.readings[k] !== d.readings[k]) p.set(`r.${q}`, String(s.readings[k]));
  return p.toString();
}

/** A count as typed or linked: digits become a number; anything else stays text for validation to name. */
export function parseCount(v) {
  return /^\s*\d+\s*$/.test(v) ? Number(v) : String(v);
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
    if (p.has(`${pre}.loss`)) x.lossOrder = p.get(`${pre}.loss`).split(",").filter(Boolean);
  }
  for (const b of BUILDINGS) if (p.has(b)) s.buildings[b] = parseCount(p.get(b));
  for (const [k, q2] of Object.entries(READING_KEYS)) if (p.has(`r.${q2}`)) s.readings[k] = p.get(`r.${q2}`);
  return s;
}

// The keys of the Ancient Conquest calculator's link (ac-battle/scenario.js): none is a key
// here, so a link that holds them was written for the other calculator.
export const OTHER_FORM_KEYS = ["a", "d", "t", "c", "o", "f", "dg", "river", "reddot"];

/**
 * A link in the other calculator's form says so, rather than being read as an empty battle
 * ("The attacker needs at least one unit"): [{field: "", message}] naming its keys, or [].
 */
export function foreignKeyNotes(q) {
  const keys = [...new Set(new URLSearchParams(q).keys())].filter((k) => OTHER_FORM_KEYS.includes(k));
  if (!keys.length) return [];
  const named = keys.map((k) => `“${k}”`).join(", ");
  return [{ field: "", message: `${named} ${keys.length === 1 ? "is not one of this calculator's keys" : "are not this calculator's keys"}: the link is written for the Ancient Conquest battle calculator.` }];
}

/**
 * What the link says beyond its values: keys of the other calculator's form, and each key
 * given more than once with the value used, as {field, message} with the
 * scenario's own field names (a.legions -> attacker.legions).
 */
export function queryNotes(q) {
  const field = (key) => key.replace(/^a\./, "attacker.").replace(/^d\./, "defender.");
  return [...foreignKeyNotes(q), ...repeatedKeyNotes(new URLSearchParams(q), { field })];
}

