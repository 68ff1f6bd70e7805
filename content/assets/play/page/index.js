// The play-along page (content/play-along.md, issues 25 and 31): mounts the page on #play-along
// and keeps the table. The table is the page's query, always: the settings, then the log of what
// happened (CONTRACT-31.md). Every change goes through the engine's applyChange (which checks it)
// and lands in the log: a record entering or leaving, a power used, a setup step ticked, the
// marker moved. The marker moves only when a player moves it; recording a purchase keeps it. The
// page is drawn from what the engine reads back (stateOf, momentAt), and the canonical query goes
// back into the address (history.replaceState) and onto the device (stored-table.js). A link with
// no table opens the device's stored one. Moving the marker redraws the now card only; the form,
// the setup and the printed page are drawn when the table changes, and the QR code a moment after.
import { el, startHelper, syncQuery, showErrors, recordLink } from "../../shared/tool-page.js";
import * as engine from "./api.js";
import { readStoredTable, forgetTable } from "../stored-table.js";
import { deviceKeeper } from "./keeping.js";
import { tableLink, pageAddress, FILE_ONLY } from "./table-link.js";
import { tableForm, playerName } from "./form.js";
import { splitSeat, checkedSeat, withSeat, seatLinks } from "./seat-link.js";
import { loadPlay, openingGame, playRules, addGame } from "./load.js";
import { nowCard } from "./now.js";
import { markerNav } from "./nav.js";
import { recordPicker } from "./record.js";
import { logBox } from "./log.js";
import { setupList, setupDone } from "./setup.js";
import { undoNote, droppedBy } from "./undo-note.js";
import { shareBox } from "./share.js";
import { printSheet } from "./print.js";

const { rulesFromRecords, tableFromQuery, tableToQuery, setupFor, firstPosition, momentAt, inPlayIds, gameRules,
  applyChange, undo, undoBlocked, stateOf } = engine;

const SETTLE_MS = 150;   // after the last step, the address and the device follow


function section(id, title, ...children) {
  return el("section", { class: "pa-section", id, "aria-labelledby": `${id}-title` }, el("h2", { id: `${id}-title`, text: title }), children);
}

/** Whether the element's box is on the screen, whole. */
function inView(node) {
  const r = node.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
}

/**
 * The changes that take the records in play the form was drawn with to those it holds now: leaves,
 * then enters. Only the kinds the form lists (a seat's own civilization, the roles, the options are
 * in play too, and not the form's to take out).
 */
function changesFrom(g, state, wanted) {
  const listed = (id) => { const r = g.byId.get(id); return Boolean(r && g.inPlayKinds.includes(r.kind)); };
  const had = new Map(state.inPlay.filter((e) => listed(e.id)).map((e) => [e.id, e.player]));
  const want = new Map(wanted.map((e) => [e.id, e.player]));
  const out = [];
  for (const [id, player] of had) if (!want.has(id) || want.get(id) !== player) out.push({ type: "leave", id });
  for (const [id, player] of want) if (!had.has(id) || had.get(id) !== player) out.push({ type: "enter", id, player });
  return out;
}

