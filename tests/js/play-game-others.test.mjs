// Ancient Conquest (all 15 turns), 7 Wonders Myths (three ages), Mosaic and the Diplomacy
// variant played along by scripted logs, every position checked
// (play-game-helpers.mjs checkMoment). Lines cite the sources as 004:<line> (Ancient Conquest,
// 004_fbe8c053f9a5701f.txt), 001:<line> (7 Wonders Myths), 003:<line> (Mosaic), 002:<line>.
import test from "node:test";
import assert from "node:assert/strict";
import * as E from "../../content/assets/play/engine/index.js";
import { data, rules, table, change, stepTo, reminded, assertUndoEveryPrefix, assertRoundTrip } from "./play-game-helpers.mjs";
import { pickable } from "../../content/assets/play/page/record.js";

test("Ancient Conquest, all 15 turns: every objective due once a turn by player, its last chance and its window", () => {
  let t = table("g=ancient-conquest&n=4&s=1&s=2&s=3&s=4");
  const g = rules.games["ancient-conquest"];
  const tables = [t];
  const seen = new Map();   // "<people>#<n>@<turn>" -> [what...]
  const last = `15.${g.steps[g.steps.length - 1].id}`;
  const record = (x, m) => {
    tables.push(x);
    for (const d of m.due) {
      if (d.objective === null) continue;
      const key = `${d.id}#${d.objective}@${m.round.n}`;
      if (!seen.has(key)) seen.set(key, []);
      seen.get(key).push(d.what);
    }
    // Due items grouped by player, in player order, each group its player's.
    const players = m.dueGroups.map((x2) => x2.player);
    assert.deepEqual(players, [...players].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b)), m.pos);
    for (const grp of m.dueGroups) assert.ok(grp.items.every((d) => (d.player ?? null) === grp.player), m.pos);
  };
  // The first position as the table opens, then every step of every turn, a marker change each.
  t = change(t, { type: "marker", to: "1.ac-diplomatic-phase" });
  record(t, E.momentAt(rules, t, "1.ac-placement-of-units"));
  t = stepTo(t, last, record);
  // Shown once per turn: at most one position of a turn lists an objective.
  for (const [key, whats] of seen) assert.equal(whats.length, 1, key);
  const at = (key) => [...seen.keys()].filter((k) => k.startsWith(`${key}@`)).map((k) => Number(k.split("@")[1])).sort((a, b) => a - b);
  const what = (key, n) => seen.get(`${key}@${n}`)[0];
  // Egypt 7, "before turn 10" (004:341): checked as turn 10 opens (its time is up), its last chance turn 9.
  assert.deepEqual(at("ac-egyptian-empire#7"), [9, 10]);
  assert.equal(what("ac-egyptian-empire#7", 9), "last-chance");
  assert.equal(what("ac-egyptian-empire#7", 10), "check");
  // Egypt 8, "throughout the game" (004:342): a window from turn 1 to the last, shown every turn.
  assert.deepEqual(at("ac-egyptian-empire#8"), Array.from({ length: 15 }, (_, i) => i + 1));
  assert.deepEqual([what("ac-egyptian-empire#8", 1), what("ac-egyptian-empire#8", 7), what("ac-egyptian-empire#8", 15)], ["opens", "runs", "closes"]);
  // Elam 3: Marduk in Susa on turn 5 and 5 more turns counted from the next (004:420): turns 5 to 10.
  assert.deepEqual(at("ac-kingdom-of-elam#3"), [5, 6, 7, 8, 9, 10]);
  assert.deepEqual([what("ac-kingdom-of-elam#3", 5), what("ac-kingdom-of-elam#3", 10)], ["opens", "closes"]);
  // Every timed objective of every people is due at its turns (and only there); "at the end of
  // the game" (turns: last: Lydia 1, Arameans 2, Cimmerians 3, Chaldeans 9, Phrygians 5,
  // 004:407, 368, 444, 482, 504) at turn 15, the game's end (004:234).
  const atEnd = [];
  for (const people of g.records.filter((r) => r.kind === "people")) {
    (people.objectives || []).forEach((o, i) => {
      if (!o.timing || !o.timing.turns) return;
      const tt = o.timing.turns;
      if (tt === "last") atEnd.push(`${people.id}#${i + 1}`);
      const want = tt === "last" ? [15] : Array.isArray(tt) ? tt.slice() : Array.from({ length: (tt.to || 15) - tt.from + 1 }, (_, k) => tt.from + k);
      if (o.timing.deadline) for (const n of tt) if (n > 1 && !tt.includes(n - 1)) want.push(n - 1);
      assert.deepEqual(at(`${people.id}#${i + 1}`), [...new Set(want)].sort((a, b) => a - b), `${people.id}#${i + 1}`);
    });
  }
  assert.deepEqual(atEnd.sort(), ["ac-aramean-peoples#2", "ac-chaldeans#9", "ac-cimmerian-hordes#3", "ac-kingdom-of-lydia#1", "ac-phrygians#5"]);
  // The end at the last step, with the victory helper's link.
  const end = E.momentAt(rules, t).end;
  assert.ok(end && end.scoring.startsWith("calculators/ancient-conquest-victory/"));
  assert.equal(E.nextPosition(rules, t, last), null);
  // Go to turn 9 in one move; undo of each change; the link.
  assert.deepEqual(E.turnPosition(rules, t, 9), { pos: "9.ac-placement-of-units" });
  assert.ok(assertUndoEveryPrefix(tables.filter((x, i) => i === 0 || x !== tables[i - 1])) >= 1);
  assert.ok(assertRoundTrip(t).length <= E.LINK_BUDGET);
});

