// Tests for the Mare Nostrum sets helper (content/assets/helpers/mn-sets/).
//
// The manual's "Example of Sets", hand-checked cases for each card that changes a purchase
// (the Q&A's Croesus example among them), brute force of every split of small hands, the
// readings, bad input from the URL, and the records driving every number.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../content/assets/helpers/mn-sets/index.js";
import { commodityFeasible, buildCommoditySets, maxCommoditySets, splitCosts } from "../../content/assets/helpers/mn-sets/pay.js";
import { RecordsError } from "../../content/assets/shared/records.js";
import { realData, recordIn, seeded, leaves } from "./helper-records.mjs";

const rules = S.rulesFromRecords(realData());
const read = (q) => {
  const { scenario, errors } = S.scenarioFromQuery(rules, q);
  assert.deepEqual(errors, [], `unexpected messages for ${q}`);
  return scenario;
};
const run = (q, r = rules) => S.analyse(r, read(q));
const EXAMPLE = "tax=3&h.grain=2&h.perfume=1&h.livestock=1&h.gold=1&h.slaves=1";

test("the rules come from the records", () => {
  assert.equal(rules.kinds.length, 13);
  assert.ok(rules.kinds.some((k) => k.key === "pottery"));
  assert.equal(rules.tax.id, "mn-tax-card");
  assert.equal(rules.keepTax, 2);
  const cost = Object.fromEntries(rules.options.map((o) => [o.key, o.cost]));
  assert.equal(cost.legion, 3);
  assert.equal(cost.temple, 6);
  assert.equal(cost["hero-or-wonder"], 9);
  assert.equal(cost["the-pyramids"], 12);
  assert.equal(rules.options.find((o) => o.key === "legion").max, 8);
  assert.equal(rules.longer.cost, 13);
  assert.deepEqual(rules.effects.map((e) => e.id).sort(), ["mn-atlas", "mn-cleopatra", "mn-croesus", "mn-hanging-gardens",
    "mn-imhotep", "mn-julius-caesar", "mn-mausoleum", "mn-minos", "mn-pericles", "mn-spartacus"]);
});

test("the manual's Example of Sets: no set of 6, three sets of 3, two legions and a trireme", () => {
  const a = run(EXAMPLE);
  assert.deepEqual(a.capacity.largest, { tax: 3, commodity: 5 });
  const bySize = Object.fromEntries(a.capacity.sizes.map((s) => [s.size, s]));
  assert.deepEqual([bySize[3].tax, bySize[3].commodity], [1, 2]);
  assert.equal(bySize[6].sets, 0, "the second Grain prevents a set of 6");
  assert.equal(bySize[9].sets, 0);
  const p = run(`${EXAMPLE}&b.legion=2&b.trireme=1`).purchase;
  assert.equal(p.ok, true);
  assert.equal(p.sets.length, 3);
  assert.deepEqual(p.sets.map((s) => s.size), [3, 3, 3]);
  const tax = p.sets.filter((s) => s.type === "tax");
  assert.equal(tax.length, 1, "set 1 is the 3 taxes");
  const grains = p.sets.filter((s) => s.cards.some((c) => c.id === "mn-grain"));
  assert.equal(grains.length, 2, "each commodity set has one Grain");
  for (const s of p.sets.filter((x) => x.type === "commodity")) {
    assert.equal(new Set(s.cards.map((c) => c.id)).size, 3, "no kind twice in a set");
  }
  assert.deepEqual(p.keep, { tax: 0, commodities: 0, leftoverCommodities: [] });
  // ...and a temple needs a set of 6, which this hand cannot make.
  const t = run(`${EXAMPLE}&b.temple=1`).purchase;
  assert.equal(t.ok, false);
  assert.equal(t.reason, "split");
});

test("tax cards are kept when commodities can pay instead", () => {
  const p = run("tax=4&h.fish=1&h.wine=1&h.gold=1&b.legion=1").purchase;
  assert.equal(p.ok, true);
  assert.equal(p.sets[0].type, "commodity");
  assert.equal(p.keep.tax, 2, "two of the four tax cards are kept");
  assert.equal(p.discard.tax, 2);
  const all = run("tax=6&b.legion=1").purchase;
  assert.equal(all.keep.tax, 2);
});

