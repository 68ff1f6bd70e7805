// One table on every phone (content/assets/play/engine/merge.js, stamps.js): two logs of the same
// table merge into one. Seeded property tests over 500 pairs of random logs with a shared start
// (commutative, associative, idempotent; every change of either phone in the result, taken back
// by the phone that made it, or shown as a conflict; an undone change never back; a folded log
// against an unfolded one), each conflict kind, and the hostile codes.
import test from "node:test";
import assert from "node:assert/strict";
import * as E from "../../content/assets/play/engine/index.js";
import { applyChange as applyUnbounded } from "../../content/assets/play/engine/log.js";
import { mergeTables as mergeUnbounded } from "../../content/assets/play/engine/merge.js";
import { seeded } from "./helper-records.mjs";
import { rules, table } from "./play-game-helpers.mjs";

const MN = "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&s=mn-egypt&s=mn-carthage";
const g = rules.games["mare-nostrum"];

/** The table after a change made on `phone`, which the rules accept. */
function on(phone, t, c) {
  const r = E.applyChange(rules, t, c, { phone });
  assert.equal(r.error, null, `${phone} ${JSON.stringify(c)}: ${r.error && r.error.message}`);
  return r.table;
}

/** A table as another phone reads it: through its link, as a scanned code carries it. */
const viaLink = (t) => {
  const r = E.tableFromQuery(rules, E.tableToQuery(rules, t));
  assert.deepEqual(r.errors, [], E.tableToQuery(rules, t));
  return r.table;
};
const merge = (a, b) => {
  const r = E.mergeTables(rules, a, viaLink(b));
  assert.equal(r.error, null);
  return r.table;
};
const link = (t) => E.tableToQuery(rules, { ...t, as: null });
const ids = (t) => new Set(t.log.filter((e) => e.type !== "fold").map(E.eventId));

/** One random change a player could make on `phone` (or an undo), applied when the rules take it. */
function randomStep(rand, phone, t, undone) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const st = E.stateOf(rules, t);
  const roll = rand();
  if (roll < 0.1) {
    const before = ids(t);
    const after = E.undo(rules, t, { phone });
    for (const id of before) if (!ids(after).has(id)) undone.add(id);
    return after;
  }
  const entering = g.records.filter((r) => g.inPlayKinds.includes(r.kind));
  const roles = g.records.filter((r) => g.always.includes(r.kind));
  const player = 1 + Math.floor(rand() * 4);
  const c = roll < 0.35 ? { type: "marker", to: E.nextPosition(rules, t, st.at, pick(["step", "step", "phase", "turn"])) || st.at }
    : roll < 0.6 ? { type: "enter", id: pick(entering).id, player }
      : roll < 0.7 && st.inPlay.length ? { type: "leave", id: pick(st.inPlay).id }
        : roll < 0.8 && st.inPlay.length ? { type: "use", id: pick(st.inPlay).id, player: null }
          : roll < 0.9 ? { type: "enter", id: pick(roles).id, player }
            : { type: pick(["tick", "untick"]), key: pick(st.setupKeys) };
  const r = E.applyChange(rules, t, c, { phone });
  return r.error ? t : r.table;
}

/** The state as the table shows it: who holds what, the ticks, the marker, the marks, the conflicts. */
function shown(t) {
  const s = E.stateOf(rules, t);
  return JSON.stringify([s.at, s.inPlay.map((e) => `${e.id}:${e.player}`).sort(), s.ticks, s.used.map((u) => `${u.id}:${u.count}`), s.conflicts.map((c) => c.key).sort()]);
}

