// The battle from the table: at a step where a game's tool is offered (tools[].at), play along
// writes the tool's link with what the table holds for the two sides a player picks, and the
// calculator's own engine reads it back with no message. Mare Nostrum's battle calculator at
// Combat (content/assets/play/engine/tools.js; calculators/mn-battle/scenario.js).
import test from "node:test";
import assert from "node:assert/strict";
import * as E from "../../content/assets/play/engine/index.js";
import * as C from "../../content/assets/calculators/mn-battle.js";
import * as A from "../../content/assets/calculators/ac-battle.js";
import { rules, table, change, data } from "./play-game-helpers.mjs";
import { recordIn } from "./helper-records.mjs";

const PAGE = "calculators/mare-nostrum-battle.md";
const SEATS = "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&s=mn-egypt&s=mn-carthage";
const calc = C.rulesFromRecords(data);
const queryOf = (href) => (href.includes("?") ? href.slice(href.indexOf("?") + 1) : "");

/** The scenario of the link, read by the calculator's own engine: no note about the link, nothing refused. */
function readBack(href) {
  assert.ok(href.startsWith("calculators/mare-nostrum-battle/"), href);
  const q = queryOf(href);
  assert.deepEqual(C.queryNotes(q), [], q);
  const s = C.scenarioFromQuery(q);
  // The link writes what the table knows; the player types the pieces. With them, no message.
  for (const side of ["attacker", "defender"]) s[side].legions = 3;
  const { errors } = C.validateScenario(calc, s);
  assert.deepEqual(errors, [], q);
  return s;
}

test("the battle calculator is offered at Combat, from the game record's tools[].at, and nowhere else", () => {
  const t = table(SEATS);
  const g = rules.games["mare-nostrum"];
  const game = recordIn(data, g.record.id);
  const at = game.tools.filter((x) => Array.isArray(x.at)).flatMap((x) => x.at);
  assert.deepEqual(at, ["mn-combat"]);
  for (const s of g.steps) {
    const tools = E.toolsAt(rules, t, `1.${s.id}`);
    assert.deepEqual(tools.map((x) => x.page), s.id === "mn-combat" ? [PAGE] : [], s.id);
  }
  assert.deepEqual(E.toolsAt(rules, t, "1.mn-combat"), [{ title: "Battle odds", page: PAGE, href: "calculators/mare-nostrum-battle/", sides: true }]);
});

test("the link carries each side's civilization (and so its creature), heroes and gods in play, read back by the calculator", () => {
  let t = table(SEATS);
  t = change(t, { type: "marker", to: "1.mn-offering-phase" });
  t = change(t, { type: "enter", id: "mn-mars", player: 3 });
  t = change(t, { type: "marker", to: "1.mn-construction-phase" });
  t = change(t, { type: "enter", id: "mn-ajax", player: 1 });
  t = change(t, { type: "enter", id: "mn-penthesilee", player: 3 });
  t = change(t, { type: "enter", id: "mn-ariane", player: 3 });
  t = change(t, { type: "marker", to: "1.mn-combat" });
  // Rome (1) attacks Egypt (3): Rome's Ajax and its Titan; Egypt's Mars, Penthesilee, Ariane (a
  // defender's card) and its Phoenix. Julius Caesar and Cleopatra are held but fight in no battle.
  const l = E.toolLink(rules, t, PAGE, { attacker: 1, defender: 3 });
  assert.deepEqual(l.errors, []);
  const s = readBack(l.href);
  assert.equal(s.attacker.civ, "mn-rome");
  assert.equal(s.defender.civ, "mn-egypt");
  assert.deepEqual(s.attacker.heroes, ["mn-ajax"]);
  assert.deepEqual(s.attacker.gods, []);
  assert.deepEqual(s.defender.heroes.slice().sort(), ["mn-ariane", "mn-penthesilee"]);
  assert.deepEqual(s.defender.gods, ["mn-mars"]);
  // The creature each seat holds (its own, brought at setup) is the calculator's creature of its
  // civilization; how many fight is a count the table does not know, so none is written.
  const held = (p) => E.stateOf(rules, t).inPlay.filter((e) => e.player === p && recordIn(data, e.id).kind === "creature").map((e) => e.id);
  assert.deepEqual([C.creatureOf(calc, s.attacker.civ).id], held(1));
  assert.deepEqual([C.creatureOf(calc, s.defender.civ).id], held(3));
  assert.deepEqual(held(1), ["mn-titan"]);
  assert.equal(s.attacker.creatures, 0);
  assert.ok(!/legions|triremes|creatures|fortresses/.test(l.href), l.href);
  // The other way round, Ariane is the attacker's: her bonus is the defender's only, so she is left out.
  const back = readBack(E.toolLink(rules, t, PAGE, { attacker: 3, defender: 1 }).href);
  assert.deepEqual(back.attacker.heroes, ["mn-penthesilee"]);
  assert.deepEqual(back.defender.heroes, ["mn-ajax"]);
  // Mars goes back at the next Offering phase: at Turn 2's Combat, Egypt holds no god; a look
  // back at Turn 1's Combat still shows him, held then.
  t = change(t, { type: "marker", to: "2.mn-combat" });
  assert.deepEqual(readBack(E.toolLink(rules, t, PAGE, { attacker: 1, defender: 3 }).href).defender.gods, []);
  assert.deepEqual(readBack(E.toolLink(rules, t, PAGE, { attacker: 1, defender: 3 }, "1.mn-combat").href).defender.gods, ["mn-mars"]);
});

