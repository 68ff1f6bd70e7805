// Unit tests for the Mare Nostrum battle engine (content/assets/calculators/mn-battle.js).
// Run: COMPENDIUM_RECORDS=/path/to/api/records.json node --test tests/js/mn-battle.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  rulesFromRecords, analyse, resolveRoll, validateScenario, scenarioToQuery,
  scenarioFromQuery, ajaxAdvice, defaultScenario, RulesError, READINGS, _internal,
} from "../../content/assets/calculators/mn-battle.js";
import {
  DATA, RULES, TOL, sfc32, sc, other, killsFunction, assertClose, assertDistClose, sum,
  bruteJoint, bruteAjax, monteCarlo,
} from "./mn-helpers.mjs";


// ---- rules come from the records -----------------------------------------------------

test("base numbers are read from the records", () => {
  const byId = new Map(DATA.records.map((r) => [r.id, r]));
  const fact = (id, label) => byId.get(id).facts.find((f) => f.label === label).value;
  assert.equal(RULES.base.pointsPerLoss, fact("mn-combat", "Points of total per enemy unit lost"));
  assert.equal(RULES.base.legionsInBox, byId.get("mn-legion").count);
  assert.equal(RULES.base.triremesInBox, byId.get("mn-trireme").count);
  assert.equal(RULES.base.fortressesInBox, byId.get("mn-fortress").count);
  assert.equal(RULES.base.creaturesPerPlayer, byId.get("mn-mythological-creature").count);
  for (const id of ["mn-hannibal", "mn-hamilcar", "mn-ajax", "mn-mars", "mn-ariane", "mn-centaur", "mn-hercules",
    "mn-pericles", "mn-poseidon", "mn-titan", "mn-behemoth", "mn-penthesilee", "mn-kraken"]) {
    assert.ok(RULES.effects[id], `${id} has a combat block`);
  }
});

test("changing a record changes the result (no modifier is hard-coded)", () => {
  const ex = { attacker: { civ: "mn-atlantis", legions: 4, creatures: 1 },
    defender: { civ: "mn-carthage", legions: 2, creatures: 1, fortresses: 1, heroes: ["mn-hannibal"] } };
  const dice = { attacker: [2, 4, 1, 5, 4], defender: [3, 3] };
  const edited = structuredClone(DATA);
  const rec = (id) => edited.records.find((r) => r.id === id);
  rec("mn-hannibal").combat.die_bonus = 2;
  rec("mn-combat").facts.find((f) => f.label === "Points of total per enemy unit lost").value = 4;
  rec("mn-combat").facts.find((f) => f.label === "Automatic value of a fortress").value = 5;
  const r = resolveRoll(rulesFromRecords(edited), ex, dice);
  assert.equal(r.defender.total, 3 + 3 + 5 + 6 + 4);
  assert.equal(r.attacker.kills, 4); // 16 / 4
  rec("mn-behemoth").combat.cancels_enemy_automatic = false;
  const r2 = resolveRoll(rulesFromRecords(edited), ex, { attacker: [2, 4, 1, 5], defender: [3, 3] });
  assert.equal(r2.attacker.total, 16 - 4 + 6);
});

test("missing base facts are reported, not guessed", () => {
  const edited = structuredClone(DATA);
  const rec = edited.records.find((r) => r.id === "mn-combat");
  rec.facts = rec.facts.filter((f) => f.label !== "Points of total per enemy unit lost");
  assert.throws(() => rulesFromRecords(edited), (e) => e instanceof RulesError && /Points of total per enemy unit lost/.test(e.message));
});

// ---- the manual's worked examples ----------------------------------------------------

