// The "now" card of the play-along page, the verdict of the page: the step the marker is on
// (linked to its rule record), the records in play that act then, player by player, what is
// due, the rulings that concern it, and at the end the game's scoring helper. Drawn from the
// engine's momentAt alone; stepping redraws only this card, so it stays fast on a slow phone.
import { el } from "../../shared/dom.js";
import { recordLink } from "../../shared/tool-page.js";
import { playerName } from "./form.js";

const DUE_WORDS = { opens: "Opens", runs: "Runs", closes: "Closes", at: "Now", unknown: "Unknown" };

function heading(text, id) {
  return el("h3", { id, text });
}

/** When the record acts, in words: its own `when`, else the steps its timing names (when not this one). */
function whenLine(g, moment, r) {
  const bits = [];
  if (r.when) bits.push(r.when);
  else if (r.at && r.at.length && !r.at.includes(moment.step.id)) {
    bits.push(`At ${r.at.map((id) => (g.byId.get(id) || { name: id }).name).join(", ")}`);
  }
  if (r.note) bits.push(r.note);
  return bits.length ? el("span", { class: "pa-when", text: bits.join(" · ") }) : null;
}

const SHOWN = 6;   // reminders shown per player; the rest of a big table's fold under a count

function reminderItem(g, moment, r) {
  return el("li", { "data-record": r.id || "", class: r.unknown ? "th-unknown" : null },
    r.id ? recordLink(r) : document.createTextNode(r.name || "Unknown timing"),
    r.unknown ? el("span", { class: "pa-when", text: `Timing unknown: ${r.unknown}` }) : whenLine(g, moment, r));
}

/**
 * Reminders grouped by who holds the record: the table first, then player 1, 2, ... Past SHOWN
 * for one player, the rest fold under "n more", built when opened: a table of a hundred records
 * in play keeps a card that fits the phone and redraws at once.
 */
function reminderGroups(g, table, moment, reminders) {
  const groups = new Map();
  for (const r of reminders) {
    const key = Number.isInteger(r.player) ? r.player : 0;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(r);
  }
  const keys = [...groups.keys()].sort((a, b) => a - b);
  return el("ul", { class: "pa-list", id: "pa-reminders" }, keys.map((k) => {
    const all = groups.get(k);
    const item = el("li", { "data-player": String(k) },
      el("span", { class: "pa-who", text: k ? playerName(g, table, k) : "Everyone" }),
      el("ul", { class: "pa-list" }, all.slice(0, SHOWN).map((r) => reminderItem(g, moment, r))));
    if (all.length > SHOWN) {
      const rest = el("ul", { class: "pa-list" });
      const fold = el("details", { class: "pa-more" }, el("summary", { text: `${all.length - SHOWN} more` }), rest);
      fold.addEventListener("toggle", () => { if (fold.open && !rest.firstChild) rest.append(...all.slice(SHOWN).map((r) => reminderItem(g, moment, r))); });
      item.append(fold);
    }
    return item;
  }));
}

function dueList(g, table, due) {
  return el("ul", { class: "pa-list", id: "pa-due" }, due.map((d) => el("li", { "data-record": d.id || "", "data-due": d.what },
    el("span", { class: "pa-who", text: `${DUE_WORDS[d.what] || d.what}${Number.isInteger(d.player) ? `, ${playerName(g, table, d.player)}` : ""}: ` }),
    d.id ? recordLink(d) : document.createTextNode(d.name || ""),
    d.text ? el("span", { class: "pa-when", text: d.text }) : null)));
}

/** The units that arrive: those the table gives, listed; those it does not, one line per reason. */
function arrivalList(arrivals) {
  const known = [];
  const unknown = new Map();   // note -> peoples
  for (const a of arrivals) {
    const who = `${a.people || "Units"}${Number.isInteger(a.group) ? ` (group ${a.group})` : ""}`;
    const units = (a.units || []).map((u) => `${u.label} ${u.value}`).join(", ");
    if (units) known.push({ a, who, units });
    if (a.unknown) {
      if (!unknown.has(a.unknown)) unknown.set(a.unknown, { peoples: [], table: a.table });
      unknown.get(a.unknown).peoples.push(who);
    }
  }
  return el("ul", { class: "pa-list", id: "pa-arrivals" },
    known.map(({ a, who, units }) => el("li", {}, el("span", { class: "pa-who", text: `${who}: ` }), units,
      a.table ? el("span", { class: "pa-when" }, "From ", recordLink(a.table)) : null)),
    [...unknown].map(([note, { peoples, table }]) => el("li", { class: "th-unknown" },
      el("span", { class: "pa-who", text: `Unknown for ${peoples.join(", ")}: ` }), note,
      table ? el("span", { class: "pa-when" }, "From ", recordLink(table)) : null)));
}