// ------------------------------------------------------------ brute force

/** Every way to make sets of `sizes` (each tax-only or different commodities) from a hand, by search. */
function bruteSplits(tax, counts, sizes) {
  const results = [];
  const K = counts.length;
  const go = (i, t, left) => {
    if (i === sizes.length) { results.push(t); return; }
    const s = sizes[i];
    if (t + s <= tax) go(i + 1, t + s, left);
    for (let mask = 0; mask < 1 << K; mask += 1) {
      let bits = 0;
      let ok = true;
      for (let k = 0; k < K; k += 1) if ((mask >> k) & 1) { bits += 1; if (!left[k]) ok = false; }
      if (!ok || bits !== s) continue;
      go(i + 1, t, left.map((c, k) => c - ((mask >> k) & 1)));
    }
  };
  go(0, 0, counts);
  return results;   // the tax cards used by each way found
}

test("brute force: commodity sets exist exactly when the helper says, and it builds them", () => {
  const rnd = seeded(11);
  for (let n = 0; n < 4000; n += 1) {
    const K = 1 + Math.floor(rnd() * 5);
    const counts = Array.from({ length: K }, () => Math.floor(rnd() * 4));
    const sizes = Array.from({ length: Math.floor(rnd() * 4) }, () => 1 + Math.floor(rnd() * K));
    const exists = bruteSplits(0, counts, sizes).length > 0;
    assert.equal(commodityFeasible(counts, sizes), exists, JSON.stringify({ counts, sizes }));
    const built = buildCommoditySets(counts, sizes);
    assert.equal(built !== null, exists);
    if (built) {
      const used = counts.map(() => 0);
      built.forEach((set, i) => {
        assert.equal(set.length, sizes[i]);
        assert.equal(new Set(set).size, set.length);
        for (const k of set) used[k] += 1;
      });
      used.forEach((u, k) => assert.ok(u <= counts[k]));
    }
  }
});

test("brute force: every small hand and list, the split found uses the fewest tax cards possible", () => {
  const rnd = seeded(23);
  for (let n = 0; n < 2500; n += 1) {
    const K = 1 + Math.floor(rnd() * 4);
    const counts = Array.from({ length: K }, () => Math.floor(rnd() * 3));
    const tax = Math.floor(rnd() * 7);
    const costs = Array.from({ length: Math.floor(rnd() * 4) + 1 }, () => 1 + Math.floor(rnd() * 4));
    const ways = bruteSplits(tax, counts, costs);
    const r = splitCosts(tax, counts, costs);
    assert.equal(r.ok, ways.length > 0, JSON.stringify({ tax, counts, costs }));
    if (r.ok) {
      assert.equal(r.taxUsed, Math.min(...ways), JSON.stringify({ tax, counts, costs }));
      assert.equal(r.byTax.reduce((a, i) => a + costs[i], 0), r.taxUsed);
    }
  }
});

test("brute force: the most sets of one size at once", () => {
  const rnd = seeded(5);
  for (let n = 0; n < 1500; n += 1) {
    const K = 1 + Math.floor(rnd() * 4);
    const counts = Array.from({ length: K }, () => Math.floor(rnd() * 4));
    const size = 1 + Math.floor(rnd() * K);
    let m = 0;
    while (bruteSplits(0, counts, new Array(m + 1).fill(size)).length) m += 1;
    assert.equal(maxCommoditySets(counts, size), m, JSON.stringify({ counts, size }));
  }
});