test("worked example 1: Green 3 legions against Blue 1 legion and 1 fortress", () => {
  const s = { attacker: { legions: 3 }, defender: { legions: 1, fortresses: 1 } };
  const a = analyse(RULES, s);
  assert.equal(a.attacker.dice, 3);
  assert.equal(a.defender.dice, 1);
  assert.equal(a.defender.automatic, 6);
  const r = resolveRoll(RULES, s, { attacker: [6, 3, 2], defender: [3] });
  assert.equal(r.attacker.total, 11);
  assert.equal(r.defender.total, 9);
  assert.equal(r.attacker.losses, 1); // Green loses 1 unit
  assert.equal(r.defender.losses, 2); // Blue loses 2 units
});

test("worked example 2: Atlantis 4 legions + Kraken against Carthage with Behemoth, fortress, 2 legions, Hannibal", () => {
  const s = { attacker: { civ: "mn-atlantis", legions: 4, creatures: 1 },
    defender: { civ: "mn-carthage", legions: 2, creatures: 1, fortresses: 1, heroes: ["mn-hannibal"] } };
  const a = analyse(RULES, s);
  assert.equal(a.attacker.dice, 5, "the Kraken loses its automatic 6 and rolls");
  assert.equal(a.attacker.automatic, 0);
  assert.equal(a.defender.dice, 2);
  assert.equal(a.defender.automatic, 12);
  assert.equal(a.defender.bonus, 2);
  const r = resolveRoll(RULES, s, { attacker: [2, 4, 1, 5, 4], defender: [3, 3] });
  assert.equal(r.attacker.total, 16);
  assert.equal(r.attacker.kills, 3);
  assert.equal(r.defender.total, 20);
  assert.equal(r.defender.kills, 4);
  assert.equal(r.attacker.survivors, 1); // the Kraken
  assert.equal(r.defender.survivors, 1); // the Behemoth: province stays at war
  assertClose(sum(a.attacker.losses), 1, TOL, "sum");
  assert.ok(a.outcomes.atWar > 0);
});

// ---- brute force: every dice outcome --------------------------------------------------

const SMALL = [
  { attacker: { legions: 3 }, defender: { legions: 1, fortresses: 1 } },
  { attacker: { legions: 2, civ: "mn-carthage", heroes: ["mn-hannibal"] }, defender: { legions: 2, heroes: ["mn-penthesilee"] } },
  { attacker: { civ: "mn-greece", legions: 1, creatures: 2 }, defender: { civ: "mn-rome", legions: 3, creatures: 1 } },
  { attacker: { civ: "mn-carthage", legions: 2, creatures: 1, gods: ["mn-mars"] }, defender: { civ: "mn-egypt", legions: 1, creatures: 1, fortresses: 1 } },
  { attacker: { civ: "mn-greece", legions: 2, heroes: ["mn-hercules"] }, defender: { legions: 3, heroes: ["mn-ariane"] }, buildings: { city: 1, temple: 1 } },
  { attacker: { civ: "mn-greece", legions: 2, heroes: ["mn-hercules"] }, defender: { legions: 3, heroes: ["mn-ariane"] }, buildings: { city: 1, temple: 1 },
    readings: { ariane: "per-die", hercules: "automatic-only" } },
  { battle: "naval", attacker: { civ: "mn-greece", triremes: 3, heroes: ["mn-pericles"] }, defender: { civ: "mn-atlantis", triremes: 2, creatures: 1, gods: ["mn-poseidon"] } },
  { battle: "ranged-land", attacker: { civ: "mn-rome", creatures: 3, gods: ["mn-mars"] }, defender: { legions: 2, fortresses: 1 } },
  { battle: "ranged-land", attacker: { civ: "mn-rome", creatures: 2 }, defender: { civ: "mn-carthage", legions: 2, creatures: 1, heroes: ["mn-hannibal"] }, readings: { strikeBack: "yes" } },
  { battle: "ranged-sea", attacker: { civ: "mn-rome", creatures: 3, gods: ["mn-poseidon"] }, defender: { triremes: 3 } },
  { attacker: { legions: 4 }, defender: {} },
  { attacker: { civ: "mn-greece", creatures: 3 }, defender: { legions: 2 } },
];

