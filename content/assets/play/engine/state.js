// The table's state, replayed from its settings and its log (log.js): who holds what since
// when, what left play (by a change or by rule), the setup ticks, the powers used in their
// period, and the marker. Pure: no DOM. Every rule is read from the records (state-rules.js):
// - a seat's own records and what it `brings` (with/without options) are in play from setup,
//   held by that seat's player; the options on and the kinds `always` in play are the table's;
// - a record enters once; one that `seats.owns` names a seat of is only that seat's player's;
//   a record of a kind always in play (a role) is never out of play: entering it hands it over;
// - a record with a `leaves` rule leaves by itself when the marker reaches the next occurrence
//   of its step after the position it entered at (in the rounds given);
// - a `uses` power can be marked so many times per period; the mark clears at its end; a record
//   whose `leaves` rule says `when: used` leaves as its last use is marked;
// - an objective of a record (a people's) is judged met or missed, or open again; the last verdict stands.
// A change that breaks one of these is refused with a sentence, and the replay goes on.
import { setupFor } from "./setup.js";
import { first, formatPosition, parsePosition, compare, occurrenceAfter, roundText } from "./sequence.js";
import { optionsAllow } from "./state-rules.js";
import { entersPlay } from "./records.js";

const BY_ORDER = ["seat", "brings", "entered", "option", "always"];

/** "player 2 (Greece)", "player 2", or "the table". */
export function playerText(g, table, player) {
  if (!Number.isInteger(player)) return "the table";
  const key = (table.seats || [])[player - 1];
  const c = key ? g.seats.choices.find((x) => x.key === key) : null;
  return c ? `player ${player} (${c.name})` : `player ${player}`;
}

/** "Turn 2, Construction Phase" (or the step alone in a game without rounds). */
export function positionText(g, pos) {
  const p = typeof pos === "string" ? parsePosition(g, pos) : pos;
  if (!p || p.error) return String(pos);
  const rec = g.byId.get(p.step);
  const name = rec ? rec.name : p.step;
  const round = roundText(g, p);
  return round ? `${round}, ${name}` : name;
}

/**
 * The key of the period a position lies in, for a use limited per step, phase, turn, round or
 * game; per entry (a stay in play), the key of the holding (`held`: the state's entry).
 */
export function periodKey(g, p, per, held = null) {
  const step = g.steps.find((s) => s.id === p.step);
  switch (per) {
    case "entry": return held ? `entry.${held.index === null ? "setup" : held.index}` : "entry.none";
    case "step": return formatPosition(p);
    case "phase": return `${p.round}.${p.turn}.${step && step.path.length > 1 ? step.path[1] : p.step}`;
    case "turn": return `${p.round}.${p.turn}`;
    case "round": return `${p.round}`;
    default: return "";
  }
}

const CLEARS = { step: "at the end of this step", phase: "at the end of this phase", turn: "at the end of this turn",
  round: "at the end of this round", game: "never: once a game", entry: "when it leaves play" };

/** When a used mark clears, in words ("at the end of this turn"; the round's label for a round). */
export function clearsText(g, per) {
  if (per === "round" && g.rounds) return `at the end of this ${g.rounds.label.toLowerCase()}`;
  if (per === "turn" && g.rounds && !g.rounds.innerTurns) return `at the end of this ${g.rounds.label.toLowerCase()}`;
  return CLEARS[per] || CLEARS.game;
}

/** The players a table has room for: its count, else the most the game allows (20 where none is given). */
function playerCeiling(g, table) {
  if (Number.isInteger(table.players)) return table.players;
  return Number.isInteger(g.players.max) ? g.players.max : 20;
}

/** The seat key whose records include `id` (a seat record, or a group's people), or null. */
function seatKeyOfRecord(g, id) {
  const c = g.seats.choices.find((x) => x.records.includes(id));
  return c ? c.key : null;
}

/**
 * The keys of the setup's seat lines, `brings.p<n>` for each chosen seat that brings something
 * with the options on (the page's "Player 1 (Rome): Julius Caesar, Titan, Military Leader", ticked
 * like a setup step).
 */
export function bringsKeys(g, table) {
  const on = table.options || [];
  const out = [];
  (table.seats || []).forEach((key, i) => {
    const c = key ? g.seats.choices.find((x) => x.key === key) : null;
    if (c && c.records.some((id) => (g.state.brings.get(id) || []).some((b) => optionsAllow(b, on)))) out.push(`brings.p${i + 1}`);
  });
  return out;
}

/**
 * Every key a setup tick may name at this table, in the setup's order: the seats' lines
 * (bringsKeys), then setupFor's steps. The folded tick list (`T`) is one bit per key of this
 * list, so the link's reader and the replay must use this one list.
 */
