// "How big an attack?": the column reached and the outcome range as the attacking factor
// grows, each band with the factor at which it starts, as bars and as a table.

import { el } from "../view/dom.js";
import { verdictText, stackedBar, legend, dataTable } from "../view/odds.js";
import * as E from "../ac-battle.js";
import { EDGE_WORDS, verdictOutcomes } from "./words.js";

function bandName(b) {
  if (b.kind === "refused") return "not allowed (below the table's lowest ratio)";
  if (b.kind === "edge") return EDGE_WORDS[b.result.edge.kind] || b.result.edge.kind;
  return `${b.result.table.name}, column ${b.label}`;
}

const range = (b) => (b.to === null ? `${b.from} or more` : b.from === b.to ? `${b.from}` : `${b.from} to ${b.to}`);

export function plannerSection(state, model, T) {
  const out = el("section", { class: "acb-section", id: "acb-planner", "aria-labelledby": "acb-planner-title" },
    el("h2", { id: "acb-planner-title", text: "How big an attack?" }));
  let plan;
  try { plan = E.planAttack(state, model); }
  catch (e) { plan = { ok: false, errors: [`The planner failed: ${e.message}`] }; }
  if (!plan.ok) {
    out.dataset.state = "error";
    out.append(el("p", { class: "acb-note", text: "Correct the attack above to see how the result changes as the attacking factor grows." }));
    return out;
  }
  out.dataset.state = "ok";
  const first = state.attackers[0];
  const marks = Object.entries(first.flags || {}).filter(([, v]) => v).map(([k]) => k);
  const mine = state.attackers.every((u) => u && u.type === first.type && JSON.stringify(u.flags || {}) === JSON.stringify(first.flags || {}))
    ? state.attackers.reduce((t, u) => t + (Number.isFinite(u.factor) ? u.factor : 0), 0) : null;
  out.append(el("p", { class: "acb-note", text: `The attack is made of ${first.type} units${marks.length ? ` (${marks.join(", ")})` : ""} like attacker 1, against the defending hex as entered; the printed attacking factors add up to the number on the left.${mine ? ` This attack's printed total is ${mine}.` : ""}` }));
  const rows = plan.bands.map((b) => {
    const o = b.result.ok ? verdictOutcomes(b.result, T) : [];
    return { b, o, text: b.result.ok ? verdictText(o) : "no die roll" };
  });
  const here = mine === null ? -1 : plan.bands.findIndex((b) => b.from <= mine && (b.to === null || mine <= b.to));
  out.append(el("div", { class: "acb-bands", "aria-hidden": "true" }, rows.map(({ b, o, text }, i) =>
    el("div", { class: "acb-band", "data-band": String(i) },
      el("p", { class: "acb-note", text: `Factor ${range(b)}: ${bandName(b)}${i === here ? " (this attack)" : ""}` }),
      o.length ? stackedBar(o) : el("div", { class: "cmp-stack" })))));
  out.append(legend([{ label: "good for the attacker", tone: "win" }, { label: "good for the defender", tone: "loss" }, { label: "both", tone: "both" },
    { label: "neither, exchange or other", tone: "neutral" }, { label: "not in the source", tone: "unknown" }]));
  out.append(dataTable({ caption: "The result as the attacking factor grows", marked: here, attrs: { "data-testid": "acb-plan-table" },
    head: ["Attacking factor", "Column or edge", "Chances (known rows; the rest not in the source)"],
    rows: rows.map(({ b, text }) => [range(b), bandName(b), text]) }));
  return out;
}
