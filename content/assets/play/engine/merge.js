// One table on every phone: two logs of the same table merge into one. Pure: no DOM.
//
// - The table's settings (game, players, options, seats) say which table it is; two different
//   tables never merge (sameTable).
// - The merge is the union of the two logs' changes, each known by its stamp (stamps.js), in the
//   order every phone computes; a change one log knows of (its counter is not past that phone's
//   high-water there) but does not hold was taken out there on purpose (undone, set aside,
//   folded) and stays out. So merging is commutative, associative and idempotent: A then B, B then
//   A, and B twice give the same table.
// - Two phones that wrote one change under one name and counter with two contents (two phones that
//   drew the same name, or a forged code) clash: the side whose first clashing change reads later
//   goes on under a name made from that change (the same on every phone), and the merge says so.
// - What the two phones disagree on is kept and named by the state (state.js conflictsOf): settle
//   takes one side, setting the other aside as a change of its own, which the next merge carries.
import { gameRules } from "./records.js";
import { logOf, canonicalTable, dropChanges, stateOf, applyChange as applyLogChange } from "./log.js";
import { ANON, compareEvents, contentOf, eventId, knownOf, sortLog } from "./stamps.js";
import { playerText, positionText } from "./state.js";

/** The settings that say which table it is (game, players, options, seats), as one string. */
export function tableKey(table) {
  if (!table || !table.game) return "";
  const seats = (table.seats || []).slice();
  while (seats.length && seats[seats.length - 1] === null) seats.pop();
  return JSON.stringify([table.game, Number.isInteger(table.players) ? table.players : null, [...(table.options || [])].sort(), seats]);
}

/** Whether two tables are the same table (their settings say so). */
export function sameTable(a, b) {
  return Boolean(a && b && a.game && tableKey(a) === tableKey(b));
}