test("500 pairs of random logs with a shared start: merge is commutative, associative and idempotent; nothing is lost; an undone change never comes back", () => {
  const rand = seeded(42);
  let conflicts = 0;
  let undoneSeen = 0;
  for (let run = 0; run < 500; run += 1) {
    const undone = new Set();
    let start = table(MN);
    for (let k = 0; k < 4; k += 1) start = randomStep(rand, "sss", start, undone);
    const phones = { aaa: viaLink(start), bbb: viaLink(start), ccc: viaLink(start) };
    // What each phone knows was undone: its own undos, and those of every code it merged.
    const knows = { aaa: new Set(undone), bbb: new Set(undone), ccc: new Set(undone) };
    // Three rounds: each phone plays a few changes, then some phones merge another's code.
    for (let round = 0; round < 3; round += 1) {
      for (const ph of Object.keys(phones)) for (let k = 0; k < 4; k += 1) phones[ph] = randomStep(rand, ph, phones[ph], knows[ph]);
      for (const ph of Object.keys(phones)) {
        if (rand() >= 0.4) continue;
        const from = ["aaa", "bbb", "ccc"][Math.floor(rand() * 3)];
        phones[ph] = merge(phones[ph], phones[from]);
        for (const id of knows[from]) knows[ph].add(id);
      }
    }
    for (const set of Object.values(knows)) for (const id of set) undone.add(id);
    const { aaa: A, bbb: B, ccc: C } = phones;
    const ab = merge(A, B);
    const ba = merge(B, A);
    assert.equal(link(ab), link(ba), `run ${run}: A then B is B then A`);
    assert.equal(shown(ab), shown(ba), `run ${run}`);
    assert.equal(link(merge(ab, B)), link(ab), `run ${run}: B twice`);
    assert.equal(link(merge(A, A)), link(A), `run ${run}: A with itself`);
    assert.equal(link(merge(ab, C)), link(merge(A, merge(B, C))), `run ${run}: (A B) C is A (B C)`);
    // Every change of either phone is in the result, unless the phone that made it (or held it
    // last) took it back: an undo, or a marker move its own later move replaced.
    for (const [side, other] of [[A, B], [B, A]]) {
      const known = E.mergeLogs(other.log, other.seen, [], {}).seen;
      for (const e of side.log) {
        if (e.type === "fold" || ids(ab).has(E.eventId(e))) continue;
        assert.ok(known[e.ph] >= e.seq && !ids(other).has(E.eventId(e)), `run ${run}: ${E.eventId(e)} lost`);
        assert.ok(undone.has(E.eventId(e)) || e.type === "marker", `run ${run}: ${E.eventId(e)} (${e.type}) taken out, though nobody undid it`);
      }
    }
    // A change set aside does nothing; unless it repeats another phone's, it is shown as a conflict.
    const st = E.stateOf(rules, ab);
    const inConflict = new Set(st.conflicts.flatMap((c) => [c.a, c.b]));
    for (const i of st.setAside) assert.ok(st.repeats.includes(i) || inConflict.has(i), `run ${run}: change ${i} set aside silently`);
    conflicts += st.conflicts.length;
    // An undone change never comes back to a phone that knew of the undo, whatever it merged.
    const union = (...sets) => new Set(sets.flatMap((x) => [...x]));
    for (const [t, known] of [[ab, union(knows.aaa, knows.bbb)], [ba, union(knows.aaa, knows.bbb)], [merge(ab, C), union(knows.aaa, knows.bbb, knows.ccc)], [A, knows.aaa], [B, knows.bbb], [C, knows.ccc]]) {
      for (const id of known) assert.ok(!ids(t).has(id), `run ${run}: ${id} came back`);
    }
    undoneSeen += undone.size;
  }
  assert.ok(conflicts > 50, `${conflicts} conflicts met: the random logs do meet`);
  assert.ok(undoneSeen > 100, `${undoneSeen} undone changes tried`);
});

/** Two phones' tables from one start: A made `start`'s changes, B opened A's code. */
function twoPhones(startChanges) {
  let t = table(MN);
  for (const c of startChanges) t = on("aaa", t, c);
  return { A: t, B: viaLink(t) };
}
const conflictsOf = (t) => E.stateOf(rules, t).conflicts;
const holder = (t, id) => (E.stateOf(rules, t).inPlay.find((e) => e.id === id) || { player: "out" }).player;

