// Play along's page in a DOM in Node (tests/js/dom.mjs): what hostile links become on the page (a
// message beside its field or at the top, the table read and the junk dropped from the address)
// and that the page still steps after them. The engine's answer to each value is checked in
// tests/js/play-hostile.test.mjs; these check the page's showing of it. Moved from
// tests/test_play_along_browser.py, which keeps what only a browser shows (the phone's layout, the
// reminders in view, offline use, the QR codes, the camera).
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { open, closePage, until, assertNoNan } from "./dom.mjs";

after(closePage);

const ROOT_ID = "play-along";
const ROOT = `<div id="${ROOT_ID}" class="th-helper pa-page"></div>`;
const play = (query, storage = {}) => open(`play-along/?${query}`, { root: ROOT, module: "play/page/index.js", width: 375, storage });

/** One tap on a chip of the form (a radio button's label: form.js chipGroup). */
async function choose(page, radioId) {
  page.click(`label[for='${radioId}']`);
  await until(() => page.$(`#${radioId}`) && page.$(`#${radioId}`).checked, `#${radioId} checked`);
}

const step = (page) => page.$("#pa-step") && page.$("#pa-step").getAttribute("data-step");

test("hostile links get messages and the page still works", async () => {
  let page = await play("g=atlantis-game&n=99");
  assert.equal(page.root.dataset.ready, "true");
  assert.match(page.text(`#${ROOT_ID}`), /not a game/);
  assert.equal(page.$("#pa-game").getAttribute("aria-invalid"), "true");
  await choose(page, "pa-game-mare-nostrum");
  await until(() => step(page), "#pa-step[data-step]");   // the game's records are read once it is chosen (load.js)
  let first = step(page);
  page.click("#pa-next");
  assert.notEqual(step(page), first);
  assert.deepEqual(page.errors, []);
  assert.ok(Object.keys(page.stored()).length > 0, "the device keeps the table");

  // A seat's code for a seat the table does not have: a message, the table for everyone.
  page = await play("g=mare-nostrum&n=4&s=mn-rome&as=7", page.stored());   // the same device: what it kept stays
  assert.ok(page.text("#pa-errors").includes("player 7") && page.text("#pa-errors").includes("4 players"), page.text("#pa-errors"));
  assert.ok(step(page) && !page.query().includes("as="), page.query());
  assert.deepEqual(page.errors, []);

  // 10,000 pairs with the 9 before them (the browser test's server refused a request line over
  // 64 kB, so its pairs were short; these are the same).
  const junk = Array(9991).fill("k=1").join("&");
  page = await play(`g=mare-nostrum&g=mosaic-wars-disasters&n=99&n=4&opt=nope&s=mn-rome&s=mn-rome&in=mn-nobody&at=zz&${junk}`, page.stored());
  const text = page.text(`#${ROOT_ID}`);   // the form's messages too, on screen or not
  assert.ok(text.includes("10,000 keys"), "the cut is said");
  assert.equal(page.$("#pa-players").getAttribute("aria-invalid"), "true");   // 99 players: beside its field
  for (const said of ["nope", "mn-nobody"]) assert.ok(text.includes(said), said);
  assert.ok(page.query().length < 200, `the address holds the table read, not the junk: ${page.query().slice(0, 300)}`);
  first = step(page);
  page.click("#pa-next");
  assert.notEqual(step(page), first);
  assertNoNan(assert, page, `#${ROOT_ID}`);
  assert.deepEqual(page.errors, []);
});

// What a device held under the table's key before the visit: never JSON, the wrong shape, a link
// to elsewhere. Moved from tests/test_play_along_browser.py's main flow (one value a screen there).
const KEY = "compendium.table.v1";
for (const garbage of ["{not json",
  JSON.stringify({ v: 1, game: "mare-nostrum", query: "g=mare-nostrum", inPlay: "everything" }),
  JSON.stringify({ v: 1, game: "mare-nostrum", query: "g=x&u=javascript:alert(1)", inPlay: [] })]) {
  test(`garbage on the device gets a message, and the form sets a table: ${garbage.slice(0, 40)}`, async () => {
    const page = await play("", { [KEY]: garbage });
    assert.equal(page.root.dataset.ready, "true");
    assert.ok(page.text("#pa-errors").includes("cannot be used"), "garbage on the device gets a message");
    assert.equal(page.text("#pa-step"), "Set your table");
    await choose(page, "pa-game-mare-nostrum");
    await until(() => page.$("label[for='pa-players-4']"), "the game's form");   // its records read once it is chosen
    await choose(page, "pa-players-4");
    await until(() => step(page), "#pa-step[data-step]");
    assert.equal(page.text("#pa-errors"), "", "the table set in the form: the message goes");
    assert.deepEqual(page.errors, []);
  });
}