test("exact odds equal brute-force enumeration of every dice outcome (no choices)", () => {
  for (const s of SMALL) {
    const { lossA, lossD, outcome, analysis: a } = bruteJoint(s);
    const label = scenarioToQuery(s);
    assertDistClose(a.attacker.losses, lossA, TOL, `${label} attacker losses`);
    assertDistClose(a.defender.losses, lossD, TOL, `${label} defender losses`);
    assertClose(a.outcomes.bothWipedOut, outcome.bothWipedOut, TOL, `${label} both wiped`);
    assertClose(a.outcomes.bothRemain, outcome.bothRemain, TOL, `${label} both remain`);
    if (a.outcomes.attackerAlone !== null) assertClose(a.outcomes.attackerAlone, outcome.attackerAlone, TOL, `${label} alone`);
    assertClose(a.outcomes.defenderWipedOut, outcome.attackerAlone + outcome.bothWipedOut, TOL, `${label} defender wiped`);
  }
});

test("Hamilcar with a chosen number of fixed dice equals brute force (and 4 + Hannibal's 1 = 5)", () => {
  for (const f of [0, 1, 2, 3]) {
    const s = { attacker: { civ: "mn-carthage", legions: 3, heroes: ["mn-hannibal", "mn-hamilcar"], hamilcar: f },
      defender: { legions: 2, fortresses: 1 } };
    const a = analyse(RULES, s);
    assert.equal(a.attacker.hamilcar.fixed, f);
    const { lossA, lossD } = bruteJoint(s, { attacker: f });
    assertDistClose(a.defender.losses, lossD, TOL, `f=${f} defender`);
    assertDistClose(a.attacker.losses, lossA, TOL, `f=${f} attacker`);
  }
  const r = resolveRoll(RULES, { attacker: { civ: "mn-carthage", legions: 3, heroes: ["mn-hannibal", "mn-hamilcar"] }, defender: { legions: 1 } },
    { attacker: [], defender: [1] }, { fixed: { attacker: 3 } });
  assert.equal(r.attacker.total, 15, "three dice fixed at 4 with Hannibal count 5 each");
});

test("Hamilcar's best number of dice equals the brute-force best", () => {
  for (const goal of ["losses", "wipe"]) {
    for (const [legions, defender] of [[3, { legions: 3 }], [4, { legions: 2, fortresses: 1 }], [2, { legions: 1 }]]) {
      const s = { attacker: { legions, heroes: ["mn-hamilcar"], goal }, defender };
      const a = analyse(RULES, s);
      let best = null;
      for (let f = 0; f <= legions; f++) {
        const { lossD } = bruteJoint({ ...s, attacker: { ...s.attacker, hamilcar: f } }, { attacker: f });
        const cap = lossD.length - 1;
        const e = sum(lossD.map((p, k) => p * k)), w = lossD[cap];
        const key = [...(goal === "wipe" ? [w, e] : [e, w]), -f];
        if (!best || _internal.better(key, best.key)) best = { key, f, lossD };
      }
      assert.equal(a.attacker.hamilcar.fixed, best.f, `${goal} ${legions} vs ${JSON.stringify(defender)}`);
      assertDistClose(a.defender.losses, best.lossD, TOL, `${goal} best`);
    }
  }
});