export function setupKeysOf(g, table) {
  return [...bringsKeys(g, table), ...setupFor({ games: { [g.game]: g } }, { ...table, game: g.game }).map((s) => s.key)];
}

/**
 * A fresh replay of the table's settings (no log yet): the records in play from setup, the
 * marker at the first position. Returns a mutable replay object; `step(r, event)` applies one
 * event to it and returns null or the refusal's sentence.
 */
export function startReplay(g, table) {
  const r = {
    g, table, marker: first(g), markerEvent: false, runStart: null,
    held: new Map(), left: [], ticks: new Set(), uses: [], verdicts: new Map(), events: [], leaveAt: new Map(),
    setupKeys: setupKeysOf(g, table), folded: -1, foldedCount: null,
    tickedBy: new Map(), usedAfterLeave: [], verdictClash: [], refusal: null, kept: [], setAgainst: [], setAside: new Set(), dropped: [],
  };
  const optionsOn = table.options || [];
  const put = (id, player, by) => {
    if (!g.byId.has(id) || r.held.has(id)) return;
    r.held.set(id, { id, player, since: null, by, index: null });
  };
  (table.seats || []).forEach((key, i) => {
    const c = key ? g.seats.choices.find((x) => x.key === key) : null;
    if (!c) return;
    for (const id of c.records) put(id, i + 1, "seat");
  });
  (table.seats || []).forEach((key, i) => {
    const c = key ? g.seats.choices.find((x) => x.key === key) : null;
    if (!c) return;
    for (const id of c.records) {
      for (const b of g.state.brings.get(id) || []) {
        if (!b.record || !optionsAllow(b, optionsOn)) continue;
        const rec = g.byId.get(b.record);
        if (rec && g.always.includes(rec.kind)) continue;   // a role: always in play, held below
        put(b.record, i + 1, "brings");
      }
    }
  });
  for (const id of optionsOn) put(id, null, "option");
  for (const rec of g.records) if (g.always.includes(rec.kind)) put(rec.id, null, "always");
  // A role a seat brings (Rome's Military Leader) is held by that seat's player from setup.
  (table.seats || []).forEach((key, i) => {
    const c = key ? g.seats.choices.find((x) => x.key === key) : null;
    if (!c) return;
    for (const id of c.records) {
      for (const b of g.state.brings.get(id) || []) {
        const held = b.record && optionsAllow(b, optionsOn) ? r.held.get(b.record) : null;
        if (held && held.by === "always" && held.player === null) held.player = i + 1;
      }
    }
  });
  for (const e of r.held.values()) if (e.by === "brings") scheduleLeave(r, e, null);
  settleLeaves(r, null);
  return r;
}

/** When a record that entered at `since` (null: at setup) leaves by rule: its position, or none. */
function scheduleLeave(r, entry, since) {
  const { g } = r;
  const rec = g.byId.get(entry.id);
  const rules = rec ? g.state.leaveRulesOf(rec) : [];
  let best = null;
  for (const rule of rules) {
    if (rule.used) continue;   // it leaves as it is used up (stepReplay's use)
    const from = since === null ? null : parsePosition(g, since);
    let occ;
    if (from === null) {
      // From setup: the first time the step comes, the game's first position included.
      const start = first(g);
      occ = start.step === rule.at && (!rule.rounds || rule.rounds.includes(start.round)) ? start : occurrenceAfter(g, start, rule.at, rule.rounds);
    } else if (rule.nextRound) {
      // A record that outlasts its own round leaves at the step in the next one.
      const next = from.round === null ? null : from.round + 1;
      occ = next !== null && (!rule.rounds || rule.rounds.includes(next)) ? occurrenceAfter(g, from, rule.at, [next]) : null;
    } else occ = occurrenceAfter(g, from, rule.at, rule.rounds);
    if (occ && (!best || compare(g, occ, best.at) < 0)) best = { at: occ, rule };
  }
  if (best) r.leaveAt.set(entry.id, best);
  else r.leaveAt.delete(entry.id);
}

/** The records whose leaving point the marker has reached leave, by rule. */
function settleLeaves(r, index) {
  const { g } = r;
  for (const [id, { at, rule }] of [...r.leaveAt]) {
    if (compare(g, r.marker, at) < 0) continue;
    const e = r.held.get(id);
    r.leaveAt.delete(id);
    if (!e) continue;
    r.held.delete(id);
    r.left.push({ id, player: e.player, since: e.since, until: formatPosition(at), by: "rule", note: rule.note, index, entry: e.index });
  }
}