test("conflict: one record entered on two phones for different players; both versions shown, one tap settles, the loser restorable and never brought back", () => {
  let { A, B } = twoPhones([{ type: "marker", to: "1.mn-construction-phase" }]);
  A = on("aaa", A, { type: "enter", id: "mn-athena", player: 1 });
  B = on("bbb", B, { type: "enter", id: "mn-athena", player: 3 });
  for (const m of [merge(A, B), merge(B, A)]) {
    const [c] = conflictsOf(m);
    assert.equal(c.kind, "entered");
    const sides = E.conflictSides(rules, m, c);
    assert.deepEqual([sides.a.text, sides.b.text].sort(), ["Athena for player 1 (Rome)", "Athena for player 3 (Egypt)"]);
    assert.equal(conflictsOf(m).length, 1);
  }
  const m = merge(A, B);
  const c = conflictsOf(m)[0];
  for (const keep of ["a", "b"]) {
    const s = E.settle(rules, m, c, keep, { phone: "aaa" });
    assert.equal(s.error, null);
    assert.deepEqual(conflictsOf(s.table), []);
    assert.equal(s.setAside.length, 1, "the loser is handed back, to restore");
    const kept = E.conflictSides(rules, m, c)[keep].text;
    assert.match(kept, new RegExp(`player ${holder(s.table, "mn-athena")} `));
    // B's phone, still with both, merges the settled table: settled there too, and stays settled.
    const onB = merge(B, s.table);
    assert.deepEqual(conflictsOf(onB), []);
    assert.equal(holder(onB, "mn-athena"), holder(s.table, "mn-athena"));
    assert.equal(link(merge(s.table, B)), link(s.table), "B's old code brings nothing back");
  }
});

test("conflict: a record left play on one phone and was used on the other", () => {
  let { A, B } = twoPhones([{ type: "marker", to: "1.mn-offering-phase" }, { type: "enter", id: "mn-mars", player: 1 },
    { type: "marker", to: "1.mn-construction-phase" }]);
  A = on("aaa", A, { type: "leave", id: "mn-mars" });
  B = on("bbb", B, { type: "marker", to: "1.mn-combat" });
  B = on("bbb", B, { type: "use", id: "mn-mars", player: 1 });
  const m = merge(A, B);
  assert.equal(link(m), link(merge(B, A)));
  const [c] = conflictsOf(m);
  assert.equal(c.kind, "left-used");
  const sides = E.conflictSides(rules, m, c);
  assert.equal(sides.a.text, "Mars left play");
  assert.equal(sides.b.text, "Mars used by player 1 (Rome)");
  const left = E.settle(rules, m, c, "a", { phone: "bbb" }).table;
  assert.equal(holder(left, "mn-mars"), "out");
  assert.deepEqual(conflictsOf(left), []);
  const used = E.settle(rules, m, c, "b", { phone: "bbb" }).table;
  assert.equal(holder(used, "mn-mars"), 1);
  assert.deepEqual(E.stateOf(rules, used).used.map((u) => u.id), ["mn-mars"]);
  assert.deepEqual(conflictsOf(merge(A, used)), [], "A's stale leave stays set aside");
});

test("conflict: a role given to two players at the same Role Assignment", () => {
  let { A, B } = twoPhones([{ type: "marker", to: "2.mn-role-assignment" }]);
  // Greece starts with the High Priest (000, Effects of the Role Cards); it passes to players 1 and 3.
  A = on("aaa", A, { type: "enter", id: "mn-high-priest", player: 1 });
  B = on("bbb", B, { type: "enter", id: "mn-high-priest", player: 3 });
  const m = merge(A, B);
  assert.equal(link(m), link(merge(B, A)));
  const [c] = conflictsOf(m);
  assert.equal(c.kind, "role");
  assert.deepEqual(Object.values(E.conflictSides(rules, m, c)).map((s) => s.text).sort(), ["High Priest to player 1 (Rome)", "High Priest to player 3 (Egypt)"]);
  for (const keep of ["a", "b"]) {
    const s = E.settle(rules, m, c, keep, { phone: "aaa" }).table;
    assert.deepEqual(conflictsOf(s), []);
    assert.equal(holder(s, "mn-high-priest"), m.log[c[keep]].player);
  }
  // A correction made after seeing the other phone's is no conflict.
  const fixed = on("bbb", merge(B, A), { type: "enter", id: "mn-high-priest", player: 4 });
  assert.equal(conflictsOf(fixed).filter((x) => x.kind === "role").length, 0);
});

