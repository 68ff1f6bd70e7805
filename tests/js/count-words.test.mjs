// A count with its noun (content/assets/shared/count-words.js): singular for 1, wherever play along
// and the tools write one: the setup's counts ("1 counters" was "Deity counters per nation: 1
// counters") and the Mare Nostrum battle calculator's dice ("Enter 1 dice").
import test from "node:test";
import assert from "node:assert/strict";
import { countWith, unitFor, singularUnit } from "../../content/assets/shared/count-words.js";
import { ajaxAdvice } from "../../content/assets/calculators/mn-battle.js";
import { RULES } from "./mn-helpers.mjs";
import { realData } from "./helper-records.mjs";

test("a count of 1 takes the singular of its noun, any other count the noun as written", () => {
  for (const [unit, one] of [["dice", "die"], ["counters", "counter"], ["slave counters", "slave counter"], ["fortresses", "fortress"],
    ["steps per hex", "step per hex"], ["victory points", "victory point"], ["cities", "city"], ["army counter (largest first)", "army counter (largest first)"],
    ["AD", "AD"], ["Money per unit", "Money per unit"]]) {
    assert.equal(countWith(1, unit), `1 ${one}`, unit);
    assert.equal(countWith(2, unit), `2 ${unit}`, unit);
    assert.equal(countWith(0, unit), `0 ${unit}`, unit);
  }
  assert.equal(unitFor(1, undefined), undefined);
});

test("every unit the records give a count in reads in the singular for 1 (facts and setup counts of the export)", () => {
  const units = new Set();
  for (const r of realData().records) {
    for (const f of r.facts || []) if (typeof f.unit === "string") units.add(f.unit);
    for (const s of r.setup || []) for (const c of s.counts || []) if (typeof c.unit === "string") units.add(c.unit);
  }
  assert.ok(units.size > 20);
  for (const u of units) {
    const head = u.split(/ (?:per|for) | \(/)[0].split(" ").pop();
    const one = singularUnit(u);
    if (/[^su]s$/.test(head) || head === "dice") assert.notEqual(one, u, `${u} has no singular`);
    else assert.equal(one, u, `${u} is already singular`);
    assert.ok(!/\b(dices|counterss)\b/.test(one), one);
  }
});

test("the Mare Nostrum battle calculator asks for 1 die, not 1 dice", () => {
  const s = { attacker: { legions: 1, heroes: ["mn-ajax"] }, defender: { legions: 1 } };
  const r = ajaxAdvice(RULES, s, "attacker", [1, 2]);
  assert.equal(r.ok, false);
  assert.match(r.errors[0].message, /^Enter 1 die,/);
});