test("the 'one set pays for several items' reading never changes what a hand buys", () => {
  const rnd = seeded(99);
  const kinds = rules.kinds.slice(0, 5).map((k) => k.key);
  const items = ["legion", "temple", "city-token", "hero-or-wonder"];
  for (let n = 0; n < 300; n += 1) {
    let q = `tax=${Math.floor(rnd() * 8)}`;
    for (const k of kinds) q += `&h.${k}=${Math.floor(rnd() * 3)}`;
    for (const it of items) if (rnd() < 0.5) q += `&b.${it}=${1 + Math.floor(rnd() * 2)}`;
    if (!q.includes("b.")) q += "&b.legion=1";
    const one = run(q).purchase;
    const several = run(`${q}&r.sets=several`).purchase;
    assert.equal(several.ok, one.ok, q);
    if (!one.ok) continue;
    assert.deepEqual(several.keep, one.keep, q);
    assert.ok(several.sets.length <= one.sets.length);
    const paid = (p) => p.sets.flatMap((s) => s.pays.map((x) => x.key)).sort();
    assert.deepEqual(paid(several), paid(one), q);
    for (const s of several.sets) {
      assert.equal(s.size, s.pays.reduce((a, x) => a + x.cost, 0), "a merged set's value is what it pays");
      if (s.type === "commodity") assert.equal(new Set(s.cards.map((c) => c.id)).size, s.cards.length, "no kind twice");
    }
  }
});

// ------------------------------------------------------------ cards that change a purchase

test("Julius Caesar: legions cost 2", () => {
  assert.equal(run("tax=6&b.legion=3").purchase.ok, false);
  const p = run("tax=6&b.legion=3&hold=mn-julius-caesar").purchase;
  assert.equal(p.ok, true);
  assert.deepEqual(p.sets.map((s) => s.size), [2, 2, 2]);
  assert.equal(p.sets[0].pays[0].by, "Julius Caesar");
});

test("the Mausoleum lowers markers and buildings, never military units (Q&A)", () => {
  const a = run("tax=2&hold=mn-mausoleum");
  const two = a.capacity.sizes.find((s) => s.size === 2);
  assert.deepEqual(two.buys.map((b) => b.key).sort(), ["caravan-token", "city-token", "influence-marker"]);
  assert.ok(a.capacity.sizes.find((s) => s.size === 5).buys.some((b) => b.key === "temple"));
  assert.equal(run("tax=2&b.legion=1&hold=mn-mausoleum").purchase.ok, false);
});

test("reductions never add up, and the per-turn reading uses one card", () => {
  // Caesar and Croesus both lower a legion to 2: never to 1.
  const p = run("tax=2&b.legion=1&hold=mn-julius-caesar&hold=mn-croesus&at=new-province").purchase;
  assert.equal(p.sets[0].size, 2);
  assert.equal(run("tax=1&b.legion=1&hold=mn-julius-caesar&hold=mn-croesus&at=new-province").purchase.ok, false);
  // Atlas and Pericles (were one player to hold both) each make a trireme cost 2: still 2.
  assert.equal(run("tax=1&b.trireme=1&hold=mn-atlas&hold=mn-pericles").purchase.ok, false);
  assert.equal(run("tax=2&b.trireme=1&hold=mn-atlas&hold=mn-pericles").purchase.sets[0].size, 2);
  // The Mausoleum (-1) and Croesus (-1) on one city: 2, never 1.
  assert.equal(run("tax=1&b.city-token=1&hold=mn-mausoleum&hold=mn-croesus&at=new-province").purchase.ok, false);
  // A legion (Caesar) and a city (Mausoleum) with 4 tax cards: per item yes, one card no.
  const q = "tax=4&b.legion=1&b.city-token=1&hold=mn-julius-caesar&hold=mn-mausoleum";
  assert.equal(run(q).purchase.ok, true);
  assert.equal(run(`${q}&r.reductions=one-card`).purchase.ok, false);
  const one = run("tax=5&b.legion=1&b.city-token=1&hold=mn-julius-caesar&hold=mn-mausoleum&r.reductions=one-card").purchase;
  assert.equal(one.ok, true);
  assert.ok(["Julius Caesar", "Mausoleum"].includes(one.cardUsed));
});

