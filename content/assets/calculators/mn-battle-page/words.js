// The words of the Mare Nostrum page: labels of inputs, readings, outcomes and loss orders.
// No game number is here; every number shown comes from the records through the engine.

export const BATTLE_LABELS = {
  land: "Land battle (in a province)",
  naval: "Naval battle (in a sea space)",
  "ranged-land": "Titans' ranged attack on a province",
  "ranged-sea": "Titans' ranged attack on a sea space",
};

export const READING_TEXT = {
  ariane: ["Ariane's bonus", { total: "added once to the total", "per-die": "added to each die" }],
  ajaxHamilcar: ["Ajax and Hamilcar's dice", { no: "Ajax cannot re-roll a die fixed at 4", yes: "Ajax may re-roll a die fixed at 4" }],
  mars: ["Mars", { "when-helps": "spent only when +6 adds a loss", always: "always spent in this battle" }],
  strikeBack: ["Targets of a Titans' ranged attack", { no: "do not roll back", yes: "roll back at the Titans" }],
  hercules: ["Hercules' legion", { full: "automatic 6 and the creature's power", "automatic-only": "automatic 6 only" }],
};

export const GOAL_LABELS = { losses: "Most expected enemy losses", wipe: "Best chance to wipe the enemy out" };

export const COUNT_LABELS = { legions: "Legions", triremes: "Triremes", fortresses: "Fortresses", creatures: "Creatures" };
export const BUILDING_LABELS = { city: "Cities", caravan: "Caravans", market: "Markets", temple: "Temples" };

/**
 * The four outcomes of a round for a kind of battle, in a fixed order (the bar's order), each
 * with its tone. From the engine's outcomes.
 */
export function roundOutcomes(battle, o) {
  if (battle.startsWith("ranged")) {
    const pA = o.attackerWipedOut, pD = o.defenderWipedOut;
    return [
      { key: "targetsDestroyed", label: "every target destroyed", share: pD * (1 - pA), tone: "win" },
      { key: "bothRemain", label: "targets remain", share: o.bothRemain, tone: "war" },
      { key: "titansDestroyed", label: "Titans destroyed, targets remain", share: pA * (1 - pD), tone: "loss" },
      { key: "bothWipedOut", label: "Titans and targets all destroyed", share: o.bothWipedOut, tone: "both" },
    ];
  }
  const land = battle === "land";
  return [
    { key: "attackerAlone", label: land ? "attacker takes the province" : "attacker's fleet holds the sea space", share: o.attackerAlone, tone: "win" },
    { key: "bothRemain", label: land ? "still at war" : "both fleets stay (a sea space is never at war)", share: o.bothRemain, tone: "war" },
    { key: "defenderAlone", label: land ? "defender holds" : "defender's fleet holds", share: o.defenderAlone, tone: "loss" },
    { key: "bothWipedOut", label: land ? "both sides wiped out" : "both fleets sunk", share: o.bothWipedOut, tone: "both" },
  ];
}

/** The outcomes after several rounds, in the bar's order (a withdrawal only when a plan makes one possible). */
export function roundsOutcomes(row) {
  const out = [
    { key: "attackerTakes", label: "attacker takes the province", share: row.attackerTakes, tone: "win" },
    { key: "atWar", label: "still at war", share: row.atWar, tone: "war" },
    { key: "defenderHolds", label: "defender holds", share: row.defenderHolds, tone: "loss" },
    { key: "bothGone", label: "both sides wiped out", share: row.bothGone, tone: "both" },
  ];
  if (row.withdrawal > 0) {
    out.push({ key: "withdrawal", label: `a side withdrew (attacker ${pctWord(row.attackerWithdrew)}, defender ${pctWord(row.defenderWithdrew)})`, share: row.withdrawal, tone: "neutral" });
  }
  return out;
}

const pctWord = (p) => (p <= 0 ? "0%" : p < 0.001 ? "<0.1%" : `${(100 * p).toFixed(1)}%`);

/** Each side's plan in words, for the line under the figures. */
export function planText(plans) {
  if (!plans) return "";
  const side = (who, p) => {
    const w = p.withdraw, r = p.reinforce;
    const parts = [];
    if (w.when === "fewer") parts.push(`moves its ${w.pieces.join(" and ")} out when fewer than ${w.below} of its units remain`);
    else if (w.when === "chance") parts.push(`moves its ${w.pieces.join(" and ")} out when its chance to win the next round is below ${w.below}%`);
    else parts.push("fights on");
    const more = [r.legions ? `${r.legions} legion${r.legions > 1 ? "s" : ""}` : "", r.creatures ? `${r.creatures} creature${r.creatures > 1 ? "s" : ""}` : ""].filter(Boolean);
    if (more.length) parts.push(`brings in ${more.join(" and ")} before round ${r.round}`);
    return `the ${who} ${parts.join(" and ")}`;
  };
  const text = `Plans: ${side("attacker", plans.attacker)}; ${side("defender", plans.defender)}.`;
  return text;
}

// A null-prototype map: a name from a link ("__proto__", "constructor") finds nothing here.
const KIND_WORDS = Object.assign(Object.create(null),
  { legions: "legions", fortresses: "fortresses", creatures: "creatures", triremes: "triremes" });

/** Loss orders offered for a side: each order of the pieces that fight on land; the default keeps the strongest. */
export function lossOrderChoices(side, defaultOrder) {
  const kinds = side === "attacker" ? ["legions", "creatures"] : ["legions", "fortresses", "creatures"];
  const perms = (xs) => (xs.length <= 1 ? [xs] : xs.flatMap((x, i) => perms([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p])));
  const full = (p) => [...p, ...defaultOrder.filter((k) => !p.includes(k))];
  const asDefault = (p) => defaultOrder.filter((k) => p.includes(k)).join() === p.join();
  return perms(kinds).map((p) => {
    const order = asDefault(p) ? [...defaultOrder] : full(p);
    const words = p.map((k) => KIND_WORDS[k]);
    const text = `${words[0][0].toUpperCase()}${words[0].slice(1)} first, ${words.length > 2 ? `then ${words.slice(1, -1).join(", ")}, ` : ""}${words[words.length - 1]} last`;
    return { value: order.join(","), order, text: asDefault(p) ? `${text} (keeps the strongest; default)` : text };
  }).sort((a, b) => (b.text.endsWith("(keeps the strongest; default)") ? 1 : 0) - (a.text.endsWith("(keeps the strongest; default)") ? 1 : 0));
}

/** An order as words ("legions, then fortresses, then creatures"); triremes never fight on land, so they are left out. */
export function lossOrderText(order) {
  return order.filter((k) => k !== "triremes").map((k) => KIND_WORDS[k] || `“${String(k).slice(0, 24)}”`).join(", then ");
}
