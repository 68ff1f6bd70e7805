// Tests for the Mosaic disaster helper (content/assets/helpers/mos-disaster.js).
//
// The rulebook's own example (Barbarians strike the fewest Military Pillar Symbols), the
// fallback rule walked by hand on several cards, every card against the rule on random
// holdings, icon triggers that are asked and never guessed, bad input, and the records
// driving each loss.
import test from "node:test";
import assert from "node:assert/strict";
import * as M from "../../content/assets/helpers/mos-disaster.js";
import { RecordsError } from "../../content/assets/shared/records.js";
import { realData, recordIn, seeded, leaves } from "./helper-records.mjs";

const rules = M.rulesFromRecords(realData());
const walk = (q, r = rules) => {
  const out = M.walkQuery(r, q);
  assert.deepEqual(out.errors, [], `unexpected messages for ${q}`);
  return out;
};

test("the disasters, their losses and the protections come from the records", () => {
  assert.equal(rules.disasters.length, 12);
  const named = rules.disasters.filter((d) => d.of !== null).map((d) => d.id).sort();
  assert.deepEqual(named, ["mos-barbarians", "mos-chaos", "mos-exodus", "mos-overpopulation"]);
  const town = rules.holdings.find((h) => h.key === "town");
  assert.equal(town.partOf, null);
  for (const k of ["garrison-town", "amphitheatre-town", "manufactory-town", "farm-town"]) {
    assert.equal(rules.holdings.find((h) => h.key === k).partOf, "town", k);
  }
  assert.equal(rules.holdings.find((h) => h.key === "garrison-town").max, 6);
  assert.deepEqual(rules.protections.map((p) => [p.id, p.kind]),
    [["mos-hereditary-bureaucracy", "once"], ["mos-statue-of-zeus-at-olympia", "always"]]);
  assert.equal(rules.disasters.find((d) => d.id === "mos-cultural-dark-age").payments.length, 4);
});

test("the rulebook's example: Barbarians strike the player(s) with the fewest Military Pillar Symbols", () => {
  const b = rules.disasters.find((d) => d.id === "mos-barbarians");
  assert.equal(b.of, "Military Pillar Symbols");
  assert.equal(b.compare, "fewest");
  const base = "d=mos-barbarians&h.military-unit=2";
  assert.equal(walk(`${base}&mine=1&others=2`).strike.status, "struck");
  const tie = walk(`${base}&mine=2&others=2`).strike;
  assert.deepEqual([tie.status, tie.tie], ["struck", true], "ties are all struck");
  assert.equal(walk(`${base}&mine=3&others=2`).strike.status, "spared");
  assert.equal(walk(base).strike.status, "ask");
  // The most, for Exodus.
  assert.equal(walk("d=mos-exodus&mine=4&others=3").strike.status, "struck");
  assert.equal(walk("d=mos-exodus&mine=2&others=3").strike.status, "spared");
});

test("hand-checked walks: the first loss you can pay in full, else the next, else nothing", () => {
  const lost = (q) => { const r = walk(q); return r.lost ? [r.lost.step, r.lost.name, r.lost.amount] : r.undecided ? "undecided" : "nothing"; };
  assert.deepEqual(lost("d=mos-chaos&h.money=10&h.stone-production=9&h.city=1"), [1, "Money", 10]);
  assert.deepEqual(lost("d=mos-chaos&h.money=7&h.stone-production=6&h.city=1"), [2, "Stone Production", 6], "7 Money cannot pay 10");
  assert.deepEqual(lost("d=mos-chaos&h.money=7&h.stone-production=5&h.city=2"), [3, "City", 1]);
  assert.equal(lost("d=mos-chaos&h.money=9&h.stone-production=5&h.city=0"), "nothing");
  assert.deepEqual(lost("d=mos-civil-war&h.population=1&h.town=1&h.city=1"), [3, "City", 1], "1 Town cannot pay 2 Towns");
  assert.deepEqual(lost("d=mos-cultural-dark-age&h.ideas=4&h.amphitheatre-town=0&h.project=0&h.wonder=1"), [4, "Wonder", 1]);
  assert.deepEqual(lost("d=mos-famine&h.food=2&h.farm-town=1"), [2, "Farm Town", 1]);
  const tech = walk("d=mos-technological-dark-age&h.ideas=0&h.idea-production=4&h.technology=3").lost;
  assert.deepEqual([tech.name, tech.random], ["Technology", true]);
  // Empty fields are not guessed.
  assert.equal(lost("d=mos-chaos&h.money=3"), "undecided");
  assert.equal(walk("d=mos-chaos&h.money=3").pending, "Stone Production");
  assert.deepEqual(lost("d=mos-chaos&h.money=30"), [1, "Money", 10], "a paid first loss needs nothing more");
});

test("a kind of Town pays for 'a Town'; Towns left empty count the kinds entered", () => {
  const r = walk("d=mos-earthquake&h.stone=0&h.garrison-town=1&h.city=3");
  assert.deepEqual([r.lost.step, r.lost.name], [2, "Town"]);
  assert.equal(r.walk[1].held, 1);
  assert.deepEqual([walk("d=mos-earthquake&h.stone=0&h.town=0&h.city=1").lost.name], ["City"]);
});

