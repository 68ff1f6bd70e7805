// Tests for the Diplomacy variant's final-score helper (content/assets/helpers/dip-score.js).
//
// The fragment has no worked scoring example, so the cases are hand-checked from its table
// (1 point per centre; bonuses 40, 16, 9, 1, 0; a solo at 18 worth 100 and 0), plus the
// readings where it is silent, bad input, and the records driving each number.
import test from "node:test";
import assert from "node:assert/strict";
import * as D from "../../content/assets/helpers/dip-score.js";
import { RecordsError } from "../../content/assets/shared/records.js";
import { realData, recordIn, seeded, leaves } from "./helper-records.mjs";

const rules = D.rulesFromRecords(realData());
const pts = (r) => Object.fromEntries(r.rows.map((x) => [x.name, x.points ? D.formatPoints(x.points) : "unknown"]));

test("the scoring rules come from the records", () => {
  assert.deepEqual([...rules.bonus], [[1, 40], [2, 16], [3, 9], [4, 1], [5, 0]]);
  assert.equal(rules.perCentre, 1);
  assert.equal(rules.soloCentres, 18);
  assert.equal(rules.soloPoints, 100);
  assert.equal(rules.othersPoints, 0);
  assert.equal(rules.tie.value, "unknown");
  assert.deepEqual(rules.powers.map((p) => p.name), ["Egypt", "Greece", "Rome"]);
});

test("hand-checked: five powers, no tie, no solo", () => {
  const r = D.scoreQuery(rules, "p=12:Rome&p=9:Egypt&p=7:Greece&p=4:Carthage&p=2:Parthia");
  assert.equal(r.ok, true);
  assert.deepEqual(pts(r), { Rome: "52", Egypt: "25", Greece: "16", Carthage: "5", Parthia: "2" });
  assert.deepEqual(r.winner, { names: ["Rome"], by: "largest" });
  assert.deepEqual(r.open, []);
  assert.deepEqual(r.rows.map((x) => x.place), [1, 2, 3, 4, 5]);
});

test("a solo: 100 to its maker, 0 to the others, whatever the centres", () => {
  const r = D.scoreQuery(rules, "p=8:Rome&p=18:Egypt&p=7:Greece");
  assert.equal(r.solo, "Egypt");
  assert.deepEqual(pts(r), { Egypt: "100", Rome: "0", Greece: "0" });
  assert.equal(D.scoreQuery(rules, "p=17:Rome&p=8:Egypt").solo, null);
  assert.equal(D.scoreQuery(rules, "p=23:Rome&p=8:Egypt").solo, "Rome");
});

test("equal centres: unknown with the readings' range until a reading is chosen", () => {
  const q = "p=10:Rome&p=8:Greece&p=8:Egypt&p=5:Carthage&p=3:Parthia";
  const r = D.scoreQuery(rules, q);
  assert.deepEqual(r.open, ["ties"]);
  const greece = r.rows.find((x) => x.name === "Greece");
  assert.equal(greece.points, null);
  assert.equal(greece.place, 2);
  assert.equal(greece.tiedWith, 1);
  assert.deepEqual([D.formatPoints(greece.low), D.formatPoints(greece.high)], ["17", "24"]);   // 8+9 to 8+16
  assert.equal(pts(r).Carthage, "6", "the next power is 4th");
  assert.equal(pts(D.scoreQuery(rules, `${q}&r.ties=share`)).Greece, "20.50");
  assert.equal(pts(D.scoreQuery(rules, `${q}&r.ties=higher`)).Greece, "24");
  assert.equal(pts(D.scoreQuery(rules, `${q}&r.ties=lower`)).Greece, "17");
  // Three powers sharing 2nd: (16 + 9 + 1) / 3 each.
  const three = D.scoreQuery(rules, "p=9:A&p=5:B&p=5:C&p=5:D&r.ties=share");
  assert.equal(pts(three).B, "13.67");
  assert.deepEqual(three.rows.find((x) => x.name === "B").points, { n: 41, d: 3 });
});

test("each tie reading stays inside the range shown for 'unknown'", () => {
  const rnd = seeded(3);
  for (let n = 0; n < 300; n += 1) {
    const k = 2 + Math.floor(rnd() * 4);
    const q = Array.from({ length: k }, (_, i) => `p=${Math.floor(rnd() * 6)}:P${i}`).join("&");
    const open = D.scoreQuery(rules, q);
    if (!open.ok) continue;
    for (const reading of ["share", "higher", "lower"]) {
      const r = D.scoreQuery(rules, `${q}&r.ties=${reading}&r.beyond=zero`);
      const withZero = D.scoreQuery(rules, `${q}&r.beyond=zero`);
      r.rows.forEach((row) => {
        const box = withZero.rows.find((x) => x.name === row.name);
        const v = row.points.n / row.points.d;
        assert.ok(v >= box.low.n / box.low.d - 1e-9 && v <= box.high.n / box.high.d + 1e-9, `${q} ${reading} ${row.name}`);
      });
      // the bonuses handed out add up to the bonuses of the places taken
      const given = r.rows.reduce((a, row) => a + row.bonus.n / row.bonus.d, 0);
      const places = r.rows.map((_, i) => rules.bonus.get(i + 1) || 0).reduce((a, b) => a + b, 0);
      if (reading === "share") assert.ok(Math.abs(given - places) < 1e-9, q);
    }
  }
});