test("7 Wonders Myths, a whole game: three ages, myth cards discarded at the cleanup of ages I and II and kept after III (001:174), the game's end after age III with its scoring cards", () => {
  let t = table("g=seven-wonders-myths&n=3&s=swm-the-pit-of-tartaros&s=swm-the-harbor-of-ithaca");
  const g = rules.games["seven-wonders-myths"];
  const tables = [t];
  const leaves = g.state.leaves[0];
  assert.deepEqual(leaves.rounds, [1, 2]);
  // The seats' wonder boards are in front of their players from setup (data31's brings).
  assert.ok(E.stateOf(rules, t).inPlay.some((e) => e.id === "swm-the-pit-of-tartaros" && e.player === 1));
  const inPlay = (x, id) => E.stateOf(rules, x).inPlay.some((e) => e.id === id);
  const line = (m, id) => (m.reminders.find((r) => r.id === id) || {}).line;
  const go = (to) => { t = stepTo(t, to, (x) => tables.push(x)); };
  let m;
  const enter = (id, player) => { t = change(t, { type: "enter", id, player }); tables.push(t); };
  // Age I: Apollo pays 3 coins in age I, 5 in II, 7 in III (001:190): the reminder gives this age's.
  t = change(t, { type: "marker", to: "1.1.swm-action-phase" });
  tables.push(t);
  enter("swm-apollo", 1);
  enter("swm-horus", 2);
  enter("swm-wonder-woman", 3);
  go("1.1.swm-invocation-action");
  m = E.momentAt(rules, t);
  assert.equal(line(m, "swm-apollo"), "Gain 3 coins.");
  // Wonder Woman invoked in age I: her holder takes the token, good in age II (001:346).
  assert.match(line(m, "swm-wonder-woman"), /^Take the Wonder Woman token; in age II/);
  enter("swm-wonder-woman-token", 3);
  t = change(t, { type: "use", id: "swm-horus", player: 2 });
  tables.push(t);
  // Age turns are open-ended (the base game's count); "end this age" reaches the cleanup.
  assert.deepEqual(E.roundEndPosition(rules, t, E.stateOf(rules, t).at), { pos: "1.swm-cleanup-phase" });
  go("1.2.swm-turn-and-phase-resolution");
  t = change(t, { type: "marker", to: "1.swm-cleanup-phase" });
  tables.push(t);
  m = E.momentAt(rules, t);
  assert.equal(m.end, null, "age I's cleanup is no end of the game");
  assert.ok(!inPlay(t, "swm-apollo") && !inPlay(t, "swm-horus"), "age I's myth cards discarded at its cleanup");
  assert.deepEqual(m.leaving.map((l) => l.id).sort(), ["swm-apollo", "swm-horus", "swm-wonder-woman"]);
  // The token outlasts age I's cleanup, and is reminded in age II: at its prayer phase and invocations.
  assert.ok(inPlay(t, "swm-wonder-woman-token"), "the Wonder Woman token survives the cleanup");
  assert.equal(E.stateOf(rules, t).inPlay.find((e) => e.id === "swm-wonder-woman-token").leaves.at, "2.swm-cleanup-phase");
  // Horus: the coins left on the card are the player's as the age ends (001:296).
  const horus = m.leaving.find((l) => l.id === "swm-horus");
  assert.match(horus.line, /coins still on Horus/);
  assert.match(horus.text, /^Horus leaves play now\. The coins still on Horus/);
  go("2.swm-prayer-phase");
  assert.deepEqual(reminded(t), ["swm-wonder-woman-token:3"]);
  assert.match(line(E.momentAt(rules, t), "swm-wonder-woman-token"), /^This age you may invoke two myth cards/);
  // Age II: Apollo again, 5 coins.
  go("2.1.swm-invocation-action");
  enter("swm-apollo", 3);
  m = E.momentAt(rules, t);
  assert.equal(line(m, "swm-apollo"), "Gain 5 coins.");
  assert.match(line(m, "swm-wonder-woman-token"), /invoke a second myth card/);
  t = change(t, { type: "marker", to: E.roundEndPosition(rules, t, E.stateOf(rules, t).at).pos });
  tables.push(t);
  assert.equal(E.stateOf(rules, t).at, "2.swm-cleanup-phase");
  // Not used up in age II, it goes at that age's end (the reading in play_along.leaves).
  assert.deepEqual(E.momentAt(rules, t).leaving.map((l) => l.id).sort(), ["swm-apollo", "swm-wonder-woman-token"]);
  assert.ok(!inPlay(t, "swm-wonder-woman-token"));
  // Age III: the cards that score at the game's end (001:184, 210, 348), Horus and Apollo (7 coins).
  go("3.1.swm-action-phase");
  for (const [id, player] of [["swm-aphrodite", 1], ["swm-athena", 2], ["swm-wonder-woman", 3], ["swm-horus", 1], ["swm-apollo", 2]]) enter(id, player);
  go("3.1.swm-invocation-action");
  m = E.momentAt(rules, t);
  assert.equal(line(m, "swm-apollo"), "Gain 7 coins.");
  assert.equal(line(m, "swm-wonder-woman"), "5 victory points at final scoring.");
  // Age III ends: "Age ›" reaches its cleanup, which ends the game; nothing is discarded.
  const end = E.roundEndPosition(rules, t, E.stateOf(rules, t).at);
  assert.deepEqual(end, { pos: "3.swm-cleanup-phase" });
  go("3.2.swm-turn-and-phase-resolution");
  t = change(t, { type: "marker", to: end.pos });
  tables.push(t);
  m = E.momentAt(rules, t);
  assert.ok(m.end && m.end.last, "the game ends after age III");
  assert.equal(E.nextPosition(rules, t, end.pos), null, "nothing after the end");
  assert.equal(E.nextPosition(rules, t, end.pos, "turn"), null);
  assert.deepEqual(m.leaving, [], "age III's myth cards are not discarded");
  // The end of the game reminds the age III scoring of each card in play, with age III's power.
  assert.equal(line(m, "swm-aphrodite"), "At game end, score 1 extra victory point for each complete set of 3 coins you hold.");
  assert.match(line(m, "swm-athena"), /^At game end/);
  assert.equal(line(m, "swm-wonder-woman"), "5 victory points at final scoring.");
  assert.match(line(m, "swm-horus"), /coins still on Horus/);
  assert.ok(!m.reminders.some((r) => r.id === "swm-apollo"), "Apollo pays when invoked, not at the end");
  // Two ages' cards left by rule, the third's kept: the history says so.
  assert.equal(E.historyOf(rules, t).filter((h) => h.type === "leaves").length, 5);
  assert.ok(assertUndoEveryPrefix(tables.filter((x, i) => i === 0 || x !== tables[i - 1])) >= 10);
  assertRoundTrip(t);
});

