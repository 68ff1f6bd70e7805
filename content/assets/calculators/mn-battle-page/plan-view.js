// "How each side fights on": the plan inputs of the several-rounds section (withdraw when
// fewer than N units remain or when the chance falls below a level; K more legions or
// creatures before round r). The plans live in the URL with the battle; problems show beside
// the input that causes them (the engine's validatePlans names the field).

import { el } from "../view/dom.js";
import { WITHDRAW_WHEN } from "../mn-battle.js";

const SIDE_TITLE = { attacker: "Attacker", defender: "Defender" };
const WHEN_TEXT = {
  never: "Never: fights on",
  fewer: "When fewer than N of its units remain",
  chance: "When its chance to win the next round falls below N%",
};

/** A typed value: digits become a number; anything else stays text for the engine to name. */
function typed(v) {
  // digits too many to count exactly stay text, which the engine names (never Infinity in the address)
  return /^\s*\d+\s*$/.test(v) && Number.isSafeInteger(Number(v)) ? Number(v) : String(v);
}

/** The plan inputs for both sides; `on.plans(mutate)` is called on every change. */
export function buildPlans(on, rounds) {
  const inputs = {}, slots = {};
  const field = (key, label, input) => {
    const slotEl = el("p", { class: "cmp-field-error", id: `${input.id}-error`, hidden: true });
    input.setAttribute("aria-describedby", slotEl.id);
    inputs[key] = input;
    slots[key] = slotEl;
    return el("div", { class: "mnb-field" }, el("label", { class: "mnb-row", for: input.id }, el("span", { text: label }), input), slotEl);
  };
  const number = (id) => el("input", { type: "text", id, inputmode: "numeric", autocomplete: "off", size: "4" });
  const sides = ["attacker", "defender"].map((side) => {
    const when = el("select", { id: `mnb-${side}-withdraw` }, WITHDRAW_WHEN.map((w) => el("option", { value: w, text: WHEN_TEXT[w] })));
    const below = number(`mnb-${side}-withdraw-below`);
    const legions = number(`mnb-${side}-reinforce-legions`);
    const creatures = number(`mnb-${side}-reinforce-creatures`);
    const round = el("select", { id: `mnb-${side}-reinforce-round` },
      Array.from({ length: rounds - 1 }, (_, i) => el("option", { value: String(i + 2), text: `before round ${i + 2}` })));
    when.addEventListener("change", () => on.plans((p) => {
      p[side].withdraw.when = when.value;
      if (when.value !== "never" && !(Number(p[side].withdraw.below) > 0)) p[side].withdraw.below = when.value === "fewer" ? 2 : 30;
    }));
    below.addEventListener("input", () => on.plans((p) => { p[side].withdraw.below = typed(below.value); }));
    legions.addEventListener("input", () => on.plans((p) => { p[side].reinforce.legions = typed(legions.value || "0"); }));
    creatures.addEventListener("input", () => on.plans((p) => { p[side].reinforce.creatures = typed(creatures.value || "0"); }));
    round.addEventListener("change", () => on.plans((p) => { p[side].reinforce.round = Number(round.value); }));
    const f = `${side}.plan`;
    return el("fieldset", { class: "mnb-plan", "data-side": side }, el("legend", { text: `${SIDE_TITLE[side]}'s plan` }),
      field(`${f}.withdraw.when`, "Withdraw its legions and creatures", when),
      field(`${f}.withdraw.below`, "N (units left, or a chance in %)", below),
      field(`${f}.reinforce.legions`, "Legions that arrive", legions),
      field(`${f}.reinforce.creatures`, "Creatures that arrive", creatures),
      field(`${f}.reinforce.round`, "They arrive", round));
  });
  const civSlot = el("p", { class: "cmp-field-error", id: "mnb-plan-civ-error", hidden: true });
  slots["attacker.civ"] = civSlot;
  slots["defender.civ"] = civSlot;
  const element = el("div", { class: "mnb-plans" },
    el("p", { class: "mnb-hint", text: "Before each round after the first, reinforcements arrive, then the attacker and then the defender may move their legions and creatures out. A fortress never moves: it stays and fights." }),
    ...sides, civSlot);
  return { element, inputs, slots };
}

/** Show the plans in their inputs (after a reload from the URL); a value being typed is left alone. */
export function syncPlans(view, plans) {
  for (const side of ["attacker", "defender"]) {
    const p = plans[side], f = `${side}.plan`;
    const set = (key, v) => { const i = view.inputs[key]; if (i && document.activeElement !== i && i.value !== String(v)) i.value = String(v); };
    set(`${f}.withdraw.when`, p.withdraw.when);
    set(`${f}.withdraw.below`, p.withdraw.when === "never" && p.withdraw.below === 0 ? "" : p.withdraw.below);
    set(`${f}.reinforce.legions`, p.reinforce.legions);
    set(`${f}.reinforce.creatures`, p.reinforce.creatures);
    set(`${f}.reinforce.round`, p.reinforce.round);
    view.inputs[`${f}.withdraw.below`].disabled = p.withdraw.when === "never";
  }
}

/** Put each plan problem beside its input; returns the problems that have no input here. */
export function showPlanErrors(view, errors) {
  const by = new Map();
  const rest = [];
  for (const e of errors) {
    if (view.slots[e.field]) { if (!by.has(e.field)) by.set(e.field, []); by.get(e.field).push(e.message); } else rest.push(e);
  }
  for (const slotEl of new Set(Object.values(view.slots))) {
    const msgs = [...new Set(Object.keys(view.slots).filter((k) => view.slots[k] === slotEl).flatMap((k) => by.get(k) || []))];
    slotEl.replaceChildren(...msgs.map((m) => el("span", { text: m })));
    slotEl.hidden = msgs.length === 0;
  }
  for (const [key, input] of Object.entries(view.inputs)) {
    if (by.has(key)) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
  }
  return rest;
}
