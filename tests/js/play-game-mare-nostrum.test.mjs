// Mare Nostrum: Mythology played along: 4 players, the predetermined
// setup, three turns, by a scripted log replayed through applyChange. At every position: the
// state, the reminders with their words, what is due (play-game-helpers.mjs checkMoment); at the
// moments the source names, what it says. Lines cite 000_0359f61f61dff767.txt as 000:<line>.
import test from "node:test";
import assert from "node:assert/strict";
import * as E from "../../content/assets/play/engine/index.js";
import { rules, table, change, refused, stepTo, assertUndoEveryPrefix, assertRoundTrip, data } from "./play-game-helpers.mjs";
import { recordIn } from "./helper-records.mjs";

const SEATS = "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&s=mn-egypt&s=mn-carthage";
const held = (t) => E.stateOf(rules, t).inPlay.map((e) => `${e.id}:${e.player}`);

test("Mare Nostrum, predetermined setup, three turns: brought records, a god taken and returned, a win met during Construction", () => {
  let t = table(SEATS);
  const tables = [t];
  const step = (c) => { t = change(t, c); tables.push(t); return t; };
  const to = (pos, each) => { t = stepTo(t, pos, (x, m) => { tables.push(x); if (each) each(x, m); }); return t; };

  // Setup: each player takes the civilization's own hero card, its 3 creature pawns and the role
  // card its Basic Setup names (000:138): Rome the Military Leader (000:138), Greece the High
  // Priest (000:334-335); Egypt holds the Political Leader (000:258, data31's reading).
  const start = held(t);
  for (const x of ["mn-julius-caesar:1", "mn-titan:1", "mn-military-leader:1", "mn-pericles:2", "mn-centaur:2", "mn-high-priest:2",
    "mn-cleopatra:3", "mn-phoenix:3", "mn-political-leader:3", "mn-hannibal:4", "mn-behemoth:4"]) assert.ok(start.includes(x), x);
  // "one hero that only it can purchase (ex: Julius Caesar for the Roman Player)" (000:118-119).
  assert.match(refused(t, { type: "enter", id: "mn-julius-caesar", player: 2 }), /already in play/);
  // Every setup step ticked, one change each; the ticks are part of the table (and its link).
  for (const key of E.stateOf(rules, t).setupKeys) step({ type: "tick", key });
  assert.deepEqual(E.stateOf(rules, t).ticks, E.stateOf(rules, t).setupKeys);
  assert.match(refused(t, { type: "tick", key: "mn-starting-setup.board" }), /already ticked/);

  // Turn 1. Offering phase: Egypt makes an offering and takes Mars; the card stays in front of
  // that player "until the next Offering Phase" (000:385).
  to("1.mn-offering-phase");
  step({ type: "enter", id: "mn-mars", player: 3 });
  let mars = E.stateOf(rules, t).inPlay.find((e) => e.id === "mn-mars");
  assert.deepEqual([mars.since, mars.leaves.at], ["1.mn-offering-phase", "2.mn-offering-phase"]);
  // Construction: Greece buys Ajax, Carthage the Statue of Zeus, which "comes with 1 free
  // fortress placement when it is acquired" (000:734): prompted as it enters, at this position.
  to("1.mn-construction-phase");
  assert.deepEqual(E.momentAt(rules, t).wins, [], "no win check before a purchase");
  step({ type: "enter", id: "mn-ajax", player: 2 });
  step({ type: "enter", id: "mn-statue-of-zeus", player: 4 });
  let m = E.momentAt(rules, t);
  assert.deepEqual(m.prompts.map((p) => `${p.id}:${p.player}:${p.line}`), ["mn-statue-of-zeus:4:Place one fortress free of charge."]);
  // The win is checked right after each purchase: "4 heroes and/or wonders" (000:31-33, 000:100-102).
  assert.deepEqual(m.wins.map((w) => w.id), ["mn-object-of-the-game"]);
  assert.deepEqual(m.wins[0].counts, [{ player: 1, count: 1 }, { player: 2, count: 2 }, { player: 3, count: 1 }, { player: 4, count: 2 }]);
  assert.deepEqual(m.wins[0].meets, []);
  // Combat: Mars reminded for Egypt with its line (000:791); used once while held, then face down (000:385).
  to("1.mn-combat");
  m = E.momentAt(rules, t);
  const marsHere = m.reminders.find((r) => r.id === "mn-mars");
  assert.equal(marsHere.player, 3);
  assert.equal(marsHere.line, "Once, add 6 to one battle total after you have seen the dice.");
  assert.match(marsHere.leaves.text, /^Mars leaves play at Turn 2, Offering/);
  step({ type: "use", id: "mn-mars", player: 3 });
  assert.deepEqual(E.stateOf(rules, t).used.map((u) => `${u.id}:${u.count}/${u.times}:${u.clears}`), ["mn-mars:1/1:when it leaves play"]);
  assert.match(refused(t, { type: "use", id: "mn-mars", player: 3 }), /already used once/);
  assert.match(refused(t, { type: "use", id: "mn-mars", player: 1 }), /player 3/);

  // Turn 2: at the Offering phase every god card goes back (000:385); Mars is no longer Egypt's.
  to("2.mn-offering-phase");
  m = E.momentAt(rules, t);
  assert.deepEqual(m.leaving.map((l) => `${l.id}:${l.player}`), ["mn-mars:3"]);
  assert.ok(!held(t).some((x) => x.startsWith("mn-mars")));
  assert.deepEqual(E.stateOf(rules, t).used, [], "its used mark cleared as it left");
  step({ type: "enter", id: "mn-mars", player: 1 });   // taken again, by Rome, unused
  to("2.mn-construction-phase");
  step({ type: "enter", id: "mn-lighthouse", player: 2 });
  m = E.momentAt(rules, t);
  assert.deepEqual(m.prompts.map((p) => p.line), ["Place one influence marker free of charge."]);   // 000:735
  assert.deepEqual(m.wins[0].meets, []);
  to("2.mn-combat", (x, mm) => { if (mm.step.id === "mn-combat") assert.equal(mm.reminders.find((r) => r.id === "mn-mars").player, 1); });
  assert.equal(E.momentAt(rules, t).end, null, "the win is not 'due at Combat' (000:536-537)");

  // Turn 3, Construction: Greece's fourth hero or wonder (Pericles, Ajax, the Lighthouse, the
  // Colossus): "As soon as one player meets the victory conditions, the game ends immediately" (000:536-537).
  to("3.mn-construction-phase");
  step({ type: "enter", id: "mn-colossus", player: 2 });
  m = E.momentAt(rules, t);
  assert.deepEqual(m.wins.map((w) => `${w.id}:${w.meets.join()}`), ["mn-object-of-the-game:2"]);
  // Mars left again at turn 3's Offering phase.
  assert.deepEqual(E.stateOf(rules, t).left.filter((l) => l.id === "mn-mars").map((l) => `${l.player}:${l.until}`), ["3:2.mn-offering-phase", "1:3.mn-offering-phase"]);

  // The history, each line stamped where it happened.
  const h = E.historyOf(rules, t).map((x) => x.text);
  assert.ok(h.includes("Turn 1, Offering to the Gods Phase: player 3 (Egypt) took Mars") || h.some((x) => /^Turn 1, .*Offering.*: player 3 \(Egypt\) took Mars$/.test(x)), h.join("\n"));
  assert.ok(h.some((x) => /^Turn 3, Construction.*: player 2 \(Greece\) took Colossus/.test(x)));
  assert.ok(h.some((x) => /Mars left play by rule/.test(x)));
  // Undo of every change gives back exactly the table before it; the link reads back the same.
  assert.ok(assertUndoEveryPrefix(tables) > 40);
  const q = assertRoundTrip(t);
  assert.ok(q.length <= E.LINK_BUDGET, `${q.length} characters`);
});

