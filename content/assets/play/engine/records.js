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

/** The steps of the turn: the records whose step_of chain reaches `root`, in pre-order by `order` (then id). */
export function stepsOf(root, records) {
  const children = new Map();
  for (const r of records) {
    if (typeof r.step_of !== "string") continue;
    if (!children.has(r.step_of)) children.set(r.step_of, []);
    children.get(r.step_of).push(r);
  }
  const byOrder = (a, b) => (Number.isFinite(a.order) ? a.order : Infinity) - (Number.isFinite(b.order) ? b.order : Infinity)
    || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const out = [];
  const seen = new Set([root]);
  const walk = (id, path) => {
    for (const r of (children.get(id) || []).slice().sort(byOrder)) {
      if (seen.has(r.id)) continue;   // a cycle of step_of: the timing checks name it; read each step once
      seen.add(r.id);
      out.push({ id: r.id, path: [...path] });
      walk(r.id, [...path, r.id]);
    }
  };
  walk(root, [root]);
  return out;
}

/** The seats a player picks from: records of `kind`, or (with `by`) the values of that field on them. */
function seatChoices(seats, records, byId, gameId, problems) {
  const pool = records.filter((r) => r.kind === seats.kind);
  if (!seats.by) {
    if (!pool.length) problems.push({ record: gameId, path: ["play_along", "seats", "kind"], text: `names '${seats.kind}', but the game has no record of that kind`, message: `${gameId}: play_along.seats.kind names '${seats.kind}', but the game has no record of that kind` });
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
  if (!values.size) problems.push({ record: gameId, path: ["play_along", "seats", "by"], text: `names '${seats.by}', but no ${seats.kind} record has that field`, message: `${gameId}: play_along.seats.by names '${seats.by}', but no ${seats.kind} record has that field` });
  const label = seats.label || seats.by;
  return [...values.keys()].sort((a, b) => (/^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) - Number(b) : a < b ? -1 : 1))
    .map((key) => ({ key, id: null, name: `${label} ${key}`, url: null, records: values.get(key).sort() }));
}

