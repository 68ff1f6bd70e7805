// The search knows the game: a search started from a game's page (or at its table) ranks that
// game's records first, a boost and not a filter, and a game's own words count ('fleet' for Mare
// Nostrum's triremes, from the trireme record's search_words). On the real index.
// Run: COMPENDIUM_SEARCH_INDEX=/path/to/search/index.json node --test tests/js/search-game.test.mjs
// (or COMPENDIUM_RECORDS=/path/to/api/records.json: the index is read from beside it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadIndex } from "../../content/assets/search/engine/index.js";
import { favouredGame, search } from "../../content/assets/search/engine/search.js";
import { gameContext } from "../../content/assets/search/game-context.js";

const INDEX_PATH = process.env.COMPENDIUM_SEARCH_INDEX
  ?? (process.env.COMPENDIUM_RECORDS && join(dirname(process.env.COMPENDIUM_RECORDS), "..", "search", "index.json"));
assert.ok(INDEX_PATH, "set COMPENDIUM_SEARCH_INDEX to a search/index.json built from the current data");
const RAW = JSON.parse(readFileSync(INDEX_PATH, "utf8"));
const INDEX = loadIndex(RAW);
const MN = "mare-nostrum";

const ids = (outcome) => outcome.results.map((r) => r.doc.id);
const games = (outcome) => new Set(outcome.results.map((r) => r.doc.id.split("-")[0]));

// A player's words at a Mare Nostrum table, and the ruling that answers (000's Q&A sidebars).
const AT_THE_TABLE = [
  ["can i move through an enemy fleet", "mn-q-triremes-do-not-control-seas"],
  ["can i have two gods", "mn-q-several-gods-at-once"],
];

for (const [question, answer] of AT_THE_TABLE) {
  test(`'${question}' from a Mare Nostrum page finds ${answer} in the first three`, () => {
    for (const asked of [question, `${question}?`]) {
      const top = ids(search(INDEX, asked, { game: MN })).slice(0, 3);
      assert.ok(top.includes(answer), `${asked}: ${top.join(" ")}`);
    }
  });

  test(`'${question}' at a Mare Nostrum table (the start page: the table's game alone) finds ${answer} in the first three`, () => {
    const stored = { table: { v: 1, game: MN, query: "", inPlay: [] }, error: null };
    const top = ids(search(INDEX, question, { stored, game: gameContext(new URL("https://x.test/"), stored, new URL("https://x.test/")) })).slice(0, 3);
    assert.ok(top.includes(answer), top.join(" "));
  });
}

test("with no game, other games are not suppressed: the fleet question finds Diplomacy's and Ancient Conquest's fleets in the first ten", () => {
  const plain = search(INDEX, "can i move through an enemy fleet", { limit: 10 });
  assert.equal(plain.favoured, null);
  assert.ok(games(plain).has("dip") && games(plain).has("ac"), ids(plain).join(" "));
  assert.ok(ids(plain).filter((id) => !id.startsWith("mn-")).length >= 3, ids(plain).join(" "));
});

test("a favoured game is a boost, not a filter: the other games' results follow", () => {
  const plain = search(INDEX, "can i move through an enemy fleet", { limit: 1000 });
  const boosted = search(INDEX, "can i move through an enemy fleet", { limit: 1000, game: MN });
  assert.equal(boosted.total, plain.total);
  assert.deepEqual(new Set(ids(boosted)), new Set(ids(plain)));
  assert.ok(games(boosted).has("dip") && games(boosted).has("ac"));
  assert.ok(ids(boosted).slice(0, 5).every((id) => id.startsWith("mn-")), ids(boosted).slice(0, 5).join(" "));
  assert.deepEqual(boosted.favoured, { slug: MN, prefix: "mn-", label: "Mare Nostrum" });
});

test("words every game uses find the page's game's record first", () => {
  for (const [typed, page, id] of [["movement", "ancient-conquest", "ac-movement-rules"],
    ["what happens in a battle", "ancient-conquest", "ac-combat"], ["combat", MN, "mn-combat"]]) {
    assert.equal(ids(search(INDEX, typed, { game: page }))[0], id, `${typed} from ${page}`);
  }
});