test("Ajax equals brute force over every roll and every re-roll subset", () => {
  const cases = [
    { attacker: { legions: 3, heroes: ["mn-ajax"] }, defender: { legions: 3 } },
    { attacker: { legions: 4, heroes: ["mn-ajax"] }, defender: { legions: 2, fortresses: 1 } },
    { attacker: { legions: 2, heroes: ["mn-ajax"], gods: ["mn-mars"] }, defender: { legions: 4 } },
    { attacker: { civ: "mn-carthage", legions: 3, heroes: ["mn-ajax", "mn-hannibal"] }, defender: { legions: 2, heroes: ["mn-penthesilee"] } },
    { attacker: { civ: "mn-carthage", legions: 2, creatures: 1, heroes: ["mn-ajax"] }, defender: { civ: "mn-rome", legions: 1, creatures: 2 } },
    { attacker: { legions: 3 }, defender: { legions: 4, heroes: ["mn-ajax", "mn-ariane"] }, buildings: { city: 2, market: 1 } },
  ];
  for (const base of cases) {
    for (const goal of ["losses", "wipe"]) {
      const s = sc(base);
      const ajaxSide = s.attacker.heroes.includes("mn-ajax") ? "attacker" : "defender";
      s[ajaxSide].goal = goal;
      const a = analyse(RULES, s);
      const me = _internal.prepare(RULES, s)[ajaxSide];
      const kills = killsFunction(s, ajaxSide, 0, !!me.mars);
      const dist = bruteAjax(kills, me.dice, me.cap, goal);
      const foe = other(ajaxSide);
      const engineKills = a[foe].losses.slice(a[foe].removedBeforeDice);
      assertDistClose(engineKills, dist, TOL, `${scenarioToQuery(s)} Ajax kills`);
      assertClose(a[ajaxSide].ajax.meanRerolled, dist.meanRerolled, TOL, `${scenarioToQuery(s)} mean dice re-rolled`);
      assertClose(a[ajaxSide].ajax.pReroll, dist.pReroll, TOL, `${scenarioToQuery(s)} chance of re-rolling`);
    }
  }
});

test("Ajax with Hamilcar: both readings, best fixed count, equal brute force", () => {
  for (const reading of ["no", "yes"]) {
    for (const goal of ["losses", "wipe"]) {
      const base = { attacker: { legions: 3, heroes: ["mn-ajax", "mn-hamilcar"], goal }, defender: { legions: 3, fortresses: 1 },
        readings: { ajaxHamilcar: reading } };
      let best = null;
      for (let f = 0; f <= 3; f++) {
        const s = sc({ ...base, attacker: { ...base.attacker, hamilcar: f } });
        const me = _internal.prepare(RULES, s).attacker;
        let dist;
        if (reading === "yes") {
          // dice showing: thrown ones plus f fours, all eligible to be thrown again
          // all 3 dice are thrown dice for resolveRoll; f of them start showing Hamilcar's value
          const k = killsFunction(sc({ ...base, attacker: { ...base.attacker, hamilcar: 0 } }), "attacker", 0, false);
          dist = bruteAjax(k, 3 - f, me.cap, goal, f, RULES.effects["mn-hamilcar"].combat.fixed_die_value);
        } else {
          const k = killsFunction(s, "attacker", f, false);
          dist = bruteAjax(k, 3 - f, me.cap, goal);
        }
        const e = sum(dist.map((p, i) => p * i)), w = dist[me.cap];
        const key = [...(goal === "wipe" ? [w, e] : [e, w]), -f];
        const a = analyse(RULES, s);
        assertDistClose(a.defender.losses, dist, TOL, `reading ${reading} goal ${goal} f=${f}`);
        assertClose(a.attacker.ajax.meanRerolled, dist.meanRerolled, TOL, `reading ${reading} goal ${goal} f=${f} mean re-rolled`);
        if (!best || _internal.better(key, best.key)) best = { key, f, dist };
      }
      const a = analyse(RULES, base);
      assert.equal(a.attacker.hamilcar.fixed, best.f, `best f, reading ${reading}, goal ${goal}`);
      assertDistClose(a.defender.losses, best.dist, TOL, `best, reading ${reading}, goal ${goal}`);
    }
  }
});

// ---- Monte Carlo on larger battles ---------------------------------------------------