test("every record the calculator reads a battle effect from is one its tool entry uses, so the link can carry it", () => {
  const game = recordIn(data, rules.games["mare-nostrum"].record.id);
  const tool = game.tools.find((x) => x.page === PAGE);
  for (const id of Object.keys(calc.effects)) assert.ok(tool.records.includes(id), id);
});

test("every card a seat can hold, on either side, reads back with no message", () => {
  const g = rules.games["mare-nostrum"];
  const seats = g.seats.choices.map((c) => c.key);
  for (let a = 0; a < seats.length; a += 1) {
    for (let d = 0; d < seats.length; d += 1) {
      if (a === d) continue;
      const third = seats.find((x) => x !== seats[a] && x !== seats[d]);
      let t = table(`g=mare-nostrum&n=3&s=${seats[a]}&s=${seats[d]}&s=${third}`);
      t = change(t, { type: "marker", to: "1.mn-combat" });
      // Every hero and god of the calculator that this seat may hold enters for it, one by one.
      for (const [player, seat] of [[1, seats[a]], [2, seats[d]]]) {
        for (const id of [...calc.heroes, ...calc.gods]) {
          const owner = g.state.ownerOf(id);
          if (owner && owner !== seat) continue;
          if (E.stateOf(rules, t).inPlay.some((e) => e.id === id)) continue;
          const r = E.applyChange(rules, t, { type: "enter", id, player });
          if (!r.error) t = r.table;
        }
      }
      const l = E.toolLink(rules, t, PAGE, { attacker: 1, defender: 2 });
      assert.deepEqual(l.errors, []);
      const s = readBack(l.href);
      assert.equal(s.attacker.civ, seats[a]);
      assert.equal(s.defender.civ, seats[d]);
    }
  }
});

