// The setup checklist of a table (content/assets/play/engine/setup.js): every game at every
// player count its records allow, and hand-checked cases against the source's own numbers
// (cited by line in ../shared/seeds/).
import test from "node:test";
import assert from "node:assert/strict";
import * as E from "../../content/assets/play/engine/index.js";
import { realData, recordIn, leaves } from "./helper-records.mjs";

const data = realData();
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

test("a count written from: a table cell is read from the export's resolved value beside it (the chart's own number)", () => {
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

// Hand-checked cases for the other games, each against its source (../shared/seeds/, by line).
const stepsOf = (q) => E.setupFor(rules, table(q));

test("7 Wonders Myths (001_544a1af2b3e143a7.txt): coins 3 or 6 (line 122), Pan out below 6 (262-264), Hestia (Red) out with Cities (256-258), the Free City's myth cards at 2 (138), the Babylonian pantheon only with team play (98)", () => {
    const coins = (q) => stepsOf(q).flatMap((s) => s.counts.filter((c) => /coin/i.test(c.label)).map((c) => [s.player, c.value]));
    assert.deepEqual(coins("g=seven-wonders-myths&n=3"), [[1, 3], [2, 3], [3, 3]]);
    assert.deepEqual(coins("g=seven-wonders-myths&n=3&opt=swm-leaders-expansion"), [[1, 6], [2, 6], [3, 6]]);
    const pan = (n) => stepsOf(`g=seven-wonders-myths&n=${n}`).some((s) => s.raw.includes("{swm-pan}"));
    assert.deepEqual([2, 3, 4, 5, 6, 7, 8].map(pan), [true, true, true, true, false, false, false]);
    const hestiaOut = (q) => stepsOf(q).some((s) => s.raw.includes("{swm-hestia-red}") && /out/i.test(s.do));
    assert.equal(hestiaOut("g=seven-wonders-myths&n=4&opt=swm-cities-expansion"), true);
    assert.equal(hestiaOut("g=seven-wonders-myths&n=4"), false);
    const freeCity = (n) => stepsOf(`g=seven-wonders-myths&n=${n}`).some((s) => /Free City/.test(s.do));
    assert.deepEqual([2, 3].map(freeCity), [true, false]);
    const babylonOut = (q) => stepsOf(q).some((s) => s.raw.includes("{swm-marduk}"));
    assert.equal(babylonOut("g=seven-wonders-myths&n=4"), true, "taken out without team play");
    assert.equal(babylonOut("g=seven-wonders-myths&n=4&opt=swm-team-play"), false, "kept with team play");
    // The setup symbols of individual cards are not transcribed: that step says unknown, and why.
    assert.ok(stepsOf("g=seven-wonders-myths&n=4").some((s) => s.unknown && /symbol/i.test(s.do)));
  });

test("Mosaic (003_69c8e170abfe9005.txt): 9 wonders (line 39), 9 achievements (41), the Empire Scoring Card and 2 Disaster Trigger Cards in the bottom third at 4-6 players and the middle third at 2-3 (43), 2 per other deck (45)", () => {
    const values = (q, re) => stepsOf(q).flatMap((s) => s.counts.filter((c) => re.test(c.label)).map((c) => c.value));
    assert.deepEqual(values("g=mosaic-wars-disasters&n=4", /Wonder/), [9]);
    assert.deepEqual(values("g=mosaic-wars-disasters&n=4", /Achievement/), [9]);
    assert.deepEqual(values("g=mosaic-wars-disasters&n=4", /^Piles/), [4, 1]);
    for (const n of [2, 3, 4, 5, 6]) {
      const seeded = stepsOf(`g=mosaic-wars-disasters&n=${n}`).filter((s) => s.raw.includes("{mos-empire-scoring-card}") && /third/.test(s.do));
      assert.equal(seeded.length, 1, `${n} players`);
      assert.match(seeded[0].do, n >= 4 ? /bottom third/ : /middle third/);
      assert.deepEqual(seeded[0].counts.map((c) => c.value), [2]);
    }
    assert.deepEqual(values("g=mosaic-wars-disasters&n=2", /per deck/), [2]);
  });

test("Ancient Conquest (004_fbe8c053f9a5701f.txt): each people's start, and with the slaves rule Assyria, Babylon and Egypt 2, the rest 1 (lines 669-672)", () => {
    const steps = stepsOf("g=ancient-conquest&n=4");
    const g = rules.games["ancient-conquest"];
    for (const people of g.records.filter((r) => r.kind === "people" && Number.isInteger(r.group))) {
      assert.ok(steps.some((s) => s.raw.startsWith(`{${people.id}}`) || s.raw.startsWith(`{${people.id}|`)), `${people.id} has its start`);
    }
    assert.ok(!steps.some((s) => /slave/i.test(s.do)), "no slaves without the rule");
    const slaves = stepsOf("g=ancient-conquest&n=4&opt=ac-slaves").flatMap((s) => s.counts).filter((c) => ["Assyria", "Babylon", "Egypt", "Every other nation"].includes(c.label));
    assert.deepEqual(slaves.map((c) => [c.label, c.value]), [["Assyria", 2], ["Babylon", 2], ["Egypt", 2], ["Every other nation", 1]]);
  });

test("the Diplomacy variant (002_0f3c2497476d2302.txt line 3): the game starts in 1 AD and runs 6 years, to the adjustments of 6 AD", () => {
    const counts = stepsOf("g=diplomacy-variant").flatMap((s) => s.counts).map((c) => c.value);
    assert.deepEqual(counts, [1, 6]);
    const g = rules.games["diplomacy-variant"];
    assert.deepEqual([g.rounds.first, g.rounds.count, g.rounds.suffix], [1, 6, "AD"]);
  });

test("Ancient Conquest's setup says where each people's counters go, read from the people's record", () => {
  const steps = E.setupFor(rules, table("g=ancient-conquest&n=4"));
  const egypt = steps.find((s) => s.id === "start-egyptian-empire");
  assert.deepEqual(egypt.shows.map((x) => [x.id, x.label, x.text]), [["ac-egyptian-empire", "Starting area", "In or west of Gaza"]]);
  assert.ok(egypt.shows[0].url, "linked to the people's page");
  // Every people with a starting area has a step that shows it, and the step's area is the record's.
  const shown = new Map(steps.flatMap((s) => s.shows).map((x) => [x.id, x.text]));
  for (const r of data.records.filter((x) => x.game === "ancient-conquest" && x.kind === "people" && typeof x.start_area === "string" && x.start_area !== "unknown")) {
    assert.equal(shown.get(r.id), r.start_area, r.id);
  }
  // A step that shows a field the record lacks, or a record that is not there, is a gap at its path.
  const copy = realData();
  const rule = recordIn(copy, "ac-political-and-military-objectives");
  rule.setup.find((s) => s.id === "start-egyptian-empire").shows[0].field = "start_hex";
  rule.setup.find((s) => s.id === "start-kingdom-of-urartu").shows[0].record = "ac-atlantis";
  assert.throws(() => E.rulesFromRecords(copy), (e) => {
    const paths = e.details.map((p) => `${p.record}:${p.path.join(".")}: ${p.text}`);
    assert.ok(paths.some((x) => /^ac-political-and-military-objectives:setup\.\d+\.shows\.0\.field: ac-egyptian-empire has no text in a field 'start_hex'/.test(x)), paths.join("\n"));
    assert.ok(paths.some((x) => /shows\.0\.record: names "ac-atlantis"/.test(x)), paths.join("\n"));
    return true;
  });
});
