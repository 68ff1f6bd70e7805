// A hostile tester's links, stored tables and QR codes against the play-along engine and page
// modules (bad input). What play-table.test.mjs and play-stored-table.test.mjs
// already check is not repeated; these are the cases a hostile tester added: every bad value
// is a {field, message} for a field the page has, quickly, the link the page writes back holds
// only what was checked, an echoed value cannot turn the message around it (bidi controls),
// the record page's "In play at your table" link stays on the site, and the QR code either
// draws or says it cannot, never throws.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";
import * as E from "../../content/assets/play/engine/index.js";
import { checkedTable, tableHref } from "../../content/assets/play/stored-table.js";
import { siteHref } from "../../content/assets/shared/dom.js";
import { realData } from "./helper-records.mjs";
import { quickly } from "./pace.mjs";

const rules = E.rulesFromRecords(realData());
const read = (q) => E.tableFromQuery(rules, q);
const enc = encodeURIComponent;
const MN = "g=mare-nostrum";

// The fields the page draws (data-field in page/form.js), the seats' s1.. and "" (the whole link).
const PAGE_FIELDS = /^(|g|n|opt|s|s\d+|in|at)$/;
// Invisible characters that reorder or hide the text around them when echoed.
const INVISIBLE = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// What a canonical table link may hold (stored-table.js's QUERY): ids, numbers, positions.
const CANONICAL = /^[A-Za-z0-9._~*%=&+-]*$/;

const LINKS = [
  ["an unknown game", "g=narnia", ["g"]],
  ["an unknown record", `${MN}&in=mn-nobody`, ["in"]],
  ["an unknown option", `${MN}&opt=mn-nothing`, ["opt"]],
  ["0 players", `${MN}&n=0`, ["n"]],
  ["99 players", `${MN}&n=99`, ["n"]],
  ["-1 players", `${MN}&n=-1`, ["n"]],
  ["1e309 players", `${MN}&n=1e309`, ["n"]],
  ["NaN players", `${MN}&n=NaN`, ["n"]],
  ["Infinity players", `${MN}&n=Infinity`, ["n"]],
  ["n twice", `${MN}&n=4&n=5`, ["n"]],
  ["at garbage", `${MN}&at=${enc("<b>1</b>.mn-military-phase")}`, ["at"]],
  ["at past the end", "g=ancient-conquest&at=16.ac-player-turns", ["at"]],
  ["at past the ceiling", `${MN}&at=1000.mn-military-phase`, ["at"]],
  ["in=javascript:", `${MN}&in=${enc("javascript:alert(1)")}`, ["in"]],
  ["in=HTML", `${MN}&in=${enc('<img src=x onerror="alert(1)">')}`, ["in"]],
  ["in=bidi controls", `${MN}&in=${enc("\u202emn-ajax\u202c")}`, ["in"]],
  ["in=../", `${MN}&in=${enc("../../mn-ajax")}`, ["in"]],
  ["in=another game's record", `${MN}&in=ac-moses`, ["in"]],
  ["in for player 7 at a table of 4", `${MN}&n=4&in=mn-ajax.7`, ["in"]],
  ["in for player 1e309", `${MN}&n=4&in=mn-ajax.1e309`, ["in"]],
];

for (const [what, q, want] of LINKS) {
  test(`hostile link, ${what}: a message at ${want.join(", ")}, quickly, and a clean link back`, () => {
    const [r, query, moment] = quickly(() => {
      const read1 = read(q);
      return [read1, E.tableToQuery(rules, read1.table), E.momentAt(rules, read1.table)];
    }, 1000, "reading it");
    assert.deepEqual(r.errors.map((e) => e.field), want, JSON.stringify(r.errors));
    for (const e of r.errors) assert.match(e.field, PAGE_FIELDS);
    assert.match(query, CANONICAL, query);
    assert.ok(!/javascript|<|>|%3C|\.\.|%E2%80%AE/i.test(query), query);
    assert.equal(read(query).errors.length, 0, "the link written back reads with no message");
    if (r.table.game) assert.ok(moment && moment.step, "the marker still has a step");
  });
}

test("10,000 keys and a megabyte: a few messages, quickly, the table still read", () => {
  for (const q of [`${MN}&n=4&` + Array.from({ length: 10000 }, (_, i) => `in=mn-x${i}`).join("&"),
    `${MN}&n=4&x=${"%".repeat(1_000_000)}`, `${MN}&n=4&in=${"mn-ajax.".repeat(200_000)}1`]) {
    const r = quickly(() => read(q), 1000, "reading it");
    assert.equal(r.table.players, 4);
    assert.ok(r.errors.length <= 8, JSON.stringify(r.errors));
  }
});