test("conflict: two markers at different positions, found as the logs merge", () => {
  let { A, B } = twoPhones([{ type: "marker", to: "2.mn-commerce-phase" }]);
  A = on("aaa", A, { type: "marker", to: "2.mn-construction-phase" });
  B = on("bbb", B, { type: "marker", to: "2.mn-offering-phase" });
  const r = E.mergeTables(rules, A, viaLink(B), { seat: 2 });
  const back = E.mergeTables(rules, B, viaLink(A));
  assert.equal(link(r.table), link(back.table));
  const c = r.marker;
  assert.equal(c.kind, "marker");
  assert.deepEqual([c.a.to, c.b.to], ["2.mn-construction-phase", "2.mn-offering-phase"]);
  assert.equal(back.marker.a.to, "2.mn-offering-phase", "each phone sees it from its side");
  assert.match(r.note, /1 thing to settle/);
  assert.deepEqual(Object.values(E.conflictSides(rules, r.table, c)).map((s) => s.text),
    ["the marker at Turn 2, Construction Phase", "the marker at Turn 2, Offering to the Gods Phase"]);
  for (const keep of ["a", "b"]) {
    const s = E.settle(rules, r.table, c, keep, { phone: "aaa" });
    assert.equal(s.error, null);
    assert.equal(E.stateOf(rules, s.table).at, c[keep].to);
    // The other phone follows the settled marker when it merges this code.
    assert.equal(E.stateOf(rules, merge(B, s.table)).at, c[keep].to);
  }
  // Two phones that pressed Next to the same place agree; a phone that only followed the other
  // (no move of its own since) has nothing to settle.
  assert.equal(E.mergeTables(rules, on("bbb", B, { type: "marker", to: "2.mn-construction-phase" }), viaLink(A)).marker, null);
  assert.equal(E.mergeTables(rules, viaLink(A), viaLink(on("aaa", A, { type: "marker", to: "2.mn-military-phase" }))).marker, null);
});

test("two phones that drew the same name clash: both phones' changes are kept, the same either way round, and the merge says so", () => {
  const start = table(MN);
  const A = on("kkk", on("kkk", start, { type: "marker", to: "1.mn-construction-phase" }), { type: "enter", id: "mn-ajax", player: 1 });
  const B = on("kkk", on("kkk", viaLink(start), { type: "marker", to: "1.mn-construction-phase" }), { type: "enter", id: "mn-hermes", player: 2 });
  const r = E.mergeTables(rules, A, viaLink(B));
  const back = E.mergeTables(rules, B, viaLink(A));
  assert.equal(link(r.table), link(back.table));
  assert.equal(r.clashes.length, 1);
  assert.match(r.note, /Two phones wrote under one name \(kkk\); one of them now writes as [a-z0-9]{3}\./);
  assert.deepEqual(E.stateOf(rules, r.table).inPlay.filter((e) => e.by === "entered").map((e) => `${e.id}:${e.player}`).sort(), ["mn-ajax:1", "mn-hermes:2"]);
  assert.equal(link(E.mergeTables(rules, r.table, viaLink(B)).table), link(r.table), "merged twice: the same");
});

