// The play-along rules of every game, read from the compendium's export (api/records.json).
// Pure: no DOM, no network; Node and the browser import the same file.
//
// A game takes part when its game record carries `play_along` (schemas/game.schema.json):
// the player range, what a seat is, the options, the setup rules, the turn's root record
// and how it repeats. Everything else (the steps of the turn, their order, what acts when)
// is read from the records themselves: `step_of` and `order`, `timing`, `setup` lists,
// objectives. No game number is written here. Where the records lack what the engine
// needs, rulesFromRecords throws one RecordsError naming every gap, each also as
// {record, path, message} in `details`, so the generator can point at a line.
import { RecordsError as HelperRecordsError, recordList, plainText, recordRef } from "../../shared/records.js";
import { INPUT_CEILING } from "../../shared/input.js";
import { formerIdMap } from "../../shared/former-ids.js";
import { readStateRules } from "./state-rules.js";
import { judgeOf, quoted } from "./state-refs.js";
import { stepsOf, turnRootGap, stepOrderGaps } from "./turn-order.js";

const ENGINE = "play-along engine";

/**
 * Raised when the records lack what the play-along engine needs. `problems`: one sentence per
 * gap; `details`: [{record, path, text, message}], the record and field path it is at, and the
 * sentence without them (for the generator's path:line lines).
 */
export class RecordsError extends HelperRecordsError {
  constructor(details) {
    super(ENGINE, details.map((d) => d.message));
    this.details = details;
  }
}

// The columns an arrivals table is read by (play_along.arrivals.columns names each one's id):
// the turn an entry arrives, the people it belongs to, and the group that seats it.
export const ARRIVAL_COLUMNS = ["turn", "people", "group"];

const isId = (x) => typeof x === "string" && /^[a-z][a-z0-9]*(-[a-z0-9]+)+$/.test(x);

/** A number field that may be a bare integer, 'unknown', or {value, from} as the export writes it. */
function countValue(raw, byId) {
  if (Number.isInteger(raw)) return raw;
  if (raw === "unknown") return "unknown";
  if (raw && typeof raw === "object") {
    if (Number.isInteger(raw.value)) return raw.value;
    if (raw.value === "unknown") return "unknown";
    const from = raw.from;
    if (from && typeof from === "object" && typeof from.record === "string" && typeof from.fact === "string") {
      const rec = byId.get(from.record);
      const f = rec && (rec.facts || []).find((x) => x && x.label === from.fact);
      if (f && Number.isInteger(f.value)) return f.value;
    }
  }
  return undefined;
}

// The check names of the reader's judgments of play_along and the setup steps (generator/validate/README.md).
const REFS = "play/play-along-refs";      // a name in play_along is a record, or a kind, of the game
const COUNTS = "play/player-counts";      // the player range, and the player counts of the steps
const STEPS = "play/setup-steps";         // a setup step's own fields
const LISTED = "play/setup-listed";       // every rule with setup steps is in play_along.setup, with steps
const TURN = "play/turn";                 // the turn has steps; rounds and scoring name the turn's steps and the game's tools

/** The kinds of a game's records a play_along list may name (its game record aside). */
const kindsOf = (records) => [...new Set(records.map((r) => r.kind).filter((k) => typeof k === "string" && k !== "game"))].sort();

