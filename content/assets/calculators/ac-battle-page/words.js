// The words of the Ancient Conquest page: labels of the choices, and the tone of each kind
// of result in the bars (good for the attacker, good for the defender, neither, unknown).

export const TERRAIN_LABELS = { clear: "Clear", hills: "Hills", mountain: "Mountain", forest: "Forest", swamp: "Swamp", desert: "Desert" };
export const CITY_LABELS = {
  none: "No city",
  unmarked: "City without a red dot (9. Other Cities)",
  "red-dot": "Red-dot city",
  fortified: "Fortified city (walled drawing)",
  capital: "Capital city",
  hegemonic: "Hegemonic city",
};
export const OPTIONAL_LABELS = {
  encampments: "Encampments (Optional Rules 1. Movement)",
  cap: "Tripling at most (Optional Rules 2. Combat)",
  deities: "Deities move and double (Optional Rules 4. Deities)",
  charge: "Cavalry charge from a distance (22. Cavalry Units, optional)",
  fleets: "Fleets: landing units attack at half (Optional Rules 11. Fleets)",
  davidGoliath: "David and Goliath shift a column (Optional Rules 6)",
};
export const READING_LABELS = {
  river: {
    text: "7. Combat – Battles – Sieges (terrain list): the defender is doubled when every attack comes across the river",
    table: "Terrain Effects Table, River row: each unit attacking across the river is halved",
  },
  redDot: {
    main: "Main rules, 7. Combat Mechanics and 8. Fortified Cities (Red-Dot Cities) B: every city with a red dot is attacked on the Siege Table",
    optional: "Optional Rules 14. Cities, Table of City Differences: red-dot cities on the Combat Table with defenders doubled; fortified, capital and hegemonic cities on the Siege Table, retreats ignored",
  },
};
export const HERO_LABELS = { none: "Neither", attacker: "With the attackers", defender: "With the defenders", both: "Both are in this combat" };

const TONES = {
  "defender-eliminated": "win", "defender-retreats": "win", "defender-surrenders": "win",
  "attacker-eliminated": "loss", "attacker-retreats": "loss", "attacker-surrenders": "loss",
  "both-eliminated": "both",
};
export const toneOf = (kind) => TONES[kind] || "neutral";

export const EDGE_WORDS = {
  "automatic-elimination": "automatic elimination of the defender, no die roll",
  "not-covered": "no printed column: the source gives no result",
  capped: "read as the last column",
};

/** The outcomes of an evaluation as the views take them: each known result, then the share the source does not print. */
export function verdictOutcomes(r, readable) {
  const list = r.outcomes.map((o) => ({ key: o.key, label: readable(o.kind === "exchange" ? "exchange" : lower(o.label)), share: o.low.n / o.low.d, tone: toneOf(o.kind) }));
  if (r.unknownRows) list.push({ key: "unknown", label: "not in the source", share: r.unknownShare.n / r.unknownShare.d, tone: "unknown" });
  return list;
}

function lower(label) { return label.length > 1 ? label[0].toLowerCase() + label.slice(1) : label; }
