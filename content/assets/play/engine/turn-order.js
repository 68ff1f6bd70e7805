// A game's turn: its steps, their order, and the reader's judgments of both. Pure: no DOM.
//
// - The turn is play_along.turn's step_of tree, walked in pre-order, each record's steps sorted
//   by `order` (then id). stepsOf is that walk; no other code builds a turn.
// - play/turn-root: play_along.turn is the game's turn root, a rule with no step_of (a phase
//   would make a turn of its own steps alone) and, where the game's phases hang from a root,
//   that root (another rule would leave every phase out).
// - play/step-order: every step has an `order`, and no two steps of one record share one (the
//   page would order them by id, or put the one without last).
// - play/linked-order: a record's steps are ordered as its `steps` list links them ({id}), or,
//   where that list links fewer than two, as its text does (step_of's schema: linked "in turn
//   order"). Only the steps out of place are named: a swap names both, a step moved names it.
import { findRefs } from "../../shared/refs.js";

export const TURN_ROOT = "play/turn-root";
export const STEP_ORDER = "play/step-order";
export const LINKED_ORDER = "play/linked-order";
// The most links of one record compared: the comparison is quadratic, and the reader may see a
// record before the generator's cap on references (text/reference-count) has refused it.
const MAX_LINKED = 500;

const isOrder = (x) => Number.isInteger(x);
const byOrder = (a, b) => (isOrder(a.order) ? a.order : Infinity) - (isOrder(b.order) ? b.order : Infinity)
  || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** {parent id: [its steps]}: the records whose step_of names it, by `order` (then id). */
function stepsUnder(records) {
  const children = new Map();
  for (const r of records) {
    if (typeof r.step_of !== "string" || typeof r.id !== "string") continue;
    if (!children.has(r.step_of)) children.set(r.step_of, []);
    children.get(r.step_of).push(r);
  }
  for (const list of children.values()) list.sort(byOrder);
  return children;
}

/** The steps of the turn: the records whose step_of chain reaches `root`, in pre-order, as {id, path}. */
export function stepsOf(root, records) {
  const children = stepsUnder(records);
  const out = [];
  const seen = new Set([root]);
  const walk = (id, path) => {
    for (const r of children.get(id) || []) {
      if (seen.has(r.id)) continue;   // a cycle of step_of: timing/step-records names it; each step is read once
      seen.add(r.id);
      out.push({ id: r.id, path: [...path] });
      walk(r.id, [...path, r.id]);
    }
  };
  walk(root, [root]);
  return out;
}

/** {step id: parent id} of the game's rules whose step_of names a rule of the game. */
function parentsOf(records, byId) {
  const parents = new Map();
  for (const r of records) {
    const home = r.kind === "rule" && typeof r.step_of === "string" ? byId.get(r.step_of) : undefined;
    if (home && home.kind === "rule") parents.set(r.id, r.step_of);
  }
  return parents;
}

/**
 * The one gap of a play_along.turn that is a rule of the game but not its turn root, or null.
 * `byId`: the game's records. A step_of chain in a circle is timing/step-records' line, not this.
 */
export function turnRootGap(gameRec, records, byId) {
  const turn = gameRec.play_along.turn;
  const parents = parentsOf(records, byId);
  const gap = (text, fix) => ({ record: gameRec.id, path: ["play_along", "turn"], text, message: `${gameRec.id}: play_along.turn: ${text}`, fix, check: TURN_ROOT });
  if (parents.has(turn)) {
    const chain = [turn];
    let at = turn;
    while (parents.has(at) && !chain.includes(parents.get(at))) {
      at = parents.get(at);
      chain.push(at);
    }
    if (parents.has(at)) return null;
    return gap(`${turn} is a step of ${parents.get(turn)} (its step_of), not the turn: the page would show only the steps under it`,
      `name the turn's root, ${at}`);
  }
  const roots = [...new Set([...parents.values()].filter((p) => !parents.has(p)))].sort();
  const others = roots.filter((r) => r !== turn);
  if (!others.length || roots.includes(turn)) return null;
  return gap(`${turn} has no steps, while the game's phases hang from ${others.join(", ")}: the turn would show none of them`,
    others.length === 1 ? `name ${others[0]}` : `name one of ${others.join(", ")}`);
}

/** The record's own steps in the order its `steps` links them, or, where those link fewer than
 * two, its text: {field, linked: [[where, step id]]}, each step at its first link. */
function linkedSteps(rec, own) {
  const linked = [];
  const ids = new Set();
  for (const [i, item] of (Array.isArray(rec.steps) ? rec.steps : []).entries()) {
    const first = findRefs(item).map((m) => m.id).find((id) => own.has(id));
    if (first && !ids.has(first)) { ids.add(first); linked.push([`steps[${i}]`, first]); }
  }
  if (linked.length >= 2) return { field: "steps", linked };
  const seen = [...new Set(findRefs(rec.text).map((m) => m.id).filter((id) => own.has(id)))];
  return { field: "text", linked: seen.map((id) => ["text", id]) };
}

