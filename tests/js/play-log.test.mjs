// The table as a log (content/assets/play/engine/log.js, events.js, state.js): hostile logs
// (unknown events, events out of order, a record entered twice, leaving a record never
// entered, 10,000 events, an undo past the start, a seat view for a seat that does not exist, a
// log from another game), each a message at its field with the rest read and nothing hanging; a
// seeded property test of random logs; the link's length bound for long games.
import test from "node:test";
import assert from "node:assert/strict";
import * as E from "../../content/assets/play/engine/index.js";
import { seeded } from "./helper-records.mjs";
import { rules, table, change } from "./play-game-helpers.mjs";

const MN = "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&s=mn-egypt&s=mn-carthage";
const read = (q) => E.tableFromQuery(rules, q);

test("hostile logs: each bad change a message at e naming its place, the rest of the log read", () => {
  const cases = [
    ["an unknown event", `${MN}&e=zzz&e=iajax.2`, /Change 1: .*not a change/, ["mn-ajax"]],
    ["a record entered twice", `${MN}&e=iajax.2&e=iajax.3`, /Change 2: Ajax is already in play/, ["mn-ajax"]],
    ["leaving a record never entered", `${MN}&e=oajax&e=icolossus.1`, /Change 1: Ajax is not in play/, ["mn-colossus"]],
    ["events out of order: a use before the record entered", `${MN}&e=umars.3&e=m1.offering-phase&e=imars.3`, /Change 1: Mars is not in play/, ["mn-mars"]],
    ["an untick before its tick", `${MN}&e=xstarting-setup.board&e=tstarting-setup.board`, /Change 1: That setup step is not ticked/, []],
    ["a log from another game", `${MN}&e=imoses&e=i*ac-moses&e=m1.ac-combat`, /Change 2: “\*ac-moses” is not a record of Mare Nostrum/, ["mn-moses"]],
    ["a player the table lacks", `${MN}&e=iajax.7`, /Change 1: Ajax: player 7 is not at this table \(4 players\)/, []],
    ["another seat's own hero", `g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&opt=mn-free-setup&e=ijulius-caesar.2`, /Change 1: Julius Caesar is Rome's own/, []],
    ["a marker past the end", "g=ancient-conquest&n=4&e=m16.combat&e=m2.combat", /Change 1: .*turn 16 is outside 1 to 15/, []],
    ["markup in a change", `${MN}&e=i%3Cimg%20src%3Dx%3E`, /Change 1: /, []],
  ];
  for (const [what, q, message, entered] of cases) {
    const r = read(q);
    assert.ok(r.errors.length >= 1, what);
    assert.ok(r.errors.every((e) => e.field === "e"), `${what}: ${JSON.stringify(r.errors)}`);
    assert.match(r.errors[0].message, message, what);
    assert.ok(!/[<>]/.test(r.errors[0].message.replace(/“[^”]*”/g, "")), what);
    assert.deepEqual(r.table.inPlay.map((e) => e.id), entered, what);
    // What was read writes back to a link read the same, with no message.
    const back = read(E.tableToQuery(rules, r.table));
    assert.deepEqual(back.errors, [], what);
    assert.deepEqual(back.table, r.table, what);
  }
});

test("10,000 changes and a megabyte cost what a short link does, and say so", () => {
  for (const q of [`${MN}&${"e=m1.combat&e=m1.movement&".repeat(5000)}`, `${MN}&e=${"i".repeat(1_000_000)}`]) {
    const t0 = process.hrtime.bigint();
    const r = read(q);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    assert.ok(ms < 1000, `${ms} ms`);
    assert.ok(r.errors.some((e) => e.field === ""), "the link is told it was cut");
    assert.ok(E.tableToQuery(rules, r.table).length <= E.LINK_BUDGET);
  }
});

test("undo past the start: the same table, and a message saying why", () => {
  const t = table(MN);
  assert.equal(E.undo(rules, t), t);
  assert.match(E.undoBlocked(rules, t).message, /Nothing to undo/);
  const one = change(t, { type: "enter", id: "mn-ajax", player: 2 });
  assert.deepEqual(E.undo(rules, one), t);
  assert.equal(E.undoBlocked(rules, one), null);
});

test("marker moves collapse into one change; undo of a move returns to the position before the run; a run back to its start is no change", () => {
  let t = change(table(MN), { type: "enter", id: "mn-ajax", player: 2 });
  const before = t;
  for (const to of ["1.mn-commerce-phase", "1.mn-collect-revenues", "1.mn-offering-phase"]) t = change(t, { type: "marker", to });
  assert.equal(t.log.length, 2);
  assert.equal(E.tableToQuery(rules, t), `${MN}&e=iajax.2&e=m1.offering-phase`);
  assert.deepEqual(E.undo(rules, t), before);
  assert.deepEqual(change(t, { type: "marker", to: "1.mn-role-assignment" }), before);
  // A record that left by rule as the marker passed its point comes back when the run is undone.
  let g = change(change(table(MN), { type: "marker", to: "1.mn-offering-phase" }), { type: "enter", id: "mn-mars", player: 3 });
  const withMars = g;
  g = change(g, { type: "marker", to: "2.mn-offering-phase" });
  assert.ok(!E.stateOf(rules, g).inPlay.some((e) => e.id === "mn-mars"));
  assert.deepEqual(E.undo(rules, g), withMars);
});

test("a seeded property test of 300 random logs: never a throw, every link reads back the same, undo gives back the table before", () => {
  const rand = seeded(31);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  for (let run = 0; run < 300; run += 1) {
    const slug = pick(rules.slugs);
    const g = rules.games[slug];
    const n = Number.isInteger(g.players.min) ? g.players.min + Math.floor(rand() * ((g.players.max || g.players.min) - g.players.min + 1)) : 3;
    const seats = g.seats.choices.slice().sort(() => rand() - 0.5).slice(0, n).map((c) => (rand() < 0.8 ? c.key : ""));
    let t = read(`g=${slug}&n=${n}&${seats.map((s) => `s=${s}`).join("&")}`).table;
    const candidates = g.records.filter((r) => g.inPlayKinds.includes(r.kind) || g.always.includes(r.kind));
    let pos = E.firstPosition(rules, t);
    for (let k = 0; k < 25; k += 1) {
      const roll = rand();
      const rec = candidates.length ? pick(candidates) : null;
      const player = rand() < 0.2 ? null : 1 + Math.floor(rand() * (n + 1));
      const keys = E.stateOf(rules, t).setupKeys;
      const c = roll < 0.35 ? { type: "marker", to: (pos = E.nextPosition(rules, t, pos, pick(["step", "step", "phase", "round", "turn"])) || pos) }
        : roll < 0.6 && rec ? { type: "enter", id: rec.id, player }
          : roll < 0.7 && rec ? { type: "leave", id: rec.id }
            : roll < 0.8 && rec ? { type: "use", id: rec.id, player }
              : roll < 0.95 && keys.length ? { type: pick(["tick", "untick"]), key: pick(keys) }
                : pick([{ type: "nonsense" }, null, { type: "enter", id: "__proto__" }, { type: "marker", to: "999999.x" }]);
      const r = E.applyChange(rules, t, c);
      if (!r.error && c && c.type !== "marker" && r.table !== t) assert.deepEqual(E.undo(rules, r.table), t, JSON.stringify(c));
      t = r.table;
      pos = E.stateOf(rules, t).at;
    }
    const q = E.tableToQuery(rules, t);
    const back = read(q);
    assert.deepEqual(back.errors, [], q);
    assert.deepEqual(back.table, t, q);
    assert.ok(q.length <= E.LINK_BUDGET, `${q.length}: ${q.slice(0, 80)}`);
    E.momentAt(rules, t);
    E.historyOf(rules, t);
  }
});

test("the link's bound: a 15-turn Ancient Conquest game and a long Mare Nostrum game stay within LINK_BUDGET (under share.js's 2,331-byte QR code)", () => {
  // Ancient Conquest: every setup step ticked, then each step of the 15 turns, a hero or god
  // entering at every other turn, the marker moved at every step (each move between two other
  // changes is a change of its own).
  let t = table("g=ancient-conquest&n=4&s=1&s=2&s=3&s=4");
  const g = rules.games["ancient-conquest"];
  for (const key of E.stateOf(rules, t).setupKeys) t = change(t, { type: "tick", key });
  const entering = g.records.filter((r) => g.inPlayKinds.includes(r.kind)).map((r) => r.id);
  let pos = E.firstPosition(rules, t);
  let count = 0;
  for (let i = 0; pos; i += 1) {
    t = change(t, { type: "marker", to: pos });
    if (i % 3 === 0 && entering.length) {
      const r = E.applyChange(rules, t, { type: "enter", id: entering.shift(), player: 1 + (i % 4) });
      if (!r.error) { t = r.table; count += 1; }
    }
    pos = E.nextPosition(rules, t, pos);
  }
  const q = E.tableToQuery(rules, t);
  assert.ok(q.length <= E.LINK_BUDGET, `${q.length} characters`);
  assert.ok(count >= 10);
  assert.equal(E.stateOf(rules, t).at, `15.${g.steps[g.steps.length - 1].id}`);
  assert.equal(E.stateOf(rules, t).ticks.length, E.stateOf(rules, t).setupKeys.length, "the ticks survive (a fold, if one is needed)");
  assert.deepEqual(read(q).table, t);
  // Mare Nostrum, 60 turns: a god taken at each Offering phase and used at Combat.
  let m = table(MN);
  const gods = ["mn-mars", "mn-athena", "mn-isis", "mn-vulcan"];
  for (let turn = 1; turn <= 60; turn += 1) {
    m = change(m, { type: "marker", to: `${turn}.mn-offering-phase` });
    const god = gods[turn % 4];
    m = change(m, { type: "enter", id: god, player: 1 + (turn % 4) });
    m = change(m, { type: "marker", to: `${turn}.mn-combat` });
    m = change(m, { type: "use", id: god, player: 1 + (turn % 4) });
  }
  const mq = E.tableToQuery(rules, m);
  assert.ok(mq.length <= E.LINK_BUDGET, `${mq.length} characters`);
  const st = E.stateOf(rules, m);
  assert.equal(st.at, "60.mn-combat");
  assert.ok(st.folded >= 0, "the oldest changes were folded");
  assert.deepEqual(st.used.map((u) => u.id), [gods[0]], "the last god's mark kept through the fold");
  assert.deepEqual(read(mq).table, m);
  assert.match(E.undoBlocked(rules, E.undo(rules, E.undo(rules, E.undo(rules, m)))) ? "blocked" : "open", /open|blocked/);
});

test("a fold keeps what the state needs and says how many changes it folded: what left play stays out, the history starts with 'N earlier changes folded'", () => {
  let t = table(MN);
  let changes = 0;
  const step = (c) => { t = change(t, c); changes += 1; };
  // Rome's own hero leaves play by a change (it came with the seat, 000:138); Mars leaves by rule
  // at the next Offering phase (000:385); Ajax is bought and taken back.
  step({ type: "leave", id: "mn-julius-caesar" });
  step({ type: "marker", to: "1.mn-offering-phase" });
  step({ type: "enter", id: "mn-mars", player: 3 });
  step({ type: "marker", to: "1.mn-construction-phase" });
  step({ type: "enter", id: "mn-ajax", player: 2 });
  step({ type: "leave", id: "mn-ajax" });
  // Then 44 turns of one setup step ticked and unticked, a marker move between each: never two marker moves in a row.
  for (let turn = 2; turn <= 45; turn += 1) {
    step({ type: "marker", to: `${turn}.mn-construction-phase` });
    step({ type: turn % 2 ? "untick" : "tick", key: "mn-starting-setup.board" });
  }
  const st = E.stateOf(rules, t);
  assert.ok(st.folded > 0, "folded");
  assert.ok(!st.inPlay.some((e) => e.id === "mn-julius-caesar"), "a seat's own record that left does not come back with the setup");
  assert.deepEqual(st.left.map((l) => `${l.id}:${l.player}:${l.since}:${l.until}:${l.by}`), [
    "mn-julius-caesar:1:null:1.mn-role-assignment:change", "mn-ajax:2:1.mn-construction-phase:1.mn-construction-phase:change",
    "mn-mars:3:1.mn-offering-phase:2.mn-offering-phase:rule"]);
  assert.match(E.applyChange(rules, t, { type: "leave", id: "mn-ajax" }).error.message, /already left play/);
  // The fold counts what it stands for: with the changes since, every change made.
  assert.equal(st.foldedCount + (t.log.length - st.folded - 1), changes);
  const h = E.historyOf(rules, t);
  assert.equal(h[0].text.split(" folded")[0], `${st.foldedCount} earlier changes`);
  assert.ok(h.filter((x) => x.folded).some((x) => x.text === "Turn 1, Role Assignment: Julius Caesar left play"));
  assert.ok(h.some((x) => x.folded && /^Turn 2, Offering.*: Mars left play by rule/.test(x.text)), "what left by rule before the fold");
  assert.ok(!h.some((x) => x.folded && x.type === "marker"), "no marker move the fold made up");
  const q = E.tableToQuery(rules, t);
  assert.match(q, new RegExp(`&e=c${st.foldedCount}&`));
  assert.deepEqual(read(q).table, t);
  // An older link's bare fold still reads: how many is not said.
  const old = read(q.replace(/&e=c\d+&/, "&e=c&"));
  assert.deepEqual(old.errors, []);
  assert.equal(E.stateOf(rules, old.table).foldedCount, null);
  assert.match(E.historyOf(rules, old.table)[0].text, /^Earlier changes folded/);
  assert.deepEqual(read(q.replace(/&e=c\d+&/, "&e=c0&")).errors.map((e) => e.field), ["e"]);
});

test("folded setup ticks read back at a table whose seats bring records (Mare Nostrum's predetermined setup: the seats' lines are setup keys too)", () => {
  let t = table(MN);
  const keys = E.stateOf(rules, t).setupKeys;
  assert.ok(keys.some((k) => k.startsWith("brings.")), "the seats' lines are ticked like steps");
  // Ticked bottom to top, so that no run of them is written as one value and the link folds.
  for (const key of [...keys].reverse()) t = change(t, { type: "tick", key });
  for (let turn = 1; turn <= 30; turn += 1) {
    t = change(t, { type: "marker", to: `${turn}.mn-offering-phase` });
    t = change(t, { type: "enter", id: ["mn-mars", "mn-athena", "mn-isis", "mn-vulcan"][turn % 4], player: 1 + (turn % 4) });
  }
  assert.ok(E.stateOf(rules, t).folded >= 0);
  const back = read(E.tableToQuery(rules, t));
  assert.deepEqual(back.errors, []);
  assert.deepEqual(E.stateOf(rules, back.table).ticks, keys);
  assert.deepEqual(back.table, t);
});

test("setup ticks made in the setup's order are one value in the link (r<hash>.<a>-<b>), one change each: a 15-turn Ancient Conquest game keeps its whole history", () => {
  let t = table("g=ancient-conquest&n=4&s=1&s=2&s=3&s=4");
  const keys = E.stateOf(rules, t).setupKeys;
  assert.equal(keys.length, 30);
  for (const key of keys) t = change(t, { type: "tick", key });
  const q = E.tableToQuery(rules, t);
  const run = q.split("&e=").slice(1);
  assert.equal(run.length, 1, q);
  assert.match(run[0], /^r[0-9a-z]{4}\.0-29$/);
  assert.ok(q.length < 100, `${q.length} characters for 30 ticks (1,546 written one by one)`);
  assert.deepEqual(read(q).table, t);
  // Each tick is still its own change: undo takes back the last, and the run is one shorter.
  const less = E.undo(rules, t);
  assert.deepEqual(E.stateOf(rules, less).ticks, keys.slice(0, -1));
  assert.match(E.tableToQuery(rules, less), /&e=r[0-9a-z]{4}\.0-28$/);
  // Out of order, the ticks are written one by one, and read back the same.
  const swapped = change(change(table("g=ancient-conquest&n=4&s=1&s=2&s=3&s=4"), { type: "tick", key: keys[3] }), { type: "tick", key: keys[2] });
  assert.equal(E.tableToQuery(rules, swapped).split("&e=t").length, 3);
  // Hostile runs: another setup's, backwards, past the end, a bad spelling: a message each at e.
  const hash = run[0].slice(1, 5);
  const other = hash === "0000" ? "0001" : "0000";
  for (const bad of [`r${other}.0-3`, `r${hash}.5-2`, `r${hash}.0-30`, `r${hash}.a-b`, `r${hash}.3-3`]) {
    const r = read(`g=ancient-conquest&n=4&s=1&s=2&s=3&s=4&e=${bad}&e=m2.ac-combat`);
    assert.deepEqual(r.errors.map((e) => e.field), ["e"], bad);
    assert.match(r.errors[0].message, /^Change 1: /, bad);
    assert.deepEqual(E.stateOf(rules, r.table).ticks, [], bad);
    assert.equal(E.stateOf(rules, r.table).at, "2.ac-combat", bad);
  }
  // A 15-turn game (as the link's bound test plays it) no longer folds at all.
  const g = rules.games["ancient-conquest"];
  const entering = g.records.filter((r) => g.inPlayKinds.includes(r.kind)).map((r) => r.id);
  let pos = E.firstPosition(rules, t);
  for (let i = 0; pos; i += 1) {
    t = change(t, { type: "marker", to: pos });
    if (i % 3 === 0 && entering.length) { const r = E.applyChange(rules, t, { type: "enter", id: entering.shift(), player: 1 + (i % 4) }); if (!r.error) t = r.table; }
    pos = E.nextPosition(rules, t, pos);
  }
  assert.equal(E.stateOf(rules, t).folded, -1);
  assert.ok(E.tableToQuery(rules, t).length <= E.LINK_BUDGET);
});
