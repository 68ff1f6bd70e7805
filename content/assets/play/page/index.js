// The play-along page (content/play-along.md): mounts the page on #play-along and keeps the
// table. The table is the page's query, always: the settings, then the log of what happened.
// Every change goes through the engine's applyChange (which checks it and stamps it with this
// phone's name) and lands in the log: a record entering or leaving, a power used, a setup step
// ticked, the marker moved. The marker moves only when a player moves it; recording a purchase
// keeps it. The page is drawn from what the engine reads back (stateOf, momentAt), and the
// canonical query goes back into the address (history.replaceState) and onto the device
// (keeping.js). A link or a scanned code of a table the device keeps merges into it (the
// engine's mergeTables): nothing either phone recorded is lost, and the top of the page says
// what came in, with Undo. A code of another table never touches the kept one. A link with no
// table opens the device's table played last. Moving the marker redraws the now card only; the
// form, the setup and the printed page are drawn when the table changes, and the QR code a moment after.
import { el, startHelper, syncQuery, showErrors, recordLink } from "../../shared/tool-page.js";
import * as engine from "./api.js";
import { readTables, phoneName, renamePhone } from "../stored-tables.js";
import { deviceKeeper, tablesList } from "./keeping.js";
import { tableLink, pageAddress, FILE_ONLY, codeQuery } from "./table-link.js";
import { tableForm, playerName } from "./form.js";
import { splitSeat, checkedSeat, withSeat, fromSeat, seatLinks } from "./seat-link.js";
import { loadPlay, openingGame, playRules, addGame } from "./load.js";
import { nowCard } from "./now.js";
import { toolItems } from "./tools.js";
import { markerNav } from "./nav.js";
import { recordPicker } from "./record.js";
import { logBox } from "./log.js";
import { setupList, setupDone } from "./setup.js";
import { undoNote, droppedBy } from "./undo-note.js";
import { shareBox } from "./share.js";
import { printSheet } from "./print.js";
import { phonesBar } from "./phones.js";
import { openScanner } from "./scan.js";
import { whenParsed, nextTask } from "../../shared/on-page.js";
import { holdThemeFor } from "../../shared/theme-later.js";