test("a seeded Monte Carlo agrees within 5 standard errors on larger battles", () => {
  const N = 100000;
  const cases = [
    { attacker: { civ: "mn-carthage", legions: 8, creatures: 3, heroes: ["mn-hannibal"], gods: ["mn-mars"] },
      defender: { civ: "mn-rome", legions: 8, creatures: 3, fortresses: 2, statue: true } },
    { attacker: { civ: "mn-greece", legions: 6, creatures: 2 }, defender: { civ: "mn-egypt", legions: 7, creatures: 1, fortresses: 1, heroes: ["mn-penthesilee"] } },
    { attacker: { legions: 8, heroes: ["mn-ajax", "mn-hamilcar"] }, defender: { civ: "mn-rome", legions: 8, creatures: 3, fortresses: 1 } },
    { attacker: { legions: 7, heroes: ["mn-ajax"], goal: "wipe" }, defender: { legions: 4, fortresses: 1 } },
    { battle: "naval", attacker: { civ: "mn-greece", triremes: 5, heroes: ["mn-pericles"] }, defender: { civ: "mn-atlantis", triremes: 5, creatures: 3, gods: ["mn-poseidon"] } },
  ];
  cases.forEach((s, i) => {
    const mc = monteCarlo(s, N, 1234 + i);
    const a = mc.analysis;
    for (const [name, exact, est] of [["attacker", a.attacker.losses, mc.lossA], ["defender", a.defender.losses, mc.lossD]]) {
      exact.forEach((p, k) => {
        const se = Math.sqrt(Math.max(p * (1 - p), 1e-12) / N);
        assert.ok(Math.abs(est[k] - p) <= 5 * se + 1e-12,
          `case ${i} ${name} loses ${k}: exact ${p}, Monte Carlo ${est[k]} (${(Math.abs(est[k] - p) / se).toFixed(2)} SE)`);
      });
    }
  });
});

// ---- sums, outcomes and readings -----------------------------------------------------

test("probabilities sum to 1 for random legal scenarios, and nothing is NaN", () => {
  const rand = sfc32(7, 11, 13, 17);
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const int = (n) => Math.floor(rand() * (n + 1));
  let checked = 0, rejected = 0;
  for (let i = 0; i < 400; i++) {
    const battle = pick(["land", "land", "naval", "ranged-land", "ranged-sea"]);
    const civs = RULES.civs.map((c) => c.id);
    const ca = battle.startsWith("ranged") ? "mn-rome" : pick(civs);
    const cd = pick(civs.filter((c) => c !== ca));
    const s = sc({ battle, readings: Object.fromEntries(Object.entries(READINGS).map(([k, v]) => [k, pick(v)])),
      buildings: { city: int(3), caravan: int(3), market: int(1), temple: int(1) } });
    s.attacker.civ = ca; s.defender.civ = cd;
    for (const side of ["attacker", "defender"]) {
      const x = s[side];
      const sea = battle === "naval" || (battle === "ranged-sea" && side === "defender");
      const titans = battle.startsWith("ranged") && side === "attacker";
      x.legions = sea || titans ? 0 : int(8);
      x.triremes = sea ? int(5) : 0;
      x.creatures = titans ? 1 + int(2) : (sea && x.civ !== "mn-atlantis" ? 0 : int(3));
      x.fortresses = side === "defender" && !sea ? int(1) : 0;
      x.heroes = RULES.heroes.filter(() => rand() < 0.3);
      x.gods = [pick(RULES.gods)].filter(() => rand() < 0.5);
      x.goal = pick(["losses", "wipe"]);
    }
    if (s.attacker.legions + s.attacker.triremes + s.attacker.creatures === 0) s.attacker.legions = s.attacker.triremes = 1;
    // Drop the heroes and gods the validator says cannot act here, as a player would
    let a = analyse(RULES, s);
    for (let pass = 0; pass < 4 && !a.ok; pass++) {
      for (const e of a.errors) {
        const m = /^(attacker|defender)\.(hero|god)\.(.+)$/.exec(e.field);
        if (m) s[m[1]][m[2] === "hero" ? "heroes" : "gods"] = s[m[1]][m[2] === "hero" ? "heroes" : "gods"].filter((id) => id !== m[3]);
        else if (e.field === "defender.god" || e.field === "attacker.god") s.defender.gods = [];
      }
      a = analyse(RULES, s);
    }
    if (!a.ok) {
      rejected++;
      assert.ok(a.errors.every((e) => typeof e.message === "string" && e.message.length > 0));
      continue;
    }
    checked++;
    for (const side of ["attacker", "defender"]) {
      assertClose(sum(a[side].losses), 1, 1e-9, `${scenarioToQuery(s)} ${side} losses sum`);
      assert.ok(Number.isFinite(a[side].expectedLosses));
      assert.ok(a[side].losses.every((p) => p >= -1e-15 && Number.isFinite(p)));
      if (a[side].total) assertClose(sum(Object.values(a[side].total)), 1, 1e-9, "total distribution sums to 1");
    }
    const o = a.outcomes;
    assertClose(o.bothWipedOut + o.bothRemain + (o.defenderWipedOut - o.bothWipedOut) + (o.attackerWipedOut - o.bothWipedOut),
      1, 1e-9, "outcomes sum");
    if (o.attackerAlone !== null) assertClose(o.attackerAlone + o.defenderAlone + o.bothRemain + o.bothWipedOut, 1, 1e-9, "four outcomes");
  }
  assert.ok(checked > 200, `only ${checked} random scenarios were legal (${rejected} rejected)`);
});