/** The seats a player picks from: records of `kind`, or (with `by`) the values of that field on them. */
function seatChoices(seats, records, byId, gameRec, problems) {
  const gameId = gameRec.id;
  const at = (key, text, fix) => problems.push({ record: gameId, path: ["play_along", "seats", key], text, message: `${gameId}: play_along.seats.${key}: ${text}`, fix, check: REFS });
  const pool = records.filter((r) => r.kind === seats.kind);
  if (!pool.length || seats.kind === "game") {
    at("kind", `${gameRec.game} has no ${seats.kind} records for a player to pick`, `name one of its kinds: ${kindsOf(records).join(", ")}`);
    return [];
  }
  if (!seats.by) {
    return pool.slice().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((r) => ({ key: r.id, id: r.id, name: r.name, url: typeof r.url === "string" ? r.url : null, records: [r.id] }));
  }
  const values = new Map();
  for (const r of pool) {
    const v = r[seats.by];
    if (v === undefined || v === null) continue;   // a people named but not played (no_group)
    if (!Number.isInteger(v) && typeof v !== "string") continue;
    const key = String(v);
    if (!values.has(key)) values.set(key, []);
    values.get(key).push(r.id);
  }
  if (!values.size) {
    const fix = `name a field of its ${seats.kind} records, or leave by out`;
    if (!pool.some((r) => Object.hasOwn(r, seats.by))) at("by", `no ${seats.kind} record of ${gameRec.game} has a field ${quoted(seats.by)}`, fix);
    else at("by", `no ${seats.kind} record of ${gameRec.game} has a name or number in its field ${quoted(seats.by)}`, fix);
  }
  const label = seats.label || seats.by;
  return [...values.keys()].sort((a, b) => (/^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) - Number(b) : a < b ? -1 : 1))
    .map((key) => ({ key, id: null, name: `${label} ${key}`, url: null, records: values.get(key).sort() }));
}

/** "3 to 6", "at least 3", "at most 6": the game's player range in words. */
const rangeWords = (low, high) => (low !== null && high !== null ? `${low} to ${high}` : low !== null ? `at least ${low}` : `at most ${high}`);

/**
 * A setup step as the engine keeps it (the raw fields checked; text made plain). `ctx`: {judge,
 * unchecked, options (the with/without a step may name; null while play_along.options has a gap:
 * its one line is there), range ({low, high, gid}: the game's player range; null while it runs
 * downwards), seen (the step ids of the record so far)}.
 */