const { rulesFromRecords, tableFromQuery, tableToQuery, setupFor, firstPosition, momentAt, inPlayIds, gameRules,
  undo, undoBlocked, stateOf, mergeTables, sameTable, eventId } = engine;

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
  const tablesBox = el("div", { id: "pa-tables-box" });
  const now = el("section", { class: "pa-now", id: "pa-now", "aria-label": "Now" });
  const card = nowCard(now);
  // A screen reader hears the step the marker moved to, not the whole card again.
  const said = el("p", { class: "pa-sr", id: "pa-said", "aria-live": "polite" });
  const formBox = el("div", { id: "pa-form" });
  const setupBox = el("div", { id: "pa-setup" });
  const share = shareBox(forget);
  const print = el("div", { class: "pa-print", id: "pa-print" });
  const shareSection = section("pa-share", "Share this table", share.element);
  const note = undoNote();   // Undo for a lower player count, for Forget this table and for a conflict settled
  const bar = phonesBar({ onScan: () => scan(false), onShow: () => showMine(false) });
  const layout = el("div", { class: "pa-layout" }, now, section("pa-table", "Your table", note.element, formBox, stored, tablesBox));
  const setupSection = section("pa-setup-section", "Setup for this table", setupBox);
  now.prepend(bar.whoseLine);   // "Player 2 (Greece)'s phone", at the top of the card
  // Setup comes first on the page until every line is ticked, then below the card.
  let setupFirst = false;
  /** The page's parts put in the page, once (its first drawing); the code is then drawn once its section is near the screen. */
  const putInPage = () => {
    const middle = setupFirst ? [setupSection, layout] : [layout, setupSection];
    root.replaceChildren(general, said, bar.element, ...middle, shareSection, print);
    share.watch(shareSection);
  };

  let table = engine.emptyTable(null);
  let g = null;
  let form = null;
  let formView = null;   // the table the form was drawn from: its edits are what differs from it
  let pos = null;
  let state = null;
  // The controls kept across redraws of the card, built again when the game changes.
  let nav = null;
  let picker = null;
  const log = logBox(onUndo, () => undoTheMerge());
  // This phone's name: every change it makes carries it (the engine's stamps), and its Undo takes back only its own.
  let phone = phoneName();
  const mine = () => ({ phone });
  // The device's entry for the table on the page: what the last merge brought, a marker still to settle.
  let entry = null;
  // A link's table with values that could not be read is shown but not kept, until it is changed here.
  let unkept = false;
  // The page's first drawing: what to call once its last task has put the page's parts in the
  // page (until drawAll takes it); `resting` while that task is still to come.
  let firstRest = null;
  let resting = false;
  let draws = 0;   // drawAll's runs: a later one draws the whole page itself

  const scoring = (href) => recordLink({ name: "Open the scoring helper with this table", url: href });
  const nameOf = (slug) => rules.names[slug] || slug;

  /** A stored table's query read at this page: {table (with its seat), errors}; the empty table for another game. */
  function readQuery(query) {
    const asked = splitSeat(query);
    const read = tableFromQuery(rules, asked.query);
    const seat = checkedSeat(asked.asPlayer, asked.raw, read.table.players);
    return { table: { ...read.table, as: seat.asPlayer }, errors: read.errors };
  }
  // Which table a stored query is (the engine's tableKey: its game and settings), read once per query.
  const keys = new Map();
  const keyOfQuery = (query) => {
    if (!keys.has(query)) keys.set(query, engine.tableKey(readQuery(query).table));
    return keys.get(query);
  };
  /** Whether a stored entry is the table on the page (the engine's sameTable: its game and settings). */
  const sameAsPage = (t) => Boolean(g && t && t.game === table.game && rules.games[t.game] && keyOfQuery(t.query) === engine.tableKey(table));
  /** The device's entry of the same table as `t`, else null. */
  const keptOf = (t) => (rules.games[t.game] ? readTables().tables.find((x) => x.game === t.game && keyOfQuery(x.query) === engine.tableKey(t)) || null : null);

  // What the device keeps (every table opened, keeping.js), and the words about it; another
  // tab's changes to this table are merged in.
  const keeper = deviceKeeper(stored, { sameAs: sameAsPage, nameOf, heard: (other) => {
    const m = mergeTables(rules, table, readQuery(other.query).table);
    if (m.error || !m.added.length) return;
    table = seated(m.table);
    drawAll();
    bar.say("Merged what another tab recorded on this table.");
  } });
  function keep() {
    if (!g) return;
    if (unkept) { stored.textContent = "This link has values that could not be read, so its table is not kept on this device until you change it here; the device's tables stay as they were."; return; }
    const query = withSeat(tableToQuery(rules, { ...table, as: null }), table.as);
    entry = { ...(entry || {}), game: table.game, query, played: Date.now() };
    if (!entry.merge) delete entry.merge;
    if (!entry.marker) delete entry.marker;
    keeper.keep(entry, inPlayIds(rules, table));
    tablesList(tablesBox, { nameOf, isCurrent: (t) => t.query === query, open: (q) => open(q, [], "kept") });
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
    if (!moved) log.update(rules, table, { phone, merge: entry && entry.merge ? entry.merge.note : null });
    const conflicts = g ? engine.conflictsWithSides(rules, table, entry && entry.marker, phone) : [];
    const tools = (m) => toolItems(g, table, m, { current: () => ({ rules, table }), toolsAt: engine.toolsAt, toolLink: engine.toolLink });
    card.draw(g, table, moment, { scoring, tools, state, asPlayer, onChange: change, conflicts, onSettle: settleConflict });
    now.dataset.pos = pos || "";
    said.textContent = moment ? `${moment.round ? `${moment.round.text}: ` : ""}${moment.step.name}` : "";
  }

  /** Everything drawn from the table as it is now (after a change that is not only the marker's).
   * The page's first drawing draws the card in its task, the setup in the next, the form and the
   * codes in a third (firstRest), and the printed sheet in a fourth, so a slow phone's main thread
   * is not held for all; the page's parts are put in the page with the form, all at once, so
   * nothing moves. */
  function drawAll(errors = []) {
    clearTimeout(settling);
    settling = null;
    state = g ? stateOf(rules, table) : null;
    pos = g ? (state && state.at) || firstPosition(rules, table) : null;
    const canonical = tableToQuery(rules, { ...table, as: null });
    syncQuery(withSeat(canonical, table.as));   // this phone's seat stays in its own address
    const view = shown();
    formView = view;
    const setup = () => {
      const steps = g ? setupFor(rules, table) : [];
      const ticks = state ? state.ticks || [] : [];
      const focused = document.activeElement && setupBox.contains(document.activeElement) ? document.activeElement.id : null;
      setupBox.replaceChildren(...setupList(g, view, steps, ticks, onTick));
      setupFirst = Boolean(g && Number.isInteger(table.players) && !setupDone(g, view, steps, ticks));
      if (layout.parentNode && setupFirst && setupSection.nextSibling !== layout) layout.before(setupSection);
      else if (layout.parentNode && !setupFirst && layout.nextSibling !== setupSection) layout.after(setupSection);
      if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
    };
    const firstDrawing = firstRest !== null;
    if (!firstDrawing) setup();
    drawNow();
    const sheet = () => print.replaceChildren(...printSheet(engine, rules, g, table, pos));
    const rest = (first = false) => {
      form = tableForm(rules, g, view, onFormChange);
      formBox.replaceChildren(form.element);
      if (first) putInPage();
      showErrors(root, general, errors);
      keep();
      shareLinks(canonical);
      bar.whose(g && Number.isInteger(table.as) ? `${playerName(g, table, table.as)}'s phone` : "");
    };
    const drawing = ++draws;
    if (!firstDrawing) { rest(); sheet(); return; }
    const done = firstRest;
    firstRest = null;
    resting = true;
    const next = (run) => nextTask().then(run);
    next(() => { if (drawing === draws) setup(); })
      .then(() => next(() => { if (drawing === draws) rest(true); else putInPage(); }))   // else drawn whole since (another tab's change came in)
      .then(() => next(() => { if (drawing === draws) sheet(); }))          // the printed sheet, not on the screen, last
      .then(() => { resting = false; done(); });
  }

  /** The table's own code, and a code per seat (seat-link.js), of the table as it is now. */
  function shareLinks(query) {
    const link = tableLink(query, pageAddress());   // the site's public address in the file:// copy (table-link.js)
    share.update(link, link === null ? FILE_ONLY : "");
    share.seats(g && link ? seatLinks(link, table.players).map((x) => ({ ...x, label: playerName(g, table, x.n) })) : []);
  }

  /**
   * Read a query: a new table, its log and all. The messages go beside their fields. `how`:
   * "link" or "scan" (another phone's table: merged into the same table when this device keeps
   * it, else kept beside the others), "kept" (a table of the device's list), "form" (this page's
   * own settings).
   */
  function apply(query, extra = [], how = "form") {
    const asked = splitSeat(query);   // "as player N" (a seat's QR code) and "from player N" (Show my code): seat-link.js
    const read = tableFromQuery(rules, asked.query);
    const gameBefore = g && g.game;
    const wasTable = table;
    const wasEntry = entry;
    let next = read.table;
    const ng = gameRules(rules, next.game);
    const errors = [...read.errors, ...extra];
    let merged = null;
    if (ng) {
      const here = g && sameTable(table, next) ? { table, entry } : null;
      const kept = how === "link" || how === "scan" ? here || (() => { const e = keptOf(next); return e ? { table: readQuery(e.query).table, entry: e } : null; })() : null;
      if (kept) {
        // The same table as one this device keeps: the two merge; this phone keeps its own seat.
        const m = mergeTables(rules, kept.table, next, { seat: asked.from ?? asked.asPlayer });
        next = { ...m.table, as: kept.table.as };
        const renamed = m.clashes.find((c) => c.ph === phone && c.side === "a");
        if (renamed) { phone = renamed.to; renamePhone(phone); }
        entry = { ...(kept.entry || {}) };
        if (m.added.length || m.removed.length) entry.merge = { note: m.note, before: withSeat(tableToQuery(rules, { ...kept.table, as: null }), kept.table.as), added: m.added.map((i) => eventId(m.table.log[i])) };
        if (m.marker) entry.marker = { a: { to: m.marker.a.to, ph: m.marker.a.ph }, b: { to: m.marker.b.to, ph: m.marker.b.ph } };
        merged = m;
      } else {
        const seat = checkedSeat(asked.asPlayer, asked.raw, next.players);
        next = { ...next, as: seat.asPlayer };
        if (seat.error) errors.push(seat.error);
        if (how !== "form") entry = how === "kept" ? readTables().tables.find((x) => x.query === query) || null : null;
      }
    }
    unkept = (how === "link" || how === "scan") && !merged && read.errors.length > 0;
    table = next;
    g = ng;
    if (!g) { nav = null; picker = null; card.controls(); }
    else if (g.game !== gameBefore || !nav) {
      nav = markerNav(g, move);
      picker = recordPicker(g, (c) => change({ type: "enter", ...c }));
      card.controls({ nav: nav.element, go: nav.go, record: picker.element, log: log.element });
    }
    if (how !== "form") {
      // Another table opened beside the one played before: that one stays one tap away.
      const other = (t) => !(g && t.game === table.game && keyOfQuery(t.query) === engine.tableKey(table));
      const before = wasEntry && wasTable.game && !(g && sameTable(wasTable, table)) ? wasEntry
        : how === "link" && !merged ? readTables().tables.find(other) || null : null;
      bar.back(before ? { text: `This device also keeps your ${nameOf(before.game)} table.`, open: () => open(before.query, [], "kept") } : null);
      bar.other(null);
      bar.merged(merged ? merged.note : null, merged && entry && entry.merge ? () => undoTheMerge() : null);
      if (how === "kept" || !merged) keeper.switchTo(entry ? entry.query : null);
    }
    drawAll(errors);
  }

  /** Take back what the last merge brought, as this phone's change (the engine's undoMerge). */
  function undoTheMerge() {
    const info = entry && entry.merge;
    if (!g || !info) return;
    const before = readQuery(info.before).table;
    const ids = new Set(info.added);
    const added = table.log.map((e, i) => (e.type !== "fold" && ids.has(eventId(e)) ? i : -1)).filter((i) => i >= 0);
    const r = engine.undoMerge(rules, table, before, added, mine());
    table = seated(r.table);
    entry = { ...entry };
    delete entry.merge;
    delete entry.marker;
    bar.merged("The merge was undone: what came in is taken back here, and on each phone that merges this table's code.");
    drawAll(r.errors.map((e) => ({ field: "", message: e.message })));
  }

  /** Keep one side of a conflict (one tap); the other is set aside, with Undo that restores it. */
  function settleConflict(c, side) {
    const r = engine.settle(rules, table, c, side, mine());
    if (r.error) { showErrors(root, general, [r.error]); return; }
    const other = side === "a" ? "b" : "a";
    const kept = c.sides[side];
    const lost = c.sides[other];
    table = seated(r.table);
    if (c.kind === "marker" && entry) { entry = { ...entry }; delete entry.marker; }
    drawAll();
    if (lost && c.kind !== "refused") {
      note.show(`Kept: ${kept.text}. Set aside: ${lost.text}.`, () => restore(c, other), now);
    }
  }

  /** A side set aside, made again here: the other side of the conflict is taken back. */
  function restore(c, side) {
    const s = c.sides[side];
    const ev = c.kind === "marker" ? { type: "marker", to: c[side].to } : null;
    const changes = ev ? [ev] : (() => {
      const e = c.ev && c.ev[side];
      if (!e) return [];
      if (e.type === "enter" && g.inPlayKinds.includes((g.byId.get(e.id) || {}).kind)) return [{ type: "leave", id: e.id }, { type: "enter", id: e.id, player: e.player }];
      return [{ type: e.type, id: e.id, player: e.player }];
    })();
    const errors = [];
    for (const x of changes) {
      const r = engine.applyChange(rules, table, x, mine());
      if (r.error) { if (!(x.type === "leave")) errors.push(r.error); } else table = seated(r.table);
    }
    drawAll(errors.length ? errors : []);
    bar.say(`Restored: ${s.text}.`);
  }

  /** One change through the engine's log; refused: its message, and the table as it was. */
  function change(c) {
    unkept = false;
    const result = engine.applyChange(rules, table, c, mine());
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

  /** Undo takes back this phone's last change (another phone's stay: each phone undoes its own). */
  function onUndo() {
    unkept = false;
    const blocked = undoBlocked(rules, table, mine());
    if (blocked) { showErrors(root, general, [{ field: "", message: blocked.message }]); return; }
    table = seated(undo(rules, table, mine()));
    drawAll();
  }

  /** apply(query), once the records of the query's game are read: a game chosen in the form is
   * fetched then (load.js); while it loads, the page says so. */
  function open(query, extra = [], how = "form", then = () => {}) {
    const want = openingGame(query, null);
    if (want === null || !rules.slugs.includes(want) || rules.games[want]) {
      apply(query, extra, how);
      then();
      return;
    }
    stored.textContent = `Reading the records of ${rules.names[want] || want}…`;
    loadPlay(want).then((more) => addGame(rulesFromRecords, rules, more), (e) => e).then((failed) => {
      if (!root.isConnected) return;
      const said = failed instanceof Error ? [{ field: "g", message: `The records of ${rules.names[want] || want} could not be read: ${failed.message}` }] : [];
      apply(query, [...extra, ...said], how);
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
    if (read.game !== table.game) {
      // Another game is another table: the one before stays on the device, one tap away.
      const before = g && entry ? entry : null;
      entry = null;
      keeper.switchTo(null);
      open(read.game ? `g=${encodeURIComponent(read.game)}` : "", [], "form", () => {
        bar.back(before ? { text: `This device also keeps your ${nameOf(before.game)} table.`, open: () => open(before.query, [], "kept") } : null);
        refocus();
      });
      return;
    }
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
          const last = engine.lastChange(rules, table, mine());
          if (last && last.type === "enter" && last.id === c.id && !undoBlocked(rules, table, mine())) { table = seated(undo(rules, table, mine())); continue; }
        }
        // A seat's own record ticked with no holder yet is that seat's player's (the only one who may hold it).
        const owner = c.type === "enter" && c.player === null ? engine.ownerSeat(g, g.byId.get(c.id)) : null;
        if (owner && table.seats.includes(owner)) c.player = table.seats.indexOf(owner) + 1;
        const result = engine.applyChange(rules, table, c, mine());
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
    const query = tableToQuery(rules, { ...table, as: null });
    log.update(rules, table, { phone, merge: entry && entry.merge ? entry.merge.note : null });
    syncQuery(withSeat(query, table.as));
    keep();
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
    unkept = false;
    const result = engine.applyChange(rules, table, { type: "marker", to }, mine());
    if (result.error) { showErrors(root, general, [{ field: "", message: result.error.message }]); return; }
    table = seated(result.table);
    pos = to;
    if (entry && entry.marker) { entry = { ...entry }; delete entry.marker; }   // moved by hand: where the table is now
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
    const was = withSeat(tableToQuery(rules, { ...table, as: null }), table.as);
    keeper.forget();
    entry = null;
    apply("");
    const left = readTables().tables.length;
    stored.textContent = left ? `This device no longer keeps that table; it keeps ${left} other${left === 1 ? "" : "s"} (Tables on this device).` : "This device no longer keeps a table.";
    tablesList(tablesBox, { nameOf, isCurrent: () => false, open: (q) => open(q, [], "kept") });
    if (was) {
      note.show("The table is forgotten on this device.", () => open(was, [], "link"), share.element);
      note.element.scrollIntoView({ block: "nearest" });   // where the player tapped, with its Undo in view
    }
  }

  /**
   * A code read by the camera: a table of this page (codeQuery), merged into this table when it is
   * the same table; another table is offered at the top, never merged. {message} when it is not taken.
   */
  function takeCode(text) {
    const r = codeQuery(text, pageAddress());
    if (r.error) return { message: r.error };
    const asked = splitSeat(r.query);
    const game = openingGame(asked.query, null);
    if (!g || game !== table.game || !sameTable(tableFromQuery(rules, asked.query).table, table)) {
      const other = game && rules.names[game] ? `${rules.names[game]}${new URLSearchParams(asked.query).get("n") ? `, ${new URLSearchParams(asked.query).get("n")} players` : ""}` : "a table this page cannot read";
      bar.other({ text: `That code holds another table (${other}); this one was not touched.`, open: () => open(r.query, [], "link"), keep: () => bar.other(null) });
      return { other: true };
    }
    apply(r.query, [], "scan");
    return { merged: true };
  }

  /** "Scan a phone": the camera reads another phone's code and merges it; then this phone shows its own, for the other to scan back. */
  function scan(back) {
    openScanner({ host: root, title: back ? "Scan the other phone's code" : "Scan a phone's code", onText: (text) => {
      const r = takeCode(text);
      if (r.message) return { message: r.message };
      if (r.merged && !back) setTimeout(() => showMine(true), 0);
      return { close: true };
    } });
  }

  /** "Show my code": this table's code full screen, with this phone's seat; then Scan back (or, after a scan, Scan next phone). */
  function showMine(afterScan) {
    if (!g) { bar.say("Set a table first: there is nothing to show."); return; }
    const link = tableLink(fromSeat(tableToQuery(rules, { ...table, as: null }), table.as), pageAddress());
    if (!link) { bar.say(FILE_ONLY); return; }
    const who = Number.isInteger(table.as) ? `${playerName(g, table, table.as)}'s phone` : "This phone";
    share.showCode(link, afterScan ? `${who}: merged. Now the other phone scans this` : `${who}: the other phone scans this`, {
      note: afterScan ? "Both phones then hold the same table." : "Then tap Scan back to take the other phone's code.",
      actions: afterScan ? [{ id: "pa-scan-next", text: "Scan next phone", onClick: () => scan(false) }]
        : [{ id: "pa-scan-back", text: "Scan back", onClick: () => scan(true) }],
    });
  }

  // The link's table (merged into the same table when the device keeps it), or (a link with
  // none) the table this device played last.
  const notes = [];
  let query = location.search.replace(/^\?/, "");
  let how = "link";
  if (!query) {
    const kept = readTables();
    if (kept.error) notes.push({ field: "", message: kept.error });
    if (kept.tables.length) { query = kept.tables[0].query; how = "kept"; }
  }
  // The rules were read in this task; the table is drawn in the next, so a slow phone's main
  // thread is not held for both at once. The page is ready (startHelper) once it is drawn.
  return nextTask().then(() => new Promise((drawn) => {
    if (!root.isConnected) { drawn(); return; }
    // A link that carries the marker (a scanned QR code) opens on the card, its reminders in view,
    // once the frame has laid the page out (read before, the whole page is laid out in this task).
    const up = () => { if (g && state && state.at && !location.hash) requestAnimationFrame(() => setTimeout(cardUp, 0)); };
    firstRest = () => { drawn(); up(); };
    open(query, notes, how, () => { if (!resting) up(); });
    // The game's records still loading: the page's parts now, saying so (open draws the table once read).
    if (firstRest) { putInPage(); firstRest = null; drawn(); }
  }));
}

/** The opening game's records: the link's, else the table this device played last (load.js). */
function loadOpening() {
  const kept = location.search ? null : readTables().tables[0];
  return loadPlay(openingGame(location.search, kept && kept.game));
}

const ROOT_ID = "play-along";   // the page's root (content/play-along.md)
startHelper(ROOT_ID, "play-along page", mount, loadOpening);
// Opened directly, the theme's scripts wait until the table is drawn (play-along.md's theme_later).
whenParsed().then(() => holdThemeFor(document.getElementById(ROOT_ID)));
