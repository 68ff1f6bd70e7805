// Recording what enters play, on the now card: a record picker of what can enter now
// (the game's records of its in-play kinds that are not in play, not taken out by this table's setup
// (removedBySetup), and not another seat's own), then
// one button per player (and one for the table) saying who took it. Three taps whoever buys (the
// select is two), and the marker stays where it is: the page turns it into one "enter" change of
// the table's log (index.js), never a new table.
import { el } from "../../shared/dom.js";
import { playerName, seatCount } from "./form.js";
import { ownerSeat } from "./api.js";
import { removedBySetup, entersPlay } from "../engine/index.js";

function byName(a, b) {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1;
}

/** A player's name on a button: the seat alone when it is chosen ("Greece"), else "Player 2". */
function shortName(g, table, n) {
  const key = table.seats[n - 1];
  const c = key && g.seats.choices.find((x) => x.key === key);
  return c ? c.name : `Player ${n}`;
}

/**
 * What the picker offers at table t, by kind in the game's order: [[kind, [records by name]]]: the
 * records of the in-play kinds not held (`held`, a Set of ids), not taken out by the table's setup
 * (a setup step's `removes`) and not the own record of a seat nobody plays (`ownerPlayer` 0). Pure.
 */
export function pickable(g, t, held, ownerPlayer = () => null) {
  const removed = removedBySetup(g, t);
  const groups = new Map();
  for (const r of g.records) {
    if (!entersPlay(g, r) || held.has(r.id) || removed.has(r.id) || ownerPlayer(r) === 0) continue;
    if (!groups.has(r.kind)) groups.set(r.kind, []);
    groups.get(r.kind).push(r);
  }
  const kinds = [...g.inPlayKinds, ...[...groups.keys()].filter((k) => !g.inPlayKinds.includes(k))];   // a single record's kind last
  return kinds.filter((k) => groups.has(k)).map((k) => [k, groups.get(k).sort(byName)]);
}

/**
 * The picker for game g: {element, update(table, state, asPlayer), showError(message)}.
 * onEnter({id, player}) is called when the player records a record.
 */
export function recordPicker(g, onEnter) {
  const pick = el("select", { id: "pa-pick", class: "pa-pick-record", "aria-label": "What entered play" });
  const who = el("div", { class: "pa-pick-who", id: "pa-pick-who", role: "group", "aria-label": "Who took it" });
  const said = el("p", { class: "th-field-error", id: "pa-pick-error", role: "alert", hidden: true });
  const element = el("div", { class: "pa-record", id: "pa-record" },
    el("h3", { id: "pa-h-record", text: "Entered play" }),
    pick, el("p", { class: "pa-pick-hint", text: "Then who took it:" }), who, said);
  let drawnFor = "";   // the in-play ids and the seats the choices were built for
  let table = null;
  let buttons = [];    // [{player (null: the table), button}]

  /** The player who alone may hold rec (its seat's), 0 when that seat is not at the table, null when anyone may. */
  const ownerPlayer = (rec) => {
    const seat = ownerSeat(g, rec);
    if (!seat || !table) return null;
    const i = table.seats.indexOf(seat);
    return i < 0 ? 0 : i + 1;
  };

  function enable() {
    const rec = g.byId.get(pick.value);
    const owner = rec ? ownerPlayer(rec) : null;
    for (const { player, button } of buttons) button.disabled = !rec || (owner !== null && player !== owner);
  }
  pick.addEventListener("change", () => { enable(); showError(""); });

  /** Rebuild the choices when what is in play or who sits where changed. */
  function update(t, state, asPlayer) {
    table = t;
    const held = new Set(state.inPlay.map((e) => e.id));
    const key = `${[...held].sort().join(",")}|${t.seats.join(",")}|${t.players}|${(t.options || []).join(",")}|${asPlayer}`;
    if (key === drawnFor) return;
    drawnFor = key;
    const groups = pickable(g, t, held, ownerPlayer);
    const chosen = pick.value;
    pick.replaceChildren(el("option", { value: "", text: "Choose what entered…" }),
      ...groups.map(([k, list]) => el("optgroup", { label: list[0].kind_label || k }, list.map((r) => el("option", { value: r.id, text: r.name })))));
    pick.value = groups.some(([, l]) => l.some((r) => r.id === chosen)) ? chosen : "";
    // The player this phone is shown as first; then the others in order; the table last.
    const n = seatCount(t);
    const players = Array.from({ length: n }, (_, i) => i + 1).sort((a, b) => (a === asPlayer ? -1 : b === asPlayer ? 1 : a - b));
    buttons = [...players, null].map((p) => {
      const button = el("button", { type: "button", class: "th-button pa-add", id: p ? `pa-add-p${p}` : "pa-add-table", "data-player": p ? String(p) : "",
        text: p ? shortName(g, t, p) : "The table", title: p ? `${playerName(g, t, p)} took it` : "The table took it" });
      button.addEventListener("click", () => { if (pick.value) onEnter({ id: pick.value, player: p }); });
      return { player: p, button };
    });
    who.replaceChildren(...buttons.map((b) => b.button));
    enable();
  }

  function showError(message) {
    said.textContent = message || "";
    said.hidden = !message;
    if (message) pick.setAttribute("aria-invalid", "true"); else pick.removeAttribute("aria-invalid");
  }
  return { element, update, showError };
}
