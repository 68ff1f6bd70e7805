// From the two totals to a column of the table: the ratio rounded in the defender's favour,
// the column shifts, and what the table says past its printed columns.

import { floorDiv, fracToString } from "./fractions.js";
import { SOURCES } from "./sources.js";

/** The ratio of two exact totals, rounded in the defender's favour (11 : 6 is 1:1; 6 : 13 is 1:3). */
export function roundedRatio(A, D) {
  const big = A.n * D.d; // A / D = big / small
  const small = D.n * A.d;
  let rounded;
  if (big >= small) rounded = { a: floorDiv(big, small), b: 1 };
  else rounded = { a: 1, b: floorDiv(small + big - 1, big) }; // ceil(D/A)
  return { attacker: A, defender: D, exact: big / small, rounded, label: `${rounded.a}:${rounded.b}` };
}

/** Position on the table's ladder; ratios past either end get a virtual position one step per whole ratio point. */
function ladderPosition(ladder, rounded) {
  const top = ladder[ladder.length - 1];
  const bottom = ladder[0];
  let pos = ladder.findIndex((e) => e.a === rounded.a && e.b === rounded.b);
  if (pos >= 0) return pos;
  if (rounded.a * top.b > top.a * rounded.b) return ladder.length - 1 + (top.b === 1 && rounded.b === 1 ? rounded.a - top.a : 1);
  if (rounded.a * bottom.b < bottom.a * rounded.b) return -(bottom.a === 1 && rounded.a === 1 ? rounded.b - bottom.b : 1);
  pos = 0; // a gap in the printed columns: the nearest column below (defender's favour)
  for (let i = 0; i < ladder.length; i++) if (ladder[i].a * rounded.b <= rounded.a * ladder[i].b) pos = i;
  return pos;
}

/** The column shifts in play: siege machine, David or Goliath. */
export function columnShifts(s, tableRole, P, opt) {
  const shifts = [];
  if (s.siegeMachine && tableRole === "siege") shifts.push({ name: "siege machine with the attackers", by: P.siegeShift, source: SOURCES.siegeMachine, param: "siegeShift" });
  if (opt("davidGoliath") && s.hero === "attacker") shifts.push({ name: "David or Goliath with the attackers", by: P.davidGoliathShift, source: SOURCES.davidGoliath, param: "davidGoliathShift" });
  if (opt("davidGoliath") && s.hero === "defender") shifts.push({ name: "David or Goliath with the defenders", by: -P.davidGoliathShift, source: SOURCES.davidGoliath, param: "davidGoliathShift" });
  return shifts;
}

/**
 * The column used for a rounded ratio and shifts, or the edge reached.
 * Returns {refused: message} for an attack the table forbids, else {column, edge, final}.
 */
export function pickColumn(table, ratio, shifts) {
  const { rounded, attacker: A, defender: D } = ratio;
  const ladder = table.ladder;
  const top = ladder[ladder.length - 1];
  const bottom = ladder[0];
  const edges = table.edges;
  if (edges.below === "not-allowed" && rounded.a * edges.lowest.b < edges.lowest.a * rounded.b) {
    return { refused: `This attack is not allowed: ${fracToString(A)} against ${fracToString(D)} rounds to ${rounded.a}:${rounded.b}, and the ${table.name} allows nothing below ${edges.lowest.a}:${edges.lowest.b} (${SOURCES.siegeBelow}).` };
  }
  let final = ladderPosition(ladder, rounded) + shifts.reduce((t, x) => t + x.by, 0);
  const past = (p) => (p >= ladder.length ? `${top.a + (top.b === 1 ? p - ladder.length + 1 : 0)}:1` : `1:${bottom.b + (bottom.a === 1 ? -p : 0)}`);
  let edge = null;
  if (final >= ladder.length) {
    const where = `${past(final)} is beyond the last column (${top.a}:${top.b}) of the ${table.name}`;
    if (edges.above === "last-column") {
      edge = { kind: "capped", text: `${where}: it is read as ${top.a}:${top.b} (${SOURCES.edges}).` };
      final = ladder.length - 1;
    } else if (edges.above === "automatic-elimination") {
      edge = { kind: "automatic-elimination", text: `${where}: the weaker side, the defender, is eliminated automatically with no die roll (${SOURCES.edges}).` };
    } else {
      edge = { kind: "not-covered", text: `${where}, and the ${table.name} says nothing about it; the calculator does not guess.` };
    }
  } else if (final < 0) {
    edge = { kind: "not-covered", text: `${past(final)} is below the first column (${bottom.a}:${bottom.b}) of the ${table.name}; the rules give no result there (they only speak of ratios beyond the top), so the calculator does not guess.` };
  }
  const column = edge && edge.kind !== "capped" ? null : ladder[final];
  return { edge, final, column: column ? { id: column.col, label: column.label, a: column.a, b: column.b, position: final } : null };
}