/** A setup step as the engine keeps it (the raw fields checked; text made plain). */
function readStep(rule, step, i, byId, options, problems, unchecked = new Set()) {
  const at = (...p) => ["setup", i, ...p];
  const gap = (path, text) => problems.push({ record: rule.id, path: at(...path), text, message: `${rule.id}: setup ${i + 1}: ${text}` });
  if (!step || typeof step !== "object") { gap([], "is not a step"); return null; }
  if (typeof step.id !== "string" || typeof step.do !== "string") { gap([], "lacks an id or a do"); return null; }
  const players = step.players === undefined ? null : step.players;
  if (players !== null && !(Array.isArray(players) && players.every(Number.isInteger))) gap(["players"], "players is not a list of player counts");
  for (const key of ["with", "without"]) {
    for (const [j, id] of (step[key] || []).entries()) {
      if (!options.includes(id)) gap([key, j], `${key} names ${id}, which is not one of the game's play_along options`);
    }
  }
  const per = step.per === undefined ? "table" : step.per;
  if (!["table", "player", "unplayed"].includes(per)) gap(["per"], `per is '${per}', not table, player or unplayed`);
  const counts = (step.counts || []).map((c, j) => {
    const value = c && (Number.isFinite(c.value) ? c.value : c.value === "unknown" ? null : undefined);
    if (value === undefined) gap(["counts", j], `count '${c && c.label}' has no number (nor unknown)`);
    if (c && c.of !== undefined && !byId.has(c.of) && !unchecked.has(c.of)) gap(["counts", j, "of"], `count '${c.label}' names ${c.of}, which is not a record`);
    return { label: c && c.label, of: c && c.of !== undefined ? c.of : null, players: c && Array.isArray(c.players) ? c.players : null,
      value: value === undefined ? null : value, unknown: value === null ? plainText(c.note || "unknown", byId) : null,
      unit: c && c.unit !== undefined ? c.unit : null, from: c && c.from !== undefined ? c.from : null };
  });
  // removes: the records the step takes out of the game where it applies.
  const removes = [];
  if (step.removes !== undefined && !Array.isArray(step.removes)) gap(["removes"], "is not a list of record ids");
  for (const [j, id] of (Array.isArray(step.removes) ? step.removes : []).entries()) {
    if (typeof id !== "string" || !byId.has(id)) { if (!unchecked.has(id)) gap(["removes", j], `names ${JSON.stringify(id)}, which is not a record of this game`); } else removes.push(id);
  }
  // shows: a field of another record the step needs, read from that record (one fact, one place).
  const shows = [];
  if (step.shows !== undefined && !Array.isArray(step.shows)) gap(["shows"], "is not a list of {record, field, label}");
  for (const [j, x] of (Array.isArray(step.shows) ? step.shows : []).entries()) {
    const rec = x && typeof x.record === "string" ? byId.get(x.record) : null;
    if (!rec) { if (!unchecked.has(x && x.record)) gap(["shows", j, "record"], `names ${JSON.stringify(x && x.record)}, which is not a record of this game`); continue; }
    const text = typeof x.field === "string" && Object.hasOwn(rec, x.field) ? rec[x.field] : undefined;
    if (typeof text !== "string" || !text.trim()) { gap(["shows", j, "field"], `${rec.id} has no text in a field '${x.field}'`); continue; }
    if (typeof x.label !== "string" || !x.label.trim()) { gap(["shows", j, "label"], "says nothing of what the text is"); continue; }
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
  const gap = (path, text) => problems.push({ record: gid, path: ["play_along", ...path], text, message: `${gid}: play_along.${path.join(".")}: ${text}` });
  const byId = new Map(records.map((r) => [r.id, r]));
  const has = (id) => isId(id) && byId.has(id);
  const ref = (id) => recordRef(byId.get(id));
  if (!pa || typeof pa !== "object") { gap([], "is not an object"); return null; }
  // Players: a bound is a whole number or 'unknown'.
  const pl = pa.players || {};
  const bound = (raw, name) => {
    const v = raw && typeof raw === "object" ? countValue(raw, byId) : raw;
    if (Number.isInteger(v) && v >= 1 && v <= INPUT_CEILING) return v;
    if (v === "unknown") return null;
    gap(["players", name], `${JSON.stringify(v)} is not a player count`);
    return undefined;
  };
  const players = { min: bound(pl.min, "min"), max: bound(pl.max, "max"), note: typeof pl.note === "string" ? plainText(pl.note, byId) : null };
  if (Number.isInteger(players.min) && Number.isInteger(players.max) && players.min > players.max) gap(["players"], `min ${players.min} is above max ${players.max}`);
  // Seats.
  const seatsRaw = pa.seats || {};
  if (typeof seatsRaw.kind !== "string") gap(["seats"], "names no record kind a player picks from");
  const seatChoicesList = typeof seatsRaw.kind === "string" ? seatChoices(seatsRaw, records, byId, gid, problems) : [];
  // Options, setup, turn, end.
  const options = [];
  const optionIds = [];   // the options a with/without may name: the game's, and those of refused files
  for (const [i, id] of (pa.options || []).entries()) {
    if (!has(id)) { if (context.unchecked.has(id)) optionIds.push(id); else gap(["options", i], `names ${id}, which is not a record of this game`); } else { options.push(id); optionIds.push(id); }
  }
  const setup = [];
  for (const [i, id] of (pa.setup || []).entries()) {
    const rec = byId.get(id);
    if (!rec) { if (!context.unchecked.has(id)) gap(["setup", i], `names ${id}, which is not a record of this game`); continue; }
    if (!Array.isArray(rec.setup) || !rec.setup.length) { gap(["setup", i], `names ${id}, which has no setup steps`); continue; }
    const steps = rec.setup.map((s, j) => readStep(rec, s, j, byId, optionIds, problems, context.unchecked)).filter(Boolean);
    setup.push({ record: ref(id), source: rec.source && typeof rec.source === "object" ? { file: rec.source.file || null, section: rec.source.section || null } : null, steps });
  }
  let steps = [];
  if (!has(pa.turn)) gap(["turn"], `names ${JSON.stringify(pa.turn)}, which is not a record of this game`);
  else {
    steps = stepsOf(pa.turn, records);
    if (!steps.length) steps = [{ id: pa.turn, path: [] }];   // a turn with no steps of its own is its one step
  }
  const stepIds = steps.map((s) => s.id);
  let rounds = null;
  if (pa.rounds !== undefined) {
    const r = pa.rounds || {};
    let count = null;   // null: open-ended
    if (r.count !== undefined) {
      count = countValue(r.count, byId);
      if (count === undefined) { gap(["rounds", "count"], "does not resolve to a whole number (or unknown)"); count = null; }
      if (count === "unknown") count = null;
    }
    if (Number.isInteger(count) && (count < 1 || count > INPUT_CEILING)) { gap(["rounds", "count"], `${count} rounds is outside 1 to ${INPUT_CEILING}`); count = null; }
    const first = r.first === undefined ? 1 : countValue(r.first, byId);
    if (!Number.isInteger(first) || first < 0 || first > INPUT_CEILING) gap(["rounds", "first"], `${JSON.stringify(r.first)} does not resolve to a round number`);
    const stepsNamed = (key) => {
      const out = [];
      for (const [i, id] of (r[key] || []).entries()) {
        if (!stepIds.includes(id)) gap(["rounds", key, i], `names ${id}, which is not a step of ${pa.turn}`);
        else out.push(id);
      }
      return out;
    };
    const opensWith = stepsNamed("opens_with");
    // closes_with: a step id, or {step, rounds}: a step that closes only the rounds listed.
    const closesWith = [];
    const closesIn = new Map();
    for (const [i, item] of (r.closes_with || []).entries()) {
      const id = item && typeof item === "object" ? item.step : item;
      if (!stepIds.includes(id)) { gap(["rounds", "closes_with", i], `names ${typeof id === "string" ? id : JSON.stringify(id)}, which is not a step of ${pa.turn}`); continue; }
      closesWith.push(id);
      if (item && typeof item === "object" && item.rounds !== undefined) {
        if (!Array.isArray(item.rounds) || !item.rounds.length || !item.rounds.every((n) => Number.isInteger(n) && n >= 0 && n <= INPUT_CEILING)) {
          gap(["rounds", "closes_with", i, "rounds"], "is not a list of round numbers");
        } else closesIn.set(id, item.rounds.slice());
      }
    }
    for (const id of closesWith) if (opensWith.includes(id)) gap(["rounds", "closes_with"], `${id} both opens and closes the round`);
    // Turns inside a round (7 Wonders Myths' age): a count, or null when unknown or not given.
    let turns = null;
    if (r.turns !== undefined) {
      turns = countValue(r.turns, byId);
      if (turns === undefined || (Number.isInteger(turns) && (turns < 1 || turns > INPUT_CEILING))) { gap(["rounds", "turns"], "does not resolve to a whole number of turns (or unknown)"); turns = null; }
      if (turns === "unknown") turns = null;
    }
    rounds = { label: typeof r.label === "string" ? r.label : "Round", count, unknownCount: r.count === "unknown" || (r.count && r.count.value === "unknown"),
      first: Number.isInteger(first) ? first : 1, suffix: typeof r.suffix === "string" ? r.suffix : "", opensWith, closesWith, closesIn,
      turns, innerTurns: opensWith.length > 0 || closesWith.length > 0 || r.turns !== undefined,
      note: typeof r.note === "string" ? plainText(r.note, byId) : null };
  }
  const end = [];
  for (const [i, id] of (pa.end || []).entries()) {
    if (!has(id)) { if (!context.unchecked.has(id)) gap(["end", i], `names ${id}, which is not a record of this game`); } else end.push(ref(id));
  }
  // What arrives at a step (Ancient Conquest's Unit Appearance Table), as play_along.arrivals
  // says: the table, the step, and the ids of the table's turn, people and group columns.
  let arrivals = null;
  const arr = pa.arrivals;
  if (arr !== undefined && arr !== null) {
    const table = byId.get(arr.table);
    if (!table || table.kind !== "table") {
      gap(["arrivals", "table"], table ? `${arr.table} is a ${table.kind}, not a table record`
        : `the arrivals need the table ${arr.table}, which is not a table record of this game`);
    } else if (!stepIds.includes(arr.at)) gap(["arrivals", "at"], `the arrivals are placed at ${arr.at}, which is not a step of ${pa.turn}`);
    else {
      const named = arr.columns && typeof arr.columns === "object" ? arr.columns : {};
      const ids = (table.columns || []).map((c) => c && c.id).filter((id) => typeof id === "string");
      const missing = ARRIVAL_COLUMNS.filter((k) => !ids.includes(named[k]));
      if (arr.columns === undefined) gap(["arrivals"], `names no columns: say which of ${arr.table}'s columns (${ids.join(", ")}) hold the ${ARRIVAL_COLUMNS.join(", ")}`);
      else for (const k of missing) gap(["arrivals", "columns", k], `names the column ${named[k]}, which ${arr.table} does not have (its columns: ${ids.join(", ")})`);
      if (arr.columns !== undefined && missing.length === 0) {
        arrivals = { table: arr.table, at: arr.at, columns: Object.fromEntries(ARRIVAL_COLUMNS.map((k) => [k, named[k]])) };
      }
    }
  }
  const kinds = new Set(records.map((r) => r.kind));
  // in_play: kinds whose records enter play, and ids of single records of another kind that do (a token).
  const inPlayKinds = [];
  const inPlayRecords = new Set();
  for (const [i, k] of (pa.in_play || []).entries()) {
    if (typeof k !== "string") continue;
    if (!isId(k)) inPlayKinds.push(k);
    else if (!byId.has(k)) { if (!context.unchecked.has(k)) gap(["in_play", i], `names ${k}, which is neither a kind nor a record of this game`); }
    else inPlayRecords.add(k);
  }
  const always = (pa.always || []).filter((k) => typeof k === "string");
  for (const [i, k] of always.entries()) if (!kinds.has(k)) gap(["always", i], `names the kind '${k}', but the game has no record of that kind`);
  // The state rules are read against the turn's steps, the options, the rounds, the seats and
  // what is in play: with a gap in those, their own lines would be follow-ons of it (only true
  // lines, one at the cause). A gap of the setup, the players or the end leaves them readable.
  // A wrong turn leaves what does not hang on its steps (brings, owns, uses, enters) judged.
  const own = problems.slice(start).filter((p) => p.record === gid && !["setup", "players", "end"].includes(p.path[1]));
  if (own.some((p) => p.path[1] !== "turn")) return null;
  const turnRead = !own.length;
  const roundNumbers = rounds && Number.isInteger(rounds.count) ? Array.from({ length: rounds.count }, (_, i) => rounds.first + i) : null;
  const state = readStateRules({ pa, gid, game: gameRec.game, records, byId, allById: context.allById, unchecked: context.unchecked,
    stepIds: turnRead ? stepIds : null, options: optionIds, seatKind: seatsRaw.kind, inPlayKinds, roundNumbers, hasRounds: Boolean(rounds), tools: gameRec.tools,
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
