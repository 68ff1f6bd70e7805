// Hostile input to the Mare Nostrum engine: every link and API call the issue lists (and
// their neighbours) gets a clear message, never an exception, a hang, NaN, or one message
// per copy of a repeated value.
// Run: COMPENDIUM_RECORDS=/path/to/api/records.json node --test tests/js/mn-hostile.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  analyse, resolveRoll, ajaxAdvice, validateScenario, scenarioFromQuery, scenarioToQuery, normalizeScenario,
  analyseRounds, planArmy,
} from "../../content/assets/calculators/mn-battle.js";
import { RULES } from "./mn-helpers.mjs";

const ok2v2 = { attacker: { legions: 2 }, defender: { legions: 2 } };
const messages = (r) => r.errors.map((e) => e.message);
function refused(r, re, what) {
  assert.equal(r.ok, false, `${what}: accepted`);
  assert.ok(r.errors.every((e) => typeof e.message === "string" && e.message.length > 0 && !/undefined|NaN|\[object/.test(e.message)), `${what}: ${messages(r)}`);
  assert.ok(r.errors.some((e) => re.test(e.message)), `${what}: ${JSON.stringify(messages(r))}`);
}

test("a link naming a hero that does not exist, or a property name, gets 'Unknown hero'", () => {
  for (const id of ["mn-nobody", "toString", "__proto__", "constructor", "hasOwnProperty"]) {
    const q = `a.legions=2&a.heroes=${encodeURIComponent(id)}&d.legions=2`;
    refused(analyse(RULES, scenarioFromQuery(q)), /Unknown hero/, q);
    refused(analyse(RULES, scenarioFromQuery(`a.legions=2&a.gods=${id}&d.legions=2`)), /Unknown god/, id);
    refused(analyse(RULES, scenarioFromQuery(`a.legions=2&a.civ=${id}&d.legions=2`)), /Unknown civilization/, id);
  }
  refused(analyse(RULES, scenarioFromQuery("a.legions=2&d.legions=2&a.goal=constructor")), /Unknown goal/, "goal");
  refused(analyse(RULES, scenarioFromQuery("battle=__proto__&a.legions=2")), /Unknown battle/, "battle");
  refused(analyse(RULES, scenarioFromQuery("a.legions=2&d.legions=2&r.ariane=toString")), /Unknown reading/, "reading");
});

test("city and caravan counts are bounded by the pieces in the box", () => {
  const B = RULES.base;
  refused(analyse(RULES, scenarioFromQuery("a.legions=2&d.legions=2&d.heroes=mn-ariane&city=100000000000000000000")),
    new RegExp(`only ${B.citiesInBox} cities in the box`), "city=1e20 in digits");
  refused(analyse(RULES, scenarioFromQuery("a.legions=2&d.legions=2&city=1e20")), /whole number from 0 to/, "city=1e20");
  refused(analyse(RULES, scenarioFromQuery(`a.legions=2&d.legions=2&caravan=${B.caravansInBox + 1}`)), new RegExp(`only ${B.caravansInBox} caravans`), "caravans");
  assert.equal(analyse(RULES, scenarioFromQuery(`a.legions=2&d.legions=2&d.heroes=mn-ariane&city=${B.citiesInBox}&caravan=${B.caravansInBox}`)).ok, true);
  refused(analyse(RULES, { ...ok2v2, buildings: { city: Infinity } }), /whole number/, "Infinity");
  refused(analyse(RULES, { ...ok2v2, buildings: { city: -1 } }), /whole number/, "-1");
});

test("analyse never throws: hero lists that are not lists, or absurdly long, or one hero many times", () => {
  refused(analyse(RULES, { attacker: { legions: 2, heroes: { length: 1e9 } }, defender: { legions: 2 } }), /must be a list/, "{length: 1e9}");
  refused(analyse(RULES, { attacker: { legions: 2, heroes: new Array(1e9) }, defender: { legions: 2 } }), /1,000,000,000 heroes/, "new Array(1e9)");
  refused(analyse(RULES, { attacker: { legions: 2, gods: "mn-mars" }, defender: { legions: 2 } }), /must be a list/, "a string");
  const many = analyse(RULES, { attacker: { legions: 2, heroes: new Array(10000).fill("mn-ajax") }, defender: { legions: 2 } });
  refused(many, /10,000 heroes/, "10,000 copies");
  assert.equal(many.errors.length, 1, "one message, not one per copy");
  const twice = analyse(RULES, { attacker: { legions: 2, heroes: ["mn-ajax", "mn-ajax", "mn-ajax"] }, defender: { legions: 2 } });
  refused(twice, /listed 3 times/, "three copies");
  assert.equal(twice.errors.length, 1);
  const fromLink = analyse(RULES, scenarioFromQuery(`a.legions=2&d.legions=2&a.heroes=${new Array(10000).fill("mn-ajax").join(",")}`));
  assert.equal(fromLink.errors.length, 1);
  for (const bad of [null, undefined, 42, "land", [], [1, 2], { attacker: null, defender: 7 }, { attacker: { heroes: [null, 3, {}, Symbol("x")] } }]) {
    let r;
    assert.doesNotThrow(() => { r = analyse(RULES, bad); }, String(bad && bad.toString ? "object" : bad));
    assert.equal(r.ok, false);
  }
  refused(analyse(RULES, { attacker: { legions: 2, hamilcar: 1e300, heroes: ["mn-hamilcar"] }, defender: { legions: 2 } }), /Hamilcar's dice/, "hamilcar 1e300");
  refused(analyse(RULES, { attacker: { legions: 2, lossOrder: { length: 1e9 } }, defender: { legions: 2 } }), /order of losses/, "loss order");
});

test("resolveRoll refuses NaN, negative, fractional, string and missing dice", () => {
  const s = { attacker: { legions: 2 }, defender: { legions: 1 } };
  assert.equal(resolveRoll(RULES, s, { attacker: [3, 4], defender: [2] }).ok, true);
  for (const dice of [
    { attacker: [NaN, 4], defender: [2] }, { attacker: [-3, 4], defender: [2] }, { attacker: ["3", 4], defender: [2] },
    { attacker: [2.5, 4], defender: [2] }, { attacker: [7, 4], defender: [2] }, { attacker: [0, 4], defender: [2] },
    { attacker: [Infinity, 4], defender: [2] }, { attacker: [3, 4], defender: [null] }, { attacker: "34", defender: [2] },
    { attacker: { length: 2 }, defender: [2] }, { attacker: [3, 4, 5], defender: [2] }, null, "66",
  ]) {
    let r;
    assert.doesNotThrow(() => { r = resolveRoll(RULES, s, dice); });
    refused(r, /dice|throws/, JSON.stringify(dice));
  }
  refused(resolveRoll(RULES, { attacker: { legions: 2, heroes: ["mn-hamilcar"] }, defender: { legions: 1 } }, { attacker: [], defender: [2] }, { fixed: { attacker: 5 } }), /fix/, "fixing more dice than thrown");
});

test("Ajax's advice, the rounds and the planner take hostile calls as messages", () => {
  const s = { attacker: { legions: 4, heroes: ["mn-ajax"] }, defender: { legions: 2 } };
  refused(ajaxAdvice(RULES, s, "__proto__", [1, 2, 3, 4]), /side/, "side");
  refused(ajaxAdvice(RULES, s, "attacker", new Array(1e6).fill(1)), /Enter 4 dice/, "a million dice");
  refused(ajaxAdvice(RULES, s, "attacker", [1, 2, 3, NaN]), /whole number/, "NaN die");
  refused(ajaxAdvice(RULES, s, "attacker", [1, 2, 3, 4], 99), /fix/, "fixed");
  refused(analyseRounds(RULES, { attacker: { legions: 2, heroes: ["toString"] }, defender: { legions: 2 } }), /Unknown hero/, "rounds");
  refused(planArmy(RULES, { attacker: { legions: 2, heroes: ["__proto__"] }, defender: { legions: 2 } }), /Unknown hero/, "planner");
});

test("the URL form keeps only known fields and round-trips what it keeps", () => {
  const s = scenarioFromQuery("a.legions=2&d.legions=2&a.heroes=mn-ajax&__proto__=1&a.__proto__=x&junk=1");
  assert.equal(Object.getPrototypeOf(s), Object.prototype);
  assert.deepEqual(Object.keys(s.attacker).sort(), Object.keys(normalizeScenario({}).attacker).sort());
  assert.equal(scenarioToQuery(s), "a.legions=2&a.heroes=mn-ajax&d.legions=2");
  const n = normalizeScenario(JSON.parse('{"attacker": {"legions": 2, "__proto__": {"polluted": 1}}, "readings": "abc"}'));
  assert.equal({}.polluted, undefined);
  assert.equal(n.readings.ariane, "total");
  assert.equal(validateScenario(RULES, n).errors.length, 0);
});
