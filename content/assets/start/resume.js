// The start page's "Resume your table": the table this device keeps
// (play/stored-table.js, written by the play-along page) one tap away, on the first screen,
// beside Play along. Shown only when the stored table reads back whole; its link is checked to
// stay on this site (dom.js) before it gets an href. The game's name is the start page's own
// (each game's block carries data-game).
import { siteHref } from "../shared/dom.js";
import { readStoredTable, tableHref } from "../play/stored-table.js";

/** {href, game} of the stored table's link relative to the site root, or null (none, or unreadable). */
export function resumeTarget(stored) {
  const table = stored && stored.table;
  if (!table) return null;
  return { href: tableHref(table), game: table.game };
}

/** Shows (or hides) the resume link inside `nav` for the table kept on this device. */
export function drawResume(nav, root, stored = readStoredTable()) {
  const link = nav && nav.querySelector("[data-cmp-resume]");
  if (!link) return;
  const target = resumeTarget(stored);
  const href = target && siteHref(target.href, root);
  link.hidden = !href;
  if (!href) return;
  link.href = href;
  const block = [...document.querySelectorAll(".cmp-start__game[data-game]")].find((b) => b.dataset.game === target.game);
  const name = block && block.querySelector("h3") ? block.querySelector("h3").textContent.trim() : "";
  link.replaceChildren("Resume your table");
  if (name) {
    const where = document.createElement("span");
    where.className = "cmp-start__count";
    where.textContent = name;
    link.append(" ", where);
  }
}
