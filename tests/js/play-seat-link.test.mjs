// A phone for every seat: content/assets/play/page/seat-link.js reads and writes the
// table's link "as player N" (as=N) around the engine's query. A seat that does not exist, a
// number that is not one, the key given twice: a message at `as`, the table for everyone.
import test from "node:test";
import assert from "node:assert/strict";
import { splitSeat, checkedSeat, withSeat, fromSeat, seatLinks, SEAT_KEY, FROM_KEY } from "../../content/assets/play/page/seat-link.js";
import { codeQuery } from "../../content/assets/play/page/table-link.js";

test("as=N is taken off the engine's query and written back at the end", () => {
  assert.deepEqual(splitSeat("g=mare-nostrum&n=4&as=2"), { query: "g=mare-nostrum&n=4", asPlayer: 2, raw: "2", from: null });
  assert.deepEqual(splitSeat("?g=x&n=4"), { query: "g=x&n=4", asPlayer: null, raw: null, from: null });
  assert.equal(withSeat("g=x&n=4", 2), "g=x&n=4&as=2");
  assert.equal(withSeat("g=x", null), "g=x");
  assert.equal(withSeat("", 3), "as=3");
  assert.deepEqual(seatLinks("https://h/play-along/?g=x&n=3", 3).map((x) => x.href),
    ["https://h/play-along/?g=x&n=3&as=1", "https://h/play-along/?g=x&n=3&as=2", "https://h/play-along/?g=x&n=3&as=3"]);
  assert.deepEqual(seatLinks("https://h/play-along/", null), []);
  assert.equal(SEAT_KEY, "as");
});

test("a seat the table does not have is a message at `as`, never a throw", () => {
  for (const [q, players, said] of [["as=7", 4, /player 7, but the table has 4 players/], ["as=0", 4, /“0” is not a player number/],
    ["as=-1", 4, /not a player number/], ["as=2.5", 4, /not a player number/], ["as=1e9", 4, /not a player number/],
    ["as=2&as=3", 4, /“2, 3” is not/], ["as=%3Cscript%3E", 4, /“\?script\?” is not/], ["as=2", null, /no player count yet/]]) {
    const s = splitSeat(q);
    const r = checkedSeat(s.asPlayer, s.raw, players);
    assert.equal(r.asPlayer, null, q);
    assert.equal(r.error.field, "as");
    assert.match(r.error.message, said, q);
    assert.doesNotMatch(r.error.message, /[<>]/);
  }
  assert.deepEqual(checkedSeat(2, "2", 4).asPlayer, 2);
  assert.equal(checkedSeat(2, "2", 4).error, null);
  assert.deepEqual(splitSeat("%zz&as=1"), { query: "%25zz=", asPlayer: 1, raw: "1", from: null });
});

test("Show my code names the phone that showed it (from=N), which never sets the reading phone's seat", () => {
  assert.equal(FROM_KEY, "from");
  assert.equal(fromSeat("g=x&n=4", 2), "g=x&n=4&from=2");
  assert.equal(fromSeat("g=x&n=4", null), "g=x&n=4");
  assert.deepEqual(splitSeat("g=x&n=4&from=2"), { query: "g=x&n=4", asPlayer: null, raw: null, from: 2 });
  assert.deepEqual(splitSeat("g=x&n=4&from=2&as=3"), { query: "g=x&n=4", asPlayer: 3, raw: "3", from: 2 });
  for (const bad of ["from=0", "from=x", "from=2&from=3", "from=%3Cb%3E"]) assert.equal(splitSeat(`g=x&${bad}`).from, null, bad);
});

test("a scanned code is a table only when it links to this page of this site; anything else is named, never opened", () => {
  const page = { protocol: "https:", origin: "https://example.org", pathname: "/compendium/play-along/", canonical: "https://example.org/compendium/play-along/" };
  assert.deepEqual(codeQuery("https://example.org/compendium/play-along/?g=x&n=4&from=2", page), { query: "g=x&n=4&from=2" });
  // From the file:// copy, the site's public address (the canonical link) is this page.
  const file = { protocol: "file:", origin: "null", pathname: "/tmp/site/play-along/index.html", canonical: "https://example.org/compendium/play-along/" };
  assert.deepEqual(codeQuery("https://example.org/compendium/play-along/?g=x", file), { query: "g=x" });
  for (const [text, said] of [["https://evil.example/compendium/play-along/?g=x", /another site \(evil\.example\)/],
    ["https://example.org/compendium/search/?q=x", /another page of this site/], ["javascript:alert(1)", /not a link to a web page/],
    ["hello", /not a link/], ["https://example.org/compendium/play-along/", /no table/], ["", /not a link/],
    [`https://${"a".repeat(300)}.example/`, /another site/]]) {
    const r = codeQuery(text, page);
    assert.equal(r.query, undefined, text);
    assert.match(r.error, said, text);
    assert.ok(r.error.length < 200, text);
  }
});
