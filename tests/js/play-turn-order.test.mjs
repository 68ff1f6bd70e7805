// Each game's turn as the play-along engine walks it (content/assets/play/engine/turn-order.js: the
// turn root's step_of tree in pre-order by `order`), held against the source's own order, line by
// line (swapping two steps' `order` passed every check and showed Mare
// Nostrum's Combat before Movement). The reader (content/assets/play/engine/turn-order.js) refuses a
// shared or missing order and an order that contradicts the record's own links; this suite holds
// the order itself. Each step is written with its depth: "  " per level under the turn.
import test from "node:test";
import assert from "node:assert/strict";
import * as E from "../../content/assets/play/engine/index.js";
import { realData, recordIn } from "./helper-records.mjs";

const data = realData();
const rules = E.rulesFromRecords(data);
const walked = (slug) => rules.games[slug].steps.map((s) => `${"  ".repeat(Math.max(0, s.path.length - 1))}${s.id}`);

test("Mare Nostrum: roles, then Commerce, Offering, Construction, Military (000_0359f61f61dff767.txt)", () => {
  assert.equal(rules.games["mare-nostrum"].turn.id, "mn-phases-of-a-turn");
  assert.deepEqual(walked("mare-nostrum"), [
    "mn-role-assignment",                // l. 174-176: role cards reassigned at the start of each new turn
    "mn-commerce-phase",                 // l. 157-159: the four phases, Commerce first; l. 198
    "  mn-collect-revenues",             // l. 199: A) Collect Revenues
    "  mn-trading-between-the-players",  // l. 276: B) Trading Between the Players
    "mn-offering-phase",                 // l. 158, 329: the Offering to the Gods Phase
    "mn-construction-phase",             // l. 158-159, 387
    "mn-military-phase",                 // l. 159 ("and then the Military Phase"), 436
    "  mn-movement",                     // l. 439: A) Movement
    "  mn-combat",                       // l. 475: B) Combat
  ]);
});

test("7 Wonders Myths: the prayer phase opens the age, then each turn's four phases, then cleanup (001_544a1af2b3e143a7.txt)", () => {
  assert.equal(rules.games["seven-wonders-myths"].turn.id, "swm-myths-gameplay");
  assert.deepEqual(walked("seven-wonders-myths"), [
    "swm-prayer-phase",                  // l. 17-19 (the contents' order), 128-130: each age begins with it
    "swm-turn-and-phase-resolution",     // l. 140
    "  swm-declaration-phase",           // l. 144: 1. Declaration Phase
    "  swm-card-selection-phase",        // l. 148: 2. Card Selection Phase
    "  swm-action-phase",                // l. 150: 3. Action
    // l. 150: Invocation and Age Card Activation in either order, with Refresh between them;
    // the records give the order of the source's own list and example (l. 152, 160, 162, 164).
    "    swm-invocation-action",
    "    swm-refresh-action",
    "    swm-age-card-activation",
    "  swm-draft-phase",                 // l. 170: 4. Draft
    "swm-cleanup-phase",                 // l. 172-174: at the end of the age
  ]);
});

test("Ancient Conquest: appearance, diplomacy, the players in turn, the turn marker (004_fbe8c053f9a5701f.txt)", () => {
  assert.equal(rules.games["ancient-conquest"].turn.id, "ac-turn-sequence");
  assert.deepEqual(walked("ancient-conquest"), [
    "ac-placement-of-units",             // l. 77: 1. Appearance of Units
    "ac-diplomatic-phase",               // l. 78: 2. Diplomatic Phase
    "ac-player-turns",                   // l. 79: 3. each player moves and attacks in sequence
    "  ac-movement-rules",               // l. 79, 83: units moved, "and then any combat ... resolved"
    "  ac-combat",
    "ac-advance-turn-marker",            // l. 83: when the last player has finished, the turn marker moves
  ]);
});

test("Mosaic: three moments, not a turn: the records say the source gives no turn order (003_69c8e170abfe9005.txt)", () => {
  assert.equal(rules.games["mosaic-wars-disasters"].turn.id, "mos-moments-of-play");
  // l. 97, 113 (a Military Action), l. 53 (an Empire Scoring Card revealed), l. 256 (a Disaster
  // Trigger Card drawn): the source names the moments, never their order; the list is the
  // project's, and the game record says so where the page reads it.
  assert.deepEqual(walked("mosaic-wars-disasters"), ["mos-military-action", "mos-empire-scoring", "mos-disasters"]);
  const gaps = recordIn(data, "mos-mosaic-wars-disasters").play_along.gaps.join(" ");
  assert.match(gaps, /gives no turn sequence/);
  assert.match(gaps, /that order is not a turn order/);
});

