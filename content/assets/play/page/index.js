// The play-along page (content/play-along.md, issue 25): mounts the page on #play-along and keeps
// the table. The table is the page's query, always: each change goes form -> table -> query ->
// the engine's tableFromQuery (which checks every value) -> the page drawn from what it read, and
// the canonical query goes back into the address (history.replaceState) and onto the device
// (stored-table.js). A link with no table opens the device's stored one. Stepping the marker
// redraws the now card only; the form, the setup and the printed page are drawn when the table
// changes, and the QR code a moment after.
import { el, startHelper, syncQuery, showErrors, recordLink } from "../../shared/tool-page.js";
import * as engine from "../engine/index.js";
import { readStoredTable, storeTable, forgetTable } from "../stored-table.js";
import { tableForm } from "./form.js";
import { loadPlay, openingGame, playRules, addGame } from "./load.js";
import { nowContent } from "./now.js";
import { setupList } from "./setup.js";
import { shareBox } from "./share.js";
import { printSheet } from "./print.js";

const { rulesFromRecords, tableFromQuery, tableToQuery, setupFor, firstPosition, nextPosition, previousPosition,
  momentAt, inPlayIds, gameRules } = engine;

const SETTLE_MS = 150;   // after the last step, the address and the device follow

/** The page's own absolute link, without the fragment Material writes as the reader scrolls. */
function tableLink() {
  return `${location.origin}${location.pathname}${location.search}`;
}

function section(id, title, ...children) {
  return el("section", { class: "pa-section", id, "aria-labelledby": `${id}-title` }, el("h2", { id: `${id}-title`, text: title }), children);
}