const sameList = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

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
  const now = el("section", { class: "pa-now", id: "pa-now", "aria-label": "Now" });
  const card = nowCard(now);
  // A screen reader hears the step the marker moved to, not the whole card again.
  const said = el("p", { class: "pa-sr", id: "pa-said", "aria-live": "polite" });
  const formBox = el("div", { id: "pa-form" });
  const setupBox = el("div", { id: "pa-setup" });
  const share = shareBox(forget);
  const print = el("div", { class: "pa-print", id: "pa-print" });
  const shareSection = section("pa-share", "Share this table", share.element);
  const note = undoNote();   // Undo for a lower player count and for Forget this table
  const layout = el("div", { class: "pa-layout" }, now, section("pa-table", "Your table", note.element, formBox, stored));
  const setupSection = section("pa-setup-section", "Setup for this table", setupBox);
  root.replaceChildren(general, said, layout, setupSection, shareSection, print);
  share.watch(shareSection);

  let table = engine.emptyTable(null);
  let g = null;
  let form = null;
  let formView = null;   // the table the form was drawn from: its edits are what differs from it
  let pos = null;
  let state = null;
  // The controls kept across redraws of the card, built again when the game changes.
  let nav = null;
  let picker = null;
  const log = logBox(onUndo);

  const scoring = (href) => recordLink({ name: "Open the scoring helper with this table", url: href });

  // What the device keeps, and the words about it: a link's table does not replace another table
  // without a word, nor a refused one ever; another tab's write is heard (keeping.js).
  const keeper = deviceKeeper(stored, { fromLink: Boolean(location.search), nameOf: (slug) => rules.names[slug] || slug,
    openOther: (query) => open(query) });
  function keep(query, errors = []) {
    // Only a table with a game is kept; the device keeps what the address says.
    if (!g) return;
    keeper.keep({ v: 1, game: table.game, query, inPlay: inPlayIds(rules, table) }, { refused: errors.length > 0 });
  }

  /** The player this phone is shown as, or null. */
  const seatOf = (t) => (Number.isInteger(t.as) ? t.as : null);
  /** A changed table keeps this phone's seat (the engine's tables carry only what the link does). */
  const seated = (next) => ((next.as ?? null) === (table.as ?? null) ? next : { ...next, as: table.as });

  /** The table as the form and the setup read it: the settings, what is in play now, the marker. */
  function shown() {
    return { ...table, inPlay: state ? state.inPlay.map(({ id, player }) => ({ id, player })) : [], at: pos };
  }

  /** The card from the marker (moved: a move alone, whose history line and Undo follow at the settle). */
  function drawNow(moved = false) {
    const asPlayer = seatOf(table);   // a seat's QR code: "as player N"
    const moment = g && pos ? momentAt(rules, table, pos, asPlayer ? { asPlayer } : undefined) : null;
    if (nav) nav.update(rules, table, moment ? pos : null);
    if (picker && moment) picker.update(shown(), state, asPlayer);
    if (!moved) log.update(rules, table);
    card.draw(g, table, moment, { scoring, state, asPlayer, onChange: change });
    now.dataset.pos = pos || "";
    said.textContent = moment ? `${moment.round ? `${moment.round.text}: ` : ""}${moment.step.name}` : "";
  }

  /** Everything drawn from the table as it is now (after a change that is not only the marker's). */
  function drawAll(errors = []) {
    clearTimeout(settling);
    settling = null;
    state = g ? stateOf(rules, table) : null;
    pos = g ? (state && state.at) || firstPosition(rules, table) : null;
    const canonical = tableToQuery(rules, table);
    syncQuery(withSeat(canonical, table.as));   // this phone's seat stays in its own address
    const view = shown();
    formView = view;
    form = tableForm(rules, g, view, onFormChange);
    formBox.replaceChildren(form.element);
    const steps = g ? setupFor(rules, table) : [];
    const ticks = state ? state.ticks || [] : [];
    const focused = document.activeElement && setupBox.contains(document.activeElement) ? document.activeElement.id : null;
    setupBox.replaceChildren(...setupList(g, view, steps, ticks, onTick));
    // Setup comes first on the page until every line is ticked (issue 31.6), then below the card.
    const first = g && Number.isInteger(table.players) && !setupDone(g, view, steps, ticks);
    if (first && setupSection.nextSibling !== layout) root.insertBefore(setupSection, layout);
    else if (!first && layout.nextSibling !== setupSection) layout.after(setupSection);
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
    drawNow();
    print.replaceChildren(...printSheet(engine, rules, g, table, pos));
    showErrors(root, general, errors);
    keep(withSeat(canonical, table.as), errors);
    shareLinks(canonical);
  }

  /** The table's own code, and a code per seat (seat-link.js), of the table as it is now. */
  function shareLinks(query) {
    const link = tableLink(query, pageAddress());   // the site's public address in the file:// copy (table-link.js)
    share.update(link, link === null ? FILE_ONLY : "");
    share.seats(g && link ? seatLinks(link, table.players).map((x) => ({ ...x, label: playerName(g, table, x.n) })) : []);
  }

  /** Read a query: a new table, its log and all. The messages go beside their fields. */
  function apply(query, extra = []) {
    const asked = splitSeat(query);   // "as player N" (a seat's QR code): seat-link.js
    const read = tableFromQuery(rules, asked.query);
    const gameBefore = g && g.game;
    table = read.table;
    g = gameRules(rules, table.game);
    const seat = checkedSeat(asked.asPlayer, asked.raw, table.players);
    table = { ...table, as: g ? seat.asPlayer : null };   // the seat this phone plays, as the card reads it
    if (seat.error && g) extra = [...extra, seat.error];
    if (!g) { nav = null; picker = null; card.controls(); }
    else if (g.game !== gameBefore || !nav) {
      nav = markerNav(g, move);
      picker = recordPicker(g, (c) => change({ type: "enter", ...c }));
      card.controls({ nav: nav.element, go: nav.go, record: picker.element, log: log.element });
    }
    drawAll([...read.errors, ...extra]);
  }

  /** One change through the engine's log; refused: its message, and the table as it was. */
  function change(c) {
    const result = applyChange(rules, table, c);
    if (result.error) {
      if (c.type === "enter" && picker) picker.showError(result.error.message);
      else showErrors(root, general, [{ field: "", message: result.error.message }]);
      return false;
    }
    table = seated(result.table);
    if (picker) picker.showError("");
    drawAll();
    return true;
  }

  /** A setup line ticked or unticked: a change of the log (the engine's tick event). */
  function onTick(key, on) {
    change({ type: on ? "tick" : "untick", key });
  }

  function onUndo() {
    const blocked = undoBlocked(rules, table);
    if (blocked) { showErrors(root, general, [{ field: "", message: blocked.message }]); return; }
    table = seated(undo(rules, table));
    drawAll();
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
    const refocus = () => {
      const again = focused && document.getElementById(focused);
      if (again && again !== document.activeElement) again.focus();
    };
    const read = form.read();
    if (read.game !== table.game) { open(read.game ? `g=${encodeURIComponent(read.game)}` : "", [], refocus); return; }
    const settingsChanged = read.game !== table.game || read.players !== table.players
      || !sameList(read.options, table.options || []) || !sameList(read.seats.map((s) => s || null), (table.seats || []).slice(0, read.seats.length));
    if (settingsChanged) {
      // The settings change; the log (and so the marker and what is in play) is kept. A lower
      // player count says what it drops, with Undo (the table's whole link as it was).
      const was = withSeat(tableToQuery(rules, table), table.as);
      const name = (id) => (g.byId.get(id) || { name: id }).name;
      const seatName = (key) => (g.seats.choices.find((c) => c.key === key) || { name: key }).name;
      const dropped = droppedBy(table, read.players, state ? state.inPlay : table.inPlay, name, seatName);
      if (dropped.length) note.show(`Now ${read.players} player${read.players === 1 ? "" : "s"}: dropped ${dropped.join(", ")}.`, () => open(was), formBox);
      else note.hide();
      apply(withSeat(tableToQuery(rules, { ...table, players: read.players, options: read.options, seats: read.seats }), table.as));
    } else {
      // Records ticked or unticked in the form: each an enter or leave change, the marker kept.
      const errors = [];
      for (const c of changesFrom(g, formView, read.inPlay)) {
        // The holder chosen right after the tick amends the tick: one change in the log, not three.
        if (c.type === "leave") {
          const last = engine.lastChange(rules, table);
          if (last && last.type === "enter" && last.id === c.id && !undoBlocked(rules, table)) { table = seated(undo(rules, table)); continue; }
        }
        // A seat's own record ticked with no holder yet is that seat's player's (the only one who may hold it).
        const owner = c.type === "enter" && c.player === null ? engine.ownerSeat(g, g.byId.get(c.id)) : null;
        if (owner && table.seats.includes(owner)) c.player = table.seats.indexOf(owner) + 1;
        const result = applyChange(rules, table, c);
        if (result.error) errors.push({ field: "in", message: result.error.message });
        else table = seated(result.table);
      }
      drawAll(errors);
    }
    refocus();
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
    log.update(rules, table);
    syncQuery(withSeat(query, table.as));
    keep(withSeat(query, table.as));
    shareLinks(query);
  }

  /**
   * After a move, on a screen the card does not fit (a phone, 800 x 400): the card's top comes up
   * under the header (once; then it stays there, and so does Next), so the first reminders are in
   * view; if the first one is still below, the page scrolls just far enough to show it.
   */
  function cardUp() {
    const box = now.getBoundingClientRect();
    if (box.bottom <= window.innerHeight) return;
    const header = document.querySelector(".md-header");
    const under = header ? header.getBoundingClientRect().bottom : 0;
    if (box.top > under + 16) now.scrollIntoView({ block: "start" });
    const first = now.querySelector("#pa-reminders li[data-record], #pa-reminders-none");
    if (first && !inView(first)) first.scrollIntoView({ block: "nearest" });
  }

  /** The marker moves: one change of the log, and only the card is drawn again. */
  function move(to) {
    if (!to || !g) return;
    const result = applyChange(rules, table, { type: "marker", to });
    if (result.error) { showErrors(root, general, [{ field: "", message: result.error.message }]); return; }
    table = seated(result.table);
    pos = to;
    state = stateOf(rules, table);   // records leave and used marks clear by rule as the marker passes
    drawNow(true);
    log.moved();
    // Once the new card is on the screen (its layout done by the frame, so reading it costs nothing).
    requestAnimationFrame(() => setTimeout(cardUp, 0));
    clearTimeout(settling);
    settling = setTimeout(settle, SETTLE_MS);
  }

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
    const was = withSeat(tableToQuery(rules, table), table.as);
    forgetTable();
    apply("");
    stored.textContent = "This device no longer keeps a table.";
    if (was) note.show("The table is forgotten on this device.", () => open(was), share.element);
  }

  // The link's table, or (a link with none) the one kept on this device.
  const notes = [];
  let query = location.search.replace(/^\?/, "");
  if (!query) {
    const kept = readStoredTable();
    if (kept.error) notes.push({ field: "", message: kept.error });
    else if (kept.table) query = kept.table.query;
  }
  // A link that carries the marker (a scanned QR code) opens on the card, its reminders in view.
  open(query, notes, () => { if (g && state && state.at && !location.hash) cardUp(); });
}

/** The opening game's records: the link's, else the table kept on this device's (load.js). */
function loadOpening() {
  const kept = location.search ? null : readStoredTable().table;
  return loadPlay(openingGame(location.search, kept && kept.game));
}

startHelper("play-along", "play-along page", mount, loadOpening);