test("Diplomacy: the fragment gives no phases, so each year is one step, and the record says so (002_0f3c2497476d2302.txt)", () => {
  // l. 3: "Les phases et les années s'écoulent comme sur une partie standard": phases and years
  // run as in a standard game, which is not in the source.
  const g = rules.games["diplomacy-variant"];
  assert.equal(g.turn.id, "dip-game-length");
  assert.deepEqual(walked("diplomacy-variant"), ["dip-game-length"]);   // the turn root alone: one step a year
  const gaps = recordIn(data, g.record.id).play_along.gaps.join(" ");
  assert.match(gaps, /gives no phases of its own/);
});

// The reader's judgments of the turn (turn-order.js), each one gap naming its check, on a copy of the records.
const gapsOf = (edit) => {
  const copy = structuredClone(data);
  edit(copy);
  try { E.rulesFromRecords(copy); return []; } catch (err) { return err.details.map((d) => `${d.record} ${d.path.join(".")} [${d.check}]`); }
};

test("a turn naming a phase is one gap at the game's play_along.turn, and no step is judged", () => {
  assert.deepEqual(gapsOf((d) => { recordIn(d, "mn-mare-nostrum-mythology").play_along.turn = "mn-military-phase"; }),
    ["mn-mare-nostrum-mythology play_along.turn [play/turn-root]"]);
});

test("Combat ordered before Movement, against the Military Phase's text, is one gap at Combat", () => {
  assert.deepEqual(gapsOf((d) => { recordIn(d, "mn-combat").order = 180; recordIn(d, "mn-movement").order = 190; }),
    ["mn-combat order [play/linked-order]"]);
});

test("a shared order is a gap at each step sharing it; a missing one is a gap at its step_of", () => {
  assert.deepEqual(gapsOf((d) => { recordIn(d, "mn-combat").order = recordIn(d, "mn-movement").order; }).sort(),
    ["mn-combat order [play/step-order]", "mn-movement order [play/step-order]"]);
  assert.deepEqual(gapsOf((d) => { delete recordIn(d, "mn-combat").order; }), ["mn-combat step_of [play/step-order]"]);
});

test("hostile step records: odd types, circles and a record linking 3,000 steps give gaps or nothing, never a throw or a hang", async () => {
  const { stepsOf, stepOrderGaps, turnRootGap } = await import("../../content/assets/play/engine/turn-order.js");
  const rule = (id, more) => ({ id, kind: "rule", game: "g", ...more });
  const many = Array.from({ length: 3000 }, (_, i) => rule(`x-m${i}`, { step_of: "x-big", order: 3000 - i }));
  const records = [
    rule("x-root", { steps: [42, null, { id: "x-a" }, "{x-a}", "{x-b}"], text: 7 }),
    rule("x-a", { step_of: "x-root", order: "1" }),
    rule("x-b", { step_of: "x-root", order: 1.5 }),
    rule("x-c", { step_of: "x-root", order: true }),
    rule("x-d", { step_of: "x-root", order: null }),
    rule("x-self", { step_of: "x-self", order: 1 }),
    rule("x-p", { step_of: "x-q", order: 1 }), rule("x-q", { step_of: "x-p", order: 1 }),
    rule("x-big", { step_of: "x-root", order: 9, text: many.map((r) => `{${r.id}}`).join(" ") }),
    { id: "x-card", kind: "card", game: "g", step_of: "x-root", order: 2 },
    { kind: "rule", step_of: "x-root" },
    ...many,
  ];
  const byId = new Map(records.filter((r) => typeof r.id === "string").map((r) => [r.id, r]));
  const t = performance.now();
  const steps = stepsOf("x-root", records);
  const gaps = stepOrderGaps(records, byId);
  const root = turnRootGap({ id: "x-game", play_along: { turn: "x-p" } }, records, byId);
  assert.ok(performance.now() - t < 5000, "the walk and the judgments end in seconds");
  assert.equal(new Set(steps.map((s) => s.id)).size, steps.length, "each step once");
  assert.equal(root, null, "a turn on a step_of circle is timing/step-records' line, not the reader's");
  assert.ok(gaps.every((g) => typeof g.record === "string" && Array.isArray(g.path) && g.check.startsWith("play/")), JSON.stringify(gaps.slice(0, 3)));
  assert.deepEqual(gaps.filter((g) => g.path[0] === "step_of").map((g) => g.record), ["x-d"], "a null order is a missing order");
  assert.ok(gaps.some((g) => g.check === "play/linked-order" && g.record.startsWith("x-m")), "the big record's reversed orders are named");
});