test("Croesus: one item of each type is reduced (the Q&A's 2 caravans and 3 legions)", () => {
  const q = "tax=20&b.caravan-token=2&b.legion=3&hold=mn-croesus";
  assert.equal(run(q).purchase.spent, 15, "without building in a new province, nothing is reduced");
  const p = run(`${q}&at=new-province`).purchase;
  assert.equal(p.spent, 13);
  const reduced = p.sets.flatMap((s) => s.pays).filter((x) => x.by === "Croesus").map((x) => x.key).sort();
  assert.deepEqual(reduced, ["caravan-token", "legion"]);
  // Minos works the same way, on islands.
  assert.equal(run("tax=20&b.caravan-token=2&b.legion=3&hold=mn-minos&at=island").purchase.spent, 13);
});

test("Spartacus pays one legion a round with a single Slaves card", () => {
  const p = run("h.slaves=1&b.legion=1&hold=mn-spartacus").purchase;
  assert.equal(p.ok, true);
  assert.equal(p.sets[0].type, "paid-with");
  assert.deepEqual(p.sets[0].cards, [{ id: "mn-slaves", name: "Slaves", count: 1 }]);
  assert.equal(run("h.slaves=2&b.legion=2&hold=mn-spartacus").purchase.ok, false, "only one per round");
  assert.equal(run("h.slaves=1&b.legion=1").purchase.ok, false);
});

test("Imhotep lowers wonders and the Pyramids, not heroes; the longer game's Pyramids", () => {
  const costOf = (q) => Object.fromEntries(run(q).capacity.sizes.flatMap((s) => s.buys.map((b) => [b.key, s.size])));
  const c = costOf("hold=mn-imhotep");
  assert.equal(c["hero-or-wonder.wonder"], 8);
  assert.equal(c["hero-or-wonder"], 9);
  assert.equal(c["the-pyramids"], 11);
  assert.equal(costOf("longer=1")["the-pyramids"], 13);
  assert.equal(costOf("longer=1&hold=mn-imhotep")["the-pyramids"], 12);
});

test("Cleopatra swaps one card with the bank; the reading decides whether a tax card may become a commodity", () => {
  const p = run("tax=2&h.grain=1&b.legion=1&hold=mn-cleopatra").purchase;
  assert.equal(p.ok, true);
  assert.deepEqual(p.exchange, [{ give: "Grain", get: "Tax card" }]);
  assert.equal(run("tax=2&h.grain=1&b.legion=1").purchase.ok, false);
  const q = "tax=1&h.grain=2&h.perfume=1&b.legion=1&hold=mn-cleopatra";
  assert.equal(run(q).purchase.ok, true);
  assert.equal(run(`${q}&r.exchange=to-tax`).purchase.ok, false);
});

test("the Hanging Gardens keep two commodities, after the two tax cards", () => {
  const five = "tax=3&h.grain=1&h.wine=1&h.fish=1&h.gold=1&h.gems=1&b.legion=1";
  const p = run(`${five}&hold=mn-hanging-gardens`).purchase;
  assert.deepEqual([p.keep.tax, p.keep.commodities], [2, 2]);
  assert.deepEqual([run(five).purchase.keep.tax, run(five).purchase.keep.commodities], [2, 0]);
  // With tax cards to spare, the Gardens make paying with taxes better: 2 taxes and 2 commodities kept.
  const q = run("tax=5&h.grain=1&h.wine=1&h.fish=1&b.legion=1&hold=mn-hanging-gardens").purchase;
  assert.equal(q.sets[0].type, "tax");
  assert.deepEqual([q.keep.tax, q.keep.commodities], [2, 2]);
  assert.equal(run("tax=5&h.grain=1&h.wine=1&h.fish=1&b.legion=1").purchase.sets[0].type, "commodity");
});

test("a list needing more cards than the hand says so", () => {
  const p = run("tax=3&b.temple=1&b.legion=1").purchase;
  assert.equal(p.ok, false);
  assert.equal(p.reason, "cards");
  assert.equal(p.need, 9);
  assert.equal(p.held, 3);
});