/** A name for a phone's changes that clashed, made from the phone's name and the first clashing change. */
function renamed(ph, first) {
  let h = 0x811c9dc5;
  const text = `${ph}|${contentOf(first)}`;
  for (let i = 0; i < text.length; i += 1) { h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
  let id = (h % 46656).toString(36).padStart(3, "0");
  if (id === ph || id === ANON) id = ((h >>> 16) % 46656 + 1).toString(36).padStart(3, "0");
  return id;
}

/**
 * The clashes between two logs: [{ph, seq, side}] for each phone whose change `seq` has two
 * contents; `side` ("a" or "b") is the log whose changes of that phone from `seq` on go on under
 * a new name: the one whose clashing change reads later (the same answer either way round).
 */
function clashesOf(a, b) {
  const byId = new Map(a.filter((e) => e.type !== "fold").map((e) => [eventId(e), e]));
  const first = new Map();
  for (const e of b) {
    if (e.type === "fold") continue;
    const other = byId.get(eventId(e));
    if (!other || contentOf(other) === contentOf(e)) continue;
    const was = first.get(e.ph);
    if (!was || e.seq < was.seq) first.set(e.ph, { ph: e.ph, seq: e.seq, side: contentOf(other) < contentOf(e) ? "b" : "a", a: other, b: e });
  }
  return [...first.values()];
}

function rename(log, seen, clash, to) {
  const out = log.map((e) => (e.type !== "fold" && e.ph === clash.ph && e.seq >= clash.seq ? { ...e, ph: to } : e));
  const marks = { ...(seen || {}) };
  if (marks[clash.ph] >= clash.seq) { marks[to] = marks[clash.ph]; marks[clash.ph] = clash.seq - 1; }
  return { log: sortLog(out), seen: marks };
}

/**
 * The union of two logs of one table: {log, seen, clashes}. A change held by one log and known
 * (but not held) by the other was taken out there and is left out. The later fold mark of the two
 * stays (the one that stands for more changes).
 */
export function mergeLogs(a, seenA, b, seenB) {
  const clashes = clashesOf(a, b);
  for (const c of clashes) {
    const to = renamed(c.ph, c.side === "a" ? c.a : c.b);
    c.to = to;
    if (c.side === "a") ({ log: a, seen: seenA } = rename(a, seenA, c, to));
    else ({ log: b, seen: seenB } = rename(b, seenB, c, to));
  }
  const knownA = knownOf(a, seenA);
  const knownB = knownOf(b, seenB);
  const inA = new Set(a.filter((e) => e.type !== "fold").map(eventId));
  const inB = new Set(b.filter((e) => e.type !== "fold").map(eventId));
  const keep = (e, ids, known) => ids.has(eventId(e)) || e.ph === ANON || !(known[e.ph] >= e.seq);
  const out = new Map();
  for (const e of [...a, ...b]) {
    if (e.type === "fold") continue;
    const id = eventId(e);
    if (out.has(id)) continue;
    if (keep(e, inA, knownA) && keep(e, inB, knownB)) out.set(id, e);
  }
  const folds = [...a, ...b].filter((e) => e.type === "fold")
    .sort((x, y) => ((y.count ?? -1) - (x.count ?? -1)) || compareEvents(y, x));
  const log = sortLog([...out.values(), ...folds.slice(0, 1)]);
  const seen = {};
  for (const [ph, n] of Object.entries({ ...knownA, ...knownB })) if (ph !== ANON) seen[ph] = Math.max(knownA[ph] || 0, knownB[ph] || 0);
  return { log, seen, clashes };
}

/** "player 2 (Greece)'s phone", "this phone", or "another phone": who sent a code. */
function senderText(g, table, seat) {
  return Number.isInteger(seat) ? `${playerText(g, table, seat).replace(/^p/, "P")}'s phone` : "Another phone";
}

/**
 * The kept table with another of the same table merged in: {table, error, other, added, removed,
 * clashes, conflicts, note}. `incoming` is a table read from a link or a code; `seat` the player
 * whose phone sent it (its `as`), if it says. A table of another game or with other settings is
 * not merged: {table: kept, other: true, error}. `added`: the changes that came in (by their
 * index in the new log); `removed`: the kept changes the other phone had taken out; `conflicts`:
 * the state's conflicts not there before; `note`: what came in, in words.
 */
export function mergeTables(rules, kept, incoming, { seat = null, write } = {}) {
  const g = kept && gameRules(rules, kept.game);
  if (!g || !incoming || !incoming.game) return { table: kept, error: { field: "", message: "There is no table to merge into." }, other: true, added: [], removed: [], clashes: [], conflicts: [], note: "" };
  if (!sameTable(kept, incoming)) {
    const what = incoming.game !== kept.game ? `a table of ${(gameRules(rules, incoming.game) || { record: { name: incoming.game } }).record.name}` : "another table of this game (other players, options or seats)";
    return { table: kept, error: { field: "", message: `This code holds ${what}; it was not merged into this one.` }, other: true, added: [], removed: [], clashes: [], conflicts: [], note: "" };
  }
  const a = logOf(kept, g);
  const b = logOf(incoming, g);
  const merged = mergeLogs(a, kept.seen, b, incoming.seen);
  const { table } = canonicalTable(g, { ...kept, seen: merged.seen }, merged.log, write || (() => ""));
  const before = new Set(a.filter((e) => e.type !== "fold").map(eventId));
  const after = new Set(table.log.filter((e) => e.type !== "fold").map(eventId));
  const added = table.log.map((e, i) => ({ e, i })).filter(({ e }) => e.type !== "fold" && !before.has(eventId(e))).map(({ i }) => i);
  const removed = a.filter((e) => e.type !== "fold" && !after.has(eventId(e)) && !merged.clashes.some((c) => c.side === "a" && c.ph === e.ph && e.seq >= c.seq));
  const was = new Set(stateOf(rules, kept).conflicts.map((c) => c.key));
  const conflicts = stateOf(rules, table).conflicts.filter((c) => !was.has(c.key));
  const marker = markerContest(a, kept.seen, b, incoming.seen, table);
  const result = { table, error: null, other: false, added, removed, clashes: merged.clashes, conflicts, marker };
  return { ...result, note: mergeNote(rules, kept, result, seat) };
}

/**
 * Two markers at two places: each log's last marker move is one the other log does not hold (both
 * phones moved it since they last agreed), and they end at different places. The merged table
 * follows the move that sorts last; {kind: "marker", a: {to, ph} (the kept table's), b: {to, ph}
 * (the code's), now} says both, for the page to settle in one tap. Null when they agree.
 */
function markerContest(a, seenA, b, seenB, merged) {
  const lastMove = (log) => [...log].reverse().find((e) => e.type === "marker") || null;
  const ma = lastMove(a);
  const mb = lastMove(b);
  if (!ma || !mb || ma.to === mb.to) return null;
  // A log has seen a move it holds, or one it took out (its phone's counter known past it).
  const saw = (log, seen, m) => knownOf(log, seen)[m.ph] >= m.seq || log.some((e) => e.type === "marker" && e.ph === m.ph && e.seq === m.seq);
  if (saw(b, seenB, ma) || saw(a, seenA, mb)) return null;
  const now = lastMove(merged.log);
  return { kind: "marker", key: `marker:${ma.ph}.${ma.seq}~${mb.ph}.${mb.seq}`, a: { to: ma.to, ph: ma.ph }, b: { to: mb.to, ph: mb.ph }, now: now ? now.to : null };
}

function changeWords(g, table, e) {
  const name = (id) => (g.byId.get(id) || { name: id }).name;
  switch (e.type) {
    case "enter": {
      const rec = g.byId.get(e.id);
      return rec && g.always.includes(rec.kind) ? `${name(e.id)} to ${playerText(g, table, e.player)}` : name(e.id);
    }
    case "leave": return `${name(e.id)} left play`;
    case "use": return `${name(e.id)} used`;
    case "objective": return `${name(e.id)}'s objective ${e.n} ${e.verdict === "open" ? "open again" : e.verdict}`;
    case "tick": return "a setup step ticked";
    case "untick": return "a setup step unticked";
    case "ticks": return "setup steps ticked";
    default: return null;
  }
}

/**
 * What a merge brought, in words: "From player 2 (Greece)'s phone: Hermes, Ajax (Turn 2,
 * Construction)"; what the other phone had undone; the marker if it moved; the conflicts; or
 * "nothing new".
 */
export function mergeNote(rules, kept, result, seat = null) {
  const g = gameRules(rules, kept.game);
  const t = result.table;
  const who = senderText(g, t, seat);
  const came = result.added.map((i) => t.log[i]);
  const words = came.map((e) => changeWords(g, t, e)).filter(Boolean);
  const ticks = words.filter((w) => w.startsWith("a setup step") || w === "setup steps ticked").length;
  const listed = [...new Set(words.filter((w) => !w.startsWith("a setup step") && w !== "setup steps ticked"))];
  if (ticks) listed.push(`${ticks} setup change${ticks === 1 ? "" : "s"}`);
  const parts = [];
  const last = [...came].reverse().find((e) => e.type !== "marker" && typeof e.pos === "string");
  if (listed.length) parts.push(`${listed.join(", ")}${last ? ` (${positionText(g, last.pos)})` : ""}`);
  const atBefore = stateOf(rules, kept).at;
  const atNow = stateOf(rules, t).at;
  if (atNow !== atBefore) parts.push(`the marker is at ${positionText(g, atNow)}`);
  const undone = result.removed.map((e) => changeWords(g, t, e) || (e.type === "marker" ? `a marker move to ${positionText(g, e.to)}` : null)).filter(Boolean);
  if (undone.length) parts.push(`taken back there: ${[...new Set(undone)].join(", ")}`);
  const open = result.conflicts.length + (result.marker ? 1 : 0);
  if (open) parts.push(`${open} thing${open === 1 ? "" : "s"} to settle`);
  const clash = result.clashes.length ? ` Two phones wrote under one name (${result.clashes.map((c) => c.ph).join(", ")}); one of them now writes as ${result.clashes.map((c) => c.to).join(", ")}.` : "";
  return parts.length ? `From ${who.charAt(0).toLowerCase() + who.slice(1)}: ${parts.join("; ")}.${clash}` : `From ${who.charAt(0).toLowerCase() + who.slice(1)}: nothing new; this phone already had it all.${clash}`;
}

/**
 * The table as it was before a merge, as a change of this phone's: the changes that came in are
 * taken out (staying known, so the next merge does not bring them back), and what the merge took
 * away (the other phone's undo) is made again here. {table, errors}.
 */
export function undoMerge(rules, merged, before, added, { phone = null, write } = {}) {
  const g = gameRules(rules, merged.game);
  const ids = new Set(added.map((i) => merged.log[i]).filter(Boolean).map(eventId));
  const indexes = merged.log.map((e, i) => (e.type !== "fold" && ids.has(eventId(e)) ? i : -1)).filter((i) => i >= 0);
  let table = dropChanges(g, merged, indexes).table;
  const errors = [];
  const apply = (c) => {
    const r = applyLogChange(rules, table, c, write || (() => ""), { phone });
    if (r.error) errors.push(r.error); else table = r.table;
  };
  const want = stateOf(rules, before);
  let now = stateOf(rules, table);
  const held = new Map(now.inPlay.map((e) => [e.id, e]));
  const wanted = new Map(want.inPlay.map((e) => [e.id, e]));
  for (const [id, e] of held) if (e.by === "entered" && (!wanted.has(id) || wanted.get(id).player !== e.player)) apply({ type: "leave", id });
  now = stateOf(rules, table);
  const heldNow = new Map(now.inPlay.map((e) => [e.id, e]));
  for (const [id, e] of wanted) {
    const h = heldNow.get(id);
    if (!h || h.player !== e.player) if (e.by === "entered" || e.by === "always") apply({ type: "enter", id, player: e.player });
  }
  const ticks = new Set(stateOf(rules, table).ticks);
  for (const k of want.ticks) if (!ticks.has(k)) apply({ type: "tick", key: k });
  for (const k of ticks) if (!want.ticks.includes(k)) apply({ type: "untick", key: k });
  if (stateOf(rules, table).at !== want.at) apply({ type: "marker", to: want.at });
  return { table, errors };
}

/**
 * Settle a conflict (state.js conflictsOf) on `keep`'s side ("a" or "b"): the other side is set
 * aside (taken out, staying known, so every phone sets it aside as they merge), or, for the
 * marker, the marker moves to the chosen place. {table, setAside: [changes], error}.
 */
export function settle(rules, table, conflict, keep, { phone = null, write } = {}) {
  const g = gameRules(rules, table.game);
  if (keep !== "a" && keep !== "b") return { table, setAside: [], error: { field: "", message: "Choose one side of the conflict." } };
  if (conflict && conflict.kind === "marker") {
    const to = conflict[keep] && conflict[keep].to;
    if (!to || stateOf(rules, table).at === to) return { table, setAside: [], error: null };
    const r = applyLogChange(rules, table, { type: "marker", to }, write || (() => ""), { phone });
    return { table: r.error ? table : r.table, setAside: [], error: r.error };
  }
  const log = logOf(table, g);
  const a = conflict && log[conflict.a];
  const b = conflict && log[conflict.b];
  if (!a || !b) return { table, setAside: [], error: { field: "", message: "That conflict is no longer on this table." } };
  const drop = keep === "a" ? conflict.b : conflict.a;
  const r = dropChanges(g, table, [drop]);
  return { table: r.table, setAside: r.dropped, error: null };
}

/** Where each side of a conflict came from, in words: {a, b}, each {phone, text, pos}. */
export function conflictSides(rules, table, conflict) {
  const g = gameRules(rules, table.game);
  if (conflict.kind === "marker") {
    const side = (x) => ({ phone: x.ph, text: `the marker at ${positionText(g, x.to)}`, pos: x.to, when: positionText(g, x.to) });
    return { a: side(conflict.a), b: side(conflict.b) };
  }
  const log = logOf(table, g);
  const side = (e) => {
    if (!e) return null;
    const name = (g.byId.get(e.id) || { name: e.id }).name;
    let text;
    switch (e.type) {
      case "enter": text = g.always.includes((g.byId.get(e.id) || {}).kind) ? `${name} to ${playerText(g, table, e.player)}` : `${name} for ${playerText(g, table, e.player)}`; break;
      case "leave": text = `${name} left play`; break;
      case "use": text = `${name} used by ${playerText(g, table, e.player)}`; break;
      case "marker": text = `the marker at ${positionText(g, e.to)}`; break;
      case "objective": text = `${name}'s objective ${e.n} ${e.verdict === "open" ? "open again" : e.verdict}`; break;
      default: text = e.type;
    }
    return { phone: e.ph, text, pos: e.pos, when: positionText(g, e.pos) };
  };
  return { a: side(log[conflict.a]), b: side(log[conflict.b]) };
}