function nameOf(g, id) {
  const rec = g.byId.get(id);
  return rec ? rec.name : id;
}

/**
 * Apply one event to the replay r; null when it is taken, else the sentence of its refusal, with
 * r.refusal = {blocker, same}: the index of the change that stands in its way (null: setup, or
 * nothing), and whether the refused change would have done what that one did (a repeat).
 * The event happens where its phone's marker was (`pos`, its stamp's; else the marker's).
 */
export function stepReplay(r, event, index) {
  const { g, table } = r;
  const pos = typeof event.pos === "string" ? event.pos : formatPosition(r.marker);
  r.refusal = { blocker: null, same: false };
  const refuse = (message, blocker = null, same = false) => { r.refusal = { blocker, same }; return message; };
  const accept = () => { r.events.push({ ...event, pos, index }); return null; };
  switch (event.type) {
    case "enter": {
      const rec = g.byId.get(event.id);
      const name = nameOf(g, event.id);
      const always = rec && g.always.includes(rec.kind);
      if (!rec || (!entersPlay(g, rec) && !always)) return `${name} is not a record that enters play in ${g.record.name}.`;
      const max = playerCeiling(g, table);
      if (event.player !== null && !(event.player >= 1 && event.player <= max)) {
        return `${name}: player ${event.player} is not at this table (${Number.isInteger(table.players) ? `${table.players} players` : `at most ${max}`}).`;
      }
      const held = r.held.get(event.id);
      if (held) {
        if (held.by === "always") {
          if (held.player === event.player) return refuse(`${name} is already ${playerText(g, table, event.player)}'s.`, held.index, true);
          held.prev = { index: held.index, player: held.player, since: held.since };
          held.player = event.player;
          held.since = pos;
          held.index = index;
          return accept();
        }
        return refuse(`${name} is already in play (held by ${playerText(g, table, held.player)}${held.since ? ` since ${positionText(g, held.since)}` : " from setup"}); a record enters once.`,
          held.index, held.player === event.player);
      }
      const owner = g.state.ownerOf(event.id);
      if (owner && event.player !== null) {
        const ownerKey = seatKeyOfRecord(g, owner);
        const ownerSeat = ownerKey && g.seats.choices.find((c) => c.key === ownerKey);
        const holder = ownerKey ? (table.seats || []).indexOf(ownerKey) + 1 : 0;
        const mine = (table.seats || [])[event.player - 1] || null;
        if (holder && holder !== event.player) return `${name} is ${ownerSeat.name}'s own; only player ${holder}, who plays ${ownerSeat.name}, may hold it.`;
        if (!holder && mine) return `${name} is ${ownerSeat ? ownerSeat.name : owner}'s own, and player ${event.player} plays ${g.seats.choices.find((c) => c.key === mine).name}; nobody at this table plays ${ownerSeat ? ownerSeat.name : owner}.`;
      }
      const entry = { id: event.id, player: event.player, since: pos, by: "entered", index };
      r.held.set(event.id, entry);
      scheduleLeave(r, entry, pos);
      return accept();
    }
    case "leave": {
      const held = r.held.get(event.id);
      const name = nameOf(g, event.id);
      if (!held) {
        const gone = [...r.left].reverse().find((l) => l.id === event.id);
        return gone ? refuse(`${name} already left play.`, gone.index, true) : `${name} is not in play; only a record in play can leave it.`;
      }
      if (held.by === "seat") return `${name} is ${playerText(g, table, held.player)}'s ${g.seats.label.toLowerCase()}; it does not leave play.`;
      if (held.by === "option") return `${name} is an option of this table; it does not leave play.`;
      if (held.by === "always") return `${name} is always in play; give it to another player instead.`;
      r.held.delete(event.id);
      r.leaveAt.delete(event.id);
      r.left.push({ id: event.id, player: held.player, since: held.since, until: pos, by: "change", note: null, index, entry: held.index });
      // A use made on another phone at or after the point it left here: the two phones disagree.
      for (const u of r.uses) {
        if (u.id === event.id && u.ph !== event.ph && compare(g, parsePosition(g, u.pos), parsePosition(g, pos)) >= 0) r.usedAfterLeave.push({ use: u.index, leave: index, id: event.id });
      }
      return accept();
    }
    case "tick":
    case "untick": {
      if (!r.setupKeys.includes(event.key)) return `“${event.key}” is not a step of this table's setup.`;
      if (event.type === "tick" && r.ticks.has(event.key)) return refuse("That setup step is already ticked.", r.tickedBy.get(event.key) ?? null, true);
      if (event.type === "untick" && !r.ticks.has(event.key)) return refuse("That setup step is not ticked.", r.tickedBy.get(event.key) ?? null, true);
      if (event.type === "tick") { r.ticks.add(event.key); r.tickedBy.set(event.key, index); } else { r.ticks.delete(event.key); r.tickedBy.set(event.key, index); }
      return accept();
    }
    case "ticks": {
      const bad = event.keys.filter((k) => !r.setupKeys.includes(k));
      if (bad.length) return "The setup ticks name steps this table's setup does not have.";
      r.ticks = new Set(event.keys);
      for (const k of event.keys) r.tickedBy.set(k, index);
      return accept();
    }
    case "use": {
      const name = nameOf(g, event.id);
      const limit = g.state.uses.get(event.id);
      if (!limit) return `${name} has no power the records limit per step, phase, turn, round or game; there is nothing to mark.`;
      const held = r.held.get(event.id);
      if (!held) {
        const gone = [...r.left].reverse().find((l) => l.id === event.id);
        return refuse(`${name} is not in play; only a record in play can be used.`, gone ? gone.index : null, false);
      }
      const player = event.player === null ? held.player : event.player;
      if (held.player !== null && player !== held.player) return refuse(`${name} is ${playerText(g, table, held.player)}'s; ${playerText(g, table, player)} cannot use it.`, held.index, true);
      const key = periodKey(g, parsePosition(g, pos), limit.per, held);
      const done = r.uses.filter((u) => u.id === event.id && u.key === key);
      const period = limit.per === "game" ? "this game" : limit.per === "entry" ? "since it entered play" : `this ${limit.per === "round" && g.rounds ? g.rounds.label.toLowerCase() : limit.per}`;
      if (done.length >= limit.times) return refuse(`${name} was already used ${limit.times === 1 ? "once" : `${limit.times} times`} ${period}.`, done[done.length - 1].index, true);
      r.uses.push({ id: event.id, player, key, per: limit.per, pos, index, ph: event.ph });
      // A record that leaves once used up (leaves when: used) goes as its last use is marked.
      const gone = done.length + 1 >= limit.times && g.state.leaveRulesOf(g.byId.get(event.id)).find((l) => l.used);
      if (gone && (held.by === "entered" || held.by === "brings")) {
        r.held.delete(event.id);
        r.leaveAt.delete(event.id);
        r.left.push({ id: event.id, player: held.player, since: held.since, until: pos, by: "rule", note: gone.note, index, entry: held.index });
      }
      return accept();
    }
    case "objective": {
      const rec = g.byId.get(event.id);
      const list = rec && Array.isArray(rec.objectives) ? rec.objectives : [];
      if (!(event.n >= 1 && event.n <= list.length)) return `${nameOf(g, event.id)} has no objective ${event.n}; ${list.length ? `its objectives are 1 to ${list.length}` : "it has none"}.`;
      const key = `${event.id}.${event.n}`;
      const was = r.verdicts.get(key);
      if ((was ? was.verdict : "open") === event.verdict) {
        return refuse(`${nameOf(g, event.id)}'s objective ${event.n} is already ${event.verdict === "open" ? "open" : event.verdict}.`, was ? was.index : null, true);
      }
      // Another phone judged it the other way: both verdicts stand in the log, and the table shows the conflict.
      if (was && was.verdict !== "open" && event.verdict !== "open" && was.ph !== event.ph) r.verdictClash.push({ a: was.index, b: index, id: event.id });
      r.verdicts.set(key, { id: event.id, n: event.n, verdict: event.verdict, pos, index, ph: event.ph });
      return accept();
    }
    case "marker": {
      r.marker = parsePosition(g, event.to);
      settleLeaves(r, index);
      return accept();
    }
    case "fold":
      r.folded = index;
      r.foldedCount = Number.isInteger(event.count) ? event.count : null;
      return accept();
    default:
      return "is not a change the page knows.";
  }
}