test("a folded log merges with an unfolded one without loss: the state is the one the whole logs give", () => {
  // One phone plays a long Mare Nostrum game; the other opened its code at turn 5 and went on
  // alone. The first phone's table, with the link's bound, folds; without it, it would not.
  const unbounded = (t, c, phone) => { const r = applyUnbounded(rules, t, c, () => "", { phone }); assert.equal(r.error, null, JSON.stringify(c)); return r.table; };
  let whole = table(MN);
  let folding = table(MN);
  let B = null;
  const gods = ["mn-mars", "mn-athena", "mn-isis", "mn-vulcan"];
  for (let turn = 1; turn <= 40; turn += 1) {
    for (const c of [{ type: "marker", to: `${turn}.mn-offering-phase` }, { type: "enter", id: gods[turn % 4], player: 1 + (turn % 4) },
      { type: "marker", to: `${turn}.mn-combat` }, { type: "use", id: gods[turn % 4], player: 1 + (turn % 4) }]) {
      whole = unbounded(whole, c, "aaa");
      folding = on("aaa", folding, c);
    }
    if (turn === 5) B = viaLink(folding);
  }
  B = on("bbb", B, { type: "enter", id: "mn-hermes", player: 2 });
  B = on("bbb", B, { type: "tick", key: "mn-starting-setup.board" });
  assert.ok(E.stateOf(rules, folding).folded >= 0, "the bounded table folded");
  assert.equal(E.stateOf(rules, whole).folded, -1);
  const withFold = mergeUnbounded(rules, folding, B).table;
  const withWhole = mergeUnbounded(rules, whole, B).table;
  assert.equal(shown(withFold), shown(withWhole));
  assert.equal(shown(mergeUnbounded(rules, B, folding).table), shown(withWhole));
  for (const t of [withFold, withWhole]) {
    assert.equal(holder(t, "mn-hermes"), 2);
    assert.ok(E.stateOf(rules, t).ticks.includes("mn-starting-setup.board"));
  }
  // And through the links, as phones exchange them.
  assert.equal(shown(merge(folding, B)), shown(withWhole));
  assert.equal(shown(merge(B, folding)), shown(withWhole));
});