test("7 Wonders Myths: a power by age, a record in play or a leaving the reader cannot place is a gap at its field", () => {
  const recordIn = (d, id) => d.records.find((r) => r.id === id);
  for (const [edit, path, words] of [
    [(r) => { r.powers_by_age.IV = "Gain 9 coins."; }, "powers_by_age.IV", /not a round of the game \(1, 2, 3/],
    [(r) => { r.powers_by_age.first = "Gain 3 coins."; }, "powers_by_age.first", /not a round of the game/],
    [(r) => { r.powers_by_age.II = ""; }, "powers_by_age.II", /not a line of text/]]) {
    const copy = structuredClone(data);
    edit(recordIn(copy, "swm-apollo"));
    assert.throws(() => E.rulesFromRecords(copy), (e) => e instanceof E.RecordsError && e.details.some((x) => x.record === "swm-apollo" && x.path.join(".") === path && words.test(x.text)));
  }
  // The token's rules: in_play names a record, and its leaving waits for the next round.
  const game = (d) => recordIn(d, "swm-seven-wonders-myths").play_along;
  for (const [edit, path, words] of [
    [(pa) => { pa.in_play.push("swm-no-such-token"); }, "play_along.in_play.3", /has no swm-no-such-token records to put in play/],
    [(pa) => { pa.leaves[1].in_next_round = "yes"; }, "play_along.leaves.1.in_next_round", /is not true/]]) {
    const copy = structuredClone(data);
    edit(game(copy));
    assert.throws(() => E.rulesFromRecords(copy), (e) => e instanceof E.RecordsError && e.details.some((x) => x.record === "swm-seven-wonders-myths" && x.path.join(".") === path && words.test(x.text)));
  }
});

test("7 Wonders Myths: \"Entered play\" never offers a card this table's setup took out (001 Setup Symbol, Pan, Medusa, Babylonian Pantheon, Toinito, Hestia)", () => {
  const g = rules.games["seven-wonders-myths"];
  const offered = (q) => new Set(pickable(g, table(q), new Set()).flatMap(([, list]) => list.map((r) => r.id)));
  // Three players, no expansion: Pan (6 players or more, 001:264), the Babylonian cards and
  // Toinito (team play only, 001:98, 352) and Hestia (Blue) (Cities only) are out.
  let ids = offered("g=seven-wonders-myths&n=3");
  for (const id of ["swm-pan", "swm-marduk", "swm-ishtar", "swm-shamash", "swm-toinito", "swm-hestia-blue"]) assert.ok(!ids.has(id), `${id} offered at 3 players`);
  for (const id of ["swm-apollo", "swm-hestia-red", "swm-medusa", "swm-wonder-woman"]) assert.ok(ids.has(id), `${id} not offered`);
  // Seven players with Cities and team play: Hestia (Red) out (a C with a red slash), Medusa out at 7 or 8.
  ids = offered("g=seven-wonders-myths&n=7&opt=swm-cities-expansion&opt=swm-team-play");
  for (const id of ["swm-hestia-red", "swm-medusa"]) assert.ok(!ids.has(id), `${id} offered`);
  for (const id of ["swm-pan", "swm-marduk", "swm-toinito", "swm-hestia-blue", "swm-hecate"]) assert.ok(ids.has(id), `${id} not offered`);
  assert.deepEqual([...E.removedBySetup(g, table("g=seven-wonders-myths&n=7&opt=swm-cities-expansion&opt=swm-team-play")).keys()].sort(), ["swm-hestia-red", "swm-medusa"]);
  // A removal naming no record is a gap at its field.
  const copy = structuredClone(data);
  copy.records.find((r) => r.id === "swm-greek-pantheon").setup[1].removes = ["swm-nobody"];
  assert.throws(() => E.rulesFromRecords(copy), (e) => e instanceof E.RecordsError && e.details.some((x) => x.record === "swm-greek-pantheon" && x.path.join(".") === "setup.1.removes.0"));
});

test("Mosaic and the Diplomacy variant, as far as their sources go", () => {
  // Mosaic: three moments with no turn order (003's gaps), a nation's leader unknown at setup,
  // a technology's one-time gain prompted as it enters.
  let m = table("g=mosaic-wars-disasters&n=2&s=mos-greeks&s=mos-romans");
  const g = rules.games["mosaic-wars-disasters"];
  assert.equal(g.rounds, null);
  for (const step of g.steps) {
    m = change(m, { type: "marker", to: step.id === E.stateOf(rules, m).at ? E.nextPosition(rules, m, step.id) || step.id : step.id });
  }
  m = change(m, { type: "marker", to: g.steps[0].id });
  m = change(m, { type: "enter", id: "mos-jewelry", player: 1 });
  const mm = E.momentAt(rules, m);
  assert.deepEqual(mm.prompts.map((p) => p.line), ["Take 10 Money from the supply."]);
  assert.ok(mm.gaps.length >= 1, "the missing turn order is said");
  assertRoundTrip(m);
  // Diplomacy: years 1 AD to 6 AD, one step each (002), the end with the score helper.
  let d = table("g=diplomacy-variant&n=3&s=dip-rome&s=dip-greece&s=dip-egypt");
  d = stepTo(d, "6.dip-game-length");
  assert.deepEqual(E.turnPosition(rules, d, 7).error.length > 0, true);
  const end = E.momentAt(rules, d).end;
  assert.ok(end && end.scoring.startsWith("calculators/diplomacy-score/"));
  assertRoundTrip(d);
});

test("7 Wonders Myths: Turn › from the prayer phase goes to the age's first turn, never to its cleanup (where the drafted myth cards would leave)", () => {
  const t = table("g=seven-wonders-myths&n=3");
  const g = rules.games["seven-wonders-myths"];
  assert.equal(E.firstPosition(rules, t), "1.swm-prayer-phase");
  assert.equal(E.nextPosition(rules, t, "1.swm-prayer-phase", "turn"), `1.1.${g.steps.find((s) => s.id !== "swm-prayer-phase" && !s.id.includes("cleanup")).id}`);
  assert.equal(E.nextPosition(rules, t, "1.1.swm-action-phase", "turn"), "1.2.swm-turn-and-phase-resolution");
  // From the cleanup, the next turn is the next age's start.
  assert.equal(E.nextPosition(rules, t, "1.swm-cleanup-phase", "turn"), "2.swm-prayer-phase");
});

test("Mosaic: a War Tile leaves the game as its one use is marked, and a disaster once it struck (003 War Tiles, Disasters); Undo brings it back", () => {
  let t = table("g=mosaic-wars-disasters&n=2");
  t = change(t, { type: "marker", to: "mos-military-action" });
  t = change(t, { type: "enter", id: "mos-siege", player: 1 });
  t = change(t, { type: "use", id: "mos-siege", player: 1 });
  const st = E.stateOf(rules, t);
  assert.ok(!st.inPlay.some((e) => e.id === "mos-siege"), "used once: out of play");
  assert.deepEqual(st.left.map((l) => [l.id, l.by, l.until]), [["mos-siege", "rule", "mos-military-action"]]);
  assert.match(E.momentAt(rules, t).leaving[0].text, /^Siege! leaves play now: A War Tile serves once/);
  assert.match(E.historyOf(rules, t).at(-1).text, /Siege! left play by rule, used up/);
  assert.ok(E.stateOf(rules, E.undo(rules, t)).inPlay.some((e) => e.id === "mos-siege"), "Undo of the use brings it back");
  assertRoundTrip(t);
  t = change(t, { type: "marker", to: "mos-disasters" });
  t = change(t, { type: "enter", id: "mos-famine", player: null });
  t = change(t, { type: "use", id: "mos-famine", player: null });
  assert.ok(!E.stateOf(rules, t).inPlay.some((e) => e.id === "mos-famine"));
  // The reader judges the rule: when: used needs a uses limit on every record it names, and no step beside it.
  const recordIn = (d, id) => d.records.find((r) => r.id === id);
  const game = (d) => recordIn(d, "mos-mosaic-wars-disasters").play_along;
  for (const [edit, path, words] of [
    [(pa) => { pa.leaves[0].records.push("mos-great-library"); }, "play_along.leaves.0.when", /mos-great-library has no uses to mark/],
    [(pa) => { pa.leaves[0].when = "soon"; }, "play_along.leaves.0.when", /the one moment a rule names this way is used/],
    [(pa) => { pa.leaves[0].at = "mos-disasters"; }, "play_along.leaves.0.at", /beside when: used/]]) {
    const copy = structuredClone(data);
    edit(game(copy));
    assert.throws(() => E.rulesFromRecords(copy), (e) => e instanceof E.RecordsError && e.details.some((x) => x.record === "mos-mosaic-wars-disasters" && x.path.join(".") === path && words.test(x.text)),
      path);
  }
});

test("a rule names whom it takes by their fields: where: {card_type: myth} takes every myth card, and only them; a filter that takes no record in play, or is not a map of values, is a gap at it", () => {
  const g = rules.games["seven-wonders-myths"];
  const myths = data.records.filter((r) => r.game === "seven-wonders-myths" && r.card_type === "myth");
  assert.ok(myths.length > 0);
  for (const r of data.records.filter((x) => x.game === "seven-wonders-myths" && g.inPlayKinds.includes(x.kind))) {
    const atCleanup = g.state.leaveRulesOf(r).some((l) => l.at === "swm-cleanup-phase" && l.rounds && l.rounds.join() === "1,2");
    assert.equal(atCleanup, r.card_type === "myth", r.id);
  }
  // A myth card the game gains later leaves with the others, with no list to keep in step.
  const copy = structuredClone(data);
  copy.records.push({ ...structuredClone(myths[0]), id: "swm-new-myth", name: "New Myth" });
  const more = E.rulesFromRecords(copy).games["seven-wonders-myths"];
  assert.ok(more.state.leaveRulesOf(more.byId.get("swm-new-myth")).some((l) => l.at === "swm-cleanup-phase"));
  const recordIn = (d, id) => d.records.find((r) => r.id === id);
  for (const [where, words] of [[{ card_type: "mythical" }, /matches no record of a kind in play/], [{ name: "Zeus", kind: "god" }, /matches no record of a kind in play/],
    [{ card_type: ["myth"] }, /is not a map of field names to values/], [[], /is not a map of field names to values/], [{ "Card Type": "myth" }, /is not a map/]]) {
    const broken = structuredClone(data);
    recordIn(broken, "swm-seven-wonders-myths").play_along.leaves[0].where = where;
    assert.throws(() => E.rulesFromRecords(broken), (e) => e instanceof E.RecordsError
      && e.details.some((x) => x.record === "swm-seven-wonders-myths" && x.path.join(".") === "play_along.leaves.0.where" && words.test(x.text)), JSON.stringify(where));
  }
});

test("a rule that can never apply is a gap at its field: a round past the game's last, a mark per round where there are no rounds, a win that needs more records than the game has", () => {
  const recordIn = (d, id) => d.records.find((r) => r.id === id);
  for (const [id, edit, path, words] of [
    ["mn-mare-nostrum-mythology", (d) => { recordIn(d, "mn-mare-nostrum-mythology").play_along.leaves[0].rounds = [2, 1000]; }, "play_along.leaves.0.rounds.1", /^round 1000 is outside rounds 1 to 999$/],
    ["seven-wonders-myths", (d) => { recordIn(d, "swm-seven-wonders-myths").play_along.leaves[0].rounds = [1, 4]; }, "play_along.leaves.0.rounds.1", /^round 4 is outside rounds 1 to 3$/],
    ["mn-mare-nostrum-mythology", (d) => { recordIn(d, "mn-mare-nostrum-mythology").play_along.wins[0].holds.count = 999; }, "play_along.wins.0.holds.count", /needs 999 of .*, but the game has \d+, so nobody can ever meet it/],
    ["mos-siege", (d) => { recordIn(d, "mos-siege").uses.per = "round"; }, "uses.per", /^round, but mosaic-wars-disasters has no rounds or turns, so the mark would never clear$/]]) {
    const copy = structuredClone(data);
    edit(copy);
    const record = id === "seven-wonders-myths" ? "swm-seven-wonders-myths" : id;
    assert.throws(() => E.rulesFromRecords(copy), (e) => e instanceof E.RecordsError && e.details.some((x) => x.record === record && x.path.join(".") === path && words.test(x.text)),
      `${record} ${path}`);
  }
});