/**
 * Where the phones disagree, from the log alone, so every phone shows the same ones: [{kind, id,
 * a, b}], a and b the indexes of the two changes in the log (b the one the table follows now, or
 * the one it set aside):
 * - "entered": one record entered on two phones for different players (b is set aside);
 * - "left-used": a record left play on one phone (a) and was used on another (b) at or after that point;
 * - "role": a role given to two players at the same step on two phones (b holds it now);
 * - "verdict": an objective judged met on one phone and missed on another (b stands now);
 * - "refused": anything else another phone recorded that the rules refuse here (b), with why.
 * A change that repeats another phone's (a record entered twice for the same player) is no
 * conflict. Two markers at two places are found as two logs merge (merge.js).
 */
function conflictsOf(r) {
  const { g } = r;
  const log = r.kept;
  const out = [];
  for (const x of r.setAgainst) {
    if (x.same) continue;
    const ev = log[x.index];
    const blocker = x.blocker === null ? null : log[x.blocker];
    if (ev.type === "enter" && blocker) out.push({ kind: "entered", id: ev.id, a: x.blocker, b: x.index });
    else if (ev.type === "use" && blocker && blocker.type === "leave") out.push({ kind: "left-used", id: ev.id, a: x.blocker, b: x.index });
    // Anything else another phone recorded that this log cannot take: shown, with why.
    else out.push({ kind: "refused", id: ev.id || null, a: x.blocker === null ? x.index : x.blocker, b: x.index, message: x.message });
  }
  for (const x of r.usedAfterLeave) out.push({ kind: "left-used", id: x.id, a: x.leave, b: x.use });
  const standing = new Set([...r.verdicts.values()].map((v) => v.index));
  for (const x of r.verdictClash) if (standing.has(x.b)) out.push({ kind: "verdict", id: x.id, a: x.a, b: x.b });
  for (const e of r.held.values()) {
    if (e.by !== "always" || !e.prev || e.index === null || e.prev.index === null) continue;
    const a = log[e.prev.index];
    const b = log[e.index];
    if (a && b && a.ph !== b.ph && a.pos === b.pos && a.player !== b.player) out.push({ kind: "role", id: e.id, a: e.prev.index, b: e.index });
  }
  return out.map((c) => ({ ...c, key: `${c.kind}:${stampText(log[c.a])}~${stampText(log[c.b])}` }));
}

