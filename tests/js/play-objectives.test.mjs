// Objectives judged during play, and the end of an Ancient Conquest game (content/assets/play/engine:
// events.js "j", state.js, due.js, scoring.js, navigation.js): a verdict is a change of the log
// (link, undo, fold, merge, conflict); the scoring link carries who plays each group and every
// verdict, and the victory helper's own engine reads it back with no message; "Turn ›" stops at
// the end of a turn where a deadline falls; a deadline's own turn is a check, not a chance.
import test from "node:test";
import assert from "node:assert/strict";
import * as E from "../../content/assets/play/engine/index.js";
import * as V from "../../content/assets/helpers/ac-victory.js";
import { openingQuery } from "../../content/assets/tools/opening.js";
import { data, rules, table, change, refused } from "./play-game-helpers.mjs";

const AC = "g=ancient-conquest&n=4&s=2&s=1&s=4&s=3";   // player 1 plays group 2, player 2 group 1, ...
const g = rules.games["ancient-conquest"];
const LAST = g.steps[g.steps.length - 1].id;
const victory = V.rulesFromRecords(data);
const judge = (t, id, n, verdict, phone) => {
  const r = E.applyChange(rules, t, { type: "objective", id, n, verdict }, phone ? { phone } : {});
  assert.equal(r.error, null, r.error && r.error.message);
  return r.table;
};
const verdicts = (t) => E.stateOf(rules, t).objectives.map((v) => `${v.id}.${v.n}:${v.verdict}`);
const viaLink = (t) => {
  const r = E.tableFromQuery(rules, E.tableToQuery(rules, t));
  assert.deepEqual(r.errors, []);
  return r.table;
};

test("an objective judged met or missed is a change of the log: link, history, undo, open again", () => {
  let t = table(AC);
  t = judge(t, "ac-egyptian-empire", 3, "met");
  t = judge(t, "ac-assyrian-empire", 2, "missed");
  assert.deepEqual(verdicts(t), ["ac-assyrian-empire.2:missed", "ac-egyptian-empire.3:met"]);
  assert.match(E.tableToQuery(rules, t), /e=jegyptian-empire\.3\.m&e=jassyrian-empire\.2\.x/);
  assert.deepEqual(verdicts(viaLink(t)), verdicts(t));
  assert.deepEqual(E.historyOf(rules, t).map((h) => h.text.replace(/^.*: /, "")),
    ["Egyptian Empire's objective 3 marked met", "Assyrian Empire's objective 2 marked missed"]);
  // The same verdict twice is refused; an objective the record lacks, or a record without objectives, too.
  assert.match(refused(t, { type: "objective", id: "ac-egyptian-empire", n: 3, verdict: "met" }), /already met/);
  assert.match(refused(t, { type: "objective", id: "ac-egyptian-empire", n: 99, verdict: "met" }), /no objective 99; its objectives are 1 to \d+/);
  assert.match(refused(t, { type: "objective", id: "ac-turn-sequence", n: 1, verdict: "met" }), /it has none/);
  assert.match(E.applyChange(rules, t, { type: "objective", id: "ac-egyptian-empire", n: 1, verdict: "won" }).error.message, /met, missed or open/);
  // Undo takes the last verdict back; "open" takes a verdict back as a change of its own.
  assert.deepEqual(verdicts(E.undo(rules, t)), ["ac-egyptian-empire.3:met"]);
  assert.deepEqual(verdicts(judge(t, "ac-egyptian-empire", 3, "open")), ["ac-assyrian-empire.2:missed"]);
  // Hostile spellings are left out with a message, never a throw.
  const bad = E.tableFromQuery(rules, `${AC}&e=jegyptian-empire.3.q&e=jnobody.1.m&e=j&e=jegyptian-empire.123.m`);
  assert.equal(bad.errors.length, 4);
  assert.deepEqual(E.stateOf(rules, bad.table).objectives, []);
});

