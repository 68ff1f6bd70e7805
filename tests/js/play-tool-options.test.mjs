// What the table's options write in a tool's link comes from the game record's
// tools[].option_values: change the data, the link changes; a name the reader cannot follow is a
// gap at its own field.
import test from "node:test";
import assert from "node:assert/strict";
import * as E from "../../content/assets/play/engine/index.js";
import { realData } from "./helper-records.mjs";

const GAME = "ac-ancient-conquest";
const VICTORY = "calculators/ancient-conquest-victory.md";
const BATTLE = "calculators/ancient-conquest-battle.md";

/** A copy of the export and its Ancient Conquest game record, to edit. */
function copy() {
  const data = realData();
  return { data, game: data.records.find((r) => r.id === GAME) };
}

const toolOf = (game, page) => game.tools.find((t) => t.page === page);
const indexOf = (game, page) => game.tools.findIndex((t) => t.page === page);

/** The scoring link of a table of the copy's rules, from its link's query. */
function scoring(data, q) {
  const rules = E.rulesFromRecords(data);
  const r = E.tableFromQuery(rules, q);
  assert.deepEqual(r.errors, [], q);
  return E.scoringLink(rules, r.table);
}

/** The gaps the copy's rules give: [{record, path, check}]. */
function gapsOf(data) {
  try {
    E.rulesFromRecords(data);
  } catch (e) {
    assert.ok(e instanceof E.RecordsError, String(e));
    return e.details.map((d) => ({ record: d.record, path: d.path.join("."), check: d.check, text: d.text }));
  }
  return [];
}

test("the victory helper's cities= follows the option_values of its tool", () => {
  const { data, game } = copy();
  const q = "g=ancient-conquest&opt=ac-city-types";
  assert.equal(scoring(data, q), "calculators/ancient-conquest-victory/?cities=table");
  toolOf(game, VICTORY).option_values.find((e) => e.option === "ac-city-types").value = "rule-8";
  assert.equal(scoring(data, q), "calculators/ancient-conquest-victory/?cities=rule-8");
  delete toolOf(game, VICTORY).option_values;
  assert.equal(scoring(data, q), "calculators/ancient-conquest-victory/?start=blank");
});

test("a tool offered at a step writes what the options on give, after its own query", () => {
  const { data, game } = copy();
  toolOf(game, BATTLE).option_values = [{ option: "ac-sowing", param: "sow", value: "1" }, { option: "ac-treasure", param: "sow", value: "2" }];
  const rules = E.rulesFromRecords(data);
  const link = (q) => E.toolLink(rules, E.tableFromQuery(rules, q).table, BATTLE, {}, "1.ac-combat").href;
  assert.equal(link("g=ancient-conquest&opt=ac-sowing"), "calculators/ancient-conquest-battle/?sow=1");
  assert.equal(link("g=ancient-conquest&opt=ac-treasure"), "calculators/ancient-conquest-battle/?sow=2");
  assert.equal(link("g=ancient-conquest&opt=ac-sowing&opt=ac-treasure"), "calculators/ancient-conquest-battle/", "two on: the player picks");
});

test("an option_values name the reader cannot follow is a gap at its field", () => {
  const at = (game) => `tools.${indexOf(game, VICTORY)}.option_values`;
  let { data, game } = copy();
  toolOf(game, VICTORY).option_values[1].option = "ac-city-typess";
  assert.deepEqual(gapsOf(data).map((g) => [g.record, g.path, g.check]), [[GAME, `${at(game)}.1.option`, "play/tool-option-values"]]);
  ({ data, game } = copy());
  toolOf(game, VICTORY).option_values[0].option = "ac-combat";
  const [notOption] = gapsOf(data);
  assert.equal(notOption.path, `${at(game)}.0.option`);
  assert.match(notOption.text, /not one of ancient-conquest's options/);
  ({ data, game } = copy());
  toolOf(game, VICTORY).option_values.push({ ...toolOf(game, VICTORY).option_values[0] });
  assert.deepEqual(gapsOf(data).map((g) => g.path), [`${at(game)}.2.option`]);
  ({ data, game } = copy());
  const mn = data.records.find((r) => r.id === "mn-mare-nostrum-mythology");
  const sets = mn.tools.findIndex((t) => !t.at && t.page !== mn.play_along.scoring);
  mn.tools[sets].option_values = [{ option: "mn-longer-game", param: "x", value: "1" }];
  assert.deepEqual(gapsOf(data).map((g) => [g.record, g.path, g.check]), [["mn-mare-nostrum-mythology", `tools.${sets}.option_values`, "play/tool-option-values"]]);
});