test("Mare Nostrum free setup: the hero enters only when bought, and only by its own civilization's player (000:118-119, 000:140)", () => {
  let t = table(`${SEATS}&opt=mn-free-setup`);
  assert.ok(!E.stateOf(rules, t).inPlay.some((e) => e.id === "mn-julius-caesar"));
  assert.match(refused(t, { type: "enter", id: "mn-julius-caesar", player: 2 }), /Rome's own; only player 1/);
  t = change(t, { type: "enter", id: "mn-julius-caesar", player: 1 });
  // Hannibal's free legion "when it is acquired" (000:772), prompted as he enters.
  t = change(t, { type: "enter", id: "mn-hannibal", player: 4 });
  assert.deepEqual(E.momentAt(rules, t).prompts.map((p) => p.id), ["mn-hannibal"]);
});

test("Mare Nostrum's longer game: only its own condition, 5 heroes and/or wonders (000:35-36)", () => {
  let t = table(`${SEATS}&opt=mn-longer-game`);
  t = change(t, { type: "marker", to: "1.mn-construction-phase" });
  for (const id of ["mn-ajax", "mn-lighthouse", "mn-colossus"]) t = change(t, { type: "enter", id, player: 2 });
  let wins = E.momentAt(rules, t).wins;
  assert.deepEqual(wins.map((w) => `${w.id}:${w.holds.count}:${w.meets.join()}`), ["mn-longer-game:5:"]);
  t = change(t, { type: "enter", id: "mn-achilles", player: 2 });
  wins = E.momentAt(rules, t).wins;
  assert.deepEqual(wins.map((w) => `${w.id}:${w.meets.join()}`), ["mn-longer-game:2"]);
});

test("Mare Nostrum's three-roles variant: instead of the usual conditions, 3 role cards held at once win, checked when roles change hands at the start of a turn (000:929-933, 000:175-176, 000:795)", () => {
  let t = table(`${SEATS}&opt=mn-three-roles-victory`);
  const tables = [t];
  const step = (c) => { t = change(t, c); tables.push(t); return t; };
  const to = (pos, each) => { t = stepTo(t, pos, (x, m) => { tables.push(x); if (each) each(x, m); }); return t; };
  const wins = (x) => E.momentAt(rules, x).wins.map((w) => `${w.id}:${w.trigger}:${w.meets === null ? "?" : w.meets.join()}`);
  // "At the start of the game, each role ... is given to the player indicated on the Player Aid
  // Card" (000:172-174): Rome, Greece and Egypt one each (000:138, 334-335, 258), one role each.
  assert.deepEqual(wins(t), ["mn-three-roles-victory:at:"]);
  assert.deepEqual(E.momentAt(rules, t).wins[0].counts, [{ player: 1, count: 1 }, { player: 2, count: 1 }, { player: 3, count: 1 }]);
  // "Instead of the usual victory conditions" (000:931): Greece's fourth hero or wonder is no
  // win here, and no win is checked after a purchase.
  to("1.mn-construction-phase");
  for (const id of ["mn-ajax", "mn-lighthouse", "mn-colossus"]) step({ type: "enter", id, player: 2 });
  assert.deepEqual(wins(t), [], "the usual 4 heroes and/or wonders are not checked");
  // Roles change hands only at the start of each new turn (000:175-176, 000:795); between, no check.
  to("2.mn-role-assignment", (x, m) => { if (m.step.id !== "mn-role-assignment") assert.deepEqual(m.wins, [], m.pos); });
  assert.deepEqual(wins(t), ["mn-three-roles-victory:at:"]);
  // Greece takes the Director of Commerce, then the Political Leader from Egypt, beside its High Priest:
  // "any player who controls 3 of the role cards at once immediately wins the game" (000:931-933).
  step({ type: "enter", id: "mn-director-of-commerce", player: 2 });
  assert.deepEqual(wins(t), ["mn-three-roles-victory:after:"]);
  step({ type: "enter", id: "mn-political-leader", player: 2 });
  const m = E.momentAt(rules, t);
  assert.deepEqual(wins(t), ["mn-three-roles-victory:after:2"]);
  assert.deepEqual(m.wins[0].by, ["mn-director-of-commerce", "mn-political-leader"]);
  assert.deepEqual(m.wins[0].counts, [{ player: 1, count: 1 }, { player: 2, count: 3 }]);
  assert.ok(E.historyOf(rules, t).some((h) => h.text === "Turn 2, Role Assignment: Political Leader passed to player 2 (Greece)"));
  assert.ok(assertUndoEveryPrefix(tables) > 10);
  assertRoundTrip(t);
});

test("a look back in time (momentAt at an earlier position): only what was in play then, with who held it and its mark then", () => {
  let t = table(SEATS);
  t = change(t, { type: "marker", to: "1.mn-offering-phase" });
  t = change(t, { type: "enter", id: "mn-mars", player: 3 });   // Egypt's until the next Offering phase (000:385)
  t = change(t, { type: "marker", to: "1.mn-combat" });
  t = change(t, { type: "use", id: "mn-mars", player: 3 });
  t = change(t, { type: "marker", to: "2.mn-offering-phase" });
  t = change(t, { type: "enter", id: "mn-mars", player: 1 });   // Rome's now, unused
  t = change(t, { type: "marker", to: "2.mn-construction-phase" });
  t = change(t, { type: "enter", id: "mn-ajax", player: 2 });   // Ajax rerolls in land battles (000, Ajax)
  t = change(t, { type: "marker", to: "3.mn-construction-phase" });
  const at = (pos, id) => E.momentAt(rules, t, pos).reminders.filter((r) => r.id === id).map((r) => `${r.player}${r.used ? " used" : ""}`);
  // Turn 1's battles: Ajax was not bought yet; Mars was Egypt's, and already used.
  assert.deepEqual(at("1.mn-combat", "mn-ajax"), []);
  assert.deepEqual(at("1.mn-combat", "mn-mars"), ["3 used"]);
  // Turn 2's: Ajax is Greece's, Mars Rome's and unused.
  assert.deepEqual(at("2.mn-combat", "mn-ajax"), ["2"]);
  assert.deepEqual(at("2.mn-combat", "mn-mars"), ["1"]);
  // Turn 3's: Mars went back at the Offering phase; Ajax stays.
  assert.deepEqual(at("3.mn-combat", "mn-mars"), []);
  assert.deepEqual(at("3.mn-combat", "mn-ajax"), ["2"]);
  // The marker moved back to turn 1 shows turn 1's table; the state (what is held now) is unchanged.
  const back = change(t, { type: "marker", to: "1.mn-combat" });
  assert.deepEqual(E.momentAt(rules, back).reminders.filter((r) => r.id === "mn-ajax"), []);
  assert.ok(E.stateOf(rules, back).inPlay.some((e) => e.id === "mn-ajax"));
});

test("Moses' line per moment: the role assignment, construction and movement lines (timing.lines)", () => {
  let t = table(`${SEATS}`);
  t = change(t, { type: "enter", id: "mn-moses", player: 3 });
  const line = (pos) => E.momentAt(rules, t, pos).reminders.find((r) => r.id === "mn-moses").line;
  assert.match(line("2.mn-role-assignment"), /High Priest/);    // 000:874-875
  assert.match(line("2.mn-construction-phase"), /influence markers/);
  assert.match(line("2.mn-movement"), /ground units cross/);
  assert.notEqual(line("2.mn-role-assignment"), line("2.mn-movement"));
});

test("seen as player 2 (a seat's QR code): Greece's reminders and due first, the others folded; a seat that does not exist is a message", () => {
  const t = table(`${SEATS}&as=2`);
  const m = E.momentAt(rules, t, "1.mn-combat");
  assert.equal(m.view.asPlayer, 2);
  const firstOther = m.reminders.findIndex((r) => r.player !== 2);
  assert.ok(m.reminders.slice(0, firstOther).length >= 1 && m.reminders.slice(firstOther).every((r) => r.player !== 2));
  assert.ok(m.reminders.filter((r) => r.player !== 2 && r.player !== null).every((r) => r.folded));
  const bad = E.momentAt(rules, t, "1.mn-combat", { asPlayer: 9 });
  assert.equal(bad.view.asPlayer, null);
  assert.equal(bad.view.error.field, "as");
  const link = E.tableFromQuery(rules, `${SEATS}&as=9`);
  assert.deepEqual(link.errors.map((e) => e.field), ["as"]);
  assert.equal(link.table.as, null);
});

test("the roles are part of the table: turn 1 starts from the setup's holders; at each Role Assignment a tap per role records the holder, and the reminders follow (000:172-176, 000:795)", () => {
  let t = table(SEATS);
  const first = E.momentAt(rules, t, "1.mn-role-assignment");
  assert.match(first.step.line, /^Turn 1 starts with the roles as the setup gave them/);
  const holders = (m) => Object.fromEntries(m.passes.records.map((r) => [r.id, r.player]));
  // Rome brings the Military Leader and Greece the High Priest (000:138, 000:335); Egypt the Political Leader (its brings); the Director of Commerce is the table's until recorded.
  assert.deepEqual(holders(first), { "mn-director-of-commerce": null, "mn-high-priest": 2, "mn-military-leader": 1, "mn-political-leader": 3 });
  assert.equal(E.momentAt(rules, t, "2.mn-commerce-phase").passes, null, "only at Role Assignment");
  t = change(t, { type: "marker", to: "2.mn-role-assignment" });
  const second = E.momentAt(rules, t);
  assert.match(second.step.line, /go to the players who now lead/);
  t = change(t, { type: "enter", id: "mn-director-of-commerce", player: 4 });
  t = change(t, { type: "enter", id: "mn-high-priest", player: 3 });
  assert.deepEqual(holders(E.momentAt(rules, t)), { "mn-director-of-commerce": 4, "mn-high-priest": 3, "mn-military-leader": 1, "mn-political-leader": 3 });
  assert.match(E.historyOf(rules, t).at(-1).text, /^Turn 2, Role Assignment: High Priest passed to player 3 \(Egypt\)$/);
  // The reminders follow the holder: the Director of Commerce is player 4's, not everyone's.
  t = change(t, { type: "marker", to: "2.mn-commerce-phase" });
  const doc = E.momentAt(rules, t).reminders.find((r) => r.id === "mn-director-of-commerce");
  assert.equal(doc.player, 4);
  t = change(t, { type: "marker", to: "2.mn-offering-phase" });
  assert.equal(E.momentAt(rules, t).reminders.find((r) => r.id === "mn-high-priest").player, 3);
});

test("passes the engine cannot read are gaps at their field: a step that is not the turn's, a kind that is not always in play", () => {
  for (const [edit, path, words] of [[(p) => { p.at = "mn-ajax"; }, "play_along.passes.0.at", /not a step of mn-phases-of-a-turn/],
    [(p) => { p.kinds = ["hero"]; }, "play_along.passes.0.kinds", /must be a kind of play_along.always/]]) {
    const copy = structuredClone(data);
    edit(recordIn(copy, "mn-mare-nostrum-mythology").play_along.passes[0]);
    assert.throws(() => E.rulesFromRecords(copy), (e) => e instanceof E.RecordsError && e.details.some((x) => x.record === "mn-mare-nostrum-mythology" && x.path.join(".") === path && words.test(x.text)));
  }
});

test("a second god is a warning, never a refusal, unless its player holds Adonis (000:418-419, Q&A beside Construction Phase; 000:811-817)", () => {
  let t = table(SEATS);
  t = change(t, { type: "marker", to: "1.mn-offering-phase" });
  t = change(t, { type: "enter", id: "mn-mars", player: 2 });
  assert.deepEqual(E.momentAt(rules, t).limits, [], "one god: no word");
  t = change(t, { type: "enter", id: "mn-hermes", player: 2 });   // taken, not refused
  const [w, ...more] = E.momentAt(rules, t).limits;
  assert.equal(more.length, 0);
  assert.equal(w.player, 2);
  assert.equal(w.id, "mn-offering-phase");
  assert.deepEqual(w.held.map((x) => x.id).sort(), ["mn-hermes", "mn-mars"]);
  assert.match(w.text, /^holds 2 \(.*\); 1 normally\. A player does not normally hold a second god .*Adonis/);
  // With Adonis, the exception the source makes: no warning.
  t = change(t, { type: "enter", id: "mn-adonis", player: 2 });
  assert.deepEqual(E.momentAt(rules, t).limits, []);
  // A limit the reader cannot read is a gap at its field.
  for (const [edit, path, words] of [
    [(l) => { l.kinds = ["role", "dice"]; }, "play_along.limits.0.kinds.1", /not a kind of play_along.in_play or always/],
    [(l) => { l.count = 0; }, "play_along.limits.0.count", /not a whole number from 1 to 99/],
    [(l) => { l.unless = ["mn-nobody"]; }, "play_along.limits.0.unless.0", /not a record of this game/]]) {
    const copy = structuredClone(data);
    edit(recordIn(copy, "mn-mare-nostrum-mythology").play_along.limits[0]);
    assert.throws(() => E.rulesFromRecords(copy), (e) => e instanceof E.RecordsError && e.details.some((x) => x.record === "mn-mare-nostrum-mythology" && x.path.join(".") === path && words.test(x.text)));
  }
});
