// Checks, with the engines themselves, that the records can be read by every calculator and
// helper a game lists, and that each ruling's battle scenario is one its calculator accepts
// (one source of truth: a scenario is valid exactly when the calculator would accept it).
//
// Run by generator/validate/bridges/scenarios.py, once per check, in one Node process:
//   stdin  {records, engines: [name], scenarios: [{id, engine, query}], unchecked: [ids of refused records]}
//   stdout {engines: {name: {gaps: [{record, fact, field, row, column, message}]}},
//           verdicts: [{id, problems: [text]}]}
// An engine that cannot read its rules has gaps (engine_gaps.mjs) and its scenarios get no
// verdict: the gaps are the problem, not the scenarios. Identical battles (same engine, same
// query) are worked out once. Never throws on a bad scenario.
import * as MN from "../../../content/assets/calculators/mn-battle.js";
import * as AC from "../../../content/assets/calculators/ac-battle.js";
import { readEngine } from "./engine_gaps.mjs";

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
  "mn-battle": (rules) => (query) => {
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
  "ac-battle": (model) => (query) => {
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

export function check({ records, engines = [], scenarios = [], unchecked = [] }) {
  const payload = { version: 1, records, unchecked };
  const read = {};
  for (const name of new Set([...engines, ...scenarios.map((s) => s.engine)])) {
    if (Object.prototype.hasOwnProperty.call(CHECKERS, name) || engines.includes(name)) read[name] = readEngine(name, payload);
  }
  const seen = new Map();   // engine + query -> problems: 10,000 rulings of one battle work it out once
  const verdicts = [];
  for (const { id, engine, query } of scenarios) {
    const r = read[engine];
    if (!r || !CHECKERS[engine]) { verdicts.push({ id, problems: [`no engine named ${JSON.stringify(engine)}`] }); continue; }
    if (!r.rules) continue;   // its gaps say why
    const key = `${engine}\u0000${query}`;
    if (!seen.has(key)) {
      let problems;
      try { problems = CHECKERS[engine](r.rules)(String(query)); } catch (e) { problems = [`the calculator could not read it: ${e.message}`]; }
      seen.set(key, problems);
    }
    verdicts.push({ id, problems: seen.get(key) });
  }
  return { engines: Object.fromEntries(Object.entries(read).map(([k, v]) => [k, { gaps: v.gaps }])), verdicts };
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (c) => { input += c; });
process.stdin.on("end", () => { process.stdout.write(JSON.stringify(check(JSON.parse(input)))); });