test("the first drawing puts the whole page in at once, and draws the printed sheet in a later task", async () => {
  const page = await open("play-along/?g=mare-nostrum&n=4&s=mn-rome&in=mn-ajax.2",
    { root: ROOT, module: "play/page/index.js", width: 375, ready: false });
  const seen = [];   // at each change of the root's children: what was drawn then
  new page.window.MutationObserver(() => seen.push({
    parts: page.root.children.length,
    card: Boolean(page.$("#pa-step")),
    form: Boolean(page.$("#pa-game")),
    sheet: page.$("#pa-print") ? page.$("#pa-print").children.length : -1,
    ready: page.root.dataset.ready,
  })).observe(page.root, { childList: true });
  await until(() => page.root.dataset.ready === "true", "#play-along drawn");
  assert.equal(seen.length, 1, `the root's children changed ${seen.length} times: ${JSON.stringify(seen)}`);
  assert.ok(seen[0].parts >= 5 && seen[0].card && seen[0].form, `put in the page before it was drawn: ${JSON.stringify(seen[0])}`);
  assert.equal(seen[0].sheet, 0, "the printed sheet was drawn in the same task as the page");
  assert.notEqual(seen[0].ready, "true", "ready before the printed sheet");
  assert.ok(page.$$("#pa-print section[data-step]").length >= 4, "the printed sheet, once ready");
  assert.deepEqual(page.errors, []);
});

test("the form asks who holds a record once it is ticked: none for the records not in play", async () => {
  const page = await play("g=mare-nostrum&n=4&s=mn-rome&in=mn-ajax.2");
  assert.ok(page.$$("#pa-in input[type=checkbox]").length > 40, "the game's records are listed");
  const ticked = page.$$("#pa-in input[type=checkbox]").filter((c) => c.checked).map((c) => `${c.id}-player`);
  assert.ok(ticked.includes("pa-in-mn-ajax-player") && !ticked.includes("pa-in-mn-hercules-player"), ticked.join(" "));
  assert.deepEqual(page.$$("#pa-in select").map((s) => s.id), ticked, "a holder for a record not in play");
  assert.equal(page.$("#pa-in-mn-ajax-player").value, "2");

  page.click("#pa-in-mn-hercules");
  await until(() => page.$("#pa-in-mn-hercules-player"), "the holder of a record just ticked");
  page.select("#pa-in-mn-hercules-player", "3");
  await until(() => page.query().includes("hercules.3"), "the holder in the table's address");
  page.click("#pa-in-mn-hercules");
  await until(() => !page.$("#pa-in-mn-hercules").checked, "the record unticked");
  assert.ok(!page.shown("#pa-in-mn-hercules-player"), "the holder of a record no longer in play is still shown");
  assert.deepEqual(page.errors, []);
});

test("a table whose setup is not done opens on its setup, above the card; once done, the card comes first", async () => {
  let page = await play("g=mare-nostrum&n=4&s=mn-rome");
  const order = () => page.$$(`#${ROOT_ID} > *`).map((e) => e.id || e.className).filter((id) => ["pa-setup-section", "pa-layout"].includes(id));
  assert.deepEqual(order(), ["pa-setup-section", "pa-layout"], "the first drawing put the card above the setup still to do");
  const unticked = () => page.$$("#pa-setup-section input[type=checkbox]").find((box) => !box.checked);
  for (let box = unticked(), taps = 0; box && taps < 200; box = unticked(), taps += 1) {   // each tick draws the list again
    box.click();
    await page.settle();
  }
  await until(() => order()[0] === "pa-layout", "the card above the setup once every line is ticked");
  page = await play(page.query(), page.stored());   // the same table opened again: its setup done
  assert.deepEqual(order(), ["pa-layout", "pa-setup-section"]);
  assert.deepEqual(page.errors, []);
});