test("rule cases: Centaur, Behemoth, Penthesilee, Poseidon, Hercules, Titan, Ariane, Mars", () => {
  // Centaurs kill legions before the dice; those legions do not roll
  let a = analyse(RULES, { attacker: { civ: "mn-greece", creatures: 2 }, defender: { legions: 3 } });
  assert.equal(a.defender.removedBeforeDice, 2);
  assert.equal(a.defender.dice, 1);
  assert.equal(a.defender.losses[0] + a.defender.losses[1], 0);
  // ...but not a fortress or a creature
  a = analyse(RULES, { attacker: { civ: "mn-greece", creatures: 3 }, defender: { civ: "mn-rome", creatures: 1, fortresses: 1 } });
  assert.equal(a.defender.removedBeforeDice, 0);
  // Behemoth: enemy fortress and creatures roll instead of counting 6
  a = analyse(RULES, { attacker: { civ: "mn-carthage", creatures: 1 }, defender: { civ: "mn-rome", creatures: 2, fortresses: 1 } });
  assert.equal(a.defender.dice, 3);
  assert.equal(a.defender.automatic, 0);
  assert.equal(a.attacker.automatic, 6);
  // Penthesilee: 6 points per loss
  a = analyse(RULES, { attacker: { legions: 2 }, defender: { legions: 3, heroes: ["mn-penthesilee"] } });
  assert.equal(a.attacker.pointsPerLoss, 6);
  assertClose(a.defender.losses[2], 1 / 36, TOL, "two sixes make 12 = two losses at 6 points");
  // Poseidon sinks a trireme before a sea battle
  a = analyse(RULES, { battle: "naval", attacker: { triremes: 2, gods: ["mn-poseidon"] }, defender: { triremes: 1 } });
  assert.equal(a.defender.losses[1], 1);
  assertClose(a.outcomes.bothRemain, 0, TOL, "the only trireme is gone");
  assert.equal(a.outcomes.atWar, null, "a sea space is never at war");
  // Hercules: one legion is a creature (automatic 6) - and a Greek one kills a legion first
  a = analyse(RULES, { attacker: { civ: "mn-greece", legions: 2, heroes: ["mn-hercules"] }, defender: { legions: 2 } });
  assert.equal(a.attacker.dice, 1);
  assert.equal(a.attacker.automatic, 6);
  assert.equal(a.defender.removedBeforeDice, 1);
  a = analyse(RULES, { attacker: { civ: "mn-greece", legions: 2, heroes: ["mn-hercules"] }, defender: { legions: 2 }, readings: { hercules: "automatic-only" } });
  assert.equal(a.defender.removedBeforeDice, 0);
  // Titan ranged attack: one die per Titan, no automatic 6, no strike back by default
  a = analyse(RULES, { battle: "ranged-land", attacker: { civ: "mn-rome", creatures: 3 }, defender: { legions: 2 } });
  assert.equal(a.attacker.dice, 3);
  assert.equal(a.attacker.automatic, 0);
  assert.equal(a.attacker.losses[0], 1);
  assert.equal(a.outcomes.attackerAlone, null);
  a = analyse(RULES, { battle: "ranged-land", attacker: { civ: "mn-rome", creatures: 3 }, defender: { legions: 2, fortresses: 1 }, readings: { strikeBack: "yes" } });
  assert.ok(a.attacker.losses[0] < 1);
  // Ariane: total vs per die
  const ar = { attacker: { legions: 1 }, defender: { legions: 2, heroes: ["mn-ariane"] }, buildings: { city: 1, caravan: 1, market: 1, temple: 1 } };
  assert.equal(analyse(RULES, ar).defender.bonus, 6);
  assert.equal(analyse(RULES, { ...ar, readings: { ariane: "per-die" } }).defender.bonus, 12);
  // Mars: same odds either way; the card is kept when +6 would change nothing
  const m = { attacker: { legions: 2, gods: ["mn-mars"] }, defender: { legions: 2 } };
  const m1 = analyse(RULES, m), m2 = analyse(RULES, { ...m, readings: { mars: "always" } });
  assertDistClose(m1.defender.losses, m2.defender.losses, 0, "Mars readings give the same odds");
  assert.ok(m1.attacker.marsUsed > 0 && m1.attacker.marsUsed < 1);
  assert.equal(m2.attacker.marsUsed, 1);
  // Losses are capped at the units present
  a = analyse(RULES, { attacker: { civ: "mn-rome", legions: 8, creatures: 3 }, defender: { legions: 1 } });
  assert.equal(a.defender.losses.length, 2);
  assertClose(a.defender.losses[1], 1, TOL, "one defender, certainly lost");
  // No defender: nobody rolls, the attacker is alone
  a = analyse(RULES, { attacker: { legions: 1 }, defender: {} });
  assert.equal(a.outcomes.attackerAlone, 1);
  assert.equal(a.attacker.losses[0], 1);
});