function readStep(rule, step, i, byId, ctx, problems) {
  const { judge, unchecked, options, range, seen } = ctx;
  const at = (...p) => ["setup", i, ...p];
  const gap = (path, text, fix, how = {}) => problems.push({ record: rule.id, path: at(...path), text, message: `${rule.id}: setup ${i + 1}: ${text}`,
    fix, check: STEPS, ...how });
  const SHAPE = "write the step as schemas/defs/setup.schema.json describes it";
  if (!step || typeof step !== "object") { gap([], "is not a step", SHAPE); return null; }
  if (typeof step.id !== "string" || typeof step.do !== "string") { gap([], "lacks an id or a do", "give the step an id and a do line"); return null; }
  if (seen.has(step.id)) gap(["id"], `step id ${quoted(step.id)} is used twice in this record`, "give each step its own id (it makes the step's anchor)");
  seen.add(step.id);
  // Player counts: a step's lie in the game's range, a count's in its step's (or the range).
  const outside = (n) => range !== null && ((range.low !== null && n < range.low) || (range.high !== null && n > range.high));
  const outsideGap = (path, n) => gap(path, `${n} players is outside the game's ${rangeWords(range.low, range.high)}`,
    `use counts within ${range.gid}'s play_along.players`, { check: COUNTS });
  const players = step.players === undefined ? null : step.players;
  if (players !== null && !(Array.isArray(players) && players.every(Number.isInteger))) gap(["players"], "players is not a list of player counts", "list the player counts the step applies to");
  const own = Array.isArray(players) && players.every(Number.isInteger) && players.length ? players : null;
  for (const [j, n] of (own || []).entries()) if (outside(n)) outsideGap(["players", j], n);
  // with/without: options the game lists, never one in both.
  for (const key of ["with", "without"]) {
    for (const [j, id] of (options && Array.isArray(step[key]) ? step[key] : []).entries()) {
      if (!options.includes(id)) {
        gap([key, j], `${quoted(id)} is not one of ${ctx.game}'s options`, `name an option listed in ${ctx.gid}'s play_along.options, or add it there`,
          { near: { word: id, among: options } });
      }
    }
  }
  const on = new Set(Array.isArray(step.with) ? step.with : []);
  const both = [...new Set(Array.isArray(step.without) ? step.without : [])].filter((o) => on.has(o)).sort();
  if (both.length) gap(["without"], `${both.join(", ")} is in both with and without, so the step never applies`, "keep the option in one of them");
  const per = step.per === undefined ? "table" : step.per;
  if (!["table", "player", "unplayed"].includes(per)) gap(["per"], `per is '${per}', not table, player or unplayed`, "write per: table, player or unplayed", { near: { word: per, among: ["table", "player", "unplayed"] } });
  const counts = (step.counts || []).map((c, j) => {
    const value = c && (Number.isFinite(c.value) ? c.value : c.value === "unknown" ? null : undefined);
    if (value === undefined) gap(["counts", j], `count '${c && c.label}' has no number (nor unknown)`, "give the count a value, a from, or unknown with a note");
    const wrongOf = c && c.of !== undefined ? judge.record(c.of) : null;
    if (wrongOf) gap(["counts", j, "of"], wrongOf.text, wrongOf.fix, { near: wrongOf.near });
    for (const [k, n] of (c && Array.isArray(c.players) ? c.players : []).entries()) {
      if (!Number.isInteger(n)) continue;
      if (own && !own.includes(n)) {
        gap(["counts", j, "players", k], `${n} players is not among the step's players (${own.join(", ")})`,
          "give the count only player counts the step applies to", { check: COUNTS });
      } else if (!own && outside(n)) outsideGap(["counts", j, "players", k], n);
    }
    return { label: c && c.label, of: c && c.of !== undefined ? c.of : null, players: c && Array.isArray(c.players) ? c.players : null,
      value: value === undefined ? null : value, unknown: value === null ? plainText(c.note || "unknown", byId) : null,
      unit: c && c.unit !== undefined ? c.unit : null, from: c && c.from !== undefined ? c.from : null };
  });
  // removes: the records the step takes out of the game where it applies.
  const removes = [];
  if (step.removes !== undefined && !Array.isArray(step.removes)) gap(["removes"], "is not a list of record ids", "list the ids of the records the step takes out");
  for (const [j, id] of (Array.isArray(step.removes) ? step.removes : []).entries()) {
    if (typeof id !== "string" || !byId.has(id)) {
      if (!unchecked.has(id)) gap(["removes", j], `names ${JSON.stringify(id)}, which is not a record of this game`, `name a record of ${ctx.game}`, { near: { word: id, among: [...byId.keys()] } });
    } else removes.push(id);
  }
  // shows: a field of another record the step needs, read from that record (one fact, one place).
  const shows = [];
  if (step.shows !== undefined && !Array.isArray(step.shows)) gap(["shows"], "is not a list of {record, field, label}", "list each shown field as {record, field, label}");
  for (const [j, x] of (Array.isArray(step.shows) ? step.shows : []).entries()) {
    const rec = x && typeof x.record === "string" ? byId.get(x.record) : null;
    if (!rec) {
      if (!unchecked.has(x && x.record)) {
        gap(["shows", j, "record"], `names ${JSON.stringify(x && x.record)}, which is not a record of this game`, `name a record of ${ctx.game}`,
          { near: { word: x && x.record, among: [...byId.keys()] } });
      }
      continue;
    }
    const text = typeof x.field === "string" && Object.hasOwn(rec, x.field) ? rec[x.field] : undefined;
    if (typeof text !== "string" || !text.trim()) { gap(["shows", j, "field"], `${rec.id} has no text in a field '${x.field}'`, `name a text field of ${rec.id}`); continue; }
    if (typeof x.label !== "string" || !x.label.trim()) { gap(["shows", j, "label"], "says nothing of what the text is", "give a label saying what the text is"); continue; }
    shows.push({ ...recordRef(rec), label: x.label, text: plainText(text, byId) });
  }
  return { id: step.id, raw: step.do, do: plainText(step.do, byId), players, with: step.with || [], without: step.without || [], per, counts, removes, shows,
    unknown: typeof step.unknown === "string" ? plainText(step.unknown, byId) : null,
    note: typeof step.note === "string" ? plainText(step.note, byId) : null };
}

