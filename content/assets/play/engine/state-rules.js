// The rules the table's state follows, read once per game from the records' play-state fields
// (schemas/defs/play-state.schema.json): what a seat brings (`brings` on a seat's record), which records
// only one seat may hold (`play_along.seats.owns`), what leaves play by rule
// (`play_along.leaves`), what always in play changes hands at a step (`play_along.passes`),
// powers limited per period (`uses`), what a record does as it enters
// (`enters`), its line per moment (`timing.lines`), its power per round (`powers_by_age`, keyed
// by the round's number in Roman numerals), when a win is checked (`play_along.wins`) and how
// many of some kinds one player normally holds (`play_along.limits`).
// Pure: no DOM. No game logic lives here: every rule is a record's field,
// and a field the engine cannot read is a gap (RecordsError), so that `generator check` says so
// at its line.
import { plainText, recordRef } from "../../shared/records.js";
import { INPUT_CEILING } from "../../shared/input.js";

export const PERIODS = ["step", "phase", "turn", "round", "game", "entry"];

const isList = (x) => Array.isArray(x);
const ids = (x) => (isList(x) ? x.filter((v) => typeof v === "string") : []);

/** A count that may be a bare integer or {value, from} as the export writes it; undefined when not one. */
function countOf(raw) {
  if (Number.isInteger(raw)) return raw;
  if (raw && typeof raw === "object" && Number.isInteger(raw.value)) return raw.value;
  return undefined;
}

/** The whole number a Roman numeral writes ("III" is 3), or null when it is not one. */
export function romanValue(text) {
  if (typeof text !== "string" || !/^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/.test(text) || !text) return null;
  const v = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };
  let n = 0;
  for (let i = 0; i < text.length; i += 1) n += v[text[i]] < (v[text[i + 1]] || 0) ? -v[text[i]] : v[text[i]];
  return n;
}

/**
 * The state rules of one game: {bringsOf(seatRecordId), owns, ownerOf(id), leaveRulesOf(rec),
 * uses: Map, enters: Map, lines: Map, byRound: Map, wins: [...], limits: [...]}. `gap(record, path, text)` records a
 * problem; `stepIds` are the turn's steps, `options` the game's option ids, `roundNumbers` the
 * game's round numbers (null when it has no rounds or their count is open), `hasRounds` whether it has rounds.
 */
const FIELD = /^[a-z][a-z0-9_]*$/;

/** A rule's `where` ({field: value}) as a test of a record: null when absent, undefined (after a
 * gap) when it is not a map of field names to text, whole numbers or true/false. */
function whereOf(where, gid, path, gap) {
  if (where === undefined) return null;
  const pairs = where && typeof where === "object" && !Array.isArray(where) ? Object.entries(where) : null;
  if (!pairs || !pairs.length || pairs.some(([k, v]) => !FIELD.test(k) || !["string", "boolean"].includes(typeof v) && !Number.isInteger(v))) {
    gap(gid, path, "is not a map of field names to values (text, a whole number, true or false)");
    return undefined;
  }
  return (rec) => pairs.every(([k, v]) => Object.hasOwn(rec, k) && rec[k] === v);
}