// ------------------------------------------------------------ input and URL

test("bad input gives a message for its field and never NaN", () => {
  const bad = "tax=lots&h.grain=-2&h.banana=3&b.legion=9&b.temple=1e3&hold=mn-ajax&hold=<script>&at=moon&r.sets=maybe&longer=yes&zzz=1";
  const { scenario, errors } = S.scenarioFromQuery(rules, bad);
  const fields = errors.map((e) => e.field);
  for (const f of ["tax", "h.grain", "h.banana", "b.legion", "b.temple", "hold", "at", "r.sets", "longer", "zzz"]) {
    assert.ok(fields.includes(f), `no message for ${f}: ${JSON.stringify(errors)}`);
  }
  assert.match(errors.find((e) => e.field === "b.legion").message, /more than 8 \(the box has 8\)/);
  assert.match(errors.find((e) => e.field === "tax").message, /not a whole number/);
  assert.equal(scenario.tax, 0);
  assert.deepEqual(scenario.held, []);
  const a = S.analyse(rules, scenario);
  for (const v of leaves(a)) {
    assert.ok(!(typeof v === "number" && !Number.isFinite(v)), "a number that is not finite");
    assert.notEqual(v, undefined);
  }
  // Huge and odd values are refused, not computed.
  for (const raw of ["99999999999999999999", "1.5", " ", "0x10", "١٢"]) {
    const r = S.scenarioFromQuery(rules, `tax=${encodeURIComponent(raw)}`);
    assert.ok(raw.trim() === "" ? r.errors.length === 0 : r.errors.length === 1, raw);
  }
});

test("a long list ends in an answer, not a hang", () => {
  let q = "tax=999";
  for (const k of rules.kinds) q += `&h.${k.key}=999`;
  for (const o of rules.options) q += `&b.${o.key}=${o.max || 50}`;
  const a = S.analyse(rules, S.scenarioFromQuery(rules, q).scenario);
  assert.ok(a.purchase.ok === true || ["too-long", "split", "cards"].includes(a.purchase.reason));
});

test("the URL round trip keeps the scenario", () => {
  const q = "tax=3&h.grain=2&h.perfume=1&b.legion=2&b.hero-or-wonder.wonder=1&hold=mn-imhotep&hold=mn-minos&at=island&longer=1&r.reductions=one-card&r.sets=several";
  const s = read(q);
  const again = read(S.scenarioToQuery(rules, s));
  assert.deepEqual(again, s);
  assert.equal(S.scenarioToQuery(rules, again), S.scenarioToQuery(rules, s));
  assert.equal(S.scenarioToQuery(rules, S.emptyScenario()), "");
});

// ------------------------------------------------------------ the records drive the numbers

test("editing a record changes the answer; a missing number is named", () => {
  const data = realData();
  const chart = recordIn(data, "mn-construction-cost-chart");
  chart.rows.find((r) => r.cells.item === "Legion").cells.cost = 4;
  recordIn(data, "mn-julius-caesar").construction.new_cost = 1;
  const edited = S.rulesFromRecords(data);
  assert.equal(S.analyse(edited, S.scenarioFromQuery(edited, "tax=3&b.legion=1").scenario).purchase.ok, false);
  assert.equal(S.analyse(edited, S.scenarioFromQuery(edited, "tax=1&b.legion=1&hold=mn-julius-caesar").scenario).purchase.ok, true);

  const broken = realData();
  recordIn(broken, "mn-sets-of-cards").facts = [];
  recordIn(broken, "mn-grain").facts = [{ label: "Resource type", value: "grain" }];
  recordIn(broken, "mn-mausoleum").construction.reduces.push({ item: "Palace" });
  assert.throws(() => S.rulesFromRecords(broken), (e) => e instanceof RecordsError
    && e.problems.some((p) => p.includes("Tax cards kept between turns"))
    && e.problems.some((p) => p.includes("mn-grain"))
    && e.problems.some((p) => p.includes("Palace")));
  assert.throws(() => S.rulesFromRecords({}), RecordsError);
});
