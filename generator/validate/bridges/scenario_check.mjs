// Checks, with the engines themselves, that the records can be read by every calculator and
// helper a game lists, and that each ruling's battle scenario is one its calculator accepts
// (one source of truth: a scenario is valid exactly when the calculator would accept it).
//
// Run by generator/validate/bridges/scenarios.py for every game whose answer it does not hold yet,
// in a process kept between checks (--serve: one question per line, node_worker.py) or one per question:
//   stdin  {records, units: [{game, full, engines: [name], scenarios: [{id, engine, query}]}],
//           unchecked: [ids of refused records]}
//   stdout {units: [{game, full, wide, engines: {name: {gaps: [...]}}, verdicts: [{id, problems: [text]}]}]}
// A unit is one game's questions. Its engines read that game's records whole and every other
// record as a stub (its id, game and kind only), unless `full`. A stub asked for anything more
// makes the unit `wide`: its answer may differ from the one on whole records, and scenarios.py
// asks again with `full`. The play-along engine looks at every game record's play_along and
// former_ids to find the games it reads: a stub has none, so the unit reads its own game only.
// An engine that cannot read its rules has gaps (engine_gaps.mjs) and its scenarios get no
// verdict: the gaps are the problem, not the scenarios. Identical battles (same engine, same
// query) are worked out once. Never throws on a bad scenario.
import { loadEngine, readWith } from "./engine_read.mjs";

/**
 * The query's pairs in order, decoded, with an empty pair kept as one ("&&a=1" is not "a=1"):
 * the check asks for the query exactly as the calculator writes it.
 */
const pairs = (q) => String(q).split("&").map((p) => {
  if (p === "") return "(empty)";
  const [[k, v] = ["", ""]] = [...new URLSearchParams(p)];
  return `${k}=${v}`;
}).join("&");

// Parameters of the Mare Nostrum page that are not part of a battle: the army planner's own.
const MN_PAGE_ONLY = new Set(["plan", "plan.c"]);
const keyOf = (pair) => { try { return [...new URLSearchParams(pair).keys()][0]; } catch { return pair; } };

const CHECKERS = {
  "mn-battle": (MN, rules) => (query) => {
    const foreign = MN.foreignKeyNotes(query).map((n) => n.message);
    if (foreign.length) return foreign;
    const s = MN.scenarioFromQuery(query);
    const plans = MN.plansFromQuery(query);
    const out = MN.validateScenario(rules, s).errors.map((e) => `${e.field}: ${e.message}`);
    if (!out.length) {
      const r = MN.analyseRounds(rules, s, { rounds: 3, plans });
      if (!r.ok) out.push(...r.errors.map((e) => `${e.field}: ${e.message}`));
    }
    const own = [MN.scenarioToQuery(s), MN.plansToQuery(plans)].filter(Boolean).join("&");
    const given = pairs(query.split("&").filter((p) => p === "" || !MN_PAGE_ONLY.has(keyOf(p))).join("&"));
    if (!out.length && pairs(own) !== given) out.push(`not the calculator's own form of this battle; write it as "${own}"`);
    return out;
  },
  "ac-battle": (AC, model) => (query) => {
    const foreign = AC.foreignKeyNotes(query).map((n) => n.message);
    if (foreign.length) return foreign;
    const s = AC.decodeScenario(query);
    const r = AC.evaluate(s, model);
    const out = r.ok ? [] : r.issues.map((e) => `${e.field || "scenario"}: ${e.message}`);
    const own = AC.encodeScenario(s);
    if (!out.length && pairs(own) !== pairs(query)) out.push(`not the calculator's own form of this attack; write it as "${own}"`);
    return out;
  },
};

// What a stub answers: the fields every record has and that tell records apart.
const STUB_KEYS = new Set(["id", "game", "kind"]);
// What the play-along engine asks of every record to find the games it reads and their old ids.
const PLAY_SCAN = new Set(["play_along", "former_ids"]);

