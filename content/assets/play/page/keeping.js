// What this page writes to the device's table (stored-table.js), and what it says about it
// (issue 33): the device keeps one table, and two things used to replace it without a word.
// - Opening a link: a link's table replaced the table kept on this device, even when every value
//   in the link was refused. Now, when the device keeps another table, the link's table is not
//   kept until the player changes it here (or presses "Keep this table on this device instead",
//   offered only when the link read without a refused value); the kept one is named.
// - Two tabs: the last to write won, silently. Now a tab hears the other's write (the storage
//   event) and says so, with "Open that table"; and a tab writing over a table another tab kept
//   since it last looked says that it replaced it.
// Browser only (window's storage event); the checks of what is stored are stored-table.js's.
import { el } from "../../shared/tool-page.js";
import { readStoredTable, storeTable, TABLE_KEY } from "../stored-table.js";

/**
 * A keeper for the status line `status`. `fromLink`: the page opened on a link's own table.
 * `nameOf(slug)`: a game's name. `openOther(query)`: open the table another tab kept.
 * Returns {keep(value, {refused})}: value is what storeTable takes; refused: the table's link had
 * values that could not be read.
 */
export function deviceKeeper(status, { fromLink, nameOf, openOther }) {
  let opening = fromLink;
  let mine = readStoredTable().table?.query ?? null;   // the device's table as this tab last read or wrote it
  const say = (text, ...buttons) => status.replaceChildren(text, ...buttons.flatMap((b) => [" ", b]));
  const button = (text, id, onClick) => {
    const b = el("button", { type: "button", class: "th-button", id, text });
    b.addEventListener("click", onClick);
    return b;
  };

  function write(value) {
    const result = storeTable(value);
    if (result.ok) mine = value.query;
    return result;
  }

  function keep(value, { refused = false } = {}) {
    const kept = readStoredTable().table;
    if (opening) {
      opening = false;
      if (kept && kept.query !== value.query) {
        const other = `This device keeps another table (${nameOf(kept.game)})`;
        if (refused) {
          say(`${other}; this link has values that could not be read, so its table is not kept and the device's stays.`);
          return;
        }
        say(`${other}; it stays kept until you change this table here.`,
          button("Keep this table on this device instead", "pa-keep-this", () => {
            const result = write(value);
            say(result.ok ? "This table is kept on this device." : result.error);
          }));
        return;
      }
    }
    const replaced = kept && mine !== null && kept.query !== mine && kept.query !== value.query;
    const result = write(value);
    say(!result.ok ? result.error
      : replaced ? "This table is kept on this device; it replaced the table another tab had kept there."
        : "This table is kept on this device.");
  }

  const heard = (e) => {
    if (!status.isConnected) { window.removeEventListener("storage", heard); return; }   // the page was left
    if (e.key !== TABLE_KEY && e.key !== null) return;
    const now = readStoredTable().table;
    if (!now || now.query === mine) return;
    say("Another tab changed the table kept on this device.",
      button("Open that table", "pa-open-other", () => { mine = now.query; openOther(now.query); }));
  };
  window.addEventListener("storage", heard);

  return { keep };
}
