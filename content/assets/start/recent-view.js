// The start page's "Opened lately on this device" list, drawn from recent.js. Titles go in as
// text; each link is checked to stay on this site (dom.js) before it gets an href.
import { el, siteHref } from "../shared/dom.js";
import { clearRecent, localStore, readRecent } from "./recent.js";

function item(entry, root) {
  const href = siteHref(entry.url, root);
  if (!href) return null;
  const link = el("a", { href, "data-id": entry.id }, el("span", { class: "cmp-start__recent-title", text: entry.title }));
  if (entry.where) link.append(" ", el("span", { class: "cmp-start__count", text: entry.where }));
  return el("li", {}, link);
}

/** Fills the section (or hides it when the list is empty) and wires its clear button once. */
export function drawRecent(section, root) {
  if (!section) return;
  const list = section.querySelector("[data-cmp-recent-list]");
  const button = section.querySelector("[data-cmp-recent-clear]");
  const items = readRecent(localStore()).map((entry) => item(entry, root)).filter(Boolean);
  list.replaceChildren(...items);
  section.hidden = items.length === 0;
  if (button && !button.dataset.cmpWired) {
    button.dataset.cmpWired = "";
    button.addEventListener("click", () => {
      clearRecent(localStore());
      drawRecent(section, root);
    });
  }
}
