// Reading the printed results of the Combat and Siege Tables: who is eliminated, retreats,
// surrenders or exchanges, once "the player with ratio 1" is known for the column.

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

export function outcomeLabel(o) {
  const base = KIND_LABELS[o.kind] || o.kind;
  if (o.kind.endsWith("-retreats")) return o.hexes === "unknown" ? `${base} (distance not given)` : `${base} ${o.hexes} hex${o.hexes === 1 ? "" : "es"}`;
  if (o.kind === "other") return `${base}: “${o.text}”`;
  return base;
}