test("an echoed value cannot turn its message around: bidi and control characters are folded", () => {
  for (const q of [`${MN}&in=${enc("\u202emn-ajax")}`, `${MN}&n=${enc("\u202e4")}`, `${MN}&s=${enc("mn-rome\u0007\u2066")}`,
    `g=${enc("\u202emare-nostrum")}`, `${MN}&opt=${enc("\u200fx")}`, `${MN}&at=${enc("1.\u202emn-military-phase")}`,
    `${MN}&${enc("\u202ezz")}=1`, `${MN}&n=3&n=${enc("\u202e5")}&n=4`]) {
    const r = read(q);
    assert.ok(r.errors.length > 0, q);
    for (const e of r.errors) assert.ok(!INVISIBLE.test(e.message), `${q}: ${JSON.stringify(e.message)}`);
  }
});

test("a stored table's query never makes the record page's link leave the site", () => {
  const root = "https://example.org/compendium/";
  const base = { v: 1, game: "mare-nostrum", inPlay: [{ id: "mn-ajax", player: 2 }] };
  for (const query of ["g=mare-nostrum&n=4", "%2F%2Fevil.example", "..%2F..%2F", "javascript:alert(1)", "//evil.example/x",
    "g=x#@evil.example", "\\\\evil.example", "g=x\u2028", "https:evil.example", "%0D%0ALocation:x"]) {
    const { table } = checkedTable({ ...base, query });
    const href = siteHref(tableHref(table || { ...base, query }), root);
    assert.ok(href.startsWith(`${root}play-along/`), `${query}: ${href}`);
    assert.ok(!/evil\.example\/|javascript:/.test(new URL(href).pathname + new URL(href).host), href);
  }
});

// The page's QR code (page/share.js qrSvg) with the vendored library, in Node: a stand-in DOM of
// plain objects is enough, since qrSvg only builds elements.
function qrLibrary() {
  const box = {};
  vm.createContext(box);
  vm.runInContext(readFileSync(new URL("../../content/assets/vendor/qrcode-generator/qrcode.js", import.meta.url), "utf8"), box);
  return box.qrcode;
}
class Element { constructor(tag) { this.tag = tag; this.attrs = {}; this.children = []; } setAttribute(k, v) { this.attrs[k] = String(v); }
  append(...c) { this.children.push(...c); } addEventListener() {} }

test("the QR code of the longest real table draws; a link longer than a QR code holds gives null, never a throw", async () => {
  globalThis.Node = Element;
  globalThis.document = { createElement: (t) => new Element(t), createElementNS: (_, t) => new Element(t) };
  const { qrSvg } = await import("../../content/assets/play/page/share.js");
  const qrcode = qrLibrary();
  const origin = "https://a-long-host-name.example.org/some/deep/path/of/the/compendium/play-along/?";
  for (const slug of rules.slugs) {   // every record that can enter play, each with a player: the longest link a real table makes
    const g = rules.games[slug];
    const n = g.players.max || E.PLAYER_CEILING;
    const inPlay = g.records.filter((r) => g.inPlayKinds.includes(r.kind)).map((r, i) => ({ id: r.id, player: (i % n) + 1 }));
    const table = { ...E.emptyTable(slug), players: n, options: g.options.map((o) => o.id), seats: g.seats.choices.slice(0, n).map((c) => c.key), inPlay };
    const query = E.tableToQuery(rules, table);
    assert.equal(read(query).errors.length, 0, slug);
    const pic = qrSvg(qrcode, origin + query, "QR");
    assert.ok(pic && pic.tag === "svg" && pic.children[1].attrs.d.length > 100, `${slug}: ${query.length} characters drew no code`);
  }
  for (const long of [origin + "in=mn-ajax.1&".repeat(500), origin + "x".repeat(100_000)]) {   // 500 records in play; a huge one
    assert.equal(quickly(() => qrSvg(qrcode, long, "QR"), 100, `giving up on ${long.length} characters`), null);
  }
  const most = qrSvg(qrcode, "a".repeat(2953), "QR");   // the most a QR code holds still draws
  assert.ok(most && most.attrs.viewBox === "0 0 185 185", most && most.attrs.viewBox);
  delete globalThis.document;
  delete globalThis.Node;
});