test("Ajax re-roll advice for an actual roll", () => {
  const s = { attacker: { legions: 4, heroes: ["mn-ajax"] }, defender: { legions: 2 } };
  // 6+6 already kill both; nothing to gain by throwing again
  let r = ajaxAdvice(RULES, s, "attacker", [6, 6, 1, 1]);
  assert.ok(r.ok);
  assert.deepEqual(r.reroll, []);
  r = ajaxAdvice(RULES, s, "attacker", [1, 2, 1, 2]);
  assert.deepEqual(r.reroll, [0, 1, 2, 3]);
  r = ajaxAdvice(RULES, s, "attacker", [1, 2]);
  assert.equal(r.ok, false);
  assert.match(r.errors[0].message, /Enter 4 dice/);
  r = ajaxAdvice(RULES, s, "attacker", [0, 2, 3, 9]);
  assert.equal(r.ok, false);
});

// ---- bad input, URL ------------------------------------------------------------------

test("bad input gives messages, never NaN or an exception", () => {
  const bad = [
    [{ attacker: { legions: -1 } }, /whole number/],
    [{ attacker: { legions: 9 } }, /only 8 legions/],
    [{ attacker: { legions: "abc" } }, /whole number/],
    [{ attacker: { legions: 1.5 } }, /whole number/],
    [{ attacker: { civ: "mn-rome", creatures: 4 } }, /at most 3/],
    [{ attacker: { legions: 1 }, defender: { fortresses: 2 } }, /at most 1 fortress/],
    [{ attacker: { legions: 1 }, defender: { fortresses: 3, statue: true } }, /at most 2/],
    [{ attacker: { legions: 2, heroes: ["mn-ariane"] }, defender: { legions: 1 } }, /only for the defender/],
    [{ attacker: { legions: 2, heroes: ["mn-hannibal"] }, defender: { legions: 1 } }, /belongs to Carthage/],
    [{ battle: "naval", attacker: { triremes: 2, heroes: ["mn-hamilcar"] }, defender: { triremes: 1 } }, /no effect in a naval battle/],
    [{ battle: "naval", attacker: { legions: 2 }, defender: { triremes: 1 } }, /do not fight at sea/],
    [{ attacker: { triremes: 2 }, defender: { legions: 1 } }, /Triremes fight only triremes/],
    [{ attacker: { fortresses: 1 }, defender: { legions: 1 } }, /cannot attack/],
    [{ attacker: {}, defender: { legions: 1 } }, /at least one unit/],
    [{ attacker: { creatures: 1 }, defender: { legions: 1 } }, /civilization/],
    [{ attacker: { legions: 1, gods: ["mn-mars"] }, defender: { legions: 1, gods: ["mn-mars"] } }, /only one Mars/],
    [{ attacker: { civ: "mn-rome", legions: 1 }, defender: { civ: "mn-rome", legions: 1 } }, /same civilization/],
    [{ battle: "ranged-land", attacker: { civ: "mn-greece", creatures: 1 }, defender: { legions: 1 } }, /ranged attack/],
    [{ battle: "naval", attacker: { civ: "mn-greece", triremes: 1, creatures: 1 }, defender: { triremes: 1 } }, /do not fight at sea/],
    [{ battle: "war", attacker: { legions: 1 } }, /Unknown battle/],
    [{ attacker: { legions: 1 }, defender: { legions: 1 }, buildings: { temple: 2 } }, /at most 1 temple/],
    [{ battle: "ranged-land", attacker: { civ: "mn-rome", creatures: 1 }, defender: { legions: 2, heroes: ["mn-ajax"] } }, /do not roll/],
    [{ battle: "ranged-sea", attacker: { civ: "mn-rome", creatures: 1 }, defender: { triremes: 2, gods: ["mn-mars"] } }, /triremes never fight/],
  ];
  for (const [s, re] of bad) {
    let a;
    assert.doesNotThrow(() => { a = analyse(RULES, s); });
    assert.equal(a.ok, false, JSON.stringify(s));
    assert.ok(a.errors.some((e) => re.test(e.message)), `${JSON.stringify(s)}: ${JSON.stringify(a.errors)}`);
  }
});

test("the URL form round-trips, and bad URL values become messages", () => {
  const s = sc({ battle: "land", readings: { ariane: "per-die", mars: "always" }, buildings: { city: 2, temple: 1 },
    attacker: { civ: "mn-carthage", legions: 5, creatures: 2, heroes: ["mn-hannibal", "mn-ajax"], gods: ["mn-mars"], hamilcar: 2, goal: "wipe" },
    defender: { civ: "mn-greece", legions: 3, fortresses: 2, statue: true, heroes: ["mn-ariane"] } });
  assert.deepEqual(scenarioFromQuery(scenarioToQuery(s)), s);
  assert.deepEqual(scenarioFromQuery(""), defaultScenario());
  const bad = scenarioFromQuery("a.legions=lots&d.legions=2");
  const a = analyse(RULES, bad);
  assert.equal(a.ok, false);
  assert.match(a.errors[0].message, /whole number/);
  const v = validateScenario(RULES, scenarioFromQuery("a.legions=2&d.legions=2&a.heroes=mn-nobody"));
  assert.ok(v.errors.some((e) => /Unknown hero/.test(e.message)));
});
