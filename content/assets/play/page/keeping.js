// What this page writes to the device, and what it says about it. The device keeps every table
// it has opened (stored-tables.js, a short list with the game and when it was last played), so
// no tap and no code ever loses a table: a code of the same table merges into it (index.js), a
// code of another table is kept beside it. The table played last is also the one search and the
// record pages read (stored-table.js). Another tab's write to this table is heard (the storage
// event) and merged in; nothing either tab recorded is lost. A table another tab forgot is not
// kept again by this tab's next change, only by its "Keep it again".
// Browser only (window's storage event); the checks of what is stored are stored-tables.js's.
import { el } from "../../shared/tool-page.js";
import { readTables, storeTables, TABLES_KEY } from "../stored-tables.js";
import { storeTable, forgetTable } from "../stored-table.js";

/**
 * A keeper for the status line `status`. `sameAs(entry)`: whether a stored entry is the page's
 * table (the engine says, merge.js sameTable). `heard(entry)`: another tab changed this table's
 * entry; the page merges it in. `nameOf(slug)`: a game's name.
 * Returns {keep(entry, inPlay), forget(), switchTo(query), tables(), written()}.
 */
export function deviceKeeper(status, { sameAs, heard, nameOf }) {
  let written = null;   // the query of the entry this tab wrote last (its table before a change of settings too)
  let forgottenElsewhere = false;   // another tab forgot this table: this tab keeps it again only when asked
  const say = (...parts) => status.replaceChildren(...parts);

  /** Keeps `entry` ({game, query, played, merge?, marker?}) first in the list, in place of this table's entry. */
  function keep(entry, inPlay) {
    if (forgottenElsewhere) {
      // Forget in another tab stands: this tab's changes stay in its address, and one tap keeps the table again.
      const again = el("button", { type: "button", class: "th-button", id: "pa-keep-again", text: "Keep it again" });
      again.addEventListener("click", () => { forgottenElsewhere = false; keep(entry, inPlay); });
      say("This table was forgotten on this device in another tab, so this tab no longer keeps it. ", again);
      return false;
    }
    const { tables } = readTables();
    const rest = tables.filter((t) => t.query !== written && t.query !== entry.query && !sameAs(t));
    const result = storeTables([entry, ...rest]);
    const current = storeTable({ v: 1, game: entry.game, query: entry.query, inPlay });
    if (result.ok) written = entry.query;
    say(!result.ok ? result.error : !current.ok ? current.error
      : rest.length ? `This table is kept on this device, with ${rest.length} other${rest.length === 1 ? "" : "s"} (Tables on this device).` : "This table is kept on this device.");
    return result.ok;
  }

  /** Takes this table off the device's list; the others stay. */
  function forget() {
    const { tables } = readTables();
    storeTables(tables.filter((t) => t.query !== written && !sameAs(t)));
    forgetTable();
    written = null;
  }

  const onStorage = (e) => {
    if (!status.isConnected) { window.removeEventListener("storage", onStorage); return; }   // the page was left
    if (e.key !== TABLES_KEY && e.key !== null) return;
    const { tables, error } = readTables();
    const mine = tables.find((t) => sameAs(t));
    if (mine && written !== null && mine.query !== written) heard(mine);
    // Another tab took this table off the list (Forget): not kept again behind its back.
    if (!mine && !error && written !== null) forgottenElsewhere = true;
  };
  window.addEventListener("storage", onStorage);

  /** The page now shows another table: the entry it was kept under (null: a new one). */
  function switchTo(query) { written = query; forgottenElsewhere = false; }

  return { keep, forget, switchTo, tables: () => readTables(), written: () => written, say, nameOf };
}

/**
 * The device's tables as a list under the table's form: each with its game, players and when it
 * was last played, and Open; the one on the page says so. `open(query)` opens one.
 */
export function tablesList(box, { nameOf, open, isCurrent }) {
  const { tables, error } = readTables();
  // Drawn again only when the other tables change (the one on the page is rewritten at every change).
  const drawn = JSON.stringify([error, tables.map((t) => (isCurrent(t) ? ["this", t.game] : [t.game, t.query, t.played]))]);
  if (box.dataset.drawn === drawn) return;
  box.dataset.drawn = drawn;
  if (error) { box.replaceChildren(el("p", { class: "th-hint", text: error })); return; }
  if (tables.length < 2) { box.replaceChildren(); return; }
  const when = (ms) => (ms ? new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "before this list was kept");
  const items = tables.map((t, i) => {
    const players = new URLSearchParams(t.query).get("n");
    const name = `${nameOf(t.game)}${players ? `, ${players} players` : ""}`;
    if (isCurrent(t)) return el("li", { "data-current": "" }, `${name}: this one`);
    const label = `${name}: last played ${when(t.played)}`;
    const b = el("button", { type: "button", class: "th-button", id: `pa-table-open-${i}`, text: "Open", "aria-label": `Open ${label}` });
    b.addEventListener("click", () => open(t.query));
    return el("li", {}, `${label} `, b);
  });
  box.replaceChildren(el("details", { class: "pa-more", id: "pa-tables" },
    el("summary", { text: `Tables on this device (${tables.length})` }), el("ul", { class: "pa-list" }, items)));
}