/** The positions of the longest run of `orders` already increasing; among runs as long, the one
 * keeping most steps at the place their order gives them. The rest are the slips. */
function keptInPlace(orders) {
  const sorted = orders.slice().sort((a, b) => a - b);
  const rank = new Map(sorted.map((o, i) => [o, i]));
  const best = [];   // [length, steps at their place, previous position]
  orders.forEach((o, i) => {
    const here = rank.get(o) === i ? 1 : 0;
    let cell = [1, here, -1];
    for (let j = 0; j < i; j++) {
      const longer = best[j][0] + 1 > cell[0] || (best[j][0] + 1 === cell[0] && best[j][1] + here > cell[1]);
      if (orders[j] < o && longer) cell = [best[j][0] + 1, best[j][1] + here, j];
    }
    best.push(cell);
  });
  let at = -1;
  best.forEach((cell, i) => { if (at < 0 || cell[0] > best[at][0] || (cell[0] === best[at][0] && cell[1] > best[at][1])) at = i; });
  const kept = new Set();
  for (; at >= 0; at = best[at][2]) kept.add(at);
  return kept;
}

/** The gaps of one record's steps against its own links (none where two share an order: that is play/step-order's). */
function linkedOrderGaps(parent, kids) {
  const own = new Map(kids.filter((k) => isOrder(k.order)).map((k) => [k.id, k]));
  if (own.size < 2) return [];
  const { field, linked: all } = linkedSteps(parent, own);
  const linked = all.slice(0, MAX_LINKED);
  const orders = linked.map(([, id]) => own.get(id).order);
  if (new Set(orders).size < orders.length) return [];
  const kept = keptInPlace(orders);
  const gaps = [];
  linked.forEach(([where, sid], i) => {
    if (kept.has(i)) return;
    let before = null;
    let after = null;
    for (let j = i - 1; j >= 0 && !before; j--) if (kept.has(j)) before = linked[j][1];
    for (let j = i + 1; j < linked.length && !after; j++) if (kept.has(j)) after = linked[j][1];
    const orderOf = (id) => own.get(id).order;
    const links = field === "steps" ? `${parent.id}'s steps link it (${where})` : `${parent.id}'s text links it`;
    const place = [before && `after ${before} (order ${orderOf(before)})`, after && `before ${after} (order ${orderOf(after)})`].filter(Boolean).join(" and ");
    const span = before && after ? `between ${orderOf(before)} and ${orderOf(after)}` : before ? `above ${orderOf(before)}` : `below ${orderOf(after)}`;
    const slip = field === "steps" ? `put ${parent.id}'s steps` : `rewrite ${parent.id}'s text`;
    const text = `order ${orders[i]} is out of place: ${links} ${place}`;
    gaps.push({ record: sid, path: ["order"], text, message: `${sid}: order: ${text}`,
      fix: `give ${sid} an order ${span}, or, if the links are the slip, ${slip} in the source's order`, check: LINKED_ORDER });
  });
  return gaps;
}

/** Every gap of the order of the game's steps: under each rule of the game that steps hang from. */
export function stepOrderGaps(records, byId) {
  const parents = parentsOf(records, byId);
  const gaps = [];
  for (const [pid, all] of stepsUnder(records)) {
    const kids = all.filter((k) => parents.get(k.id) === pid);
    if (!kids.length) continue;
    const sameOrder = new Map();
    for (const k of kids) {
      if (k.order === undefined || k.order === null) {
        const text = `a step of ${pid} without order: the page puts it after its siblings`;
        gaps.push({ record: k.id, path: ["step_of"], text, message: `${k.id}: step_of: ${text}`,
          fix: `add order: its place among ${pid}'s steps, as the source gives it`, check: STEP_ORDER });
      } else if (isOrder(k.order)) {
        if (!sameOrder.has(k.order)) sameOrder.set(k.order, []);
        sameOrder.get(k.order).push(k);
      }
    }
    for (const [order, same] of sameOrder) {
      for (const k of same.length > 1 ? same : []) {
        const others = same.filter((o) => o !== k).map((o) => o.id).join(", ");
        const text = `order ${order} is also ${others}'s, a step of ${pid} too: the page would put them in id order, not the source's`;
        gaps.push({ record: k.id, path: ["order"], text, message: `${k.id}: order: ${text}`,
          fix: `give each step of ${pid} its own order, in the source's sequence`, check: STEP_ORDER });
      }
    }
    gaps.push(...linkedOrderGaps(byId.get(pid), kids));
  }
  return gaps;
}
