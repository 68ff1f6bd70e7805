// Low search findings of a hostile review, each on the pure function that fixes it:
// - groups nested deeper than MAX_DEPTH get a problem (as the 500-character cut does), are
//   not searched as plain words behind the player's back, and open brackets are counted;
// - one folding (shared/plain-text.js) for a query from an address: NUL, BEL, ESC, DEL and the
//   bidi controls out, in the header's box, the start page's box and the card browser alike;
// - a tool's link note never calls the site's ?q= (the search's) ignored;
// - the card browser's ?search= is folded and cut to what the engine reads, and says so.
// Run: COMPENDIUM_RECORDS=/path/to/api/records.json node --test tests/js/search-hostile-text.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadIndex, search } from "../../content/assets/search/engine/search.js";
import { parseSyntax, MAX_DEPTH, MAX_SYNTAX_CHARS } from "../../content/assets/search/engine/syntax.js";
import { plainQuery } from "../../content/assets/shared/plain-text.js";
import { helperLinkNotes, unknownKeyNotes } from "../../content/assets/link/query-notes.js";
import { searchedText } from "../../content/assets/browse/as-query.js";

const RECORDS_PATH = process.env.COMPENDIUM_RECORDS
  ?? (process.env.COMPENDIUM_SEARCH_INDEX && join(dirname(process.env.COMPENDIUM_SEARCH_INDEX), "..", "api", "records.json"));
assert.ok(RECORDS_PATH, "set COMPENDIUM_RECORDS to an api/records.json built from the current data");
const INDEX = loadIndex(JSON.parse(readFileSync(
  process.env.COMPENDIUM_SEARCH_INDEX ?? join(dirname(RECORDS_PATH), "..", "search", "index.json"), "utf8")));

const CONTROLS = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const messages = (outcome) => outcome.problems.map((p) => p.message);
const nested = (n, inner) => `${"(".repeat(n)}${inner}${")".repeat(n)}`;

test("a group nested deeper than MAX_DEPTH is named in a problem, not left out silently", () => {
  const deep = `${nested(MAX_DEPTH + 2, "kind:hero ajax")} zeus`;
  const parsed = parseSyntax(deep);
  assert.deepEqual(parsed.problems.map((p) => p.message),
    [`Groups are read ${MAX_DEPTH} deep; a “(” inside ${MAX_DEPTH} others is left out with what it holds.`]);
  // what the engine says, and what it searched: not the left-out words as plain words
  const outcome = search(INDEX, deep, { limit: Infinity });
  assert.ok(messages(outcome).some((m) => m.startsWith(`Groups are read ${MAX_DEPTH} deep`)), messages(outcome).join("\n"));
  const zeus = search(INDEX, "zeus", { limit: Infinity });
  assert.deepEqual(outcome.results.map((r) => r.doc.id).sort(), zeus.results.map((r) => r.doc.id).sort());
  // MAX_DEPTH deep is read whole, with no problem
  const ok = parseSyntax(`${nested(MAX_DEPTH, "kind:hero ajax")} zeus`);
  assert.deepEqual(ok.problems, []);
  assert.equal(ok.node.type, "and");
});

test("open brackets are counted: balanced ones give no bracket problem, unclosed ones one line with their number", () => {
  assert.deepEqual(parseSyntax(nested(3, "ajax")).problems, []);
  const unclosed = parseSyntax("((((((((kind:hero ajax))))))) zeus");   // 8 open, 7 closed
  assert.equal(unclosed.problems.filter((p) => /not closed/.test(p.message)).length, 1);
  assert.equal(unclosed.problems.find((p) => /not closed/.test(p.message)).message,
    "A “(” is not closed; it is read as closed at the end.");
  const many = parseSyntax(`${"(".repeat(300)}ajax`);
  assert.deepEqual(many.problems.map((p) => p.message), [
    "300 “(” are not closed; they are read as closed at the end.",
    `Groups are read ${MAX_DEPTH} deep; a “(” inside ${MAX_DEPTH} others is left out with what it holds.`]);
  // a bracket left open on a plain word says so in the engine's outcome too
  assert.ok(messages(search(INDEX, "(ajax")).some((m) => /not closed/.test(m)));
});

