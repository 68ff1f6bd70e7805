// A record page whose record is in play at this device's table says so, under its kind line:
// "In play at your table (player 2)", linked to the table on Play along. The table is the one the
// play-along page stored (content/assets/play/stored-table.js, read and checked whole there);
// its query is checked again before it goes into the link (tableHref: only a table query's
// characters, bounded, after "play-along/?" on this site: never a scheme or another site).
// Nothing stored, nothing readable, or the record not in play: the page is left as it is.
// Started from page-scripts.js on record pages (data-cmp-record, record_page.md.j2); each page
// instant navigation draws runs it again through onEveryPage.
import { onEveryPage } from "../shared/on-page.js";
import { siteHref } from "../shared/dom.js";
import { playersOf, readStoredTable, tableHref } from "../play/stored-table.js";

const ROOT = new URL("../../", import.meta.url);   // this file is assets/page/in-play.js

/** "In play at your table" with its players: (player 2), (players 1 and 3), or none for a table-wide record. */
export function inPlayText(players) {
  const numbers = [...new Set(players.filter((p) => Number.isInteger(p)))].sort((a, b) => a - b);
  if (!numbers.length) return "In play at your table";
  if (numbers.length === 1) return `In play at your table (player ${numbers[0]})`;
  return `In play at your table (players ${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]})`;
}

function show() {
  const record = document.querySelector("[data-cmp-record]");
  if (!record) return;
  record.querySelector("[data-cmp-in-play]")?.remove();   // drawn again with the table as it is now
  const { table } = readStoredTable();
  const id = record.dataset.cmpRecord;
  // A table stored before the record was renamed holds one of its former ids (data-cmp-former).
  const ids = [id, ...(record.dataset.cmpFormer || "").split(" ").filter(Boolean)];
  // Only a table of the record's own game (data-cmp-game) holds it.
  const ownGame = table && (!record.dataset.cmpGame || table.game === record.dataset.cmpGame);
  const players = ownGame ? ids.flatMap((one) => playersOf(table, one)) : [];
  record.dataset.cmpInPlayRead = players.length ? "in play" : "not in play";   // read: for tests and styles
  if (!players.length) return;
  const note = document.createElement("p");
  note.className = "cmp-in-play";
  note.dataset.cmpInPlay = id;
  const href = siteHref(tableHref(table), ROOT);
  const text = inPlayText(players);
  if (href) {
    const link = document.createElement("a");
    link.href = href;
    link.textContent = text;
    note.append(link);
  } else {
    note.textContent = text;
  }
  const kind = record.querySelector(".cmp-kind");
  if (kind) kind.after(note);
  else record.prepend(note);
}

onEveryPage(show);