function rulingItem(g, id) {
  const rec = g.byId.get(id);
  const name = rec ? rec.name || rec.question || id : id;
  return el("li", { "data-record": id }, rec ? recordLink({ id, name, url: rec.url }) : name);
}

/**
 * The rulings: those about this step (or a step it belongs to) first, SHOWN of them listed; the
 * rest, and those about a record in play, fold under their count and are built when opened (a big
 * table has a hundred, and the card is drawn at every step).
 */
function rulingBlock(g, moment) {
  const here = new Set([moment.step.id, ...(moment.step.path || [])]);
  const own = [];
  const others = [];
  for (const id of moment.rulings) {
    const rec = g.byId.get(id);
    ((rec && (rec.concerns || []).some((c) => here.has(c))) ? own : others).push(id);
  }
  const out = [heading("Rulings", "pa-h-rulings")];
  if (own.length) out.push(el("ul", { class: "pa-list", id: "pa-rulings" }, own.slice(0, SHOWN).map((id) => rulingItem(g, id))));
  const rest = [...own.slice(SHOWN), ...others];
  if (rest.length) {
    const list = el("ul", { class: "pa-list" });
    const more = own.length > SHOWN ? `${own.length - SHOWN} more about this step` : "";
    const about = others.length ? `${others.length} about the records in play` : "";
    const fold = el("details", { class: "pa-more", id: "pa-rulings-more" },
      el("summary", { text: [more, about].filter(Boolean).join(", ") }), list);
    fold.addEventListener("toggle", () => { if (fold.open && !list.firstChild) list.append(...rest.map((id) => rulingItem(g, id))); });
    out.push(fold);
  }
  return out;
}

/** The card's content for a moment, or for a table that cannot be stepped yet. */
export function nowContent(g, table, moment, links) {
  if (!g) {
    return [el("h2", { id: "pa-step", text: "Set your table" }),
      el("p", { class: "pa-empty", text: "Choose a game below; the turn's steps then appear here, with what acts at each." })];
  }
  if (!moment) return [el("h2", { id: "pa-step", text: g.record.name }), el("p", { class: "pa-empty", text: "This table has no turn to step through." })];
  const out = [];
  if (moment.round) out.push(el("p", { class: "pa-round", id: "pa-round", text: moment.round.text || `${moment.round.label} ${moment.round.n}` }));
  const path = (moment.step.path || []).map((id) => g.byId.get(id)).filter(Boolean).map((r) => r.name);
  if (path.length > 1) out.push(el("p", { class: "pa-path", text: path.slice(1).join(" › ") }));
  out.push(el("h2", { id: "pa-step", "data-step": moment.step.id }, recordLink(moment.step)));
  out.push(links.nav);
  const reminders = moment.reminders || [];
  out.push(heading("In play now", "pa-h-reminders"));
  out.push(reminders.length ? reminderGroups(g, table, moment, reminders)
    : el("p", { class: "pa-empty", id: "pa-reminders-none", text: "Nothing in play acts at this step." }));
  if (moment.due && moment.due.length) out.push(heading("Due", "pa-h-due"), dueList(g, table, moment.due));
  if (moment.arrivals && moment.arrivals.length) out.push(heading("Arriving", "pa-h-arrivals"), arrivalList(moment.arrivals));
  if (moment.rulings && moment.rulings.length) out.push(...rulingBlock(g, moment));
  if (moment.end) {
    const end = el("div", { class: "pa-end", id: "pa-end" },
      el("p", { text: moment.end.last ? "The game ends here: check who wins." : "The end of a round: check whether someone has won." }));
    const a = moment.end.scoring ? links.scoring(moment.end.scoring) : null;
    if (a) end.append(el("p", {}, a));
    out.push(end);
  }
  for (const gap of moment.gaps || []) out.push(el("p", { class: "pa-gap th-unknown", text: gap }));
  return out;
}