test("the printed sheet holds each step of the marker's round once, from any position (a 7 Wonders Myths age is not its turns again and again)", async () => {
  globalThis.Node = Element;
  globalThis.document = { createElement: (t) => new Element(t), createElementNS: (_, t) => new Element(t) };
  const { turnPositions } = await import("../../content/assets/play/page/print.js");
  for (const slug of rules.slugs) {
    const g = rules.games[slug];
    const table = E.tableFromQuery(rules, `g=${slug}`).table;
    const first = E.firstPosition(rules, table);
    const later = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].reduce((p) => E.nextPosition(rules, table, p) || p, E.nextPosition(rules, table, first, "round") || first);
    for (const pos of [first, later]) {
      const got = quickly(() => turnPositions(E, rules, g, table, pos), 200, `${slug} at ${pos}`);
      const steps = got.map((p) => p.slice(p.lastIndexOf(".") + 1));
      assert.deepEqual([...new Set(steps)], steps, `${slug} at ${pos}: a step printed twice: ${got.join(" ")}`);
      assert.deepEqual([...steps].sort(), g.steps.map((s) => s.id).sort(), `${slug} at ${pos}: ${got.join(" ")}`);
      const round = (p) => { const m = E.momentAt(rules, table, p); return m.round ? m.round.n : null; };
      assert.ok(got.every((p) => round(p) === round(pos)), `${slug} at ${pos}: ${got.join(" ")}`);
    }
  }
  delete globalThis.document;
  delete globalThis.Node;
});

test("the messages of a link's changes come in the link's order, whichever reading found them", () => {
  // A refusal of the replay (change 1) and two of the spelling (changes 2 and 3); the page lists three per field.
  const r = read("g=ancient-conquest&n=4&e=jegyptian-empire.9.m&e=jnobody.1.m&e=jegyptian-empire.1.q");
  const order = r.errors.filter((e) => e.field === "e").map((e) => Number(/^Change (\d+):/.exec(e.message)[1]));
  assert.deepEqual(order, [1, 2, 3]);
  assert.ok(r.errors.every((e) => !("n" in e)), "no working field leaks into a message");
});

test("a hand-written fold count at the reader's bound: the engine's next fold writes a count its own reader takes", () => {
  let t = read("g=ancient-conquest&n=4&e=c9999999&e=m2.placement-of-units").table;
  for (let i = 0; i < 400 && E.stateOf(rules, t).foldedCount === 9999999; i += 1) {
    t = E.applyChange(rules, t, { type: "enter", id: "ac-david", player: 3 }).table;
    t = E.applyChange(rules, t, { type: "leave", id: "ac-david" }).table;
  }
  assert.equal(E.stateOf(rules, t).foldedCount, 9999999, "the count stays at the bound");
  assert.deepEqual(read(E.tableToQuery(rules, t)).errors, []);
  assert.equal(read("g=ancient-conquest&e=c10000000").errors.length, 1, "past the bound: refused");
});

test("a table of the wrong shape handed to the API is read as the nearest table, never a throw", () => {
  const base = read("g=mare-nostrum&n=4&s=mn-rome&e=iajax.1").table;
  const shapes = [{ seats: 7 }, { options: 5 }, { seats: "mn-rome" }, { options: "x" }, { players: "4" }, { as: {} }, { seen: 5 },
    { seats: [7, null, {}] }, { options: [1, null] }];
  const calls = {
    stateOf: (t) => E.stateOf(rules, t), momentAt: (t) => E.momentAt(rules, t), setupFor: (t) => E.setupFor(rules, t),
    tableToQuery: (t) => E.tableToQuery(rules, t), historyOf: (t) => E.historyOf(rules, t), inPlayIds: (t) => E.inPlayIds(rules, t),
    applyChange: (t) => E.applyChange(rules, t, { type: "enter", id: "mn-hermes", player: 1 }), undo: (t) => E.undo(rules, t),
    nextPosition: (t) => E.nextPosition(rules, t, "1.mn-combat", "turn"), scoringLink: (t) => E.scoringLink(rules, t),
    mergeTables: (t) => E.mergeTables(rules, base, t), toolsAt: (t) => E.toolsAt(rules, t),
  };
  for (const shape of shapes) {
    for (const [name, call] of Object.entries(calls)) assert.doesNotThrow(() => call({ ...base, ...shape }), `${name} ${JSON.stringify(shape)}`);
  }
  // A table of the right shape is the same object (the engine's caches key on it).
  assert.equal(E.stateOf(rules, base), E.stateOf(rules, base));
});
