// Undo for the table's settings: lowering the player count drops the seats and the
// holders past it, and Forget this table clears the device's copy; each says what it did, with
// an Undo that puts the table back as it was (its whole link, log included). The log's own
// changes have their own Undo (log.js); these are not in the log. The note goes where the
// player is looking (before the element it is shown at) and stays until its Undo or the next
// change of the settings.
import { el } from "../../shared/dom.js";

/** {element, show(message, undo, at), hide()}. */
export function undoNote() {
  const text = el("span", { id: "pa-undo-note-text" });
  const button = el("button", { type: "button", class: "th-button", id: "pa-undo-settings", text: "Undo" });
  const element = el("p", { class: "pa-undo-note", id: "pa-undo-note", role: "status", hidden: true }, text, " ", button);
  let undo = null;
  function hide() {
    element.hidden = true;
    undo = null;
  }
  button.addEventListener("click", () => { const f = undo; hide(); if (f) f(); });
  function show(message, then, at) {
    text.textContent = message;
    undo = then;
    if (at && at.parentNode && element.nextSibling !== at) at.before(element);
    element.hidden = false;
  }
  return { element, show, hide };
}

/**
 * What lowering the player count from `before.players` to `players` drops, in words: each seat
 * past it ("Carthage (player 4)") and each record held by a player past it ("Hannibal's holder").
 * [] when nothing is dropped. `inPlay` is [{id, player}]; `name(id)` a record's name; `seatName(key)` a seat's.
 */
export function droppedBy(before, players, inPlay, name, seatName) {
  if (!Number.isInteger(before.players) || !Number.isInteger(players) || players >= before.players) return [];
  const out = [];
  (before.seats || []).forEach((key, i) => { if (key && i >= players) out.push(`${seatName(key)} (player ${i + 1})`); });
  for (const e of inPlay || []) if (Number.isInteger(e.player) && e.player > players) out.push(`${name(e.id)}'s holder (player ${e.player})`);
  return out;
}
