// "Several rounds": the chance that a province at war is cleared within 1, 2, 3 rounds, the
// order in which each side gives up its pieces and each side's plan (withdraw, reinforce; the
// figures say which they use).

import { el } from "../view/dom.js";
import { pct } from "../view/percent.js";
import { verdictText, stackedBar, legend, dataTable } from "../view/odds.js";
import { analyseRounds, DEFAULT_LOSS_ORDER } from "../mn-battle.js";
import { roundsOutcomes, lossOrderChoices, lossOrderText, planText } from "./words.js";
import { buildPlans, syncPlans, showPlanErrors } from "./plan-view.js";

const ROUNDS = 3;
const SIDE_TITLE = { attacker: "The attacker", defender: "The defender" };

/** Build the section; its loss-order inputs join the form's inputs and problem slots. */
export function buildRounds(form, on) {
  const selects = {};
  const rows = ["attacker", "defender"].map((side) => {
    const sel = el("select", { id: `mnb-${side}-loss`, "aria-describedby": `mnb-${side}-loss-error` });
    selects[side] = sel;
    const slotEl = el("p", { class: "cmp-field-error", id: `mnb-${side}-loss-error`, hidden: true });
    form.inputs[`${side}.lossOrder`] = sel;
    form.slots[`${side}.lossOrder`] = slotEl;
    sel.addEventListener("change", () => on.change((s) => { s[side].lossOrder = sel.value.split(","); }, { refresh: true }));
    return el("div", { class: "mnb-field" }, el("label", { class: "mnb-row", for: sel.id }, el("span", { text: `${SIDE_TITLE[side]} gives up` }), sel), slotEl);
  });
  const plans = buildPlans(on, ROUNDS);
  const out = el("div", { class: "mnb-rounds-out", id: "mnb-rounds-out", "aria-live": "polite" });
  const element = el("section", { class: "mnb-section", id: "mnb-rounds", "aria-labelledby": "mnb-rounds-title" },
    el("h2", { id: "mnb-rounds-title", text: "Several rounds: a province at war" }),
    el("p", { class: "mnb-hint", text: "A province at war fights again every turn unless a side moves out. These are the chances within 1, 2 and 3 rounds, each round's Hamilcar and Ajax choices made again for the pieces left. Heroes act every round; a god card only in the first (it goes back at the next Offering phase)." }),
    el("fieldset", {}, el("legend", { text: "Which pieces each side gives up first" }), rows),
    el("fieldset", { id: "mnb-plans" }, el("legend", { text: "How each side fights on" }), plans.element),
    out);
  return { element, selects, out, plans };
}

/** Fill the loss-order choices for the scenario (an order from a link stays selectable) and the plans. */
export function syncRounds(view, s, plans) {
  if (plans) syncPlans(view.plans, plans);
  for (const side of ["attacker", "defender"]) {
    const sel = view.selects[side];
    const choices = lossOrderChoices(side, DEFAULT_LOSS_ORDER);
    const current = Array.isArray(s[side].lossOrder) ? s[side].lossOrder.join(",") : "";
    if (current && !choices.some((c) => c.value === current)) choices.push({ value: current, text: `As in the link: ${lossOrderText(s[side].lossOrder)}` });
    const have = [...sel.options].map((o) => o.value).join("|");
    if (have !== choices.map((c) => c.value).join("|")) sel.replaceChildren(...choices.map((c) => el("option", { value: c.value, text: c.text })));
    sel.value = current;
  }
}

/** Compute and show the rounds for a scenario (called after the verdict, when the page is idle). */
export function showRounds(view, rules, s, plans) {
  const { out } = view;
  let r;
  try { r = analyseRounds(rules, s, { rounds: ROUNDS, plans }); }
  catch (e) { r = { ok: false, errors: [{ message: `The several-rounds calculation failed: ${e.message}` }] }; }
  out.replaceChildren();
  const planProblems = r.ok ? [] : r.errors.filter((e) => /^(attacker|defender)\.(plan\.|civ$)/.test(e.field || ""));
  showPlanErrors(view.plans, planProblems);
  if (!r.ok) {
    out.dataset.state = "error";
    const onlyPlans = planProblems.length === r.errors.length;
    out.append(el("p", { text: onlyPlans ? `Correct the plan: ${planProblems.map((e) => e.message).join(" ")}` : "Correct the battle above to see several rounds." }));
    return;
  }
  if (!r.applies) { out.dataset.state = "none"; out.append(el("p", { text: r.reason })); return; }
  out.dataset.state = "ok";
  const taken = r.rounds.map((row) => `${row.round} round${row.round > 1 ? "s" : ""} ${pct(row.attackerTakes)}`).join(" · ");
  out.append(el("p", { class: "mnb-rounds-verdict", "data-rounds-text": "", text: `Attacker takes the province within ${taken}.` }));
  for (const row of r.rounds) {
    const outcomes = roundsOutcomes(row);
    out.append(el("div", { class: "mnb-rounds-row", "data-round": String(row.round) },
      el("p", { class: "mnb-hint", text: `Within ${row.round} round${row.round > 1 ? "s" : ""}: ${verdictText(outcomes)}` }), stackedBar(outcomes)));
  }
  out.append(legend(roundsOutcomes(r.rounds[0])));
  out.append(dataTable({ caption: "Chances within each number of rounds", attrs: { id: "mnb-rounds-table" },
    head: ["Within", "Attacker takes", "Still at war", "Defender holds", "Both wiped out", "Attacker withdrew", "Defender withdrew"],
    rows: r.rounds.map((row) => [`${row.round} round${row.round > 1 ? "s" : ""}`, pct(row.attackerTakes), pct(row.atWar), pct(row.defenderHolds), pct(row.bothGone),
      pct(row.attackerWithdrew), pct(row.defenderWithdrew)]) }));
  out.append(el("p", { class: "mnb-hint", text: `These figures use: the attacker gives up ${lossOrderText(s.attacker.lossOrder)}; the defender gives up ${lossOrderText(s.defender.lossOrder)}. ${planText(r.plans)}` }));
}
