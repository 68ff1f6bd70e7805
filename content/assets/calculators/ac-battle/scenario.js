// An Ancient Conquest attack as data: its choices, defaults and the page's query string.

export const TERRAINS = ["clear", "hills", "mountain", "forest", "swamp", "desert"];
export const CITIES = ["none", "unmarked", "red-dot", "fortified", "capital", "hegemonic"];
export const UNIT_TYPES = ["infantry", "missile", "cavalry"];
export const OPTIONAL_RULES = ["encampments", "cap", "deities", "charge", "fleets", "davidGoliath"];
export const READINGS = {
  river: ["text", "table"],
  redDot: ["main", "optional"],
};
export const HEROES = ["none", "attacker", "defender", "both"];

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

// ---------------------------------------------------------------- URL state

// Codes read from a link are looked up in null-prototype maps: "constructor" names nothing.
const lookup = (pairs) => Object.assign(Object.create(null), Object.fromEntries(pairs));
const TYPE_CODE = { infantry: "i", missile: "m", cavalry: "c" };
const CODE_TYPE = lookup([["i", "infantry"], ["m", "missile"], ["c", "cavalry"]]);
const FLAG_CODE = { desert: "s", river: "r", disembarked: "e", deity: "g", charge: "h" };
const CODE_FLAG = lookup(Object.entries(FLAG_CODE).map(([k, v]) => [v, k]));
const OPT_CODE = { encampments: "enc", cap: "cap", deities: "dei", charge: "chg", fleets: "fle", davidGoliath: "dg" };
const CODE_OPT = lookup(Object.entries(OPT_CODE).map(([k, v]) => [v, k]));
const BOOL_CODE = { encamped: "enc", defenderDeity: "god", siegeMachine: "sm", formerAllies: "ally", attackerRetreatBlocked: "ab", defenderRetreatBlocked: "db" };

function encodeUnits(list, withFlags) {
  if (!Array.isArray(list)) return "";
  return list.map((u) => {
    if (!u || typeof u !== "object") return "x";
    const flags = withFlags ? Object.keys(FLAG_CODE).filter((k) => u.flags?.[k]).map((k) => FLAG_CODE[k]).join("") : "";
    // a number too large to count exactly would be written as 1e+30 or Infinity: "x", which the check names
    const f = Number.isFinite(u.factor) && Math.abs(u.factor) <= Number.MAX_SAFE_INTEGER ? String(u.factor) : "x";
    return `${TYPE_CODE[u.type] || "i"}${f}${flags}`;
  }).join(".");
}
// A factor as linked: digits too many to count exactly (thirty nines are 1e+30, four hundred
// are Infinity) are read as too large, so the check says "above 999" and the address never
// carries 1e+30 or Infinity.
function linkedFactor(digits) {
  if (digits === "" || digits === "-") return NaN;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : n < 0 ? -Infinity : Infinity;
}
function decodeUnits(text) {
  if (text === null || text === undefined) return null;
  if (text === "") return [];
  return text.split(".").map((part) => {
    const m = part.match(/^([a-z])(-?\d*)([a-z]*)$/);
    if (!m) return { type: "infantry", factor: NaN, flags: {} };
    const flags = {};
    for (const ch of m[3]) if (CODE_FLAG[ch]) flags[CODE_FLAG[ch]] = true;
    return { type: CODE_TYPE[m[1]] || m[1], factor: linkedFactor(m[2]), flags };
  });
}

export function encodeScenario(s) {
  if (!s || typeof s !== "object") s = {};
  const q = new URLSearchParams();
  q.set("a", encodeUnits(s.attackers, true));
  q.set("d", encodeUnits(s.defenders, false));
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

// The keys of this calculator's link: encodeScenario writes no other.
export const QUERY_KEYS = ["a", "d", "t", "c", "o", "f", "dg", "river", "reddot"];

/**
 * A link with keys this calculator never writes (most often one written for the Mare Nostrum
 * calculator, "a.legions=3") says so, rather than being read as the default attack:
 * [{field: "", message}] naming the first few, or [].
 */
export function foreignKeyNotes(search) {
  const keys = [...new Set(new URLSearchParams(search).keys())].filter((k) => !QUERY_KEYS.includes(k));
  if (!keys.length) return [];
  const named = keys.slice(0, 3).map((k) => `“${k.length > 24 ? `${k.slice(0, 23)}…` : k}”`).join(", ") + (keys.length > 3 ? ` and ${keys.length - 3} more` : "");
  const mn = keys.some((k) => /^[ad]\./.test(k) || k === "battle");
  return [{ field: "", message: `${named} ${keys.length === 1 ? "is not one of this calculator's keys" : "are not this calculator's keys"}${mn ? ": the link is written for the Mare Nostrum battle calculator" : ""}.` }];
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