test("a side that is not a player of the table is a message at its field, never a throw", () => {
  const t = change(table(SEATS), { type: "marker", to: "1.mn-combat" });
  const cases = [
    [{ attacker: 9, defender: 2 }, ["attacker"]],
    [{ attacker: 0, defender: "x" }, ["attacker", "defender"]],
    [{ attacker: 2, defender: 2 }, ["defender"]],
    [{ attacker: "1", defender: "2" }, []],
    [{ attacker: 1.5, defender: {} }, ["attacker", "defender"]],
    [{ attacker: "__proto__", defender: "constructor" }, ["attacker", "defender"]],
    [null, []],
    ["a.civ=mn-rome", []],
  ];
  for (const [picked, fields] of cases) {
    const l = E.toolLink(rules, t, PAGE, picked);
    assert.deepEqual(l.errors.map((e) => e.field), fields, JSON.stringify(picked));
    readBack(l.href);
  }
  // A page the step does not offer, a position that is not the game's, no table: no link, a message.
  assert.equal(E.toolLink(rules, t, "calculators/mare-nostrum-sets.md", { attacker: 1, defender: 2 }).href, null);
  assert.equal(E.toolLink(rules, t, PAGE, { attacker: 1, defender: 2 }, "1.mn-offering-phase").href, null);
  assert.equal(E.toolLink(rules, t, PAGE, { attacker: 1, defender: 2 }, "nowhere").href, null);
  assert.equal(E.toolLink(rules, null, PAGE, {}).href, null);
  // A table handed to the API by hand, its fields of the wrong shapes: a link or a message, never a throw.
  for (const bad of [{ game: "ancient-conquest", players: 4, options: [5, "ac-fleets", {}], seats: ["1", 2] }, { game: "mare-nostrum", players: "4", seats: [] },
    { game: "mare-nostrum", players: 4, seats: [null, {}, "mn-rome"], log: "e" }]) {
    for (const page of [PAGE, "calculators/ancient-conquest-battle.md"]) {
      for (const pos of [undefined, "1.mn-combat", "1.ac-combat"]) {
        const l = E.toolLink(rules, bad, page, { attacker: 1, defender: 3 }, pos);
        assert.ok(l.href === null || typeof l.href === "string", JSON.stringify(bad));
        assert.ok(Array.isArray(l.errors));
        assert.ok(Array.isArray(E.toolsAt(rules, bad, pos)));
      }
    }
  }
  assert.deepEqual(E.toolsAt(rules, t, "nowhere"), []);
  assert.deepEqual(E.toolsAt(rules, null), []);
});

test("Ancient Conquest's battle calculator at its combat step carries the optional rules the table plays, read back with no message", () => {
  const AC = "calculators/ancient-conquest-battle.md";
  const g = rules.games["ancient-conquest"];
  const game = recordIn(data, g.record.id);
  const tool = game.tools.find((x) => x.page === AC);
  assert.deepEqual(tool.at, ["ac-combat"]);
  const model = A.buildModel(data.records);
  assert.ok(model.ok, model.problems && model.problems.join("\n"));
  const optional = A.optionalRecords();
  // Each rule the calculator applies is read from a record the tool uses, and is a table's option.
  assert.deepEqual(Object.keys(optional).sort(), [...A.OPTIONAL_RULES].sort());
  for (const id of Object.values(optional)) {
    assert.ok(tool.records.includes(id), id);
    assert.ok(g.options.some((o) => o.id === id), id);
  }
  const seats = "g=ancient-conquest&n=4&s=1&s=2&s=3&s=4";
  // No option on: the bare address (the calculator then opens on its worked example).
  assert.deepEqual(E.toolsAt(rules, table(seats), "1.ac-combat").map((x) => [x.page, x.sides]), [[AC, false]]);
  assert.equal(E.toolLink(rules, table(seats), AC, {}, "1.ac-combat").href, "calculators/ancient-conquest-battle/");
  // Each rule alone, and all of them with an option the calculator does not apply (Sowing).
  const cases = Object.entries(optional).map(([k, id]) => [[id], [k]]);
  cases.push([[...Object.values(optional), "ac-sowing"], Object.keys(optional)]);
  for (const [ids, keys] of cases) {
    const t = table(`g=ancient-conquest&n=4${ids.map((id) => `&opt=${id}`).join("")}&s=1&s=2&s=3&s=4`);
    const l = E.toolLink(rules, t, AC, { attacker: 1, defender: 2 }, "3.ac-combat");
    assert.deepEqual(l.errors, []);
    const q = l.href.split("?")[1];
    assert.deepEqual(A.foreignKeyNotes(q), [], q);
    const s = A.decodeScenario(q);
    assert.deepEqual(Object.keys(s.optional).sort(), keys.slice().sort(), q);
    const r = A.evaluate(s, model);
    assert.ok(r.ok, `${q}: ${(r.errors || []).join(" ")}`);
  }
});
