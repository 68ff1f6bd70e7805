// The table's log on the page: Undo for the last change, named, and a short history
// ("Turn 2, Construction: player 2 built Ajax") from the engine's historyOf. The last lines are
// shown; the rest fold and are built when opened, so a long game costs a step nothing.
import { el } from "../../shared/dom.js";
import { historyOf, undoBlocked } from "./api.js";

const SHOWN = 3;   // history lines shown under Undo

/**
 * {element, update(rules, table, {phone, merge}), moved()}; onUndo() is called by the Undo button,
 * which takes back this phone's last change; `merge` is the note of the last merge, shown first in
 * the history with its own Undo (onUndoMerge).
 */
export function logBox(onUndo, onUndoMerge = () => {}) {
  const undo = el("button", { type: "button", class: "th-button pa-undo", id: "pa-undo", text: "Undo" });
  const last = el("ol", { class: "pa-history", id: "pa-history", reversed: true });
  const rest = el("ol", { class: "pa-history", reversed: true });
  const fold = el("details", { class: "pa-more", id: "pa-history-more" }, el("summary", { text: "" }), rest);
  const mergeText = el("span", { id: "pa-history-merge-text" });
  const mergeUndo = el("button", { type: "button", class: "th-button", id: "pa-history-merge-undo", text: "Undo this merge", onclick: () => onUndoMerge() });
  const mergeLine = el("p", { class: "pa-history-merge", id: "pa-history-merge", hidden: true }, mergeText, " ", mergeUndo);
  const element = el("div", { class: "pa-log", id: "pa-log" }, el("div", { class: "pa-log-row" }, undo), mergeLine, last, fold);
  let lines = [];
  fold.addEventListener("toggle", () => {
    if (fold.open && !rest.firstChild) rest.append(...lines.slice(0, -SHOWN).reverse().map((h) => el("li", { text: h.text })));
  });
  undo.addEventListener("click", () => onUndo());

  function update(rules, table, { phone = null, merge = null } = {}) {
    lines = historyOf(rules, table);
    const n = lines.length;
    mergeText.textContent = merge || "";
    mergeLine.hidden = !merge;
    // Undo names this phone's last change (a record leaving by rule is not a change; another phone's change is that phone's to undo).
    const ph = phone || "000";
    const lastChange = [...lines].reverse().find((h) => h.type !== "leaves" && h.type !== "fold" && (h.ph === undefined || h.ph === ph)) || lines[n - 1];
    const blocked = n ? undoBlocked(rules, table, { phone }) : null;
    undo.disabled = !n || Boolean(blocked);
    undo.textContent = n && !blocked ? "Undo" : "Nothing to undo";
    undo.title = blocked ? blocked.message : "";
    undo.setAttribute("aria-label", n && !blocked ? `Undo: ${lastChange.text}` : blocked ? blocked.message : "Nothing to undo");
    last.replaceChildren(...lines.slice(-SHOWN).reverse().map((h) => el("li", { text: h.text })));
    rest.replaceChildren();
    fold.open = false;
    fold.hidden = n <= SHOWN;
    fold.firstChild.textContent = `${n - SHOWN} earlier change${n - SHOWN === 1 ? "" : "s"}`;
  }
  /** The marker moved: there is a change to undo (its line follows when the marker settles). */
  function moved() {
    undo.disabled = false;
    undo.textContent = "Undo";
    undo.setAttribute("aria-label", "Undo the marker's move");
  }
  return { element, update, moved };
}