test("a verdict survives a fold, and two phones that judge one objective differently show a conflict", () => {
  let t = judge(table(AC), "ac-hittite-empire", 1, "met", "aaa");
  // A hero enters and leaves play until the link folds: the verdict stays.
  for (let i = 0; i < 400 && E.stateOf(rules, t).folded < 0; i += 1) {
    t = change(t, { type: "enter", id: "ac-david", player: 3 });
    t = change(t, { type: "leave", id: "ac-david" });
  }
  assert.ok(E.stateOf(rules, t).folded >= 0, "the link folded");
  assert.deepEqual(verdicts(t), ["ac-hittite-empire.1:met"]);
  // Phone A says met, phone B missed: both stand in the log, and the table shows both sides.
  const start = table(AC);
  const A = judge(start, "ac-egyptian-empire", 5, "met", "aaa");
  const B = judge(start, "ac-egyptian-empire", 5, "missed", "bbb");
  const m = E.mergeTables(rules, A, viaLink(B)).table;
  const m2 = E.mergeTables(rules, B, viaLink(A)).table;
  assert.equal(E.tableToQuery(rules, m), E.tableToQuery(rules, m2), "merge is the same both ways round");
  const [c] = E.stateOf(rules, m).conflicts;
  assert.equal(c.kind, "verdict");
  const sides = E.conflictSides(rules, m, c);
  assert.deepEqual([sides.a.text, sides.b.text].sort(), ["Egyptian Empire's objective 5 met", "Egyptian Empire's objective 5 missed"]);
  for (const keep of ["a", "b"]) {
    const s = E.settle(rules, m, c, keep, { phone: "ccc" });
    assert.deepEqual(E.stateOf(rules, s.table).conflicts, []);
    assert.equal(verdicts(s.table)[0].split(":")[1], sides[keep].text.split(" ").pop());
  }
});

test("the scoring link carries who plays each group and every verdict; the helper's engine reads it with no message", () => {
  let t = table(AC);
  t = judge(t, "ac-egyptian-empire", 3, "met");
  t = judge(t, "ac-egyptian-empire", 7, "missed");
  t = judge(t, "ac-assyrian-empire", 6, "met");
  t = change(t, { type: "marker", to: `15.${LAST}` });
  const m = E.momentAt(rules, t);
  assert.ok(m.end && m.end.last, "turn 15's last step ends the game");
  const href = m.end.scoring;
  assert.match(href, /^calculators\/ancient-conquest-victory\/\?/);
  const query = href.split("?")[1];
  const r = V.countQuery(victory, query);
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.scenario.achieved.sort(), ["assyrian-empire.6", "egyptian-empire.3"]);
  assert.deepEqual(r.scenario.missed, ["egyptian-empire.7"]);
  // Seats: player 1 plays group 2, player 2 group 1, player 3 group 4, player 4 group 3.
  assert.deepEqual(r.groups.map((x) => [x.group, x.player]), [[1, 2], [2, 1], [3, 4], [4, 3]]);
  const egypt = victory.peoples.find((p) => p.id === "ac-egyptian-empire");
  const assyria = victory.peoples.find((p) => p.id === "ac-assyrian-empire");
  assert.equal(r.groups.find((x) => x.group === egypt.group).objectives, egypt.objectives[2].vp);
  assert.equal(r.groups.find((x) => x.group === assyria.group).objectives, assyria.objectives[5].vp);
  // The helper's own query writer keeps what the table brought.
  assert.equal(V.scenarioToQuery(victory, r.scenario), V.scenarioToQuery(victory, V.scenarioFromQuery(victory, V.scenarioToQuery(victory, r.scenario)).scenario));
  assert.match(V.scenarioToQuery(victory, r.scenario), /x=egyptian-empire\.7/);
  assert.match(V.scenarioToQuery(victory, r.scenario), /g1\.player=2/);
  // The moment lists every objective of the table, with its verdict, at the end.
  assert.equal(m.objectives.filter((o) => o.verdict === "met").length, 2);
  assert.equal(m.objectives.find((o) => o.id === "ac-egyptian-empire" && o.n === 7).verdict, "missed");
});

