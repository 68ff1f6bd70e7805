// The top of the play-along page: whose phone this is (the card's first line), the two taps that make two phones agree
// (Scan a phone, Show my code), what the last merge brought with its Undo, and a code of another
// table: it never touches the kept one; the page offers to open it, or to go back to the table
// played before. Built once; each part is shown or hidden as the page says. DOM only: what to do
// is the page's (index.js).
import { el } from "../../shared/dom.js";

const button = (id, text, onClick, cls = "th-button") => {
  const b = el("button", { type: "button", class: cls, id, text });
  b.addEventListener("click", onClick);
  return b;
};

/**
 * {element, whose(text), merged(note, undo), other(offer), back(offer), say(text)}. Each offer is
 * {text, open()} (other also keep()), or null to hide it. `merged(note, undo)`: the note of what
 * came in and its Undo (null: none), or (null) to hide.
 */
export function phonesBar({ onScan, onShow }) {
  const whoseLine = el("p", { class: "pa-whose", id: "pa-whose", hidden: true });
  const actions = el("div", { class: "th-chips pa-phones-actions" },
    button("pa-scan-open", "Scan a phone", () => onScan()), button("pa-show-code", "Show my code", () => onShow()));
  const mergedText = el("span", { id: "pa-merged-text" });
  let undoMerge = null;
  const mergedUndo = button("pa-merge-undo", "Undo this merge", () => { const f = undoMerge; if (f) f(); });
  const mergedBox = el("p", { class: "pa-merged", id: "pa-merged", role: "status", hidden: true }, mergedText, " ", mergedUndo);
  const otherText = el("span", { id: "pa-other-text" });
  let other = null;
  const otherBox = el("p", { class: "pa-offer", id: "pa-other", role: "status", hidden: true }, otherText, " ",
    button("pa-open-other", "Open it", () => other && other.open()), " ",
    button("pa-keep-current", "Keep this table", () => other && other.keep()));
  const backText = el("span", { id: "pa-back-to-text" });
  let back = null;
  const backBox = el("p", { class: "pa-offer", id: "pa-back-to", role: "status", hidden: true }, backText, " ",
    button("pa-back-to-open", "Back to it", () => back && back.open()));
  const said = el("p", { class: "th-hint", id: "pa-phones-said", role: "status" });
  const element = el("div", { class: "pa-phones", id: "pa-phones" }, actions, mergedBox, otherBox, backBox, said);

  return {
    element,
    /** "Player 2 (Greece)'s phone": the card's first line, so it is seen with the card. */
    whoseLine,
    whose(text) { whoseLine.textContent = text || ""; whoseLine.hidden = !text; },
    merged(note, undo = null) {
      mergedText.textContent = note || "";
      undoMerge = undo;
      mergedUndo.hidden = !undo;
      mergedBox.hidden = !note;
    },
    other(offer) { other = offer; otherText.textContent = offer ? offer.text : ""; otherBox.hidden = !offer; },
    back(offer) { back = offer; backText.textContent = offer ? offer.text : ""; backBox.hidden = !offer; },
    say(text) { said.textContent = text || ""; },
  };
}
