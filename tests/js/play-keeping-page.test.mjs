// The device's tables on play along's page, in a DOM in Node (tests/js/dom.mjs): every table
// opened is kept (content/assets/play/page/keeping.js), a link of another table beside the one
// played before, which stays one tap away ("Back to it") and in "Tables on this device"; another
// game chosen in the form is another table; a link with a refused value is opened but not kept. And
// the form shows what a link gives: a holder before the player count, the Diplomacy variant's
// n=10. Each page load is a new page on the same device (the storage the last one left). Moved
// from tests/test_play_keeping_browser.py, which keeps two real tabs of one device hearing each
// other's changes (storage events between windows, which happy-dom does not send).
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { open, closePage, until } from "./dom.mjs";

after(closePage);

const TABLES = "compendium.tables.v1";
const KEY = "compendium.table.v1";
const ROOT = '<div id="play-along" class="th-helper pa-page"></div>';
const MN = "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece";

/** Play along opened at `query` on the device that holds `storage`, once it says what it keeps. */
async function play(query, storage = {}) {
  const page = await open(`play-along/?${query}`, { root: ROOT, module: "play/page/index.js", width: 375, storage });
  await until(() => page.$("#pa-stored") && page.text("#pa-stored") !== "", "#pa-stored");
  return page;
}

const games = (page) => {
  const raw = page.stored()[TABLES];
  return raw ? JSON.parse(raw).tables.map((t) => t.game) : [];
};
const game = (page) => new URLSearchParams(page.window.location.search).get("g");

test("every table opened is kept, the one before one tap away; a refused link is not kept", async () => {
  let page = await play(MN);
  assert.equal(page.text("#pa-stored"), "This table is kept on this device.");
  assert.ok(JSON.parse(page.stored()[KEY]).query.startsWith(MN));

  // Another table's link: opened and kept beside; the one before is one tap away.
  page = await play("g=ancient-conquest&n=4", page.stored());
  assert.ok(page.text("#pa-stored").includes("with 1 other"), page.text("#pa-stored"));
  assert.deepEqual(games(page), ["ancient-conquest", "mare-nostrum"]);
  assert.ok(page.text("#pa-back-to").includes("your Mare Nostrum"), page.text("#pa-back-to"));
  assert.ok(page.text("#pa-tables summary").includes("Tables on this device (2)"));
  page.click("#pa-back-to-open");
  await until(() => game(page) === "mare-nostrum", "the Mare Nostrum table in the address");
  await until(() => page.$("#pa-step") && page.$("#pa-step").getAttribute("data-step"), "the Mare Nostrum table on the card");
  // Another game chosen in the form is another table: the Mare Nostrum table stays, one tap away.
  page.click("label[for='pa-game-seven-wonders-myths']");
  await until(() => game(page) === "seven-wonders-myths", "Seven Wonders in the address");
  await until(() => games(page)[0] === "seven-wonders-myths", "the new table kept");
  await page.settle();
  assert.deepEqual(games(page), ["seven-wonders-myths", "mare-nostrum", "ancient-conquest"]);
  assert.ok(page.text("#pa-back-to").includes("your Mare Nostrum"), page.text("#pa-back-to"));
  page.click("#pa-back-to-open");
  await until(() => game(page) === "mare-nostrum", "the Mare Nostrum table in the address");
  await page.settle();

  // A link with a refused value: opened, with its message, and not kept.
  page = await play("g=mare-nostrum&n=99", page.stored());
  const said = page.text("#pa-stored");
  assert.ok(said.includes("could not be read") && said.includes("not kept"), said);
  assert.deepEqual(games(page), ["mare-nostrum", "seven-wonders-myths", "ancient-conquest"]);
  assert.deepEqual(page.errors, []);
});

test("the form shows what the link gives: a holder before the player count, ten Diplomacy players", async () => {
  let page = await play("g=mare-nostrum&in=mn-ajax.2");
  await until(() => page.$("#pa-in-mn-ajax"), "the hero's box");
  assert.ok(page.$("#pa-in-mn-ajax").checked);
  const holder = page.$("#pa-in-mn-ajax-player");
  assert.equal(holder.value, "2");
  assert.ok(holder.selectedOptions[0].textContent.includes("Player 2"), holder.selectedOptions[0].textContent);
  page = await play("g=diplomacy-variant&n=10", page.stored());
  assert.equal(page.$("#pa-players").value, "10");
  assert.ok(page.query().includes("n=10"), page.query());
  assert.deepEqual(page.errors, []);
});