/** Another game's record as a unit's engines see it: its id, game and kind; any other look marks `state.wide`. */
function stub(rec, state) {
  const own = {};
  for (const k of STUB_KEYS) if (Object.prototype.hasOwnProperty.call(rec, k)) own[k] = rec[k];
  const beyond = (k) => {
    if (typeof k !== "symbol" && !STUB_KEYS.has(k) && !(state.engine === "play-along" && PLAY_SCAN.has(k))) state.wide = true;
  };
  const plain = (k) => typeof k === "symbol" || STUB_KEYS.has(k);
  return new Proxy(own, {
    get: (t, k) => (plain(k) ? Reflect.get(t, k) : (beyond(k), undefined)),
    has: (t, k) => (plain(k) ? Reflect.has(t, k) : (beyond(k), false)),
    getOwnPropertyDescriptor: (t, k) => (plain(k) ? Reflect.getOwnPropertyDescriptor(t, k) : (beyond(k), undefined)),
    ownKeys: (t) => { state.wide = true; return Reflect.ownKeys(t); },
  });
}

/** One unit's answer: its engines' gaps and its scenarios' verdicts, read from its view of the records. */
function answerUnit(records, { game, full = false, engines = [], scenarios = [] }, unchecked, modules) {
  const state = { engine: null, wide: false };
  const view = full ? records : records.map((r) => (r && typeof r === "object" && r.game === game ? r : stub(r, state)));
  const payload = { version: 1, records: view, unchecked };
  const read = {};
  for (const name of new Set([...engines, ...scenarios.map((s) => s.engine)])) {
    state.engine = name;
    if (Object.prototype.hasOwnProperty.call(CHECKERS, name) || engines.includes(name)) read[name] = readWith(modules[name], name, payload);
  }
  const seen = new Map();   // engine + query -> problems: 10,000 rulings of one battle work it out once
  const verdicts = [];
  for (const { id, engine, query } of scenarios) {
    state.engine = engine;
    const r = read[engine];
    if (!r || !CHECKERS[engine]) { verdicts.push({ id, problems: [`no engine named ${JSON.stringify(engine)}`] }); continue; }
    if (!r.rules) continue;   // its gaps say why
    const key = `${engine}\u0000${query}`;
    if (!seen.has(key)) {
      let problems;
      try { problems = CHECKERS[engine](modules[engine], r.rules)(String(query)); } catch (e) { problems = [`the calculator could not read it: ${e.message}`]; }
      seen.set(key, problems);
    }
    verdicts.push({ id, problems: seen.get(key) });
  }
  return { game, full, wide: state.wide, engines: Object.fromEntries(Object.entries(read).map(([k, v]) => [k, { gaps: v.gaps }])), verdicts };
}

/** Every unit's answer; only the engines the units name are loaded. */
export async function check({ records = [], units = [], unchecked = [] }) {
  const modules = Object.create(null);
  for (const u of units) {
    for (const name of [...(u.engines || []), ...(u.scenarios || []).map((s) => s.engine)]) {
      if (!(name in modules)) modules[name] = await loadEngine(name);
    }
  }
  return { units: units.map((u) => answerUnit(records, u, unchecked, modules)) };
}

process.stdin.setEncoding("utf8");
if (process.argv.includes("--serve")) {
  // Kept by node_worker.py: one question per line, one answer per line, in order, until stdin ends.
  let pending = "";
  let chain = Promise.resolve();
  const answer = async (line) => {
    let out;
    try { out = JSON.stringify(await check(JSON.parse(line))); } catch (e) { out = JSON.stringify({ error: String((e && e.stack) || e) }); }
    process.stdout.write(`${out}\n`);
  };
  process.stdin.on("data", (c) => {
    pending += c;
    if (!c.includes("\n")) return;
    const lines = pending.split("\n");
    pending = lines.pop();
    for (const line of lines) chain = chain.then(() => answer(line));
  });
} else {
  let input = "";
  process.stdin.on("data", (c) => { input += c; });
  process.stdin.on("end", async () => { process.stdout.write(JSON.stringify(await check(JSON.parse(input)))); });
}
