// A win's holds may count only the records of its kinds whose fields hold some values
// (holds.where, as leaves[].where): the count follows the filter, and a filter the reader cannot
// follow is a gap at its field. On a copy of Mare Nostrum's records, its first win narrowed.
import test from "node:test";
import assert from "node:assert/strict";
import * as E from "../../content/assets/play/engine/index.js";
import { realData, recordIn } from "./helper-records.mjs";

const GAME = "mn-mare-nostrum-mythology";
const SEATS = "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&s=mn-egypt&s=mn-carthage";

/** The rules of a copy of the export whose first win's holds is edited by `edit`. */
function rulesWith(edit) {
  const data = realData();
  edit(recordIn(data, GAME).play_along.wins[0].holds);
  return E.rulesFromRecords(data);
}

/** The first win at Construction after player 2 buys two mythological heroes and player 4 a wonder. */
function winAfterPurchases(rules) {
  let t = E.tableFromQuery(rules, SEATS).table;
  const change = (c) => { const r = E.applyChange(rules, t, c); assert.equal(r.error, null, JSON.stringify(c)); t = r.table; };
  change({ type: "marker", to: "1.mn-construction-phase" });
  for (const [id, player] of [["mn-ajax", 2], ["mn-achilles", 2], ["mn-statue-of-zeus", 4]]) change({ type: "enter", id, player });
  return E.momentAt(rules, t).wins[0];
}

test("holds.where counts only the records of its kinds that match it", () => {
  const all = winAfterPurchases(rulesWith((h) => { h.count = 2; }));
  assert.deepEqual(all.counts, [{ player: 1, count: 1 }, { player: 2, count: 3 }, { player: 3, count: 1 }, { player: 4, count: 2 }]);
  assert.deepEqual(all.meets, [2, 4]);
  assert.deepEqual(all.holds, { kinds: ["hero", "wonder"], count: 2 });
  // The seats' own heroes are civilization heroes, and a wonder has no hero_type: neither counts.
  const mythological = winAfterPurchases(rulesWith((h) => { h.count = 2; h.where = { hero_type: "mythological" }; }));
  assert.deepEqual(mythological.counts, [{ player: 2, count: 2 }]);
  assert.deepEqual(mythological.meets, [2]);
  assert.deepEqual(mythological.holds, { kinds: ["hero", "wonder"], count: 2, where: { hero_type: "mythological" } });
});

test("a holds.where the reader cannot follow is a gap at its field", () => {
  for (const [where, count, path, words, check] of [
    [{ hero_type: "divine" }, 1, "play_along.wins.0.holds.where", /matches no record of hero or wonder/, "play-state/wins"],
    [{ "Hero-Type": "general" }, 1, "play_along.wins.0.holds.where", /is not a map of field names/, "play-state/wins"],
    [{ civilization: "mn-rome" }, 5, "play_along.wins.0.holds.count", /needs 5 of hero and wonder that match where, but the game has \d/, "play-state/wins"]]) {
    assert.throws(() => rulesWith((h) => { h.where = where; h.count = count; }), (e) => e instanceof E.RecordsError
      && e.details.some((x) => x.record === GAME && x.path.join(".") === path && words.test(x.text) && x.check === check), JSON.stringify(where));
  }
});