function mount(root, loaded) {
  let rules;
  try {
    rules = playRules(rulesFromRecords, loaded);   // the opening game's rules, and the names of all
  } catch (e) {
    root.replaceChildren(el("div", { role: "alert", class: "th-alert" }, el("p", { text: `Play along cannot read the records: ${e.message}` })));
    return;
  }
  const general = el("div", { role: "alert", class: "th-alert", id: "pa-errors" });
  const stored = el("p", { class: "th-hint", id: "pa-stored", role: "status" });
  const back = el("button", { type: "button", class: "th-button pa-back", id: "pa-back", text: "‹ Back" });
  const next = el("button", { type: "button", class: "th-button pa-next", id: "pa-next", text: "Next ›" });
  const nav = el("div", { class: "pa-nav" }, back, next);
  const now = el("section", { class: "pa-now", id: "pa-now", "aria-label": "Now" });
  // A screen reader hears the step the marker moved to, not the whole card again.
  const said = el("p", { class: "pa-sr", id: "pa-said", "aria-live": "polite" });
  const formBox = el("div", { id: "pa-form" });
  const setupBox = el("div", { id: "pa-setup" });
  const share = shareBox(forget);
  const print = el("div", { class: "pa-print", id: "pa-print" });
  const shareSection = section("pa-share", "Share this table", share.element);
  root.replaceChildren(general, said,
    el("div", { class: "pa-layout" }, now, section("pa-table", "Your table", formBox, stored)),
    section("pa-setup-section", "Setup for this table", setupBox),
    shareSection,
    print);
  share.watch(shareSection);

  let table = engine.emptyTable(null);
  let g = null;
  let form = null;
  let pos = null;

  const links = {
    nav,
    scoring: (href) => recordLink({ name: "Open the scoring helper with this table", url: href }),
  };

  function keep(query) {
    // Only a table with a game is kept; the device keeps what the address says.
    if (!g) return;
    const result = storeTable({ v: 1, game: table.game, query, inPlay: inPlayIds(rules, table) });
    stored.textContent = result.ok ? "This table is kept on this device." : result.error;
  }

  function drawNow() {
    const moment = g && pos ? momentAt(rules, table, pos) : null;
    back.disabled = !moment || !previousPosition(rules, table, pos);
    next.disabled = !moment || !nextPosition(rules, table, pos);
    now.replaceChildren(...nowContent(g, table, moment, links));
    now.dataset.pos = pos || "";
    said.textContent = moment ? `${moment.round ? `${moment.round.text}: ` : ""}${moment.step.name}` : "";
  }

  /** Read a query, draw everything from the table it holds; the messages go beside their fields. */
  function apply(query, extra = []) {
    clearTimeout(settling);
    const read = tableFromQuery(rules, query);
    const sameForm = form && g && read.table.game === g.game && read.table.players === table.players;
    table = read.table;
    g = gameRules(rules, table.game);
    pos = g ? table.at || firstPosition(rules, table) : null;
    const canonical = tableToQuery(rules, table);
    syncQuery(canonical);
    if (!sameForm) {
      form = tableForm(rules, g, table, onFormChange);
      formBox.replaceChildren(form.element);
    }
    setupBox.replaceChildren(...setupList(g, table, g ? setupFor(rules, table) : []));
    drawNow();
    print.replaceChildren(...printSheet(engine, rules, g, table, pos));
    showErrors(root, general, [...read.errors, ...extra]);
    keep(canonical);
    share.update(tableLink());
  }

  /** apply(query), once the records of the query's game are read: a game chosen in the form is
   * fetched then (load.js); while it loads, the page says so. */
  function open(query, extra = [], then = () => {}) {
    const want = openingGame(query, null);
    if (want === null || !rules.slugs.includes(want) || rules.games[want]) {
      apply(query, extra);
      then();
      return;
    }
    stored.textContent = `Reading the records of ${rules.names[want] || want}…`;
    loadPlay(want).then((more) => addGame(rulesFromRecords, rules, more), (e) => e).then((failed) => {
      if (!root.isConnected) return;
      const said = failed instanceof Error ? [{ field: "g", message: `The records of ${rules.names[want] || want} could not be read: ${failed.message}` }] : [];
      apply(query, [...extra, ...said]);
      then();
    });
  }

  function onFormChange() {
    const focused = document.activeElement && document.activeElement.id;
    const wanted = form.read();
    const query = wanted.game && !rules.games[wanted.game] ? `g=${encodeURIComponent(wanted.game)}` : tableToQuery(rules, wanted);
    open(query, [], () => {
      const again = focused && document.getElementById(focused);
      if (again && again !== document.activeElement) again.focus();
    });
  }

  // What follows a step but is not seen on the card (the address, the device's copy, the QR
  // code) waits until the marker has been still a moment: history.replaceState alone costs a
  // slow phone 20 ms, and a player pressing Next three times wants three cards, not three links.
  let settling = null;
  function settle() {
    clearTimeout(settling);
    settling = null;
    if (!root.isConnected) return;   // instant navigation left the page: its address is another page's now
    const query = tableToQuery(rules, table);
    syncQuery(query);
    keep(query);
    share.update(tableLink());
  }

  function step(to) {
    if (!to) return;
    pos = to;
    table = { ...table, at: to };
    drawNow();
    clearTimeout(settling);
    settling = setTimeout(settle, SETTLE_MS);
  }
  next.addEventListener("click", () => step(nextPosition(rules, table, pos)));
  back.addEventListener("click", () => step(previousPosition(rules, table, pos)));

  // Printed (the button or the browser's menu): the sheet shows the turn the marker is in, and
  // the QR code of the link as it is now.
  const beforePrint = () => {
    if (!root.isConnected) { window.removeEventListener("beforeprint", beforePrint); return; }
    if (settling) settle();
    print.replaceChildren(...printSheet(engine, rules, g, table, pos));
    share.drawNow();
  };
  window.addEventListener("beforeprint", beforePrint);

  function forget() {
    forgetTable();
    apply("");
    stored.textContent = "This device no longer keeps a table.";
  }

  // The link's table, or (a link with none) the one kept on this device.
  const notes = [];
  let query = location.search.replace(/^\?/, "");
  if (!query) {
    const kept = readStoredTable();
    if (kept.error) notes.push({ field: "", message: kept.error });
    else if (kept.table) query = kept.table.query;
  }
  open(query, notes);
}

/** The opening game's records: the link's, else the table kept on this device's (load.js). */
function loadOpening() {
  const kept = location.search ? null : readStoredTable().table;
  return loadPlay(openingGame(location.search, kept && kept.game));
}

startHelper("play-along", "play-along page", mount, loadOpening);