test("hostile codes: another table, a forged phone or counter, a change against itself, an undo of a change never made, 10,000 changes; each a message, the kept table whole", () => {
  const kept = on("aaa", on("aaa", table(MN), { type: "marker", to: "1.mn-construction-phase" }), { type: "enter", id: "mn-ajax", player: 1 });
  const keptLink = link(kept);
  // Another game, another table of this game: not merged.
  for (const q of ["g=ancient-conquest&n=4&s=1&s=2&s=3&s=4", "g=mare-nostrum&n=3&s=mn-rome&s=mn-greece&s=mn-egypt", `${MN}&opt=mn-longer-game`]) {
    const r = E.mergeTables(rules, kept, E.tableFromQuery(rules, q).table);
    assert.equal(r.other, true, q);
    assert.match(r.error.message, /was not merged into this one/, q);
    assert.equal(link(r.table), keptLink, q);
  }
  // Forged stamps: a message at e, the changes still read (as the unnamed phone's).
  for (const [bad, why] of [["pAB1", /not a phone's stamp/], ["pab", /not a phone's stamp/], ["paaa1.99999999", /not a phone's stamp/],
    ["paaa1.0", /counter starts at 1/], ["paaa1_99.nowhere", /not a step/], ["h%3Cb%3E.1", /not a phone's mark/], ["haaa.0", /not a phone's mark/]]) {
    const r = E.tableFromQuery(rules, `${MN}&e=${bad}&e=ihermes.2`);
    assert.ok(r.errors.some((e) => e.field === "e" && why.test(e.message)), `${bad}: ${JSON.stringify(r.errors)}`);
    assert.equal(holder(r.table, "mn-hermes"), 2, bad);
    const m = E.mergeTables(rules, kept, r.table);
    assert.equal(holder(m.table, "mn-ajax"), 1, bad);
  }
  // One phone's change against itself (it entered a record twice), and a change counted twice.
  const self = E.tableFromQuery(rules, `${MN}&e=pbbb1&e=iathena.2&e=iathena.3`);
  assert.match(self.errors.map((e) => e.message).join(" "), /Change 3: Athena is already in play/);
  assert.equal(holder(self.table, "mn-athena"), 2);
  const twice = E.tableFromQuery(rules, `${MN}&e=pbbb1&e=iathena.2&e=pbbb1.1&e=iisis.3`);
  assert.match(twice.errors.map((e) => e.message).join(" "), /Change 4: phone bbb's change 1 is in the link twice with two different contents/);
  // An undo of a change never made: a code that says it knows phone aaa's changes up to 999 and
  // holds none. The merge takes them out and says so; undo of the merge puts them back.
  const forged = E.tableFromQuery(rules, `${MN}&e=haaa.999`).table;
  const m = E.mergeTables(rules, kept, forged);
  assert.match(m.note, /taken back there: .*Ajax/);
  assert.equal(holder(m.table, "mn-ajax"), "out");
  const undone = E.undoMerge(rules, m.table, kept, m.added, { phone: "ccc" });
  assert.deepEqual(undone.errors, []);
  assert.equal(holder(undone.table, "mn-ajax"), 1);
  assert.equal(E.stateOf(rules, undone.table).at, "1.mn-construction-phase");
  // 10,000 changes: a link reads its first 300 keys; two logs of 5,000 changes merge in bounded time, folded to the link's bound.
  const long = E.tableFromQuery(rules, `${MN}&e=pbbb1&${"e=m1.combat&e=m1.movement&".repeat(5000)}`);
  assert.ok(long.errors.some((e) => /only the first 300 were read/.test(e.message)));
  const big = (ph, n) => {
    const log = [];
    for (let i = 1; i <= n; i += 1) {
      const to = `${1 + Math.floor(i / 8)}.${["mn-commerce-phase", "mn-construction-phase"][i % 2]}`;
      log.push({ type: "marker", to, ph, seq: i, clk: i, pos: null }, { type: "tick", key: "mn-starting-setup.board", ph, seq: n + i, clk: i, pos: to });
    }
    return { ...table(MN), log: log.slice(0, n), inPlay: [], at: null };
  };
  const t0 = process.hrtime.bigint();
  const huge = E.mergeTables(rules, big("aaa", 5000), big("bbb", 5000));
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  assert.ok(ms < 20000, `${ms} ms`);
  assert.ok(E.tableToQuery(rules, huge.table).length <= E.LINK_BUDGET);
  assert.ok(E.stateOf(rules, huge.table).folded >= 0);
});

test("length: a three-hour game on four phones, merged every turn, stays within the link's bound and one QR code; folds and merges meet without losing a change", async () => {
  const { default: qrcode } = await import("qrcode-generator");
  const heroes = g.records.filter((r) => r.kind === "hero" || r.kind === "wonder").map((r) => r.id);
  const gods = g.records.filter((r) => r.kind === "god").map((r) => r.id);
  const roles = g.records.filter((r) => r.kind === "role").map((r) => r.id);
  const names = ["aaa", "bbb", "ccc", "ddd"];
  const phones = Object.fromEntries(names.map((p) => [p, viaLink(table(MN))]));
  const bought = [];
  let folds = 0;
  // Twelve turns of a four-player game (about three hours): each phone presses Next through every
  // step itself; roles pass at each Role Assignment; gods are taken and used, heroes bought.
  for (let turn = 1; turn <= 12; turn += 1) {
    names.forEach((p, i) => {
      const player = i + 1;
      let t = phones[p];
      const step = (c) => { const r = E.applyChange(rules, t, c, { phone: p }); if (!r.error) t = r.table; return !r.error; };
      for (const s of g.steps) {
        step({ type: "marker", to: `${turn}.${s.id}` });
        if (s.id === "mn-role-assignment" && turn > 1 && i === 0) roles.forEach((r, k) => step({ type: "enter", id: r, player: 1 + ((turn + k) % 4) }));
        if (s.id === "mn-offering-phase" && (turn + i) % 2 === 0) step({ type: "enter", id: gods[(turn * 4 + i) % gods.length], player });
        if (s.id === "mn-construction-phase" && (turn + i) % 3 === 0 && step({ type: "enter", id: heroes[(turn * 4 + i) % heroes.length], player })) bought.push(heroes[(turn * 4 + i) % heroes.length]);
        if (s.id === "mn-combat") {
          const god = E.stateOf(rules, t).inPlay.find((e) => e.player === player && gods.includes(e.id));
          if (god) step({ type: "use", id: god.id, player });
        }
      }
      phones[p] = t;
    });
    // The end of the turn: player 1's phone scans the three others, then each scans it back.
    for (const p of names.slice(1)) phones.aaa = merge(phones.aaa, phones[p]);
    for (const p of names.slice(1)) phones[p] = merge(phones[p], phones.aaa);
    for (const p of names) {
      const q = E.tableToQuery(rules, phones[p]);
      assert.equal(q, E.tableToQuery(rules, phones.aaa), `turn ${turn}: the four phones agree`);
      assert.ok(q.length <= E.LINK_BUDGET, `turn ${turn}: ${q.length} characters`);
    }
    if (E.stateOf(rules, phones.aaa).folded >= 0) folds += 1;
    // The link with a site's address (share.js: at most 500 characters) in one QR code at level M.
    const code = qrcode(0, "M");
    code.addData(`https://example.org/compendium/play-along/?${E.tableToQuery(rules, phones.aaa)}`);
    code.make();
    assert.ok(code.getModuleCount() <= 177, `turn ${turn}: a QR code of ${code.getModuleCount()} modules`);
  }
  assert.ok(folds >= 3, `the game folded (${folds} turns with a fold): folds and merges met`);
  const st = E.stateOf(rules, phones.aaa);
  for (const id of new Set(bought)) assert.ok(st.inPlay.some((e) => e.id === id), `${id} bought and still in play after the folds and merges`);
  assert.deepEqual(st.conflicts, []);
  assert.equal(st.at, `12.${g.steps[g.steps.length - 1].id}`);
  assert.equal(E.stateOf(rules, phones.aaa).inPlay.find((e) => e.id === "mn-high-priest").player, 1 + ((12 + roles.indexOf("mn-high-priest")) % 4), "the roles as last given");
});

test("a table handed to the API with anything in its log: a bad change left out, a bad stamp the unnamed phone's, never a throw", () => {
  const good = on("aaa", table(MN), { type: "enter", id: "mn-ajax", player: 1 });
  const junk = [null, 7, "x", { type: "enter", id: "__proto__" }, { type: "marker", to: "999.nowhere" }, { type: "nonsense" },
    { type: "enter", id: "mn-hermes", player: 2, ph: "<b>", seq: -1, clk: NaN, pos: "not a place" },
    { type: "use", id: "mn-ajax", player: 1, ph: "bbb", seq: 1, clk: 5, pos: { evil: true } }, { type: "fold", count: "many" }];
  const hostile = { ...good, log: [...good.log, ...junk], seen: "everything", at: 42 };
  const r = E.mergeTables(rules, good, hostile);
  assert.equal(r.error, null);
  assert.deepEqual(E.stateOf(rules, r.table).inPlay.filter((e) => e.by === "entered").map((e) => `${e.id}:${e.player}`).sort(), ["mn-ajax:1", "mn-hermes:2"]);
  assert.ok(E.tableToQuery(rules, r.table).length <= E.LINK_BUDGET);
  assert.deepEqual(E.tableFromQuery(rules, E.tableToQuery(rules, r.table)).errors, []);
  for (const t of [hostile, { ...good, log: "all" }, { ...good, log: null, inPlay: [null, { id: 5 }] }]) {
    E.stateOf(rules, t);
    E.momentAt(rules, t);
    E.historyOf(rules, t);
    E.undo(rules, t, { phone: "aaa" });
    E.tableToQuery(rules, t);
  }
});
