// Tests for the Ancient Conquest "Who wins?" helper (content/assets/helpers/ac-victory.js).
//
// The source has no worked final count, so the cases are hand-checked from the people
// records' objectives and the optional rules (deities 2, section 8 cities 1, the Table of
// City Differences 4/3/2/1 with Tyre and Sidon 5 together), plus the readings, bad input and
// the records driving every value.
import test from "node:test";
import assert from "node:assert/strict";
import * as A from "../../content/assets/helpers/ac-victory.js";
import { RecordsError } from "../../content/assets/shared/records.js";
import { realData, recordIn, seeded, leaves } from "./helper-records.mjs";

const rules = A.rulesFromRecords(realData());
const count = (q, r = rules) => {
  const out = A.countQuery(r, q);
  assert.deepEqual(out.errors, [], `unexpected messages for ${q}`);
  return out;
};
const totals = (r) => Object.fromEntries(r.groups.map((g) => [g.group, g.total]));

test("peoples, groups and optional values come from the records", () => {
  assert.deepEqual(rules.groups, [1, 2, 3, 4]);
  assert.equal(rules.peoples.length, 17);
  const assyria = rules.peoples.find((p) => p.id === "ac-assyrian-empire");
  assert.equal(assyria.group, 2);
  assert.equal(assyria.objectives.length, 10);
  assert.deepEqual([assyria.objectives[5].vp, assyria.objectives[5].extra, assyria.objectives[5].extraRule.id], [1, 1, "ac-sowing"]);
  assert.deepEqual(rules.optional.map((o) => o.id), ["ac-sowing", "ac-treasure"]);
  assert.deepEqual(rules.cityTypes.map((t) => [t.name, t.vp]), [["Hegemonic City", 4], ["Capital City", 3], ["Fortified City", 2], ["Red-Dot City", 1]]);
  assert.deepEqual([rules.deityValue, rules.fortifiedValue, rules.pair.each, rules.pair.both, rules.lastTurn], [2, 1, 2, 5, 15]);
  assert.equal(rules.maxDeities, 17);
});

test("hand-checked: each group adds its peoples' objectives; the most points wins", () => {
  // Group 1: Egypt 3 (4 VP) + Medes 2 (4 VP) = 8. Group 2: Assyria 1 (1) + 10 (3) + Lydia 1 (1) = 5.
  const r = count("o=egyptian-empire.3&o=kingdom-of-the-medes.2&o=assyrian-empire.1&o=assyrian-empire.10&o=kingdom-of-lydia.1");
  assert.deepEqual(totals(r), { 1: 8, 2: 5, 3: 0, 4: 0 });
  assert.deepEqual(r.winner, { groups: [1], tie: false, value: 8 });
  const g2 = r.groups.find((g) => g.group === 2);
  assert.equal(g2.count, 3);
  assert.deepEqual(g2.peoples.find((p) => p.id === "ac-assyrian-empire").achieved, [1, 10]);
});

test("the 'plus 1*' points count only with their optional rule", () => {
  const q = "o=assyrian-empire.6&o=assyrian-empire.9";
  assert.equal(totals(count(q))[2], 2);
  assert.equal(totals(count(`${q}&opt=ac-sowing`))[2], 3);
  assert.equal(totals(count(`${q}&opt=ac-sowing&opt=ac-treasure`))[2], 4);
});

test("deities: 2 each; captured only by default, every counter under the other reading", () => {
  assert.equal(totals(count("g3.deities=2&g3.own=1"))[3], 4);
  assert.equal(totals(count("g3.deities=2&g3.own=1&r.deities=all"))[3], 6);
  const r = A.countQuery(rules, "g1.deities=10&g2.deities=8");
  assert.equal(r.ok, false);
  assert.match(r.errors[0].message, /only 17 \(one per nation\)/);
});

test("cities: none by default, section 8 at 1 each, or the Table of City Differences", () => {
  const q = "g2.fortified=3&g2.capital-city=1&g2.hegemonic-city=1&g2.red-dot-city=2&g2.fortified-city=1";
  assert.equal(totals(count(q))[2], 0);
  assert.equal(totals(count(`${q}&cities=rule-8`))[2], 3);
  assert.equal(totals(count(`${q}&cities=table`))[2], 3 + 4 + 2 + 2);
  // Tyre and Sidon: 2 each apart, 5 together.
  assert.equal(totals(count("cities=table&tyre=1&sidon=2"))[1], 2);
  assert.equal(totals(count("cities=table&tyre=1&sidon=2"))[2], 2);
  assert.equal(totals(count("cities=table&tyre=4&sidon=4"))[4], 5);
  assert.equal(totals(count("cities=rule-8&tyre=4&sidon=4"))[4], 0, "the pair rule belongs to the table");
});