test("below the table: a 6th place is unknown unless read as no bonus", () => {
  const q = "p=6:A&p=5:B&p=4:C&p=3:D&p=2:E&p=1:F";
  const r = D.scoreQuery(rules, q);
  assert.deepEqual(r.open, ["beyond"]);
  assert.equal(pts(r).F, "unknown");
  assert.equal(r.rows.find((x) => x.name === "F").low, null);
  assert.equal(pts(D.scoreQuery(rules, `${q}&r.beyond=zero`)).F, "1");
});

test("a tie for the largest empire is named, not settled", () => {
  const r = D.scoreQuery(rules, "p=9:Rome&p=9:Egypt&p=3:Greece");
  assert.deepEqual(r.winner, { names: ["Rome", "Egypt"], by: "tie" });
});

test("bad input: a message for its field, never NaN or a throw", () => {
  const hostile = [
    "p=lots:Rome&p=3:Egypt", "p=-4:Rome&p=3:Egypt", "p=1e3:Rome&p=2:Egypt", "p=1000:Rome&p=2:Egypt",
    "p=19:Rome&p=20:Egypt", "p=3:Rome", "", "p=3:Rome&p=4:rome", "zzz=1&p=1:A&p=2:B", "p=1:A&p=2:B&r.ties=coin",
    `p=3:${encodeURIComponent("<script>alert(1)</script>")}&p=2:B`, `p=3:${encodeURIComponent("a\u0000b\u2028c")}&p=2:B`,
    Array.from({ length: 20 }, (_, i) => `p=${i}:P${i}`).join("&"), "p=%E0%A4%A&p=2:B", "p=:&p=:",
  ];
  for (const q of hostile) {
    let r;
    assert.doesNotThrow(() => { r = D.scoreQuery(rules, q); }, q);
    for (const v of leaves(r)) assert.ok(!(typeof v === "number" && !Number.isFinite(v)), q);
    if (!r.ok || r.errors.length) assert.ok(r.errors.every((e) => typeof e.field === "string" && e.message.length > 10), q);
  }
  assert.match(D.scoreQuery(rules, "p=lots:Rome&p=3:Egypt").errors[0].message, /Centres of Rome: “lots” is not a whole number/);
  assert.equal(D.scoreQuery(rules, "p=lots:Rome&p=3:Egypt").errors[0].field, "p0");
  assert.match(D.scoreQuery(rules, "p=19:Rome&p=20:Egypt").errors[0].message, /only one can have it/);
  assert.match(D.scoreQuery(rules, "p=3:Rome&p=4:rome").errors[0].message, /Two powers are called rome/);
  assert.equal(D.scoreQuery(rules, "p=3:Rome").ok, false);
  const many = D.scoreQuery(rules, Array.from({ length: 20 }, (_, i) => `p=${i}:P${i}`).join("&"));
  assert.equal(many.scenario.powers.length, D.MAX_POWERS);
  assert.ok(many.errors.some((e) => e.field === "p"));
  const odd = D.scoreQuery(rules, `p=3:${encodeURIComponent("a\u0000b\u2028c" + "x".repeat(80))}&p=2:B`);
  assert.ok(!/[\u0000\u2028]/.test(odd.scenario.powers[0].name) && odd.scenario.powers[0].name.length <= 40);
  assert.equal(D.scoreQuery(rules, "zzz=1&p=1:A&p=2:B").ok, true, "an unknown key is reported but does not stop the score");
});

test("the URL round trip keeps the powers and readings", () => {
  const q = "p=10:Rome&p=8:Greece+of+Old&p=8:Egypt&r.ties=share&r.beyond=zero";
  const a = D.scenarioFromQuery(q).scenario;
  const b = D.scenarioFromQuery(D.scenarioToQuery(a)).scenario;
  assert.deepEqual(b, a);
  assert.equal(a.powers[1].name, "Greece of Old");
});

test("editing a record changes the score; a gap in the records is named", () => {
  const data = realData();
  recordIn(data, "dip-c-diplo-scoring").rows[0].cells.bonus = 50;
  recordIn(data, "dip-victory-condition").facts.find((f) => f.label === "Centres needed for a solo").value = 20;
  recordIn(data, "dip-c-diplo-scoring").facts.find((f) => f.label === "Bonus when powers share a place").value = "share";
  const edited = D.rulesFromRecords(data);
  const r = D.scoreQuery(edited, "p=19:Rome&p=8:Greece&p=8:Egypt");
  assert.equal(r.solo, null);
  assert.equal(pts(r).Rome, "69");
  assert.equal(edited.tie.value, "share");
  assert.equal(pts(D.scoreQuery(edited, "p=10:Rome&p=8:Greece&p=8:Egypt")).Greece, "20.50", "a tie rule in the records is applied");

  const broken = realData();
  recordIn(broken, "dip-solo-scoring").facts = [];
  recordIn(broken, "dip-c-diplo-scoring").facts.find((f) => f.label === "Bonus when powers share a place").value = "coin toss";
  assert.throws(() => D.rulesFromRecords(broken), (e) => e instanceof RecordsError
    && e.problems.some((p) => p.includes("Points to the soloist")) && e.problems.some((p) => p.includes("coin toss")));
});
