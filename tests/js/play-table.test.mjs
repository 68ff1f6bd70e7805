// The play-along engine's table (content/assets/play/engine/table.js): a table from a
// link's query and back, and hostile links (an unknown game, record or option, 0 or
// 99 players, repeated keys, 10,000 keys, an oversize query): a message each, never a throw
// or a hang, and the rest of the table still read.
import test from "node:test";
import assert from "node:assert/strict";
import * as E from "../../content/assets/play/engine/index.js";
import { realData, recordIn, leaves, seeded } from "./helper-records.mjs";
import { quickly } from "./pace.mjs";

const data = realData();
const rules = E.rulesFromRecords(data);
const read = (q) => E.tableFromQuery(rules, q);
const fields = (r) => r.errors.map((e) => e.field);

test("every game record carries play_along, and every one is read, each with steps and seats", () => {
  assert.deepEqual(data.records.filter((r) => r.kind === "game" && r.play_along === undefined).map((r) => r.id), []);
  assert.deepEqual([...rules.slugs].sort(), ["ancient-conquest", "diplomacy-variant", "mare-nostrum", "mosaic-wars-disasters", "seven-wonders-myths"]);
  for (const slug of rules.slugs) {
    const g = rules.games[slug];
    assert.ok(g.steps.length >= 1, slug);
    assert.ok(g.seats.choices.length >= 1, slug);
  }
});

test("the design's example table (an old link: in= and at=) reads as its changes and writes the log's link", () => {
  // Old links and stored tables (in=, at=) still open, read as the changes they were:
  // the records entering, then the marker.
  const q = "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&in=mn-ajax.1&at=2.mn-military-phase";
  const { table, errors } = read(q);
  assert.deepEqual(errors, []);
  assert.deepEqual(table, { game: "mare-nostrum", players: 4, options: [], seats: ["mn-rome", "mn-greece", null, null], as: null,
    // Each change with its stamp (stamps.js): an old link's are the unnamed phone's, at clock 0,
    // each where the marker was.
    log: [{ type: "enter", id: "mn-ajax", player: 1, ph: "000", seq: 1, clk: 0, pos: "1.mn-role-assignment" },
      { type: "marker", to: "2.mn-military-phase", ph: "000", seq: 2, clk: 0, pos: "1.mn-role-assignment" }],
    inPlay: [{ id: "mn-ajax", player: 1 }], at: "2.mn-military-phase", seen: {} });
  const canonical = "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&e=iajax.1&e=m2.military-phase";
  assert.equal(E.tableToQuery(rules, table), canonical);
  assert.deepEqual(read(canonical), { table, errors: [] });
});

test("round trip: a table written and read again is the same table, for every game", () => {
  for (const slug of rules.slugs) {
    const g = rules.games[slug];
    const n = Number.isInteger(g.players.min) ? g.players.min : 2;
    let table = { ...E.emptyTable(slug), players: n, options: g.options.slice(0, 1).map((o) => o.id),
      seats: [g.seats.choices[0].key, ...Array(n - 1).fill(null)] };
    const changes = [...g.records.filter((r) => g.inPlayKinds.includes(r.kind)).slice(0, 2).map((r, i) => ({ type: "enter", id: r.id, player: i ? null : 1 })),
      { type: "marker", to: E.nextPosition(rules, { game: slug }, E.firstPosition(rules, { game: slug })) || E.firstPosition(rules, { game: slug }) }];
    for (const c of changes) {
      const r = E.applyChange(rules, table, c);
      if (c.type === "enter") assert.equal(r.error, null, `${slug} ${c.id}`);
      table = r.table;
    }
    const q = E.tableToQuery(rules, table);
    const back = read(q);
    assert.deepEqual(back.errors, [], `${slug}: ${q}`);
    assert.deepEqual(back.table, table, slug);
    assert.equal(E.tableToQuery(rules, back.table), q);
  }
});

test("options are written in the game's order whatever the link's order", () => {
  const { table, errors } = read("g=mare-nostrum&opt=mn-free-setup&opt=mn-longer-game");
  assert.deepEqual(errors, []);
  assert.deepEqual(table.options, ["mn-longer-game", "mn-free-setup"]);
});