const stampText = (e) => (e ? `${e.ph}.${e.seq}` : "");

/**
 * The state a finished replay holds: {at, inPlay, ticks, used, left, events, setupKeys, folded,
 * foldedCount, marks, objectives, conflicts, setAside}: `objectives` the objectives judged met or
 * missed, [{id, n, verdict, pos}] in record order; `marks` every use marked, [{id, player, per, pos, index}] (a look back
 * in time reads the marks of its moment from them); `folded` the index of the log's fold (-1: none), `foldedCount` how many changes
 * it stands for (null: an older link's fold, which did not say); `conflicts` where two phones
 * disagree (conflictsOf); `setAside` the indexes of the changes kept in the log that had no
 * effect (another phone's repeat, or one side of a conflict).
 */
export function finishReplay(r) {
  const { g } = r;
  const at = formatPosition(r.marker);
  const inPlay = [...r.held.values()]
    .map((e, i) => ({ e, i }))
    .sort((a, b) => BY_ORDER.indexOf(a.e.by) - BY_ORDER.indexOf(b.e.by) || a.i - b.i)
    .map(({ e }) => {
      const leave = r.leaveAt.get(e.id);
      return { id: e.id, player: e.player, since: e.since, by: e.by, leaves: leave ? { at: formatPosition(leave.at), note: leave.rule.note } : null };
    });
  const used = [];
  for (const u of r.uses) {
    if (!r.held.has(u.id) || u.key !== periodKey(g, r.marker, u.per, r.held.get(u.id)) || r.usedAfterLeave.some((x) => x.use === u.index)) continue;
    const found = used.find((x) => x.id === u.id);
    if (found) { found.count += 1; continue; }
    const limit = g.state.uses.get(u.id);
    used.push({ id: u.id, player: u.player, count: 1, times: limit.times, per: u.per, since: u.pos, clears: clearsText(g, u.per) });
  }
  return {
    at, inPlay, ticks: r.setupKeys.filter((k) => r.ticks.has(k)), used, left: r.left.slice(),
    events: r.events.map((ev) => {
      const k = r.kept[ev.index];   // the unnamed phone's changes may have been numbered again since
      return k && (k.seq !== ev.seq || k.clk !== ev.clk || k.ph !== ev.ph) ? { ...ev, seq: k.seq, clk: k.clk, ph: k.ph } : ev;
    }), setupKeys: r.setupKeys.slice(), folded: r.folded, foldedCount: r.foldedCount,
    marks: r.uses.map((u) => ({ id: u.id, player: u.player, per: u.per, pos: u.pos, index: u.index })),
    objectives: [...r.verdicts.values()].filter((v) => v.verdict !== "open")
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.n - b.n)).map((v) => ({ id: v.id, n: v.n, verdict: v.verdict, pos: v.pos })),
    conflicts: conflictsOf(r), setAside: [...r.setAside].sort((a, b) => a - b),
    repeats: r.setAgainst.filter((x) => x.same).map((x) => x.index),
  };
}
