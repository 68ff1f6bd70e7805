// The setup checklist of a table (content/assets/play/engine/setup.js): every game at every
// player count its records allow, and hand-checked cases against the source's own numbers
// (cited by line in ../shared/seeds/).
import test from "node:test";
import assert from "node:assert/strict";
import * as E from "../../content/assets/play/engine/index.js";
import { realData, recordIn, leaves } from "./helper-records.mjs";
import { withPlayAlong, fixtureGames } from "./play-fixture.mjs";

const raw = realData();
const onFixture = new Set(fixtureGames(raw));
const data = withPlayAlong(raw);
const rules = E.rulesFromRecords(data);
const table = (q) => {
  const r = E.tableFromQuery(rules, q);
  assert.deepEqual(r.errors, [], q);
  return r.table;
};
const countOf = (steps, of) => steps.flatMap((s) => s.counts).filter((c) => c.of === of);

test("every game's setup at every allowed player count: steps in the source's order, numbers or unknowns, unique keys", () => {
  for (const slug of rules.slugs) {
    const g = rules.games[slug];
    const min = Number.isInteger(g.players.min) ? g.players.min : 1;
    const max = Number.isInteger(g.players.max) ? g.players.max : g.seats.choices.length;
    for (let n = min; n <= max; n += 1) {
      const steps = E.setupFor(rules, table(`g=${slug}&n=${n}`));
      assert.ok(steps.length > 0, `${slug} ${n}`);
      assert.equal(new Set(steps.map((s) => s.key)).size, steps.length, `${slug} ${n}: keys repeat`);
      const order = g.setup.map((r) => r.record.id);
      const seen = steps.map((s) => order.indexOf(s.record.id));
      assert.deepEqual(seen, [...seen].sort((a, b) => a - b), `${slug} ${n}: not in the source's order`);
      for (const s of steps) {
        assert.ok(s.source && s.source.file && s.source.section, `${s.key}: no source`);
        assert.ok(s.do && !/\{[a-z]/.test(s.do), `${s.key}: do is not plain text`);
        for (const c of s.counts) {
          assert.ok(typeof c.label === "string" && c.label, s.key);
          assert.ok((Number.isInteger(c.value) && c.unknown === null) || (c.value === null && c.unknown), `${s.key} ${c.label}`);
        }
        if (s.per === "player") assert.ok(s.player >= 1 && s.player <= n);
      }
      assert.equal(steps.filter((s) => s.per === "player").length % n, 0, `${slug} ${n}: a per-player step is not once per player`);
      assert.ok(leaves(steps).every((v) => typeof v !== "number" || Number.isFinite(v)));
    }
  }
});

// Mare Nostrum, 000_0359f61f61dff767.txt lines 144-152 ("Playing with fewer than 6"):
// line 145: every civilization nobody plays becomes neutral; lines 149-152: the chart.
const MN_CHART = { 3: [18, 8, 8, 4], 4: [23, 10, 10, 5], 5: [28, 12, 12, 6] };
const MN_SIX = [33, 14, 14, 7];
const MN_TOKENS = ["mn-caravan", "mn-city", "mn-market", "mn-temple"];

test("Mare Nostrum, 4 players: 23 caravans, 10 cities, 10 markets, 5 temples, and two neutral civilizations (000_0359…:145-152)", () => {
  const steps = E.setupFor(rules, table("g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&s=mn-egypt&s=mn-carthage"));
  assert.deepEqual(MN_TOKENS.map((of) => countOf(steps, of).map((c) => c.value)), [[23], [10], [10], [5]]);
  const neutral = steps.filter((s) => s.per === "unplayed");
  assert.ok(neutral.length > 0 && neutral.length % 2 === 0, "one neutral step per unplayed civilization");
  assert.deepEqual([...new Set(neutral.map((s) => s.seat && s.seat.key))].sort(), ["mn-atlantis", "mn-babylon"]);
});

test("Mare Nostrum at 3, 4 and 5 players: the chart's numbers (000_0359…:149-152); at 6 players every token (its 6 column) and no neutral", () => {
  for (const [n, want] of Object.entries(MN_CHART)) {
    const steps = E.setupFor(rules, table(`g=mare-nostrum&n=${n}`));
    assert.deepEqual(MN_TOKENS.map((of) => countOf(steps, of).map((c) => c.value)), want.map((v) => [v]), `${n} players`);
    // Seats not chosen yet: the neutral steps are there, 6 - n of them each, without a name.
    const neutral = steps.filter((s) => s.per === "unplayed");
    const distinct = new Set(neutral.map((s) => s.id)).size;
    assert.equal(neutral.length, distinct * (6 - Number(n)), `${n} players`);
    assert.ok(neutral.every((s) => s.seat === null));
  }
  const six = E.setupFor(rules, table("g=mare-nostrum&n=6"));
  assert.equal(six.filter((s) => s.per === "unplayed").length, 0);
  // Six players use every token: the chart's last column, where the setup counts them at all.
  MN_TOKENS.forEach((of, i) => assert.ok(countOf(six, of).every((c) => c.value === MN_SIX[i]), of));
});

test("a count read from a table cell is that cell's number: editing the chart changes the setup", { skip: onFixture.has("mare-nostrum") && "the fixture writes the numbers itself" }, () => {
  const copy = realData();
  const chart = recordIn(copy, "mn-building-tokens-by-player-count");
  const row = chart.rows.find((r) => r.cells.building === "Caravan");
  assert.equal(row.cells.p4, 23);
  // The export resolves from: at build time, so the edited number is the resolved value's home.
  for (const rule of copy.records.filter((r) => Array.isArray(r.setup))) for (const s of rule.setup) for (const c of s.counts || []) {
    if (c.from && c.from.table === chart.id && c.from.row === "Caravan" && c.from.column === "p4") c.value = 99;
  }
  const r2 = E.rulesFromRecords(copy);
  const steps = E.setupFor(r2, E.tableFromQuery(r2, "g=mare-nostrum&n=4").table);
  assert.deepEqual(countOf(steps, "mn-caravan").map((c) => c.value), [99]);
});

test("options: a step only with an option is there with it on, and not without", () => {
  for (const slug of rules.slugs) {
    const g = rules.games[slug];
    const n = Number.isInteger(g.players.max) ? g.players.max : g.seats.choices.length;
    for (const rule of g.setup) for (const step of rule.steps) {
      if (step.players && !step.players.includes(n)) continue;
      const key = `${rule.record.id}.${step.id}`;
      const ids = (steps) => steps.map((s) => `${s.record.id}.${s.id}`);
      const on = ids(E.setupFor(rules, { ...E.emptyTable(slug), players: n, options: step.with.slice() }));
      const off = ids(E.setupFor(rules, { ...E.emptyTable(slug), players: n, options: [] }));
      if (step.with.length) { assert.ok(on.includes(key), `${key} with its options`); assert.ok(!off.includes(key), `${key} without`); }
      if (step.without.length) {
        const blocked = ids(E.setupFor(rules, { ...E.emptyTable(slug), players: n, options: step.without.slice(0, 1) }));
        assert.ok(!blocked.includes(key), `${key} with ${step.without[0]} on`);
      }
    }
  }
});

test("a per-player step names each player's seat; unknown steps keep their note", () => {
  const steps = E.setupFor(rules, table("g=ancient-conquest&n=4&s=2&s=&s=4&s=1"));
  const per = steps.filter((s) => s.per === "player");
  assert.ok(per.length >= 4, "Ancient Conquest has a step for each player");
  const first = per.filter((s) => s.id === per[0].id && s.record.id === per[0].record.id);
  assert.deepEqual(first.map((s) => [s.player, s.seat && s.seat.key]), [[1, "2"], [2, null], [3, "4"], [4, "1"]]);
  for (const slug of rules.slugs) {
    const g = rules.games[slug];
    for (const rule of g.setup) for (const step of rule.steps) {
      if (step.unknown) assert.ok(step.unknown.length > 10, `${rule.record.id}.${step.id}`);
    }
  }
});

test("no game or an unknown game: an empty checklist, no throw", () => {
  assert.deepEqual(E.setupFor(rules, E.emptyTable()), []);
  assert.deepEqual(E.setupFor(rules, { game: "nope" }), []);
  assert.deepEqual(E.setupFor(rules, null), []);
});
