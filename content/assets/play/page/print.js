// The printed page of the table: every step of one turn, in order, with its line
// and the reminders of the records in play at that step, player by player, each with the same
// line the now card gives it, and the QR code of the table's link, on one sheet. Built in the page (hidden on screen, play.css shows it on paper
// alone), from the same engine calls as the now card; drawn again when the table changes, never
// when the marker steps, so printing needs no work at the moment of printing.
import { el } from "../../shared/dom.js";
import { playerName } from "./form.js";
import { lineOf, whenWords } from "./reminder.js";

/**
 * The positions of the round that holds `pos`, each step once: from the round's first step to its
 * last. A round of numbered turns (7 Wonders Myths' age) prints its opening steps, one turn's
 * steps and its closing steps, not the turns again and again; its start and end are reached by
 * the engine's round steps, so a marker at turn 999 costs what turn 1 does.
 */
export function turnPositions(engine, rules, g, table, pos) {
  const { momentAt, firstPosition, previousPosition, nextPosition } = engine;
  const limit = g.steps.length * 4 + 8;   // a turn never has more positions than its steps, opening steps included
  const roundOf = (p) => { const m = momentAt(rules, table, p); return m && m.round ? m.round.n : null; };
  const stepOf = (p) => p.slice(p.lastIndexOf(".") + 1);
  const at = pos || firstPosition(rules, table);
  if (!at) return [];
  const round = roundOf(at);
  // The round's start: the previous round's start, then round steps forward (at most its closing steps, then this round).
  let start = previousPosition(rules, table, at, "round");
  for (let i = 0; start && roundOf(start) !== round && i < 4; i += 1) start = nextPosition(rules, table, start, "round");
  if (!start || roundOf(start) !== round) start = firstPosition(rules, table);
  if (!start || roundOf(start) !== round) start = at;
  const out = [start];
  for (let i = 0; i < limit; i += 1) {
    const last = out[out.length - 1];
    let next = nextPosition(rules, table, last);
    if (next && out.some((p) => stepOf(p) === stepOf(next))) next = nextPosition(rules, table, last, "round");   // the next turn: on to the round's end
    if (!next || roundOf(next) !== round || out.some((p) => stepOf(p) === stepOf(next))) break;
    out.push(next);
  }
  return out;
}

function who(g, table, r) {
  return Number.isInteger(r.player) ? playerName(g, table, r.player) : "Everyone";
}

/** More reminders than this on the sheet (a full table: six players, every hero, wonder, god and
 * creature in play, 91 at the Military phase's turn) and they no longer fit one A4 page with their
 * lines (it printed on 3): the sheet is then compact, each reminder by name and player only, in
 * three columns, and says so. */
export const COMPACT_AT = 30;

/** The sheet's content: the table in one line, the QR code's place, then the steps of one turn. */
export function printSheet(engine, rules, g, table, pos) {
  if (!g) return [el("p", { text: "No table is set: choose a game on the page first." })];
  const seats = table.seats.map((s, i) => (s ? playerName(g, table, i + 1) : null)).filter(Boolean);
  const line = [`${table.players || "?"} players`, ...table.options.map((id) => (g.byId.get(id) || { name: id }).name), ...seats].join(" · ");
  const moments = turnPositions(engine, rules, g, table, pos).map((p) => engine.momentAt(rules, table, p)).filter(Boolean);
  const round = moments.length && moments[0].round ? ` (${moments[0].round.text || `${moments[0].round.label} ${moments[0].round.n}`})` : "";
  const count = moments.reduce((n, m) => n + (m.reminders || []).filter((r) => !r.unknown).length + (m.due || []).length, 0);
  const compact = count > COMPACT_AT;
  const steps = moments.map((m) => {
    const reminders = (m.reminders || []).filter((r) => !r.unknown);
    const due = m.due || [];
    const stepLine = lineOf(g, m.step);
    const said = (r) => { const line = compact ? "" : lineOf(g, r); return line ? `: ${line}` : ""; };
    // Where in the step it acts, as the card says it; a compact sheet keeps to the names.
    const when = (r) => { const words = compact ? "" : whenWords(g, r, m.step.id); return words ? ` (${words})` : ""; };
    return el("section", { class: "pa-print-step", "data-step": m.step.id },
      el("h3", { text: m.step.name }),
      stepLine ? el("p", { class: "pa-print-line", text: stepLine }) : null,
      reminders.length || due.length
        ? el("ul", {}, reminders.map((r) => el("li", {}, `${who(g, table, r)}: `, el("b", { text: r.name }), `${said(r)}${when(r)}`)),
          due.map((d) => el("li", {}, "Due: ", el("b", { text: d.name || "" }), d.text ? `: ${d.text}` : said(d))))
        : el("p", { class: "pa-print-none", text: "Nothing in play acts here." }));
  });
  return [
    el("div", { class: "pa-print-head" },
      el("div", {}, el("h2", { text: `${g.record.name}: the table's reminders${round}` }),
        el("p", { class: "pa-print-table", text: line }),
        el("p", { class: "pa-print-table", text: "Scan the code to open this table on a phone." }),
        compact ? el("p", { class: "pa-print-table", text: `${count} reminders: each by name only, to fit one page; the page gives each one's line.` }) : null),
      el("div", { class: "pa-qr", "data-pa-qr-copy": "" })),
    el("div", { class: compact ? "pa-print-steps pa-print-compact" : "pa-print-steps" }, steps),
  ];
}