/** One game's play-along rules, or null after adding its gaps to `problems`. */
function readGame(gameRec, records, problems, context) {
  const pa = gameRec.play_along;
  const gid = gameRec.id;
  const start = problems.length;
  // A gap of play_along: its text, fix, check name and (near) the names it may be a misspelling of.
  const gap = (path, text, fix, check, near) => problems.push({ record: gid, path: ["play_along", ...path], text, message: `${gid}: play_along.${path.join(".")}: ${text}`,
    fix, check, ...(near ? { near } : {}) });
  const said = (path, p, check) => { if (p) gap(path, p.text, p.fix, p.check || check, p.near); return Boolean(p); };
  const byId = new Map(records.map((r) => [r.id, r]));
  const has = (id) => isId(id) && byId.has(id);
  const ref = (id) => recordRef(byId.get(id));
  if (!pa || typeof pa !== "object") { gap([], "is not an object", "write play_along as schemas/game.schema.json describes it", "play/play-along"); return null; }
  // Names of records: of this game, or of a refused file (whose own line is the true one).
  const names = judgeOf({ game: gameRec.game, gid, turn: pa.turn, byId, allById: context.allById, unchecked: context.unchecked, stepIds: null, options: [] });
  // Players: a bound is a whole number or 'unknown'; the range runs upwards.
  const pl = pa.players || {};
  const bound = (raw, name) => {
    const v = raw && typeof raw === "object" ? countValue(raw, byId) : raw;
    if (Number.isInteger(v) && v >= 1 && v <= INPUT_CEILING) return v;
    if (v === "unknown") return null;
    gap(["players", name], `${JSON.stringify(v)} is not a player count`, `give a whole number of players from 1 to ${INPUT_CEILING}, or unknown with a note`, "play/players");
    return undefined;
  };
  const players = { min: bound(pl.min, "min"), max: bound(pl.max, "max"), note: typeof pl.note === "string" ? plainText(pl.note, byId) : null };
  const upsideDown = Number.isInteger(players.min) && Number.isInteger(players.max) && players.min > players.max;
  if (upsideDown) gap(["players"], `min ${players.min} is above max ${players.max}`, "write the fewest players as min", COUNTS);
  // A range running downwards has no inside: the steps are not measured against it (its one line says why).
  const range = upsideDown ? null : { low: Number.isInteger(players.min) ? players.min : null, high: Number.isInteger(players.max) ? players.max : null, gid };
  // Seats.
  const seatsRaw = pa.seats || {};
  if (typeof seatsRaw.kind !== "string") gap(["seats"], "names no record kind a player picks from", `name one of its kinds: ${kindsOf(records).join(", ")}`, REFS);
  const seatChoicesList = typeof seatsRaw.kind === "string" ? seatChoices(seatsRaw, records, byId, gameRec, problems) : [];
  // Options, setup, turn, end.
  const options = [];
  const optionIds = [];   // the options a with/without may name: the game's, and those of refused files
  let optionsRead = true;
  for (const [i, id] of (pa.options || []).entries()) {
    if (said(["options", i], names.record(id), REFS)) optionsRead = false;
    else if (has(id)) { options.push(id); optionIds.push(id); } else optionIds.push(id);
  }
  const setup = [];
  for (const [i, id] of (pa.setup || []).entries()) {
    if (said(["setup", i], names.record(id, "rule record"), REFS) || names.refused(id)) continue;
    const rec = byId.get(id);
    if (rec.kind !== "rule") { gap(["setup", i], `${quoted(id)} is a ${rec.kind}, not a rule record`, "list the rule records that carry setup steps", REFS); continue; }
    if (!Array.isArray(rec.setup) || !rec.setup.length) { gap(["setup", i], `${id} has no setup steps`, `give ${id} a setup: list, or take it out of play_along.setup`, LISTED); continue; }
    // With a gap in play_along.options, a step naming the option it meant would only echo it.
    const ctx = { judge: names, game: gameRec.game, gid, unchecked: context.unchecked, options: optionsRead ? optionIds : null, range, seen: new Set() };
    const steps = rec.setup.map((s, j) => readStep(rec, s, j, byId, ctx, problems)).filter(Boolean);
    setup.push({ record: ref(id), source: rec.source && typeof rec.source === "object" ? { file: rec.source.file || null, section: rec.source.section || null } : null, steps });
  }
  // Every rule with setup steps is listed: the page sets up a table from the list alone.
  const listedSetup = Array.isArray(pa.setup) ? pa.setup : [];
  for (const rec of records) {
    if (rec.setup === undefined || rec.kind === "game" || listedSetup.includes(rec.id)) continue;
    problems.push({ record: rec.id, path: ["setup"], text: `this rule's setup steps are not listed in ${gid}'s play_along.setup`,
      message: `${rec.id}: setup: this rule's setup steps are not listed in ${gid}'s play_along.setup`, fix: `add ${rec.id} to play_along.setup, in the source's order`, check: LISTED });
  }
  // The turn: a rule record of the game whose steps are the records whose step_of reaches it.
  let steps = [];
  let turnRead = false;   // the turn is a rule of the game with steps: its steps are judged names
  if (!said(["turn"], names.record(pa.turn, "rule record"), REFS) && !names.refused(pa.turn)) {
    const rec = byId.get(pa.turn);
    if (rec.kind !== "rule") gap(["turn"], `${quoted(pa.turn)} is a ${rec.kind}, not a rule record`, "name the rule record that lays out the turn", REFS);
    else {
      // A turn that is not the game's root is its one line: its steps would echo it.
      const notRoot = turnRootGap(gameRec, records, byId);
      if (notRoot) problems.push(notRoot);
      steps = stepsOf(pa.turn, records);
      turnRead = !notRoot && (steps.length > 0 || (Array.isArray(pa.gaps) && pa.gaps.length > 0));
      if (!notRoot && !turnRead) {
        gap(["turn"], `${pa.turn} has no steps (no record's step_of reaches it)`,
          "give the turn's phases step_of, or say in play_along.gaps that the source gives none", TURN);
      }
      if (!steps.length) steps = [{ id: pa.turn, path: [] }];   // a turn with no steps of its own (gaps say why) is its one step
    }
  }
  const stepIds = steps.map((s) => s.id);
  problems.push(...stepOrderGaps(records, byId));
  // Names of steps: judged once the turn is read (a wrong turn is its own line; its steps would echo it).
  const judge = judgeOf({ game: gameRec.game, gid, turn: pa.turn, byId, allById: context.allById, unchecked: context.unchecked,
    stepIds: turnRead ? stepIds : null, options: [] });
  const isStep = (id) => turnRead && stepIds.includes(id);
  const ROUNDS = "play/rounds";
  let rounds = null;
  if (pa.rounds !== undefined) {
    const r = pa.rounds || {};
    let count = null;   // null: open-ended
    if (r.count !== undefined) {
      count = countValue(r.count, byId);
      if (count === undefined) { gap(["rounds", "count"], "does not resolve to a whole number (or unknown)", "give the number of rounds, a from naming where it is written, or unknown", ROUNDS); count = null; }
      if (count === "unknown") count = null;
    }
    if (Number.isInteger(count) && (count < 1 || count > INPUT_CEILING)) { gap(["rounds", "count"], `${count} rounds is outside 1 to ${INPUT_CEILING}`, "give the number of rounds the source gives", ROUNDS); count = null; }
    const first = r.first === undefined ? 1 : countValue(r.first, byId);
    if (!Number.isInteger(first) || first < 0 || first > INPUT_CEILING) {
      gap(["rounds", "first"], `${JSON.stringify(r.first)} does not resolve to a round number`, `give the first round's number (0 to ${INPUT_CEILING}), or leave first out for 1`, ROUNDS);
    }
    // opens_with, closes_with: steps of the turn (a sub-step too), never one in both.
    const opensWith = [];
    for (const [i, id] of (r.opens_with || []).entries()) if (!said(["rounds", "opens_with", i], judge.step(id), TURN) && isStep(id)) opensWith.push(id);
    // closes_with: a step id, or {step, rounds}: a step that closes only the rounds listed.
    const closesWith = [];
    const closesIn = new Map();
    for (const [i, item] of (r.closes_with || []).entries()) {
      const byStep = item && typeof item === "object";
      const id = byStep ? item.step : item;
      if (said(["rounds", "closes_with", i, ...(byStep ? ["step"] : [])], judge.step(id), TURN) || !isStep(id)) continue;
      closesWith.push(id);
      if (byStep && item.rounds !== undefined) {
        if (!Array.isArray(item.rounds) || !item.rounds.length || !item.rounds.every((n) => Number.isInteger(n) && n >= 0 && n <= INPUT_CEILING)) {
          gap(["rounds", "closes_with", i, "rounds"], "is not a list of round numbers", "list the numbers of the rounds the step closes", ROUNDS);
        } else closesIn.set(id, item.rounds.slice());
      }
    }
    const both = closesWith.filter((id) => opensWith.includes(id)).sort();
    if (both.length) gap(["rounds", "closes_with"], `${both.join(", ")} both opens and closes the round`, "keep the step in one of opens_with and closes_with", TURN);
    // Turns inside a round (7 Wonders Myths' age): a count, or null when unknown or not given.
    let turns = null;
    if (r.turns !== undefined) {
      turns = countValue(r.turns, byId);
      if (turns === undefined || (Number.isInteger(turns) && (turns < 1 || turns > INPUT_CEILING))) {
        gap(["rounds", "turns"], "does not resolve to a whole number of turns (or unknown)", `give the number of turns in a round (1 to ${INPUT_CEILING}), a from, or unknown`, ROUNDS);
        turns = null;
      }
      if (turns === "unknown") turns = null;
    }
    rounds = { label: typeof r.label === "string" ? r.label : "Round", count, unknownCount: r.count === "unknown" || (r.count && r.count.value === "unknown"),
      first: Number.isInteger(first) ? first : 1, suffix: typeof r.suffix === "string" ? r.suffix : "", opensWith, closesWith, closesIn,
      turns, innerTurns: opensWith.length > 0 || closesWith.length > 0 || r.turns !== undefined,
      note: typeof r.note === "string" ? plainText(r.note, byId) : null };
  }
  const end = [];
  for (const [i, id] of (pa.end || []).entries()) {
    if (!said(["end", i], names.record(id), REFS) && has(id)) end.push(ref(id));
  }
  // scoring: the page of one of the game's tools, opened at the end of the game.
  const pages = (Array.isArray(gameRec.tools) ? gameRec.tools : []).map((t) => t && t.page).filter((x) => typeof x === "string");
  if (typeof pa.scoring === "string" && !pages.includes(pa.scoring)) {
    gap(["scoring"], `${pa.scoring} is not one of ${gameRec.game}'s tools`,
      pages.length ? `name one of its tools' pages: ${pages.join(", ")}` : "leave scoring out: the game has no helper page", TURN);
  }
  // tools[].at: the steps of the turn where play along offers the tool (tools.js).
  for (const [i, t] of (turnRead && Array.isArray(gameRec.tools) ? gameRec.tools : []).entries()) {
    for (const [j, sid] of (t && Array.isArray(t.at) ? t.at : []).entries()) {
      const p = judge.step(sid);
      if (p) problems.push({ record: gid, path: ["tools", i, "at", j], text: p.text, message: `${gid}: tools.${i}.at.${j}: ${p.text}`, fix: p.fix, near: p.near, check: p.check });
    }
  }
  // What arrives at a step (Ancient Conquest's Unit Appearance Table), as play_along.arrivals
  // says: the table, the step, and the ids of the table's turn, people and group columns.
  let arrivals = null;
  const arr = pa.arrivals;
  const ARRIVALS = "play/arrivals";
  if (arr !== undefined && arr !== null) {
    const table = byId.get(arr.table);
    const tables = records.filter((r) => r.kind === "table").map((r) => r.id);
    if (!table || table.kind !== "table") {
      gap(["arrivals", "table"], table ? `${arr.table} is a ${table.kind}, not a table record`
        : `the arrivals need the table ${arr.table}, which is not a table record of this game`, `name the table record of ${gameRec.game} that lists the arrivals`, ARRIVALS,
      { word: arr.table, among: tables });
    } else if (turnRead && !stepIds.includes(arr.at)) {
      gap(["arrivals", "at"], `the arrivals are placed at ${arr.at}, which is not a step of ${pa.turn}`, `name a record whose step_of reaches ${pa.turn}`, ARRIVALS,
        { word: arr.at, among: stepIds });
    } else if (turnRead) {
      const named = arr.columns && typeof arr.columns === "object" ? arr.columns : {};
      const ids = (table.columns || []).map((c) => c && c.id).filter((id) => typeof id === "string");
      const missing = ARRIVAL_COLUMNS.filter((k) => !ids.includes(named[k]));
      if (arr.columns === undefined) {
        gap(["arrivals"], `names no columns: say which of ${arr.table}'s columns (${ids.join(", ")}) hold the ${ARRIVAL_COLUMNS.join(", ")}`,
          `add columns: {${ARRIVAL_COLUMNS.map((k) => `${k}: <column id>`).join(", ")}}`, ARRIVALS);
      } else for (const k of missing) gap(["arrivals", "columns", k], `names the column ${named[k]}, which ${arr.table} does not have (its columns: ${ids.join(", ")})`, `name one of ${arr.table}'s columns`, ARRIVALS, { word: named[k], among: ids });
      if (arr.columns !== undefined && missing.length === 0) {
        arrivals = { table: arr.table, at: arr.at, columns: Object.fromEntries(ARRIVAL_COLUMNS.map((k) => [k, named[k]])) };
      }
    }
  }
  // in_play: kinds whose records enter play, and ids of single records of another kind that do (a
  // token); always: kinds always held by someone. Each a kind the game has records of.
  const have = kindsOf(records);
  const noKind = (field, i, k) => gap([field, i], `${gameRec.game} has no ${k} records to put in play`, `name one of its kinds: ${have.join(", ")}`, REFS);
  const inPlayKinds = [];
  const inPlayRecords = new Set();
  for (const [i, k] of (pa.in_play || []).entries()) {
    if (typeof k !== "string") continue;
    if (isId(k) && byId.has(k)) inPlayRecords.add(k);
    else if (have.includes(k)) inPlayKinds.push(k);
    else if (!names.refused(k)) noKind("in_play", i, k);
  }
  const always = (pa.always || []).filter((k) => typeof k === "string");
  for (const [i, k] of always.entries()) if (!have.includes(k)) noKind("always", i, k);
  // The state rules are read against the turn's steps, the options, the rounds, the seats and
  // what is in play: with a gap in those, their own lines would be follow-ons of it (only true
  // lines, one at the cause). A gap of the setup, the players, the end, the scoring or the tools
  // leaves them readable. A wrong turn leaves what does not hang on its steps (brings, owns, uses, enters) judged.
  const own = problems.slice(start).filter((p) => p.record === gid && p.path[0] === "play_along" && !["setup", "players", "end", "scoring"].includes(p.path[1]));
  if (own.some((p) => p.path[1] !== "turn")) return null;
  const stepsRead = turnRead && !own.length;
  const roundNumbers = rounds && Number.isInteger(rounds.count) ? Array.from({ length: rounds.count }, (_, i) => rounds.first + i) : null;
  const state = readStateRules({ pa, gid, game: gameRec.game, records, byId, allById: context.allById, unchecked: context.unchecked,
    stepIds: stepsRead ? stepIds : null, options: optionIds, seatKind: seatsRaw.kind, inPlayKinds, roundNumbers, hasRounds: Boolean(rounds), tools: gameRec.tools,
    gap: (record, path, text, how = {}) => problems.push({ record, path, text, message: `${record}: ${path.join(".")}: ${text}`, ...how }) });
  if (problems.length > start) return null;
  const turnIndex = new Map(steps.map((s, i) => [s.id, i]));
  return {
    game: gameRec.game, record: ref(gid), players,
    seats: { kind: seatsRaw.kind, by: seatsRaw.by || null, label: seatsRaw.label || seatsRaw.kind,
      note: typeof seatsRaw.note === "string" ? plainText(seatsRaw.note, byId) : null, choices: seatChoicesList },
    options: options.map(ref), setup, turn: ref(pa.turn), steps: steps.map((s) => ({ ...ref(s.id), path: s.path })), turnIndex,
    rounds, end, inPlayKinds, inPlayRecords, always, arrivals, state,
    scoring: typeof pa.scoring === "string" ? pa.scoring : null,
    gaps: (pa.gaps || []).filter((g) => typeof g === "string").map((g) => plainText(g, byId)),
    byId, records,
  };
}