// Each hostile link: the fields that get a message, and what is still read.
const HOSTILE = [
  ["an unknown game", "g=monopoly&n=4", ["g", "g"], (t) => t.game === null],
  ["0 players", "g=mare-nostrum&n=0&s=mn-rome", ["n"], (t) => t.players === null && t.seats[0] === "mn-rome"],
  ["99 players", "g=mare-nostrum&n=99", ["n"], (t) => t.players === null],
  ["players not a number", "g=mare-nostrum&n=four", ["n"], (t) => t.players === null],
  ["an unknown option", "g=mare-nostrum&opt=mn-rome&opt=mn-longer-game", ["opt"], (t) => t.options.join() === "mn-longer-game"],
  ["an unknown record in play", "g=mare-nostrum&n=3&in=mn-nobody.1&in=mn-ajax.2", ["in"], (t) => t.inPlay.length === 1 && t.inPlay[0].player === 2],
  ["another game's record in play", "g=mare-nostrum&in=ac-moses", ["in"], (t) => t.inPlay.length === 0],
  ["a record of a kind that does not enter play", "g=mare-nostrum&in=mn-combat", ["in"], (t) => t.inPlay.length === 0],
  ["a record in play for a player the table lacks", "g=mare-nostrum&n=3&in=mn-ajax.7", ["in"], (t) => t.inPlay[0].player === null],
  ["a record in play twice", "g=mare-nostrum&n=3&in=mn-ajax.1&in=mn-ajax.2", ["in"], (t) => t.inPlay.length === 1 && t.inPlay[0].player === 1],
  ["an unknown seat", "g=mare-nostrum&n=3&s=mn-narnia&s=mn-rome", ["s1"], (t) => t.seats.join() === ",mn-rome,"],
  ["one seat twice", "g=mare-nostrum&n=3&s=mn-rome&s=mn-rome", ["s2"], (t) => t.seats.join() === "mn-rome,,"],
  ["more seats than players", "g=mare-nostrum&n=3&s=mn-rome&s=mn-egypt&s=mn-greece&s=mn-babylon", ["s"], (t) => t.seats.length === 3],
  ["a position that is no step", "g=mare-nostrum&at=2.mn-ajax", ["at"], (t) => t.at === null],
  ["a round past the game's last", "g=ancient-conquest&at=16.ac-player-turns", ["at"], (t) => t.at === null],
  ["a round of a trillion", "g=mare-nostrum&at=1000000000000.mn-combat", ["at"], (t) => t.at === null],
  ["a repeated single key", "g=mare-nostrum&n=3&n=5", ["n"], (t) => t.players === 3],
  ["a repeated game", "g=mare-nostrum&g=mosaic-wars-disasters", ["g"], (t) => t.game === "mare-nostrum"],
  ["an unknown key", "g=mare-nostrum&zzz=1", ["zzz"], (t) => t.game === "mare-nostrum"],
];

for (const [what, q, want, still] of HOSTILE) {
  test(`hostile link, ${what}: a message for ${want.join(", ")} and the rest read`, () => {
    const r = read(q);
    assert.deepEqual(fields(r), want, JSON.stringify(r.errors));
    for (const e of r.errors) assert.ok(typeof e.message === "string" && e.message.length > 10 && e.message.length < 300, e.message);
    assert.ok(still(r.table), JSON.stringify(r.table));
    assert.ok(leaves(r.table).every((v) => v === null || typeof v !== "number" || Number.isFinite(v)));
  });
}

test("10,000 keys: a few lines, read within the caps, quickly", () => {
  for (const q of ["g=mare-nostrum&" + "in=mn-ajax&".repeat(10000), "g=mare-nostrum&" + "zz=1&".repeat(10000),
    "g=mare-nostrum&" + Array.from({ length: 10000 }, (_, i) => `k${i}=1`).join("&"), "n=3&".repeat(10000)]) {
    const r = quickly(() => read(q), 1000, "reading it");
    assert.ok(r.errors.length <= 10, JSON.stringify(r.errors));
    assert.ok(r.errors.some((e) => /only the first/.test(e.message)), JSON.stringify(r.errors));
  }
});

test("an oversize query (a megabyte) is cut before it is parsed, and says so", () => {
  const q = `g=mare-nostrum&n=4&q2=${"x".repeat(1_000_000)}`;
  const r = quickly(() => read(q), 500, "reading it");
  assert.equal(r.table.players, 4);
  assert.ok(r.errors.some((e) => e.field === "" && /characters long/.test(e.message)));
});

