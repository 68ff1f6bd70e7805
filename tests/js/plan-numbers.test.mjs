// Numbers too large to count with, in the two battle calculators' links:
// "1e309" in a Mare Nostrum plan was read as Infinity, passed unchecked under "never" and came
// back as "Infinity" in the address; Ancient Conquest read thirty nines as 1e+30 (written back
// as "1e+30") and four hundred as Infinity ("must be a number"). Each is now refused with a
// {field, message} like any other bad value, and the address keeps no Infinity.
// Run: COMPENDIUM_RECORDS=/path/to/api/records.json node --test tests/js/plan-numbers.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { analyseRounds, scenarioFromQuery, plansFromQuery, plansToQuery, validatePlans, normalizePlans } from "../../content/assets/calculators/mn-battle.js";
import * as AC from "../../content/assets/calculators/ac-battle.js";
import { RULES } from "./mn-helpers.mjs";

const HUGE = ["1e309", "-1e309", "9".repeat(400), "1e20", "99999999999999999999"];
const FIELDS = { "withdraw.below": "withdraw.below", "reinforce.legions": "reinforce.legions", "reinforce.creatures": "reinforce.creatures", "reinforce.round": "reinforce.round" };
const clean = (m) => typeof m === "string" && m.length > 0 && !/undefined|NaN|Infinity|\[object/.test(m);

test("a Mare Nostrum plan number too large to count with is refused at its field, under every plan", () => {
  const battle = scenarioFromQuery("a.legions=2&d.legions=2");
  for (const when of ["never", "fewer", "chance"]) {
    for (const [side, pre] of [["attacker", "a"], ["defender", "d"]]) {
      for (const key of Object.keys(FIELDS)) {
        for (const value of HUGE) {
          const q = `${pre}.withdraw=${when}&${pre}.${key}=${value}`;
          const plans = plansFromQuery(q);
          const r = analyseRounds(RULES, battle, { rounds: 3, plans });
          assert.equal(r.ok, false, `${q}: accepted`);
          const mine = r.errors.filter((e) => e.field === `${side}.plan.${key}`);
          assert.equal(mine.length, 1, `${q}: ${JSON.stringify(r.errors)}`);
          assert.match(mine[0].message, /not a number the calculator can count with/, q);
          assert.ok(r.errors.every((e) => typeof e.field === "string" && clean(e.message)), `${q}: ${JSON.stringify(r.errors)}`);
          const address = plansToQuery(plans);
          assert.ok(!/Infinity|e%2B|e\+/i.test(address), `${q} -> ${address}`);
          assert.ok(address.includes(`${pre}.${key}=${encodeURIComponent(value).slice(0, 20)}`), `${q} -> ${address}`);
        }
      }
    }
  }
});

test("Infinity and overflowing numbers handed to validatePlans through the API are refused too, with no 'Infinity' in the message", () => {
  const battle = scenarioFromQuery("a.legions=2&d.legions=2");
  for (const v of [Infinity, -Infinity, 1e300, Number.MAX_SAFE_INTEGER + 2]) {
    const errors = validatePlans(RULES, battle, normalizePlans({ attacker: { withdraw: { when: "never", below: v } } }), 3);
    assert.deepEqual(errors.map((e) => e.field), ["attacker.plan.withdraw.below"], String(v));
    assert.ok(errors.every((e) => clean(e.message)), JSON.stringify(errors));
  }
});

test("ordinary plan numbers keep working, and a whole number from a link is still a number", () => {
  const plans = plansFromQuery("a.withdraw=fewer&a.withdraw.below=2&d.reinforce.legions=1&d.reinforce.round=3");
  assert.equal(plans.attacker.withdraw.below, 2);
  assert.equal(plans.defender.reinforce.legions, 1);
  assert.equal(analyseRounds(RULES, scenarioFromQuery("a.legions=3&d.legions=2"), { rounds: 3, plans }).ok, true);
  assert.equal(plansFromQuery(`a.withdraw.below=${Number.MAX_SAFE_INTEGER}`).attacker.withdraw.below, Number.MAX_SAFE_INTEGER);
});

test("an Ancient Conquest factor too large to count with is 'above 999' at its field, and the address keeps no 1e+30 or Infinity", () => {
  assert.ok(process.env.COMPENDIUM_RECORDS, "set COMPENDIUM_RECORDS to a records.json built from the current data");
  const model = AC.buildModel(JSON.parse(readFileSync(process.env.COMPENDIUM_RECORDS, "utf8")).records);
  for (const digits of ["9".repeat(400), "9".repeat(30), "99999999999999999999"]) {
    for (const [q, field, who] of [[`a=i${digits}&d=i6`, "attacker-0-factor", "Attacker"], [`a=i6&d=i${digits}`, "defender-0-factor", "Defender"]]) {
      const s = AC.decodeScenario(q);
      const r = AC.evaluate(s, model);
      assert.equal(r.ok, false, `${q.slice(0, 40)}: accepted`);
      assert.deepEqual(r.issues, [{ field, message: `${who} unit 1: a combat factor above 999 is not a counter in this game.` }], q.slice(0, 40));
      const address = AC.encodeScenario(s);
      assert.ok(!/Infinity|e%2B|e\+/i.test(address), address);
    }
  }
  assert.deepEqual(AC.evaluate(AC.decodeScenario(`a=i-${"9".repeat(400)}&d=i6`), model).issues,
    [{ field: "attacker-0-factor", message: "Attacker unit 1: the combat factor must be 1 or more." }]);
  assert.equal(AC.evaluate(AC.decodeScenario("a=i6&d=i6"), model).ok, true);
});
