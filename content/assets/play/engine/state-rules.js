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
import { judgeOf, quoted, listed, canBothBeOn } from "./state-refs.js";
import { readToolOptions } from "./tool-options.js";

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
 * uses: Map, enters: Map, lines: Map, byRound: Map, wins: [...], limits: [...], toolOptions: {page: [...]}}. `gap(record, path, text)` records a
 * problem; `stepIds` are the turn's steps (null while the turn is unread: no step is judged), `options` the game's option ids, `roundNumbers` the
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

// The check a gap speaks for, by the field it is in: play_along.<field> on the game record, else the record's own field.
const FIELD_CHECKS = { brings: "play-state/brings", leaves: "play-state/leaves", passes: "play-state/passes", wins: "play-state/wins",
  limits: "play-state/limits", uses: "play-state/uses", enters: "play-state/enters", timing: "play-state/lines",
  powers_by_age: "play-state/powers-by-age" };
function checkOf(path) {
  const field = path[0] === "play_along" ? path[1] : path[0];
  return Object.hasOwn(FIELD_CHECKS, field) ? FIELD_CHECKS[field] : "engine/play-along";
}
function fixOf(path) {
  const field = path[0] === "play_along" ? `play_along.${path[1]}` : path[0] === "timing" ? "timing.lines" : path[0];
  return `write ${field} as schemas/defs/play-state.schema.json describes it`;
}

