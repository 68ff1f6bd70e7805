// Setup for this table, as the page writes it (content/assets/play/page/setup.js's
// pure parts): a line per seat naming that seat's own records (its `brings`, for the options on),
// each rule once (a rule done by each player is one line with a line per seat to tick), and the
// checklist done only when every line is ticked. Mare Nostrum's predetermined setup: each
// civilization takes its own hero, its creature pawns and, for some, a role (000 lines 138, 140);
// in the free setup none of them is in play from the start.
import test from "node:test";
import assert from "node:assert/strict";
import * as E from "../../content/assets/play/engine/index.js";
import { seatLines, seatBrings, ruleGroups, setupKeys, setupDone, bringsKey } from "../../content/assets/play/page/setup.js";
import { realData } from "./helper-records.mjs";

const rules = E.rulesFromRecords(realData());
const open = (q) => { const { table } = E.tableFromQuery(rules, q); return { table, g: E.gameRules(rules, table.game), steps: E.setupFor(rules, table) }; };
const FOUR = "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&s=mn-egypt&s=mn-carthage";

test("each seat's line names that seat's own records, never the same sentence for every seat", () => {
  const { g, table } = open(FOUR);
  const lines = seatLines(g, table);
  assert.deepEqual(lines.map((l) => l.key), [1, 2, 3, 4].map(bringsKey));
  const names = lines.map((l) => l.records.map((r) => r.name));
  assert.ok(names[0].includes("Julius Caesar") && names[1].includes("Pericles") && names[2].includes("Cleopatra") && names[3].includes("Hannibal"));
  assert.equal(new Set(names.map((n) => n.join())).size, 4, "four different lines");
  for (const l of lines) for (const r of l.records) assert.ok(g.byId.get(r.id), r.id);
});

test("in the free setup a civilization's own records enter only when bought", () => {
  const { g, table } = open("g=mare-nostrum&n=4&opt=mn-free-setup&s=mn-rome&s=mn-greece");
  assert.deepEqual(seatLines(g, table), []);
  assert.deepEqual(seatBrings(g, table, "mn-rome"), []);
  assert.deepEqual(seatBrings(g, table, "not-a-seat"), []);
});

test("a rule done by each player is written once, with its per-seat lines; done only when all is ticked", () => {
  const { g, table, steps } = open(FOUR);
  const rules4 = ruleGroups(steps);
  assert.ok(rules4.length < steps.length);
  const hero = rules4.find((r) => r.id === "hero-and-role");
  assert.deepEqual(hero.instances.map((s) => s.seat.name), ["Rome", "Greece", "Egypt", "Carthage"]);
  assert.equal(new Set(rules4.map((r) => `${r.record.id}.${r.id}`)).size, rules4.length, "each rule once");
  const keys = setupKeys(g, table, steps);
  assert.equal(new Set(keys).size, keys.length);
  assert.equal(setupDone(g, table, steps, keys), true);
  assert.equal(setupDone(g, table, steps, keys.slice(1)), false);
  assert.equal(setupDone(g, table, steps, []), false);
});
