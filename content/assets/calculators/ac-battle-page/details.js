// The full detail under the Ancient Conquest verdict: each result's chance as a range (the
// rows the source prints, up to those plus every row it does not), the oracle, every die row
// as printed (a note shared by several rows is printed once), and each step of the ratio.

import { el, siteLink } from "../view/dom.js";
import { sixths } from "../view/percent.js";
import * as E from "../ac-battle.js";
import { countWith } from "../../shared/count-words.js";

const fmtQ = (q) => E.fracToString(q);

/** A range bar: the known share solid, what the missing rows could add hatched. */
function rangeBar(low, high) {
  const bar = el("span", { class: "acb-range", "aria-hidden": "true" },
    el("span", { class: "acb-range__known" }), el("span", { class: "acb-range__maybe cmp-seg--hatched" }));
  bar.style.setProperty("--low", String(low));
  bar.style.setProperty("--high", String(high));
  return bar;
}

export function chancesTable(r, T) {
  const share = (q) => sixths(q.n, q.d);
  const body = r.outcomes.map((o) => el("tr", {},
    el("td", {}, T(o.label), o.kind === "exchange" ? ` (each side loses ${countWith(o.loss, "factors")}, counted on printed factors)` : "",
      o.via?.length ? el("div", { class: "acb-note", text: T(o.via.join("; ")) }) : null),
    el("td", { class: "acb-die", text: o.dice.length ? o.dice.join(", ") : "–" }),
    el("td", { class: "acb-chance" }, r.unknownRows ? `${share(o.low)} to ${share(o.high)}` : share(o.low), rangeBar(o.low.n / o.low.d, o.high.n / o.high.d))));
  if (r.unknownRows) body.push(el("tr", { class: "acb-unknown" },
    el("td", { text: "Not in the source" }),
    el("td", { class: "acb-die", text: r.rows.filter((x) => !x.known).map((x) => x.die).join(", ") }),
    el("td", { class: "acb-chance" }, share(r.unknownShare), rangeBar(0, r.unknownShare.n / r.unknownShare.d))));
  return [el("h3", { text: "Chances" }),
    el("p", { class: "acb-note", text: r.unknownRows
      ? `Each chance is a range: from the printed rows alone (solid) up to the printed rows plus every row the source does not print (hatched, ${share(r.unknownShare)}). Nothing is rescaled to 100%.`
      : "Every row of this column is printed." }),
    el("table", { class: "acb-table", "data-testid": "acb-outcomes" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Outcome" }), el("th", { scope: "col", class: "acb-die", text: "Die" }), el("th", { scope: "col", class: "acb-chance", text: "Chance" }))),
      el("tbody", {}, body))];
}

export function oracleBox(r, records, siteRoot) {
  if (!r.oracle.possible) return null;
  const rec = records.get(E.TABLE_IDS.oracle) || records.get("ac-oracles");
  return el("div", { class: "acb-oracle", "data-testid": "acb-oracle" },
    r.oracle.certain ? "A result here sends you to the oracle. " : "The missing rows may hold the ‘Consult Oracle’ result (the Combat Table's legend names it, but no printed cell does). ",
    rec ? siteLink(rec.url, `Open the ${rec.name}`, siteRoot) : "The oracle table is not in the records yet.");
}

/** The die rows; a note that several rows share is given once, under the table, and referred to. */
export function dieRows(r, T) {
  if (!r.rows.length) return [];
  const notes = [];
  const ref = (note) => {
    if (!note) return null;
    let i = notes.indexOf(note);
    if (i < 0) { notes.push(note); i = notes.length - 1; }
    return i + 1;
  };
  const shared = new Set(r.rows.map((row) => row.note).filter((n, i, all) => n && all.indexOf(n) !== i));
  const rows = r.rows.map((row) => {
    const n = shared.has(row.note) ? ref(row.note) : null;
    return el("tr", { class: row.known ? null : "acb-unknown" },
      el("td", { class: "acb-die", text: String(row.die) }),
      el("td", {}, T(row.text), row.note ? el("div", { class: "acb-note", text: n ? `See note ${n} below.` : T(row.note) }) : null),
      el("td", { text: row.known ? T(row.outcome.label) + (row.outcome.via.length ? ` (${T(row.outcome.via.join("; "))})` : "") : "unknown" }));
  });
  return [el("h3", { text: "Die rows" }),
    el("table", { class: "acb-table", "data-testid": "acb-rows" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col", class: "acb-die", text: "Die" }), el("th", { scope: "col", text: "Printed result" }), el("th", { scope: "col", text: "Here" }))),
      el("tbody", {}, rows)),
    notes.length ? el("ol", { class: "acb-note", "data-testid": "acb-row-notes" }, notes.map((n) => el("li", { text: T(n) }))) : null];
}

function modLine(m, model, siteRoot, T) {
  const src = m.link || (m.param && model.paramSources[m.param]);
  const what = m.noEffect ? `${T(m.name)}: no effect (×1)` : `×${fmtQ(E.frac(Math.round(m.value * 1000), 1000))} ${T(m.name)}`;
  return el("span", {}, what, src ? [" (", siteLink(src.url, src.name, siteRoot), ")"] : ` (${m.source})`);
}

export function steps(r, model, siteRoot, T) {
  const items = [];
  items.push(el("li", {}, "Table: ", siteLink(r.table.url, r.table.name, siteRoot), ` — ${T(r.table.why)}.`));
  for (const [side, data] of [["Attacker", r.attacker], ["Defender", r.defender]]) {
    for (const u of data.units) {
      items.push(el("li", {}, `${side} unit ${u.index} (${u.type}): printed ${u.printed}`,
        u.mods.map((m) => ["; ", modLine(m, model, siteRoot, T)]),
        u.capped ? `; capped at ×${model.params.cap} (${E.SOURCES.cap})` : "",
        ` → ${fmtQ(u.value)}`,
        u.skipped.length ? el("span", { class: "acb-note", text: ` [not applied: ${u.skipped.join("; ")}]` }) : ""));
    }
  }
  items.push(el("li", { text: `Totals: attacker ${fmtQ(r.attacker.total)} (printed ${r.attacker.printed}), defender ${fmtQ(r.defender.total)} (printed ${r.defender.printed}).` }));
  items.push(el("li", { text: `Rounded in the defender's favour: ${fmtQ(r.attacker.total)} : ${fmtQ(r.defender.total)} is ${r.ratio.label} (${E.SOURCES.rounding}).` }));
  for (const x of r.shifts) items.push(el("li", { text: `Shift ${x.by > 0 ? "+" : ""}${x.by} column: ${x.name} (${x.source}).` }));
  if (r.edge) items.push(el("li", { text: r.edge.text }));
  if (r.column) items.push(el("li", { text: `Column used: ${r.column.label}${r.column.label === `${r.column.a}:${r.column.b}` ? "" : `, read as ${r.column.a}:${r.column.b}`}.` }));
  return [el("h3", { text: "Step by step" }), el("ol", { class: "acb-steps", "data-testid": "acb-steps" }, items)];
}
