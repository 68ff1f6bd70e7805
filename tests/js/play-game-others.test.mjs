// Ancient Conquest (all 15 turns), 7 Wonders Myths (three ages), Mosaic and the Diplomacy
// variant played along by scripted logs (issue 31, "Done when"), every position checked
// (play-game-helpers.mjs checkMoment). Lines cite the sources as 004:<line> (Ancient Conquest,
// 004_fbe8c053f9a5701f.txt), 001:<line> (7 Wonders Myths), 003:<line> (Mosaic), 002:<line>.
import test from "node:test";
import assert from "node:assert/strict";
import * as E from "../../content/assets/play/engine/index.js";
import { rules, table, change, stepTo, assertUndoEveryPrefix, assertRoundTrip } from "./play-game-helpers.mjs";

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
  // Egypt 7, "before turn 10" (004:341): due as turn 10 opens, its last chance turn 9 (issue 32's reading).
  assert.deepEqual(at("ac-egyptian-empire#7"), [9, 10]);
  assert.equal(what("ac-egyptian-empire#7", 9), "last-chance");
  assert.equal(what("ac-egyptian-empire#7", 10), "at");
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

test("7 Wonders Myths, three ages: myth cards taken in each age, discarded at the cleanup of ages I and II, kept after III (001:174)", () => {
  let t = table("g=seven-wonders-myths&n=3&s=swm-the-pit-of-tartaros&s=swm-the-harbor-of-ithaca");
  const g = rules.games["seven-wonders-myths"];
  const leaves = g.state.leaves[0];
  assert.deepEqual(leaves.rounds, [1, 2]);
  const myth = leaves.records;
  // The seats' wonder boards are in front of their players from setup (data31's brings).
  assert.ok(E.stateOf(rules, t).inPlay.some((e) => e.id === "swm-the-pit-of-tartaros" && e.player === 1));
  const inPlay = (x, id) => E.stateOf(rules, x).inPlay.some((e) => e.id === id);
  for (const age of [1, 2, 3]) {
    t = change(t, { type: "marker", to: `${age}.1.swm-action-phase` });
    const card = myth[age];
    t = change(t, { type: "enter", id: card, player: 1 + (age % 3) });
    // Age turns are open-ended (the base game's count); "end this age" reaches the cleanup,
    // which closes ages I and II only (rounds.closes_with {step, rounds: [1, 2]}).
    const end = E.roundEndPosition(rules, t, E.stateOf(rules, t).at);
    t = stepTo(t, `${age}.2.swm-turn-and-phase-resolution`);
    if (age < 3) {
      assert.equal(end.pos, `${age}.swm-cleanup-phase`);
      t = change(t, { type: "marker", to: end.pos });
      assert.ok(!inPlay(t, card), `age ${age}: ${card} discarded at the cleanup`);
      assert.deepEqual(E.momentAt(rules, t).leaving.map((l) => l.id), [card]);
    } else {
      // Age III has no cleanup, so its end is not a position the records give, and the card stays.
      assert.ok(end.error && !end.pos, "age III's end is not given");
      assert.ok(E.parsePosition(g, "3.swm-cleanup-phase").error);
      t = stepTo(t, "3.5.swm-draft-phase");
      assert.ok(inPlay(t, card), "age III: myth cards are not discarded");
      assert.equal(E.stateOf(rules, t).inPlay.find((e) => e.id === card).leaves, null);
    }
  }
  // Two ages' cards left by rule, the third's kept: the history says so.
  assert.equal(E.historyOf(rules, t).filter((h) => h.type === "leaves").length, 2);
  assertRoundTrip(t);
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
