// The line under a tool's verdict that says what it opened on (see opening.js): the
// rulebook's worked example, linked to its ruling, or a sample. Browser only.
import { el, siteLink } from "../shared/dom.js";
import { BLANK } from "./opening.js";

const SITE_ROOT = new URL("../../", import.meta.url).href;

/** A <p> naming the opening state, or null when the tool shows the link's own state. */
export function openingNote(opening) {
  if (!opening) return null;
  const note = el("p", { class: "cmp-opening", "data-opening": "" }, `Opened on ${opening.label || "an example"}`);
  if (opening.example) note.append(" (", siteLink(opening.example.url, "the example in full", SITE_ROOT, { title: opening.example.name }), ")");
  // The empty form is this page with another query. Material's instant navigation fetches a
  // page only when its path changes, so after one instant navigation it would only change the
  // address; a link with a target is left to the browser, which loads the page anew.
  note.append(". Change any input, or ", el("a", { href: `?${BLANK}`, target: "_self", "data-blank": "", text: "start blank" }), ".");
  return note;
}

/** The note goes at the player's first change (a typed value, a choice, a button): it no longer describes the form. */
export function dropOnChange(root, note) {
  if (!note) return;
  const drop = (ev) => {
    if (ev.type === "click" && !(ev.target.closest && ev.target.closest("button"))) return;
    note.remove();
    for (const type of ["input", "change", "click"]) root.removeEventListener(type, drop, true);
  };
  for (const type of ["input", "change", "click"]) root.addEventListener(type, drop, true);
}