export function readStateRules({ pa, gid, records, byId, stepIds, options, seatKind, gap, inPlayKinds = [], roundNumbers = null, hasRounds = false }) {
  const optionCheck = (rec, path, list) => {
    for (const [i, id] of ids(list).entries()) {
      if (!options.includes(id)) gap(rec, [...path, i], `names ${id}, which is not one of the game's play_along options`);
    }
  };
  // brings, per seat record.
  const brings = new Map();
  for (const rec of records) {
    if (rec.brings === undefined) continue;
    if (!isList(rec.brings)) { gap(rec.id, ["brings"], "is not a list"); continue; }
    const list = [];
    rec.brings.forEach((b, i) => {
      if (!b || typeof b !== "object") { gap(rec.id, ["brings", i], "is not an item"); return; }
      optionCheck(rec.id, ["brings", i, "with"], b.with);
      optionCheck(rec.id, ["brings", i, "without"], b.without);
      const note = typeof b.note === "string" ? plainText(b.note, byId) : null;
      if (b.record === "unknown") { list.push({ record: null, with: ids(b.with), without: ids(b.without), note: note || "The source does not say." }); return; }
      if (typeof b.record !== "string" || !byId.has(b.record)) { gap(rec.id, ["brings", i, "record"], `names ${JSON.stringify(b.record)}, which is not a record of this game`); return; }
      list.push({ record: b.record, with: ids(b.with), without: ids(b.without), note });
    });
    brings.set(rec.id, list);
  }
  // owns: a field whose value names a seat record.
  const seatsRaw = pa.seats || {};
  const owns = typeof seatsRaw.owns === "string" ? seatsRaw.owns : null;
  const seatIds = new Set(records.filter((r) => r.kind === seatKind).map((r) => r.id));
  const ownerOf = (id) => {
    if (!owns) return null;
    const rec = byId.get(id);
    const v = rec && rec[owns];
    return typeof v === "string" && seatIds.has(v) ? v : null;
  };
  // leaves: [{kinds | records | where, at | used, rounds, note}].
  const leaves = [];
  if (pa.leaves !== undefined && !isList(pa.leaves)) gap(gid, ["play_along", "leaves"], "is not a list");
  for (const [i, l] of (isList(pa.leaves) ? pa.leaves : []).entries()) {
    const path = ["play_along", "leaves", i];
    if (!l || typeof l !== "object") { gap(gid, path, "is not an item"); continue; }
    // when: used: each leaves as its last use is marked, so each has a uses limit and no step.
    const used = l.when === "used";
    if (l.when !== undefined && !used) { gap(gid, [...path, "when"], `is ${JSON.stringify(l.when)}; the one moment a rule names this way is used`); continue; }
    if (used && l.at !== undefined) { gap(gid, [...path, "at"], "names a step beside when: used; give one or the other"); continue; }
    if (!used && !stepIds.includes(l.at)) { gap(gid, [...path, "at"], `names ${JSON.stringify(l.at)}, which is not a step of ${pa.turn}`); continue; }
    // where: the records whose fields hold the values given; a filter no record of an in-play kind matches never applies.
    const where = whereOf(l.where, gid, [...path, "where"], gap);
    if (where === undefined) continue;
    if (where && !records.some((r) => inPlayKinds.includes(r.kind) && where(r))) {
      gap(gid, [...path, "where"], `matches no record of a kind in play (${inPlayKinds.join(", ")}), so the rule never applies`);
      continue;
    }
    if (used) {
      const named = records.filter((r) => ids(l.records).includes(r.id) || ids(l.kinds).includes(r.kind) || (where !== null && where(r)));
      const bare = named.filter((r) => !r.uses || typeof r.uses !== "object");
      if (bare.length) { gap(gid, [...path, "when"], `leaves when used, but ${bare.slice(0, 3).map((r) => r.id).join(", ")}${bare.length > 3 ? ` and ${bare.length - 3} more` : ""} ${bare.length === 1 ? "has" : "have"} no uses to mark`); continue; }
    }
    if (l.rounds !== undefined && !(isList(l.rounds) && l.rounds.length && l.rounds.every(Number.isInteger))) { gap(gid, [...path, "rounds"], "is not a list of round numbers"); continue; }
    // A round the game never reaches (past its last, or past the page's ceiling in an open-ended game) is a rule that never applies.
    const lastRound = roundNumbers ? roundNumbers[roundNumbers.length - 1] : hasRounds ? INPUT_CEILING : null;
    const never = isList(l.rounds) ? l.rounds.filter((n) => lastRound === null || n < 1 || n > lastRound) : [];
    if (never.length) { gap(gid, [...path, "rounds"], `names round ${never[0]}, which ${lastRound === null ? `${gid} does not have (it has no rounds)` : `the game never reaches (its rounds run from 1 to ${lastRound})`}`); continue; }
    // in_next_round: the record outlasts its own round and leaves at the step in the next one.
    if (l.in_next_round !== undefined && (l.in_next_round !== true || !hasRounds)) { gap(gid, [...path, "in_next_round"], l.in_next_round !== true ? "is not true" : "needs a game with rounds"); continue; }
    for (const [j, id] of ids(l.records).entries()) if (!byId.has(id)) gap(gid, [...path, "records", j], `names ${id}, which is not a record of this game`);
    leaves.push({ kinds: ids(l.kinds), records: ids(l.records), where, at: used ? null : l.at, used, rounds: isList(l.rounds) ? l.rounds.slice() : null, nextRound: l.in_next_round === true,
      note: typeof l.note === "string" ? plainText(l.note, byId) : null, index: i });
  }
  const leaveRulesOf = (rec) => leaves.filter((l) => l.records.includes(rec.id) || l.kinds.includes(rec.kind) || (l.where !== null && l.where(rec)));
  // passes: [{kinds, at, first, note}]: records always in play whose holders are recorded again at a step.
  const passes = [];
  if (pa.passes !== undefined && !isList(pa.passes)) gap(gid, ["play_along", "passes"], "is not a list");
  for (const [i, p] of (isList(pa.passes) ? pa.passes : []).entries()) {
    const path = ["play_along", "passes", i];
    if (!p || typeof p !== "object") { gap(gid, path, "is not an item"); continue; }
    if (!stepIds.includes(p.at)) { gap(gid, [...path, "at"], `names ${JSON.stringify(p.at)}, which is not a step of ${pa.turn}`); continue; }
    const always = ids(pa.always);
    const kinds = ids(p.kinds);
    const bad = kinds.filter((k) => !always.includes(k));
    if (!kinds.length || bad.length) { gap(gid, [...path, "kinds"], `${bad.length ? `names ${bad.join(", ")}, which` : "names no kind; each"} must be a kind of play_along.always (a record that is always held by someone)`); continue; }
    passes.push({ kinds, at: p.at, first: typeof p.first === "string" ? plainText(p.first, byId) : null,
      note: typeof p.note === "string" ? plainText(p.note, byId) : null });
  }
  // uses, enters and timing.lines, per record.
  const uses = new Map();
  const enters = new Map();
  const lines = new Map();
  const byRound = new Map();
  for (const rec of records) {
    // powers_by_age: one line per round, keyed by the round's number in Roman numerals.
    if (rec.powers_by_age !== undefined) {
      const pba = rec.powers_by_age;
      if (!pba || typeof pba !== "object" || isList(pba)) gap(rec.id, ["powers_by_age"], "is not a line per round");
      else {
        const per = new Map();
        for (const [key, line] of Object.entries(pba)) {
          const n = romanValue(key);
          if (n === null || !roundNumbers || !roundNumbers.includes(n)) {
            gap(rec.id, ["powers_by_age", key], `'${key}' is not a round of the game${roundNumbers ? ` (${roundNumbers.join(", ")}, in Roman numerals)` : " (it has no counted rounds)"}`);
          } else if (typeof line !== "string" || !line.trim()) gap(rec.id, ["powers_by_age", key], "is not a line of text");
          else per.set(n, plainText(line, byId));
        }
        byRound.set(rec.id, per);
      }
    }
    if (rec.uses !== undefined) {
      const u = rec.uses;
      const times = u && countOf(u.times);
      if (!u || !PERIODS.includes(u.per)) gap(rec.id, ["uses", "per"], `is ${JSON.stringify(u && u.per)}, not one of ${PERIODS.join(", ")}`);
      else if (!(Number.isInteger(times) && times >= 1 && times <= 99)) gap(rec.id, ["uses", "times"], `${JSON.stringify(u.times)} is not a whole number of uses from 1 to 99`);
      // A period by rounds or turns in a game without them would never end: the mark would never clear.
      else if (!hasRounds && (u.per === "round" || u.per === "turn")) gap(rec.id, ["uses", "per"], `is ${u.per}, but ${gid} has no rounds or turns, so the mark would never clear (use game, step or phase)`);
      else uses.set(rec.id, { per: u.per, times, note: typeof u.note === "string" ? plainText(u.note, byId) : null });
    }
    if (rec.enters !== undefined) {
      const e = rec.enters;
      if (!e || typeof e.do !== "string" || !e.do.trim()) gap(rec.id, ["enters", "do"], "is not a line of text");
      else enters.set(rec.id, { do: plainText(e.do, byId), note: typeof e.note === "string" ? plainText(e.note, byId) : null });
    }
    const tl = rec.timing && rec.timing.lines;
    if (tl !== undefined) {
      if (!isList(tl)) { gap(rec.id, ["timing", "lines"], "is not a list"); continue; }
      const out = [];
      tl.forEach((l, i) => {
        if (!l || typeof l.do !== "string" || typeof l.at !== "string") { gap(rec.id, ["timing", "lines", i], "needs an at and a do"); return; }
        if (l.at !== pa.turn && !stepIds.includes(l.at)) { gap(rec.id, ["timing", "lines", i, "at"], `names ${l.at}, which is not a step of ${pa.turn}`); return; }
        out.push({ at: l.at, do: plainText(l.do, byId) });
      });
      lines.set(rec.id, out);
    }
  }
  // wins: [{record, with, without, check: {after: [kinds]} | {at: [steps]}, holds: {kinds, count}, note}].
  const wins = [];
  if (pa.wins !== undefined && !isList(pa.wins)) gap(gid, ["play_along", "wins"], "is not a list");
  for (const [i, w] of (isList(pa.wins) ? pa.wins : []).entries()) {
    const path = ["play_along", "wins", i];
    if (!w || typeof w !== "object") { gap(gid, path, "is not an item"); continue; }
    if (typeof w.record !== "string" || !byId.has(w.record)) { gap(gid, [...path, "record"], `names ${JSON.stringify(w.record)}, which is not a record of this game`); continue; }
    optionCheck(gid, [...path, "with"], w.with);
    optionCheck(gid, [...path, "without"], w.without);
    const check = w.check || {};
    const after = ids(check.after);
    const at = ids(check.at);
    for (const [j, s] of at.entries()) if (!stepIds.includes(s)) gap(gid, [...path, "check", "at", j], `names ${s}, which is not a step of ${pa.turn}`);
    if (!after.length && !at.length) { gap(gid, [...path, "check"], "names neither kinds (after) nor steps (at)"); continue; }
    let holds = null;
    if (w.holds !== undefined) {
      const count = w.holds && countOf(w.holds.count);
      if (!w.holds || !ids(w.holds.kinds).length) gap(gid, [...path, "holds", "kinds"], "names no kinds");
      else if (!(Number.isInteger(count) && count >= 1 && count <= 999)) gap(gid, [...path, "holds", "count"], `${JSON.stringify(w.holds.count)} is not a whole number from 1 to 999`);
      else {
        // A win that needs more records than the game has can never be met.
        const kinds = ids(w.holds.kinds);
        const pool = records.filter((r) => kinds.includes(r.kind)).length;
        if (count > pool) gap(gid, [...path, "holds", "count"], `needs ${count} of ${kinds.join(" and ")}, but the game has ${pool}, so nobody can ever meet it`);
        else holds = { kinds, count };
      }
    }
    const rec = byId.get(w.record);
    wins.push({ ...recordRef(rec), with: ids(w.with), without: ids(w.without), after, at, holds,
      note: typeof w.note === "string" ? plainText(w.note, byId) : null,
      line: plainText(typeof rec.summary === "string" ? rec.summary : "", byId) });
  }
  // limits: [{record, kinds, count, unless, note}]: how many of some kinds one player normally holds.
  const limits = [];
  const heldKinds = [...ids(pa.in_play), ...ids(pa.always)];
  if (pa.limits !== undefined && !isList(pa.limits)) gap(gid, ["play_along", "limits"], "is not a list");
  for (const [i, l] of (isList(pa.limits) ? pa.limits : []).entries()) {
    const path = ["play_along", "limits", i];
    if (!l || typeof l !== "object") { gap(gid, path, "is not an item"); continue; }
    let bad = false;
    const fail = (p, text) => { gap(gid, [...path, ...p], text); bad = true; };
    if (typeof l.record !== "string" || !byId.has(l.record)) fail(["record"], `names ${JSON.stringify(l.record)}, which is not a record of this game`);
    const kinds = ids(l.kinds);
    if (!kinds.length) fail(["kinds"], "names no kind");
    kinds.forEach((k, j) => { if (!heldKinds.includes(k)) fail(["kinds", j], `names ${k}, which is not a kind of play_along.in_play or always`); });
    const count = countOf(l.count);
    if (!(Number.isInteger(count) && count >= 1 && count <= 99)) fail(["count"], `${JSON.stringify(l.count)} is not a whole number from 1 to 99`);
    if (l.unless !== undefined && !isList(l.unless)) fail(["unless"], "is not a list of record ids");
    (isList(l.unless) ? l.unless : []).forEach((id, j) => { if (typeof id !== "string" || !byId.has(id)) fail(["unless", j], `names ${JSON.stringify(id)}, which is not a record of this game`); });
    if (bad) continue;
    limits.push({ ...recordRef(byId.get(l.record)), kinds, count, unless: ids(l.unless),
      note: typeof l.note === "string" ? plainText(l.note, byId) : null });
  }
  return { brings, owns, ownerOf, leaves, leaveRulesOf, passes, uses, enters, lines, byRound, wins, limits };
}

/** Whether an item limited by options (`with` all on, `without` none on) applies at the table. */
export function optionsAllow(item, optionsOn) {
  return item.with.every((id) => optionsOn.includes(id)) && !item.without.some((id) => optionsOn.includes(id));
}