test("plainQuery folds NUL, BEL, ESC, DEL and bidi controls to a space, and cuts to length", () => {
  assert.equal(plainQuery("aj\u0000ax\u0007\u001b"), "aj ax ");
  assert.equal(plainQuery("a\u007fb\u202ec\u2066d\u2069e\u200ef\u200fg\u202ah"), "a b c d e f g h");
  assert.equal(plainQuery("x\u0000\u0001\u0002y"), "x y");   // a run is one space
  assert.equal(plainQuery("ajax", 2), "aj");
  assert.equal(plainQuery(null), "");
  assert.equal(plainQuery("Ελληνικά 🏛️ “quoted”"), "Ελληνικά 🏛️ “quoted”");   // letters and marks stay
  for (let c = 0; c < 0x80; c++) {
    const out = plainQuery(`a${String.fromCharCode(c)}b`);
    assert.ok(!CONTROLS.test(out), `U+${c.toString(16)} kept`);
  }
});

test("a tool's link note leaves ?q= to the search: not called ignored", () => {
  const known = new Set(["tax"]);
  assert.deepEqual(unknownKeyNotes(new URLSearchParams("q=ajax&tax=3"), known), []);
  assert.deepEqual(helperLinkNotes(new URLSearchParams("q=ajax"), [], { known }), []);
  // another unknown key is still named
  const notes = unknownKeyNotes(new URLSearchParams("q=ajax&zz=1"), known);
  assert.deepEqual(notes.map((n) => n.field), ["zz"]);
  assert.ok(!notes.some((n) => /“q”/.test(n.message)));
});

test("the card browser's ?search= is folded and cut to what the engine reads, with a message", () => {
  const bidi = searchedText("ajax\u202e\u2066zeus\u200f");
  assert.equal(bidi.query, "ajax zeus ");
  assert.equal(bidi.cut, false);
  assert.equal(bidi.message, "");
  const long = searchedText(`ajax ${"z".repeat(1995)}`);
  assert.equal(long.query.length, MAX_SYNTAX_CHARS);
  assert.equal(long.cut, true);
  assert.equal(long.message, `The search in the address is 2,000 characters long; only the first ${MAX_SYNTAX_CHARS} are read.`);
  assert.ok(!CONTROLS.test(searchedText("\u0000\u001b\u202d".repeat(700)).query));
});

test("plainQuery folds C1 controls, the Arabic letter mark and separators, and takes invisible characters out", () => {
  // The Arabic letter mark, C1 controls and zero-width spaces in a link were echoed.
  assert.equal(plainQuery("a\u0085b\u009bc\u0080d"), "a b c d");
  assert.equal(plainQuery("a\u061cb\u2028c\u2029d\ufff9e"), "a b c d e");
  assert.equal(plainQuery("a\u200bj\u200ca\u200dx\u2060\ufeff\u00ad"), "ajax");   // as the index reads it
  const ECHOED = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/u;
  for (let c = 0; c < 0x10000; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const out = plainQuery(`a${String.fromCharCode(c)}b`);
    assert.ok(!ECHOED.test(out), `U+${c.toString(16)} kept`);
  }
});

test("a table link's refused values are echoed without those characters", async () => {
  const { rulesFromRecords, tableFromQuery } = await import("../../content/assets/play/engine/index.js");
  const rules = rulesFromRecords(JSON.parse(readFileSync(RECORDS_PATH, "utf8")));
  for (const c of ["\u061c", "\u0085", "\u009b", "\u200b", "\u202e"]) {
    const value = encodeURIComponent(`mn-aj${c}ax`);
    for (const q of [`g=mare-nostrum&n=4&in=${value}`, `g=mare-nostrum&n=4${encodeURIComponent(c)}`, `g=mare${encodeURIComponent(c)}nostrum`,
      `g=mare-nostrum&n=4&s=${value}`, `g=mare-nostrum&n=4&zz${encodeURIComponent(c)}=1`]) {
      const { errors } = tableFromQuery(rules, q);
      assert.ok(errors.length, q);
      for (const e of errors) assert.ok(!e.message.includes(c), `U+${c.charCodeAt(0).toString(16)} echoed for ${q}: ${e.message}`);
    }
  }
});