test("a table that gives the helper nothing opens its blank form, never its sample", () => {
  const t = change(table("g=ancient-conquest&n=4"), { type: "marker", to: `15.${LAST}` });
  const href = E.momentAt(rules, t).end.scoring;
  assert.equal(href, "calculators/ancient-conquest-victory/?start=blank");
  assert.deepEqual(openingQuery(data, "calculators/ancient-conquest-victory.md", `?${href.split("?")[1]}`), { query: "", opening: null });
});

test("the helper reads hostile table values as messages at their fields", () => {
  const r = V.countQuery(victory, "o=egyptian-empire.3&x=egyptian-empire.3&x=nobody.1&g1.player=zero&g2.player=0");
  assert.deepEqual(r.errors.map((e) => e.field).sort(), ["g1.player", "g2.player", "x", "x"]);
  assert.deepEqual(r.scenario.achieved, ["egyptian-empire.3"]);
  assert.deepEqual(r.scenario.missed, []);
});

test("Turn › stops at the end of a turn where a deadline falls, and at the end of the game", () => {
  const t = table(AC);
  const next = (pos) => E.nextPosition(rules, t, pos, "turn");
  // Turn 4 ends with objectives due (Assyria 1, Egypt 2): the marker stops there, then goes on.
  assert.equal(next("4.ac-placement-of-units"), `4.${LAST}`);
  assert.equal(next(`4.${LAST}`), `5.${g.steps[0].id}`);
  // Turn 3's end has nothing due: straight to turn 4.
  assert.equal(next("3.ac-placement-of-units"), `4.${g.steps[0].id}`);
  // The last turn: its end, where the game ends.
  assert.equal(next("15.ac-placement-of-units"), `15.${LAST}`);
  assert.equal(next(`15.${LAST}`), null);
  // The move by round does the same.
  assert.equal(E.nextPosition(rules, t, "10.ac-placement-of-units", "round"), `10.${LAST}`);
});

test("a deadline's own turn is its check, and a judged objective no longer runs on", () => {
  let t = table(AC);
  const egypt7 = (pos, tt = t) => E.momentAt(rules, tt, pos).dueTurn.find((d) => d.id === "ac-egyptian-empire" && d.objective === 7);
  assert.equal(egypt7("9.ac-placement-of-units").what, "last-chance");
  assert.equal(egypt7("10.ac-placement-of-units").what, "check");
  // A window that runs (Egypt 8, throughout the game) is listed each turn until it is judged.
  const egypt8 = (pos, tt) => E.momentAt(rules, tt, pos).dueTurn.find((d) => d.id === "ac-egyptian-empire" && d.objective === 8);
  assert.equal(egypt8("5.ac-placement-of-units", t).what, "runs");
  t = judge(t, "ac-egyptian-empire", 8, "missed");
  assert.equal(egypt8("5.ac-placement-of-units", t), undefined);
  // Where it is shown, a due objective carries its verdict.
  t = judge(t, "ac-egyptian-empire", 7, "met");
  assert.equal(egypt7("10.ac-placement-of-units", t).verdict, "met");
});

test("an objective's timing.lines are held to its own timing.at, as a record's are (play-state/timing-lines)", () => {
  const copy = structuredClone(data);
  const aramean = copy.records.find((r) => r.id === "ac-aramean-peoples");
  aramean.objectives[1].timing.lines = [{ at: "ac-combat", do: "Hold Kadesh." }];
  assert.throws(() => E.rulesFromRecords(copy), (err) => {
    assert.deepEqual(err.details.map((d) => [d.record, d.path.join("."), d.check]),
      [["ac-aramean-peoples", "objectives.1.timing.lines.0.at", "play-state/timing-lines"]]);
    return true;
  });
});
