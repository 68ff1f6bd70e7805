// Checks the battle scenarios on ruling records with the calculators' own engines, so a
// scenario is valid exactly when the calculator would accept it (one source of truth).
// Run by generator/validate/scenarios.py: reads {records, scenarios: [{id, engine, query}]}
// as JSON on stdin and writes [{id, problems: [text]}] as JSON on stdout, where a scenario
// whose engine cannot read the rules from these records at all gets {id, unreadable: text}
// instead (the calculator's page then says so itself; that is not the scenario's fault).
// Never throws on a bad scenario.
import * as MN from "../../content/assets/calculators/mn-battle.js";
import * as AC from "../../content/assets/calculators/ac-battle.js";

/** The query's parameters in order, so the canonical form can be compared. */
const params = (q) => [...new URLSearchParams(q)].map(([k, v]) => `${k}=${v}`).join("&");

// Parameters of the Mare Nostrum page that are not part of a battle: the army planner's own.
const MN_PAGE_ONLY = new Set(["plan", "plan.c"]);

const ENGINES = {
  "mn-battle": (payload) => {
    const rules = MN.rulesFromRecords(payload);
    return (query) => {
      const s = MN.scenarioFromQuery(query);
      const plans = MN.plansFromQuery(query);
      const out = MN.validateScenario(rules, s).errors.map((e) => `${e.field}: ${e.message}`);
      if (!out.length) {
        const r = MN.analyseRounds(rules, s, { rounds: 3, plans });
        if (!r.ok) out.push(...r.errors.map((e) => `${e.field}: ${e.message}`));
      }
      const own = [MN.scenarioToQuery(s), MN.plansToQuery(plans)].filter(Boolean).join("&");
      const given = params(query.split("&").filter((p) => !MN_PAGE_ONLY.has(p.split("=")[0])).join("&"));
      if (!out.length && params(own) !== given) out.push(`not the calculator's own form of this battle; write it as "${own}"`);
      return out;
    };
  },
  "ac-battle": (payload) => {
    const model = AC.buildModel(payload.records);
    if (!model.ok) throw new Error(model.problems.join("; "));
    return (query) => {
      const s = AC.decodeScenario(query);
      const r = AC.evaluate(s, model);
      const out = r.ok ? [] : r.issues.map((e) => `${e.field || "scenario"}: ${e.message}`);
      const own = AC.encodeScenario(s);
      if (!out.length && params(own) !== params(query)) out.push(`not the calculator's own form of this attack; write it as "${own}"`);
      return out;
    };
  },
};

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (c) => { input += c; });
process.stdin.on("end", () => {
  const { records, scenarios } = JSON.parse(input);
  const payload = { version: 1, records };
  const checkers = {};
  const unreadable = {};
  const results = scenarios.map(({ id, engine, query }) => {
    if (!ENGINES[engine]) return { id, problems: [`no engine named ${JSON.stringify(engine)}`] };
    if (!checkers[engine] && !unreadable[engine]) {
      try { checkers[engine] = ENGINES[engine](payload); } catch (e) { unreadable[engine] = String(e.message).slice(0, 300); }
    }
    if (unreadable[engine]) return { id, unreadable: unreadable[engine] };
    try {
      return { id, problems: checkers[engine](String(query)) };
    } catch (e) {
      return { id, problems: [`the calculator could not read it: ${e.message}`] };
    }
  });
  process.stdout.write(JSON.stringify(results));
});