test("every card against the rule on random holdings", () => {
  const rnd = seeded(42);
  for (let n = 0; n < 2000; n += 1) {
    const d = rules.disasters[Math.floor(rnd() * rules.disasters.length)];
    const held = {};
    let q = `d=${d.id}`;
    for (const p of d.payments) {
      if (held[p.key] !== undefined) continue;
      held[p.key] = Math.floor(rnd() * (p.amount * 2 + 1));
      q += `&h.${p.key}=${held[p.key]}`;
    }
    const r = walk(q);
    const first = d.payments.findIndex((p) => held[p.key] >= p.amount);
    if (first < 0) { assert.equal(r.lost, null, q); assert.equal(r.nothing, true, q); }
    else assert.equal(r.lost.step, first + 1, q);
    assert.equal(r.walk.filter((w) => w.paid).length, first < 0 ? 0 : 1, q);
  }
});

test("an icon trigger is asked, never guessed", () => {
  for (const d of rules.disasters.filter((x) => x.of === null)) {
    assert.equal(d.affects, "unknown", d.id);      // the source names no icon: a structured unknown
    const r = walk(`d=${d.id}&mine=0&others=5`);
    assert.deepEqual([r.strike.status, r.strike.how], ["ask", "icon"], `${d.id}: counts must not decide an unnamed icon`);
    assert.equal(walk(`d=${d.id}&struck=yes`).strike.status, "struck");
    assert.equal(walk(`d=${d.id}&struck=no`).strike.status, "spared");
  }
});

test("the Statue of Zeus and Hereditary Bureaucracy protect", () => {
  const r = walk("d=mos-plague&struck=yes&h.population=5&avoid=mos-statue-of-zeus-at-olympia");
  assert.deepEqual(r.strike, { status: "protected", by: "Statue of Zeus at Olympia" });
  assert.equal(walk("d=mos-barbarians&mine=0&others=3&avoid=mos-hereditary-bureaucracy").strike.status, "protected");
});

test("bad input: a message for its field, never NaN or a throw", () => {
  const expect = {
    "d=mos-volcano": "d", "d=mos-chaos&h.money=lots": "h.money", "d=mos-chaos&h.money=-3": "h.money",
    "d=mos-barbarians&h.garrison-town=7": "h.garrison-town", "d=mos-plague&struck=maybe": "struck",
    "d=mos-plague&avoid=mos-ajax": "avoid", "d=mos-chaos&colour=red": "colour", "d=mos-chaos&mine=1e2": "mine",
    "d=mos-barbarians&h.town=1&h.garrison-town=2": "h.town", "": "d",
  };
  for (const [q, field] of Object.entries(expect)) {
    let r;
    assert.doesNotThrow(() => { r = M.walkQuery(rules, q); }, q);
    assert.ok(r.errors.some((e) => e.field === field), `${q}: ${JSON.stringify(r.errors)}`);
    for (const v of leaves(r)) assert.ok(!(typeof v === "number" && !Number.isFinite(v)), q);
  }
  assert.match(M.walkQuery(rules, "d=mos-barbarians&h.garrison-town=7").errors[0].message, /more than 6 \(the game has 6: Garrison Town: Cards in the Build Deck\)/);
  assert.match(M.walkQuery(rules, "d=mos-barbarians&h.town=1&h.garrison-town=2").errors[0].message, /each of those is also a Town/);
});

test("the URL round trip keeps the scenario", () => {
  const q = "d=mos-barbarians&h.military-unit=0&h.garrison-town=2&h.town=3&mine=1&others=2&avoid=mos-hereditary-bureaucracy";
  const a = M.scenarioFromQuery(rules, q).scenario;
  const b = M.scenarioFromQuery(rules, M.scenarioToQuery(rules, a)).scenario;
  assert.deepEqual(b, a);
  assert.equal(M.scenarioToQuery(rules, M.emptyScenario()), "");
});

test("editing a record changes the walk; a gap in the records is named", () => {
  const data = realData();
  recordIn(data, "mos-chaos").payments[0].amount = 5;
  recordIn(data, "mos-civil-war").trigger = { compare: "most", of: "Unrest" };
  const edited = M.rulesFromRecords(data);
  assert.equal(walk("d=mos-chaos&h.money=7", edited).lost.name, "Money");
  assert.equal(walk("d=mos-civil-war&mine=4&others=3", edited).strike.status, "struck");

  const broken = realData();
  delete recordIn(broken, "mos-flood").payments;
  recordIn(broken, "mos-statue-of-zeus-at-olympia").facts.find((f) => f.label === "Disasters avoided").value = "unknown";
  assert.throws(() => M.rulesFromRecords(broken), (e) => e instanceof RecordsError
    && e.problems.some((p) => p.includes("mos-flood")) && e.problems.some((p) => p.includes("mos-statue-of-zeus-at-olympia")));
});