export function readStateRules({ pa, gid, game, records, byId, allById = byId, unchecked = new Set(), stepIds, options, seatKind, gap, inPlayKinds = [], roundNumbers = null, hasRounds = false, tools = [] }) {
  // Each gap names its check by the field it is in (play-state/leaves, play-state/powers-by-age),
  // with a fix pointing at the field's description, unless the judgment gives its own.
  const said = gap;
  gap = (record, path, text, how = {}) => said(record, path, text, { check: checkOf(path), fix: fixOf(path), ...how });
  const judge = judgeOf({ game, gid, turn: pa.turn, byId, allById, unchecked, stepIds, options });
  // A judgment's problem as a gap of `record` at `path`, named by its check.
  const say = (record, path, p, check) => { if (p) gap(record, [...path, ...(p.path || [])], p.text, { fix: p.fix, near: p.near, check: p.check || check }); return Boolean(p); };
  const optionsOf = (record, path, item, check) => judge.options(item).map((p) => say(record, path, p, check)).length > 0;
  // The kinds (and single records) a table holds: in play, and always held by someone.
  const inPlay = ids(pa.in_play);
  const held = [...inPlay, ...ids(pa.always)];
  // brings, per seat record: a seat's own records, of the game and in play, one seat each.
  const BRINGS = "play-state/brings";
  const owns = typeof (pa.seats || {}).owns === "string" ? pa.seats.owns : null;
  const brings = new Map();
  const brought = new Map();
  for (const rec of records) {
    if (rec.brings === undefined) continue;
    if (!isList(rec.brings)) { gap(rec.id, ["brings"], "is not a list"); continue; }
    if (rec.kind !== seatKind) {
      gap(rec.id, ["brings"], `a ${rec.kind} is no seat of ${game} (its seats are ${seatKind} records), so nobody brings these`,
        { fix: `move brings to the ${seatKind} record of the seat that starts with them`, check: BRINGS });
      continue;
    }
    const list = [];
    rec.brings.forEach((b, i) => {
      if (!b || typeof b !== "object") { gap(rec.id, ["brings", i], "is not an item"); return; }
      if (optionsOf(rec.id, ["brings", i], b, BRINGS)) return;
      const note = typeof b.note === "string" ? plainText(b.note, byId) : null;
      if (b.record === "unknown") { list.push({ record: null, with: ids(b.with), without: ids(b.without), note: note || "The source does not say." }); return; }
      if (say(rec.id, ["brings", i, "record"], judge.record(b.record, "record", held), BRINGS) || judge.refused(b.record)) return;
      const owner = owns ? byId.get(b.record)[owns] : undefined;
      const seat = typeof owner === "string" ? byId.get(owner) : null;
      if (seat && seat.kind === seatKind && owner !== rec.id) {
        gap(rec.id, ["brings", i, "record"], `${b.record} may be held only by ${owner}'s player (its ${owns} names ${owner})`, { fix: `move it to ${owner}'s brings`, check: BRINGS });
        return;
      }
      const item = { record: b.record, with: ids(b.with), without: ids(b.without), note };
      // One record is in play once at a table: a second seat brings it only under options that exclude the first's.
      const earlier = (brought.get(b.record) || []).find((h) => h.seat !== rec.id && canBothBeOn(h.item, item));
      if (earlier) {
        gap(rec.id, ["brings", i, "record"], `${b.record} is also brought by ${earlier.seat}, and one record cannot be in play twice at a table`,
          { fix: "keep it on one seat, or give the two with/without options that exclude each other", check: BRINGS });
        return;
      }
      if (!brought.has(b.record)) brought.set(b.record, []);
      brought.get(b.record).push({ seat: rec.id, item });
      list.push(item);
    });
    brings.set(rec.id, list);
  }
  // owns: a field of the records in play whose value names the seat that alone may hold it.
  const seatIds = new Set(records.filter((r) => r.kind === seatKind).map((r) => r.id));
  if (owns) {
    const OWNS = "play-state/seat-owns";
    const carriers = records.filter((r) => inPlay.includes(r.kind) && Object.hasOwn(r, owns));
    const wrong = carriers.filter((r) => !(typeof r[owns] === "string" && (seatIds.has(r[owns]) || unchecked.has(r[owns]))));
    if (!carriers.length) {
      gap(gid, ["play_along", "seats", "owns"], `no record of ${game} in play (${listed(inPlay) || "none"}) has a field ${quoted(owns)}`,
        { fix: "name the field that says which seat holds a record, or leave owns out", check: OWNS });
    } else if (wrong.length === carriers.length) {
      // Not one carrier names a seat: the field named is the mistake, said once at the game record.
      gap(gid, ["play_along", "seats", "owns"], `names the field ${quoted(owns)}, but none of the ${carriers.length} records in play that carry it names a ${seatKind} of ${game} (e.g. ${wrong[0].id}: ${quoted(wrong[0][owns])})`,
        { fix: "name the field that says which seat alone may hold a record, or leave owns out", check: OWNS });
    } else {
      for (const r of wrong) {
        gap(r.id, [owns], `${quoted(r[owns])} is no ${seatKind} of ${game}, and ${gid}'s seats.owns reads this field as the seat that alone may hold ${r.id}`,
          { fix: `name a ${seatKind} record of ${game}`, check: OWNS });
      }
    }
  }
  const ownerOf = (id) => {
    if (!owns) return null;
    const rec = byId.get(id);
    const v = rec && rec[owns];
    return typeof v === "string" && seatIds.has(v) ? v : null;
  };
  // Round numbers: within the game's rounds (1 to its count, or to the page's last in an open-ended game).
  const lastRound = roundNumbers ? roundNumbers[roundNumbers.length - 1] : hasRounds ? INPUT_CEILING : null;
  const roundsOf = (path, rounds, check) => {
    if (!hasRounds) { gap(gid, path, `${game} has no rounds (play_along.rounds is left out)`, { fix: "leave rounds out, or give the game its play_along.rounds", check }); return false; }
    const bad = rounds.findIndex((n) => n < 1 || n > lastRound);
    if (bad >= 0) gap(gid, [...path, bad], `round ${rounds[bad]} is outside rounds 1 to ${lastRound}`, { fix: "correct the round", check });
    return bad < 0;
  };
  // leaves: [{kinds | records | where, at | used, rounds, note}].
  const LEAVES = "play-state/leaves";
  const leaves = [];
  if (pa.leaves !== undefined && !isList(pa.leaves)) gap(gid, ["play_along", "leaves"], "is not a list");
  for (const [i, l] of (isList(pa.leaves) ? pa.leaves : []).entries()) {
    const path = ["play_along", "leaves", i];
    if (!l || typeof l !== "object") { gap(gid, path, "is not an item"); continue; }
    // when: used: each leaves as its last use is marked, so each has a uses limit and no step.
    const used = l.when === "used";
    if (l.when !== undefined && !used) { gap(gid, [...path, "when"], `is ${JSON.stringify(l.when)}; the one moment a rule names this way is used`); continue; }
    if (used && l.at !== undefined) { gap(gid, [...path, "at"], "names a step beside when: used; give one or the other"); continue; }
    const wrong = [
      ...ids(l.kinds).map((k, j) => say(gid, [...path, "kinds", j], judge.kind(k, inPlay, "in_play"), LEAVES)),
      ...ids(l.records).map((id, j) => say(gid, [...path, "records", j], judge.record(id, "record", inPlay), LEAVES)),
      !used && say(gid, [...path, "at"], judge.step(l.at), LEAVES),
    ];
    if (wrong.some(Boolean)) continue;
    if (l.rounds !== undefined && !(isList(l.rounds) && l.rounds.length && l.rounds.every(Number.isInteger))) { gap(gid, [...path, "rounds"], "is not a list of round numbers"); continue; }
    if (isList(l.rounds) && !roundsOf([...path, "rounds"], l.rounds, LEAVES)) continue;
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
    // in_next_round: the record outlasts its own round and leaves at the step in the next one.
    if (l.in_next_round !== undefined && (l.in_next_round !== true || !hasRounds)) { gap(gid, [...path, "in_next_round"], l.in_next_round !== true ? "is not true" : "needs a game with rounds"); continue; }
    leaves.push({ kinds: ids(l.kinds), records: ids(l.records), where, at: used ? null : l.at, used, rounds: isList(l.rounds) ? l.rounds.slice() : null, nextRound: l.in_next_round === true,
      note: typeof l.note === "string" ? plainText(l.note, byId) : null, index: i });
  }
  // closes_with {step, rounds}: a closing step of some rounds names rounds of the game.
  const closes = isList((pa.rounds || {}).closes_with) ? pa.rounds.closes_with : [];
  closes.forEach((c, i) => { if (c && isList(c.rounds) && c.rounds.every(Number.isInteger)) roundsOf(["play_along", "rounds", "closes_with", i, "rounds"], c.rounds, "play-state/closing-rounds"); });
  const leaveRulesOf = (rec) => leaves.filter((l) => l.records.includes(rec.id) || l.kinds.includes(rec.kind) || (l.where !== null && l.where(rec)));
  // passes: [{kinds, at, first, note}]: records always in play whose holders are recorded again at a step.
  const passes = [];
  if (pa.passes !== undefined && !isList(pa.passes)) gap(gid, ["play_along", "passes"], "is not a list");
  for (const [i, p] of (isList(pa.passes) ? pa.passes : []).entries()) {
    const path = ["play_along", "passes", i];
    if (!p || typeof p !== "object") { gap(gid, path, "is not an item"); continue; }
    if (stepIds && !stepIds.includes(p.at)) { gap(gid, [...path, "at"], `names ${JSON.stringify(p.at)}, which is not a step of ${pa.turn}`); continue; }
    const always = ids(pa.always);
    const kinds = ids(p.kinds);
    const bad = kinds.filter((k) => !always.includes(k));
    if (!kinds.length || bad.length) { gap(gid, [...path, "kinds"], `${bad.length ? `names ${bad.join(", ")}, which` : "names no kind; each"} must be a kind of play_along.always (a record that is always held by someone)`); continue; }
    passes.push({ kinds, at: p.at, first: typeof p.first === "string" ? plainText(p.first, byId) : null,
      note: typeof p.note === "string" ? plainText(p.note, byId) : null });
  }
  // timing.lines: one line per step of the record's own timing.at, each a step of the turn. The
  // lines as read, or null (none, or a gap that leaves them unread). An objective's lines (`base`
  // its path) are held to its own timing.at alone: the page shows no objective's lines.
  const LINES = "play-state/timing-lines";
  const linesOf = (rid, base, timing) => {
    const tl = timing && typeof timing === "object" ? timing.lines : undefined;
    if (tl === undefined) return null;
    const at = (...p) => [...base, "timing", "lines", ...p];
    if (!isList(tl)) { if (!base.length) gap(rid, at(), "is not a list"); return null; }
    const own = timing.at;
    if (!isList(own)) {
      gap(rid, at(), "lines are given but timing.at is unknown, so no step shows them", { check: LINES, fix: "name the steps in timing.at, or leave lines out" });
      return null;
    }
    const out = [];
    const seen = new Set();
    tl.forEach((l, i) => {
      if (!l || typeof l.do !== "string" || typeof l.at !== "string") { if (!base.length) gap(rid, at(i), "needs an at and a do"); return; }
      if (!own.includes(l.at)) {
        const named = own.map((x) => (typeof x === "string" ? x : JSON.stringify(x))).join(", ");
        gap(rid, at(i, "at"), `${quoted(l.at)} is not one of this record's timing.at (${named})`,
          { check: LINES, fix: "name a step of timing.at, or add it there", near: { word: l.at, among: own.filter((x) => typeof x === "string") } });
        return;
      }
      if (seen.has(l.at)) { gap(rid, at(i, "at"), `${l.at} has a line already`, { check: LINES, fix: "give each step of timing.at one line" }); return; }
      seen.add(l.at);
      if (stepIds && !base.length && l.at !== pa.turn && !stepIds.includes(l.at)) { gap(rid, at(i, "at"), `names ${l.at}, which is not a step of ${pa.turn}`); return; }
      out.push({ at: l.at, do: plainText(l.do, byId) });
    });
    return out;
  };
  // uses, enters and timing.lines, per record.
  const seated = new Set(records.flatMap((r) => (isList(r.brings) ? r.brings : []).map((b) => b && b.record)));
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
    // uses and enters are read of records a table can hold: of a kind in play, named in it, or brought by a seat.
    const fields = ["uses", "enters"].filter((f) => rec[f] !== undefined);
    if (fields.length && !held.includes(rec.kind) && !held.includes(rec.id) && !brought.has(rec.id) && !seated.has(rec.id)) {
      for (const f of fields) {
        gap(rec.id, [f], `a ${rec.kind} is never in play at a ${game} table, so the engine never reads its ${f}`,
          { fix: `add ${rec.kind} to ${gid}'s play_along.in_play, bring it from a seat, or move ${f} to the record that is in play`, check: "play-state/uses-and-enters" });
      }
      continue;
    }
    if (rec.uses !== undefined) {
      const u = rec.uses;
      const times = u && countOf(u.times);
      const USES = { check: "play-state/uses" };
      if (!u || !PERIODS.includes(u.per)) gap(rec.id, ["uses", "per"], `${quoted(u && u.per)} is not one of ${PERIODS.join(", ")}`, { ...USES, fix: "name the period the source gives", near: { word: u && u.per, among: PERIODS } });
      else if (!(Number.isInteger(times) && times >= 1 && times <= 99)) gap(rec.id, ["uses", "times"], `${JSON.stringify(u.times)} is not a whole number of uses from 1 to 99`, { ...USES, fix: "give the number of uses the source gives" });
      // A period by rounds or turns in a game without them would never end: the mark would never clear.
      else if (!hasRounds && (u.per === "round" || u.per === "turn")) gap(rec.id, ["uses", "per"], `${u.per}, but ${game} has no rounds or turns, so the mark would never clear`, { ...USES, fix: "use game, step or phase, or give the game its play_along.rounds" });
      else uses.set(rec.id, { per: u.per, times, note: typeof u.note === "string" ? plainText(u.note, byId) : null });
    }
    if (rec.enters !== undefined) {
      const e = rec.enters;
      if (!e || typeof e.do !== "string" || !e.do.trim()) gap(rec.id, ["enters", "do"], "is not a line of text");
      else enters.set(rec.id, { do: plainText(e.do, byId), note: typeof e.note === "string" ? plainText(e.note, byId) : null });
    }
    const read = linesOf(rec.id, [], rec.timing);
    if (read) lines.set(rec.id, read);
    // An objective's lines are judged as a record's are (its timing is the same field).
    if (rec.kind === "people" && isList(rec.objectives)) rec.objectives.forEach((o, i) => o && typeof o === "object" && linesOf(rec.id, ["objectives", i], o.timing));
  }
  // wins: [{record, with, without, check: {after: [kinds]} | {at: [steps]}, holds: {kinds, count, where}, note}].
  const WINS = "play-state/wins";
  const wins = [];
  if (pa.wins !== undefined && !isList(pa.wins)) gap(gid, ["play_along", "wins"], "is not a list");
  for (const [i, w] of (isList(pa.wins) ? pa.wins : []).entries()) {
    const path = ["play_along", "wins", i];
    if (!w || typeof w !== "object") { gap(gid, path, "is not an item"); continue; }
    // The win is one of the game's end records; its options, kinds and steps are the game's.
    const end = ids(pa.end);
    const notEnd = typeof w.record === "string" && !end.includes(w.record) && !judge.record(w.record)
      ? { text: `${quoted(w.record)} is not one of play_along.end`, fix: "add it to play_along.end, or name an end record", near: { word: w.record, among: end } } : null;
    if (!end.includes(w.record) && say(gid, [...path, "record"], judge.record(w.record) || notEnd, WINS)) continue;
    if (judge.refused(w.record)) continue;
    const check = w.check || {};
    const after = ids(check.after);
    const at = ids(check.at);
    const wrong = [
      optionsOf(gid, path, w, WINS),
      ...after.map((k, j) => say(gid, [...path, "check", "after", j], judge.kind(k, held, "in_play or always"), WINS)),
      ...at.map((sid, j) => say(gid, [...path, "check", "at", j], judge.step(sid), WINS)),
      ...ids((w.holds || {}).kinds).map((k, j) => say(gid, [...path, "holds", "kinds", j], judge.kind(k, held, "in_play or always"), WINS)),
    ];
    if (wrong.some(Boolean)) continue;
    if (!after.length && !at.length) { gap(gid, [...path, "check"], "names neither kinds (after) nor steps (at)"); continue; }
    let holds = null;
    let holdsWhere = null;
    if (w.holds !== undefined) {
      const count = w.holds && countOf(w.holds.count);
      if (!w.holds || !ids(w.holds.kinds).length) gap(gid, [...path, "holds", "kinds"], "names no kinds");
      else if (!(Number.isInteger(count) && count >= 1 && count <= 999)) gap(gid, [...path, "holds", "count"], `${JSON.stringify(w.holds.count)} is not a whole number from 1 to 999`);
      else {
        // where: only the records of those kinds whose fields hold the values count; a filter no
        // such record matches, or a win that needs more records than match, can never be met.
        const kinds = ids(w.holds.kinds);
        const where = whereOf(w.holds.where, gid, [...path, "holds", "where"], gap);
        if (where === undefined) continue;
        const pool = records.filter((r) => kinds.includes(r.kind) && (where === null || where(r))).length;
        if (where && !pool) { gap(gid, [...path, "holds", "where"], `matches no record of ${kinds.join(" or ")}, so nobody can ever meet the win`, { fix: "name a field and a value that records of those kinds hold", check: WINS }); continue; }
        if (count > pool) gap(gid, [...path, "holds", "count"], `needs ${count} of ${kinds.join(" and ")}${where ? " that match where" : ""}, but the game has ${pool}, so nobody can ever meet it`);
        else holds = where ? { kinds, count, where: { ...w.holds.where } } : { kinds, count };
        if (holds) holdsWhere = where;
      }
    }
    const rec = byId.get(w.record);
    wins.push({ ...recordRef(rec), with: ids(w.with), without: ids(w.without), after, at, holds, holdsWhere,
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
    if (judge.refused(l.record) || ids(l.unless).some(judge.refused)) continue;
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
  // option_values on the game record's tools: what the options on write in a tool's link.
  const toolOptions = readToolOptions({ tools, gid, game, scoring: pa.scoring, options, judge, gap });
  return { brings, owns, ownerOf, leaves, leaveRulesOf, passes, uses, enters, lines, byRound, wins, limits, toolOptions };
}

/** Whether an item limited by options (`with` all on, `without` none on) applies at the table. */
export function optionsAllow(item, optionsOn) {
  return item.with.every((id) => optionsOn.includes(id)) && !item.without.some((id) => optionsOn.includes(id));
}