test("the 'most objectives' reading can name another winner; ties are named, not broken", () => {
  const q = "o=egyptian-empire.3&o=city-states.1&o=city-states.2";   // group 1: 1 objective, 4 VP; group 4: 2 objectives, 2 VP
  assert.deepEqual(count(q).winner.groups, [1]);
  assert.deepEqual(count(`${q}&r.measure=objectives`).winner.groups, [4]);
  const tie = count("o=egyptian-empire.1&o=assyrian-empire.1");
  assert.deepEqual(tie.winner, { groups: [1, 2], tie: true, value: 1 });
  assert.deepEqual(count("").winner, { groups: [1, 2, 3, 4], tie: true, value: 0 });
});

test("random counts agree with a direct sum of the records", () => {
  const rnd = seeded(8);
  for (let n = 0; n < 300; n += 1) {
    const picks = [];
    const sums = { 1: 0, 2: 0, 3: 0, 4: 0 };
    for (const p of rules.peoples) for (const o of p.objectives) {
      if (rnd() < 0.2) { picks.push(`o=${p.key}.${o.n}`); sums[p.group] += o.vp; }
    }
    const deities = [1, 2, 3, 4].map(() => Math.floor(rnd() * 4));
    deities.forEach((d, i) => { if (d) picks.push(`g${i + 1}.deities=${d}`); sums[i + 1] += 2 * d; });
    assert.deepEqual(totals(count(picks.join("&"))), sums);
  }
});

test("bad input: a message for its field, never NaN or a throw", () => {
  const expect = {
    "o=assyrian-empire.99": "o", "o=<b>x</b>": "o", "g1.deities=many": "g1.deities", "g1.deities=-1": "g1.deities",
    "g2.capital-city=1e9": "g2.capital-city", "tyre=7": "tyre", "opt=ac-oracles": "opt", "cities=all": "cities",
    "r.measure=luck": "r.measure", "g9.deities=1": "g9.deities", "g1.deities=18": "g1.deities",
  };
  for (const [q, field] of Object.entries(expect)) {
    let r;
    assert.doesNotThrow(() => { r = A.countQuery(rules, q); }, q);
    assert.ok(r.errors.some((e) => e.field === field), `${q}: ${JSON.stringify(r.errors)}`);
    for (const v of leaves(r)) assert.ok(!(typeof v === "number" && !Number.isFinite(v)), q);
  }
  assert.match(A.countQuery(rules, "g1.deities=18").errors[0].message, /more than 17 \(one deity counter per nation, 17 peoples\)/);
});

test("the URL round trip keeps the count", () => {
  const q = "o=egyptian-empire.3&o=assyrian-empire.6&g1.deities=1&g2.own=2&g2.capital-city=1&tyre=2&sidon=2&opt=ac-sowing&cities=table&r.measure=objectives&r.deities=all";
  const a = A.scenarioFromQuery(rules, q).scenario;
  const b = A.scenarioFromQuery(rules, A.scenarioToQuery(rules, a)).scenario;
  assert.deepEqual(b, a);
  assert.equal(A.scenarioToQuery(rules, A.emptyScenario(rules)), "");
});

test("editing a record changes the count; a gap in the records is named", () => {
  const data = realData();
  recordIn(data, "ac-egyptian-empire").objectives[2].vp = 7;
  recordIn(data, "ac-deity-victory-points").facts[0].value = 3;
  recordIn(data, "ac-kingdom-of-lydia").group = 1;
  const edited = A.rulesFromRecords(data);
  const r = count("o=egyptian-empire.3&o=kingdom-of-lydia.1&g1.deities=1", edited);
  assert.equal(totals(r)[1], 7 + 1 + 3);

  const broken = realData();
  recordIn(broken, "ac-fortified-city-victory-points").facts = [];
  delete recordIn(broken, "ac-assyrian-empire").objectives[5].vp_alternative_rule;
  recordIn(broken, "ac-philistines").group = 9;
  assert.throws(() => A.rulesFromRecords(broken), (e) => e instanceof RecordsError
    && e.problems.some((p) => p.includes("Value per fortified city"))
    && e.problems.some((p) => p.includes("ac-assyrian-empire")) && e.problems.some((p) => p.includes("ac-philistines")));
});

test("an objective naming its optional rule without the value the rule gives is a gap at the rule", () => {
  const data = realData();
  delete recordIn(data, "ac-assyrian-empire").objectives[8].vp_alternative;
  assert.throws(() => A.rulesFromRecords(data), (e) => e instanceof RecordsError
    && e.details.length === 1 && e.details[0].record === "ac-assyrian-empire"
    && e.details[0].path.join(".") === "objectives.8.vp_alternative_rule");
});