/**
 * The play-along rules of every game whose record has play_along, from records.json's
 * content or a records array: {games: {<game slug>: rules}, slugs: [in the records' order]}.
 * Throws RecordsError naming every gap of every game at once.
 */
export function rulesFromRecords(data) {
  const list = recordList(data);
  if (!list) throw new RecordsError([{ record: null, path: [], message: "records.json has no 'records' list" }]);
  const problems = [];
  const games = {};
  const byGame = new Map();
  for (const r of list) {
    if (typeof r.game !== "string") continue;
    if (!byGame.has(r.game)) byGame.set(r.game, []);
    byGame.get(r.game).push(r);
  }
  // Every game's records by id (a name of another game's record is said to be one), and the ids
  // of records the generator refused (data.unchecked): a name of one is no gap, their own line is.
  const context = { allById: new Map(list.map((r) => [r.id, r])),
    unchecked: new Set(data && Array.isArray(data.unchecked) ? data.unchecked.filter((x) => typeof x === "string") : []) };
  for (const rec of list) {
    if (rec.kind !== "game" || rec.play_along === undefined || typeof rec.game !== "string") continue;
    const rules = readGame(rec, byGame.get(rec.game) || [], problems, context);
    if (rules) games[rec.game] = rules;
  }
  if (problems.length) throw new RecordsError(problems);
  const slugs = Object.keys(games).sort((a, b) => (games[a].record.name < games[b].record.name ? -1 : 1));
  return { games, slugs, formerIds: formerIdMap(list) };   // a renamed record's old ids (shared/former-ids.js)
}

/** Whether record `rec` enters play at a table of game g: its kind is one of in_play, or in_play names it. */
export function entersPlay(g, rec) {
  return Boolean(rec && (g.inPlayKinds.includes(rec.kind) || (g.inPlayRecords && g.inPlayRecords.has(rec.id))));
}

/** The game's rules by slug, or null. */
export function gameRules(rules, slug) {
  return rules && rules.games && Object.prototype.hasOwnProperty.call(rules.games, slug) ? rules.games[slug] : null;
}
