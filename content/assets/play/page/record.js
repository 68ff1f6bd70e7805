// Recording what enters play, on the now card (issue 31.1): a record picker of what can enter now
// (the game's records of its in-play kinds that are not in play, and not another seat's own), who
// takes it, and one button. Three taps (the select is two), and the marker stays where it is: the
// page turns it into one "enter" change of the table's log (index.js), never a new table.
import { el } from "../../shared/dom.js";
import { playerName, seatCount } from "./form.js";
import { ownerSeat } from "./api.js";

function byName(a, b) {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1;
}

/**
 * The picker for game g: {element, update(table, state, asPlayer), showError(message)}.
 * onEnter({id, player}) is called when the player records a record.
 */
export function recordPicker(g, onEnter) {
  const pick = el("select", { id: "pa-pick", class: "pa-pick-record", "aria-label": "What entered play" });
  const who = el("select", { id: "pa-pick-who", class: "pa-pick-who", "aria-label": "Who takes it" });
  const add = el("button", { type: "button", class: "th-button pa-add", id: "pa-add", text: "Record" });
  const said = el("p", { class: "th-field-error", id: "pa-pick-error", role: "alert", hidden: true });
  const element = el("div", { class: "pa-record", id: "pa-record" },
    el("h3", { id: "pa-h-record", text: "Entered play" }),
    el("div", { class: "pa-record-row" }, pick, who, add), said);
  let drawnFor = "";   // the in-play ids and the seats the options were built for
  let table = null;
  let lastWho = "";    // the player who took the last record: a table buys in turn, so often the same again

  const ownerPlayer = (rec) => {
    const seat = ownerSeat(g, rec);
    if (!seat || !table) return null;
    const i = table.seats.indexOf(seat);
    return i < 0 ? 0 : i + 1;   // 0: the seat is not at this table
  };

  function defaultWho(asPlayer) {
    const rec = g.byId.get(pick.value);
    const owner = rec ? ownerPlayer(rec) : null;
    if (owner) return String(owner);
    if (Number.isInteger(asPlayer)) return String(asPlayer);
    return lastWho;
  }

  pick.addEventListener("change", () => { who.value = defaultWho(null) || who.value; add.disabled = !pick.value; });
  add.addEventListener("click", () => {
    if (!pick.value) return;
    lastWho = who.value;
    onEnter({ id: pick.value, player: who.value ? Number(who.value) : null });
  });

  /** Rebuild the choices when what is in play or who sits where changed; else only the defaults. */
  function update(t, state, asPlayer) {
    table = t;
    const held = new Set(state.inPlay.map((e) => e.id));
    const key = `${[...held].sort().join(",")}|${t.seats.join(",")}|${t.players}`;
    if (key !== drawnFor) {
      drawnFor = key;
      const groups = new Map();
      for (const r of g.records) {
        if (!g.inPlayKinds.includes(r.kind) || held.has(r.id) || ownerPlayer(r) === 0) continue;
        if (!groups.has(r.kind)) groups.set(r.kind, []);
        groups.get(r.kind).push(r);
      }
      pick.replaceChildren(el("option", { value: "", text: "Choose what entered…" }),
        ...g.inPlayKinds.filter((k) => groups.has(k)).map((k) => {
          const list = groups.get(k).sort(byName);
          return el("optgroup", { label: list[0].kind_label || k }, list.map((r) => el("option", { value: r.id, text: r.name })));
        }));
      const n = seatCount(t);
      const keep = who.value;
      who.replaceChildren(el("option", { value: "", text: "The table" }),
        ...Array.from({ length: n }, (_, i) => el("option", { value: String(i + 1), text: playerName(g, t, i + 1) })));
      who.value = keep && Number(keep) <= n ? keep : "";
    }
    if (!pick.value) who.value = defaultWho(asPlayer) || (seatCount(t) ? who.value || "1" : "");
    add.disabled = !pick.value;
  }

  function showError(message) {
    said.textContent = message || "";
    said.hidden = !message;
    if (message) pick.setAttribute("aria-invalid", "true"); else pick.removeAttribute("aria-invalid");
  }
  return { element, update, showError };
}
