// Hostile input to the Ancient Conquest engine: null units, non-object scenarios, thousands
// of units from a link, property names as codes. Each gets a message, never an exception.
// Run: COMPENDIUM_RECORDS=/path/to/api/records.json node --test tests/js/ac-hostile.test.mjs
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as E from "../../content/assets/calculators/ac-battle.js";

assert.ok(process.env.COMPENDIUM_RECORDS, "set COMPENDIUM_RECORDS to a records.json built from the current data");
const MODEL = E.buildModel(JSON.parse(readFileSync(process.env.COMPENDIUM_RECORDS, "utf8")).records);
const inf = (factor) => ({ type: "infantry", factor, flags: {} });

function refused(r, re, what) {
  assert.equal(r.ok, false, `${what}: accepted`);
  assert.ok(r.errors.every((e) => typeof e === "string" && !/undefined|NaN|\[object/.test(e)), `${what}: ${r.errors}`);
  assert.match(r.errors.join(" "), re, what);
}

test("evaluate takes a null unit, or a scenario that is not an object, as a message", () => {
  for (const u of [null, undefined, 7, "i6", [6]]) {
    let r;
    assert.doesNotThrow(() => { r = E.evaluate({ attackers: [u], defenders: [inf(6)] }, MODEL); }, String(u));
    refused(r, /not a unit|choose infantry/, `attacker ${String(u)}`);
    assert.doesNotThrow(() => { r = E.evaluate({ attackers: [inf(6)], defenders: [inf(6), u] }, MODEL); });
    assert.equal(r.ok, false);
  }
  for (const s of [null, undefined, 42, "clear", [], { attackers: "i6" }, { readings: "x", optional: "abc" }]) {
    assert.doesNotThrow(() => E.evaluate(s, MODEL), JSON.stringify(s));
  }
  assert.equal(E.evaluate({ attackers: [inf(6)], defenders: [inf(6)], readings: "abc", optional: "abc" }, MODEL).ok, true);
});

test("thousands of units are refused before any is read, bounded by the pieces around one hex", () => {
  const L = E.unitLimits(MODEL);
  assert.equal(L.attackers, L.hexesAround * L.stackMost);
  assert.ok(L.attackers > 1 && L.attackers < 100);
  for (const n of [5000, 100000]) {
    const many = new Array(n).fill(inf(1));
    refused(E.evaluate({ attackers: many, defenders: [inf(6)] }, MODEL), new RegExp(`at most ${L.attackers} can attack one hex`), `${n} attackers`);
    refused(E.evaluate({ attackers: [inf(6)], defenders: many }, MODEL), new RegExp(`at most ${L.defenders} units`), `${n} defenders`);
    const fromLink = E.decodeScenario(`a=${new Array(n).fill("i1").join(".")}&d=i6`);
    assert.equal(fromLink.attackers.length, n);
    refused(E.evaluate(fromLink, MODEL), /can attack one hex/, "from a link");
  }
  refused(E.evaluate({ attackers: new Array(1e9), defenders: [inf(6)] }, MODEL), /1,000,000,000 attacking units/, "a sparse array of 1e9");
  assert.equal(E.evaluate({ attackers: new Array(L.attackers).fill(inf(1)), defenders: [inf(6)] }, MODEL).ok, true);
});

test("codes in a link that are property names select nothing", () => {
  const s = E.decodeScenario("a=i6&d=i6&o=constructor.toString.__proto__.cap&f=constructor&t=__proto__&c=toString&dg=valueOf");
  assert.deepEqual(Object.keys(s.optional), ["cap"]);
  const r = E.evaluate(s, MODEL);
  refused(r, /Unknown terrain/, "terrain");
  assert.match(r.errors.join(" "), /Unknown city type/);
  assert.match(r.errors.join(" "), /Unknown David\/Goliath/);
  const u = E.decodeScenario("a=z6.c6constructor&d=i6");
  assert.equal(E.evaluate(u, MODEL).ok, false);
  assert.doesNotThrow(() => E.encodeScenario({ attackers: [null, 7], defenders: "x" }));
  assert.doesNotThrow(() => E.encodeScenario(null));
});