test("garbage of every type never throws", () => {
  for (const q of [undefined, null, 42, {}, [], "%", "%%%&&&==", "g=%E0%A4%A", "?", "g=", "g=mare-nostrum&s=&s=&s=",
    "g=mare-nostrum&in=.&in=..&in=mn-ajax.&in=mn-ajax.-1&in=mn-ajax.1e3", "g=mare-nostrum&at=&at=...", "g=__proto__", "g=constructor&n=3"]) {
    const r = read(q);
    assert.ok(Array.isArray(r.errors) && r.table && typeof r.table === "object", String(q));
  }
  assert.equal(read("g=__proto__").table.game, null);
  assert.equal(read("g=constructor").table.game, null);
});

test("a message is plain text, and the page's site key q= is not called unknown", () => {
  const r = read("g=mare-nostrum&q=ajax&n=<b>x</b>");
  assert.deepEqual(fields(r), ["n"]);
  assert.match(r.errors[0].message, /is not a whole number/);
});

test("the player range comes from the records: changing play_along.players changes what is accepted", () => {
  const copy = realData();
  recordIn(copy, "mn-mare-nostrum-mythology").play_along.players.max = 5;
  // The setup's steps and counts for six players go with the sixth (the reader holds them to the range).
  for (const r of copy.records) {
    for (const step of Array.isArray(r.setup) ? r.setup : []) {
      if (Array.isArray(step.players)) step.players = step.players.filter((n) => n <= 5);
      if (Array.isArray(step.counts)) step.counts = step.counts.filter((c) => !(c.players || []).some((n) => n > 5));
    }
  }
  const r2 = E.rulesFromRecords(copy);
  assert.deepEqual(fields(E.tableFromQuery(r2, "g=mare-nostrum&n=6")), ["n"]);
  assert.deepEqual(fields(read("g=mare-nostrum&n=6")), []);
});

test("records the engine cannot read: one RecordsError naming each gap, with a record and a path", () => {
  const copy = realData();
  const game = recordIn(copy, "mn-mare-nostrum-mythology");
  game.play_along.turn = "mn-no-such-turn";
  game.play_along.options = ["mn-longer-game", "mn-nowhere"];
  assert.throws(() => E.rulesFromRecords(copy), (err) => {
    assert.ok(err instanceof E.RecordsError);
    const paths = err.details.map((d) => `${d.record}:${d.path.join(".")}`);
    assert.ok(paths.includes("mn-mare-nostrum-mythology:play_along.turn"), paths.join());
    assert.ok(paths.includes("mn-mare-nostrum-mythology:play_along.options.1"), paths.join());
    return true;
  });
  assert.throws(() => E.rulesFromRecords({}), E.RecordsError);
});

test("random links (2,000, seeded): never a throw, and what is read writes back to a link that reads the same with no message", () => {
  const rnd = seeded(25);
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  for (let i = 0; i < 2000; i += 1) {
    const slug = pick([...rules.slugs, "nope", ""]);
    const g = rules.games[slug];
    const ids = g ? [...g.records.filter((r) => g.inPlayKinds.includes(r.kind)).map((r) => r.id), "x-y", ...g.options.map((o) => o.id)] : ["mn-ajax"];
    const parts = [`g=${slug}`];
    const n = Math.floor(rnd() * 6);
    for (let k = 0; k < n; k += 1) {
      const key = pick(["n", "opt", "s", "in", "at", "zz"]);
      const value = key === "n" ? String(Math.floor(rnd() * 12) - 1)
        : key === "opt" ? pick(g ? [...g.options.map((o) => o.id), "nope"] : ["nope"])
        : key === "s" ? pick(g ? [...g.seats.choices.map((c) => c.key), "", "nope"] : [""])
        : key === "in" ? `${pick(ids)}${pick(["", ".1", ".2", ".9", ".x"])}`
        : key === "at" ? (g ? pick([E.firstPosition(rules, { game: slug }), `3.${pick(g.steps).id}`, `1.2.${pick(g.steps).id}`, pick(g.steps).id, "9999.x"]) : "1.x")
        : "1";
      parts.splice(1 + Math.floor(rnd() * parts.length), 0, `${key}=${encodeURIComponent(value)}`);
    }
    const q = parts.join("&");
    const first = E.tableFromQuery(rules, q);
    const again = E.tableFromQuery(rules, E.tableToQuery(rules, first.table));
    assert.deepEqual(again.errors, [], `${q} -> ${E.tableToQuery(rules, first.table)}`);
    if (first.table.game) assert.deepEqual(again.table, first.table, q);
    if (first.table.game) {
      const m = E.momentAt(rules, first.table);
      assert.ok(m && m.step && m.step.id, q);
      E.setupFor(rules, first.table);
    }
  }
});