test("a name typed in full still finds its record from another game's page", () => {
  for (const [typed, id, page] of [["diolkos", "dip-diolkos", MN], ["penthesilee", "mn-penthesilee", "seven-wonders-myths"],
    ["caesar", "mn-julius-caesar", "ancient-conquest"]]) {
    assert.equal(ids(search(INDEX, typed, { game: page }))[0], id, `${typed} from ${page}`);
  }
});

test("the search word 'fleet' reaches Mare Nostrum's trireme records, and no other game's through them", () => {
  const fleet = search(INDEX, "fleet", { limit: 1000 });
  const found = new Set(ids(fleet));
  for (const id of ["mn-trireme", "mn-q-triremes-do-not-control-seas", "mn-q-trireme-carrying-capacity"]) assert.ok(found.has(id), id);
  // Another game's record that says 'trireme' but not 'fleet' is not found by 'fleet'.
  const trireme = ids(search(INDEX, "trireme", { limit: 1000 })).filter((id) => !id.startsWith("mn-"));
  const others = trireme.filter((id) => found.has(id));
  for (const id of others) assert.match(INDEX.docs.find((d) => d.id === id).title + INDEX.docs.find((d) => d.id === id).line, /fleet/i, id);
  // The literal word ranks above the search word: with no game, a record called Fleet(s) comes first.
  assert.match(ids(fleet)[0], /^(ac|dip|mos)-/);
});

test("the favoured game is the page's first, then the table's; a folder that is no game's counts for nothing", () => {
  const root = new URL("https://x.test/site/");
  const table = { table: { v: 1, game: "ancient-conquest", query: "", inPlay: [] }, error: null };
  assert.deepEqual(gameContext(root, table, new URL("https://x.test/site/mare-nostrum/heroes/mn-ajax/")), [MN, "ancient-conquest"]);
  assert.equal(favouredGame(INDEX, gameContext(root, table, new URL("https://x.test/site/mare-nostrum/heroes/mn-ajax/"))).slug, MN);
  assert.equal(favouredGame(INDEX, gameContext(root, table, new URL("https://x.test/site/play-along/"))).slug, "ancient-conquest");
  assert.equal(favouredGame(INDEX, gameContext(root, { table: null, error: null }, new URL("https://x.test/site/search/"))), null);
  assert.equal(favouredGame(INDEX, gameContext(root, null, new URL("https://x.test/site/"))), null);
  assert.equal(favouredGame(INDEX, ["__proto__", "constructor", 7, null]), null);
});

test("favoured is said only when it put something first", () => {
  assert.equal(search(INDEX, "trireme", { game: MN }).favoured?.slug ?? null,
    ids(search(INDEX, "trireme", { limit: 1000 })).every((id) => id.startsWith("mn-")) ? null : MN);
  assert.equal(search(INDEX, "game:dip fleet", { game: MN }).favoured, null);   // a filter to another game
  const heroes = search(INDEX, "kind:hero", { game: "ancient-conquest", limit: 1000 });
  assert.equal(heroes.favoured?.slug, "ancient-conquest");
  const first = heroes.results.findIndex((r) => !r.doc.id.startsWith("ac-"));
  assert.ok(first > 0 && heroes.results.slice(first).every((r) => !r.doc.id.startsWith("ac-")), "the game's records first, then the rest");
});

test("an index without games, or with malformed ones, searches as before", () => {
  const bare = loadIndex({ ...RAW, games: undefined });
  assert.deepEqual(ids(search(bare, "fleet", { game: MN })), ids(search(INDEX, "fleet")));
  const odd = loadIndex({ ...RAW, games: [["mare-nostrum"], [1, 2, 3], ["Bad Slug", "mn", "x"], "x", null] });
  assert.equal(odd.games.size, 0);
  assert.equal(search(odd, "fleet", { game: MN }).favoured, null);
});
