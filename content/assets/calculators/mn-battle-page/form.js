// The Mare Nostrum page's inputs: battle, presets, both sides, buildings and readings. Each
// input has a slot beside it where a problem with that input is shown (see showFieldErrors).

import { el } from "../view/dom.js";
import { effectOf, creatureOf, mostDice, READINGS, normalizeScenario } from "../mn-battle.js";
import { BATTLE_LABELS, READING_TEXT, GOAL_LABELS, COUNT_LABELS, BUILDING_LABELS } from "./words.js";

export const PRESETS = {
  "example-1": { label: "Manual example 1: Green attacks Blue",
    scenario: { attacker: { legions: 3 }, defender: { legions: 1, fortresses: 1 } } },
  "example-2": { label: "Manual example 2: Atlantis attacks Carthage",
    scenario: { attacker: { civ: "mn-atlantis", legions: 4, creatures: 1 },
      defender: { civ: "mn-carthage", legions: 2, creatures: 1, fortresses: 1, heroes: ["mn-hannibal"] } } },
  largest: { label: "Largest battle, Hamilcar and Ajax",
    scenario: { attacker: { civ: "mn-rome", legions: 8, creatures: 3, heroes: ["mn-hamilcar", "mn-ajax"] },
      defender: { civ: "mn-egypt", legions: 8, creatures: 3, fortresses: 2, statue: true } } },
};

const SIDES = ["attacker", "defender"];

/** A problem slot: an element beside an input that shows that input's problems. */
function slot(id) {
  return el("p", { class: "cmp-field-error", id, hidden: true });
}

/** A labelled row with an input and its problem slot. */
function row(labelText, input, slotEl, attrs = {}) {
  input.setAttribute("aria-describedby", slotEl.id);
  return el("div", { class: "mnb-field", ...attrs },
    el("label", { class: "mnb-row", for: input.id }, el("span", { text: labelText }), input), slotEl);
}

/**
 * Build the form. `on` has the handlers: change(mutator, {refresh}), toggleEffect(side, id),
 * preset(key), clear(), copy(button). Returns {element, inputs, slots, panels, battleSel}.
 */
export function buildForm(rules, on) {
  const inputs = {};
  const slots = {};
  const B = rules.base;

  const battleSel = el("select", { id: "mnb-battle" },
    Object.entries(BATTLE_LABELS).map(([v, t]) => el("option", { value: v, text: t })));
  inputs.battle = battleSel;
  slots.battle = slot("mnb-battle-error");
  const presetRow = el("div", { class: "mnb-chips" },
    Object.entries(PRESETS).map(([k, p]) => el("button", { type: "button", class: "mnb-preset", "data-preset": k, text: p.label, onclick: () => on.preset(k) })),
    el("button", { type: "button", class: "mnb-preset", text: "Clear", onclick: () => on.clear() }));
  const top = el("fieldset", { id: "mnb-top" }, el("legend", { text: "Battle" }),
    row("Kind of battle", battleSel, slots.battle),
    el("div", { class: "mnb-hint", text: "Presets:" }), presetRow);

  const panels = {};
  for (const side of SIDES) panels[side] = sidePanel(rules, side, inputs, slots, on);

  const bRows = ["city", "caravan", "market", "temple"].map((b) => {
    const max = { city: B.citiesInBox, caravan: B.caravansInBox, market: B.marketsPerProvince, temple: B.templesPerProvince }[b];
    const inp = el("input", { type: "number", id: `mnb-buildings-${b}`, min: "0", max: String(max), step: "1", inputmode: "numeric" });
    inputs[`buildings.${b}`] = inp;
    slots[`buildings.${b}`] = slot(`mnb-buildings-${b}-error`);
    return row(BUILDING_LABELS[b], inp, slots[`buildings.${b}`]);
  });
  const buildings = el("fieldset", { id: "mnb-buildings" }, el("legend", { text: "Buildings in the province (for Ariane)" }), bRows);

  const readingRows = Object.entries(READINGS).map(([k, vals]) => {
    const sel = el("select", { id: `mnb-reading-${k}` },
      vals.map((v, i) => el("option", { value: v, text: READING_TEXT[k][1][v] + (i === 0 ? " (default)" : "") })));
    inputs[`readings.${k}`] = sel;
    slots[`readings.${k}`] = slot(`mnb-reading-${k}-error`);
    return row(READING_TEXT[k][0], sel, slots[`readings.${k}`]);
  });
  const readings = el("fieldset", { id: "mnb-readings" }, el("legend", { text: "Readings (where the manual is unclear)" }),
    el("div", { class: "mnb-hint", text: "The section “Readings” below explains each choice." }), readingRows);

  const copy = el("button", { type: "button", class: "mnb-preset", id: "mnb-copy", text: "Copy link to this battle", onclick: () => on.copy(copy) });

  const element = el("div", { class: "mnb-form" },
    top, el("div", { class: "mnb-sides" }, panels.attacker.panel, panels.defender.panel),
    el("div", { class: "mnb-sides" }, buildings, readings), el("div", { class: "mnb-chips" }, copy));

  // Typing and choosing: one listener for the whole form.
  element.addEventListener("input", (ev) => {
    const key = Object.keys(inputs).find((k) => inputs[k] === ev.target);
    if (!key || ev.target.tagName === "SELECT") return;
    on.change((s) => setValue(s, key, ev.target), { refresh: false });
  });
  element.addEventListener("change", (ev) => {
    const key = Object.keys(inputs).find((k) => inputs[k] === ev.target);
    if (!key || ev.target.tagName !== "SELECT") return;
    on.change((s) => setValue(s, key, ev.target), { refresh: true });
  });
  return { element, inputs, slots, panels, battleSel, buildings };
}

function sidePanel(rules, side, inputs, slots, on) {
  const B = rules.base;
  const title = side === "attacker" ? "Attacker" : "Defender";
  slots[side] = slot(`mnb-${side}-error`);
  const civSel = el("select", { id: `mnb-${side}-civ` },
    el("option", { value: "", text: "— none chosen —" }),
    rules.civs.map((c) => el("option", { value: c.id, text: `${c.name} (${effectOf(rules, c.creature).name})` })));
  inputs[`${side}.civ`] = civSel;
  slots[`${side}.civ`] = slot(`mnb-${side}-civ-error`);
  const maxes = { legions: B.legionsInBox, triremes: B.triremesInBox, fortresses: B.statueFortressesPerProvince, creatures: B.creaturesPerPlayer };
  const counts = {};
  const rows = [];
  for (const k of ["legions", "triremes", "fortresses", "creatures"]) {
    if (k === "fortresses" && side === "attacker") continue;
    const inp = el("input", { type: "number", id: `mnb-${side}-${k}`, min: "0", max: String(maxes[k]), step: "1", inputmode: "numeric" });
    inputs[`${side}.${k}`] = inp;
    slots[`${side}.${k}`] = slot(`mnb-${side}-${k}-error`);
    const r = row(COUNT_LABELS[k], inp, slots[`${side}.${k}`], { "data-count": k });
    counts[k] = r.querySelector("span");
    rows.push(r);
  }
  const statue = el("button", { type: "button", id: `mnb-${side}-statue`, "aria-pressed": "false",
    text: `${rules.statue.name} (${B.statueFortressesPerProvince} fortresses)`, onclick: () => on.change((s) => { s[side].statue = !s[side].statue; }, { refresh: true }) });
  slots[`${side}.statue`] = slot(`mnb-${side}-statue-error`);
  const chips = (ids) => ids.map((id) => el("button", { type: "button", "aria-pressed": "false", "data-effect": id, id: `mnb-${side}-${id}`,
    text: effectOf(rules, id).name, onclick: () => on.toggleEffect(side, id) }));
  slots[`${side}.heroes`] = slot(`mnb-${side}-heroes-error`);
  slots[`${side}.gods`] = slot(`mnb-${side}-gods-error`);
  const heroBox = el("div", { class: "mnb-chips", role: "group", "aria-label": `${title}'s heroes`, "aria-describedby": slots[`${side}.heroes`].id }, chips(rules.heroes));
  const godBox = el("div", { class: "mnb-chips", role: "group", "aria-label": `${title}'s gods`, "aria-describedby": slots[`${side}.gods`].id }, chips(rules.gods));
  const hamilcar = el("select", { id: `mnb-${side}-hamilcar` });
  inputs[`${side}.hamilcar`] = hamilcar;
  slots[`${side}.hamilcar`] = slot(`mnb-${side}-hamilcar-error`);
  const goal = el("select", { id: `mnb-${side}-goal` }, Object.entries(GOAL_LABELS).map(([v, t]) => el("option", { value: v, text: t })));
  inputs[`${side}.goal`] = goal;
  slots[`${side}.goal`] = slot(`mnb-${side}-goal-error`);
  const hamRow = row("Dice fixed at 4 by Hamilcar", hamilcar, slots[`${side}.hamilcar`]);
  const goalRow = row("Choices aim for", goal, slots[`${side}.goal`]);
  const panel = el("fieldset", { id: `mnb-${side}` }, el("legend", { text: title }), slots[side],
    row("Civilization (creature)", civSel, slots[`${side}.civ`]),
    rows,
    side === "defender" ? el("div", { class: "mnb-chips" }, statue) : null, slots[`${side}.statue`],
    el("div", { class: "mnb-hint", text: "Heroes" }), heroBox, slots[`${side}.heroes`],
    el("div", { class: "mnb-hint", text: "Gods" }), godBox, slots[`${side}.gods`],
    hamRow, goalRow);
  return { panel, counts, hamRow, goalRow, statue };
}

/** A count as typed: empty is 0, digits are a number, anything else stays text for the engine to name. */
function readCount(inp) {
  const v = inp.value.trim();
  if (v === "") return inp.validity && inp.validity.badInput ? "not a number" : 0;
  return /^\d+$/.test(v) ? Number(v) : v;
}

function setValue(s, key, input) {
  const [a, b] = key.split(".");
  if (key === "battle") s.battle = input.value;
  else if (a === "buildings") s.buildings[b] = readCount(input);
  else if (a === "readings") s.readings[b] = input.value;
  else if (b === "hamilcar") s[a].hamilcar = input.value === "best" ? "best" : Number(input.value);
  else if (input.type === "number") s[a][b] = readCount(input);
  else s[a][b] = input.value;
}

/** Show the scenario in the form; numbers being typed are left alone unless refresh. */
export function syncForm(form, rules, s, { refresh, dice }) {
  const { inputs, panels } = form;
  form.battleSel.value = s.battle;
  const ranged = s.battle.startsWith("ranged"), seaTarget = s.battle === "naval" || s.battle === "ranged-sea";
  for (const side of SIDES) {
    const x = s[side];
    inputs[`${side}.civ`].value = typeof x.civ === "string" ? x.civ : "";
    for (const k of ["legions", "triremes", "fortresses", "creatures"]) {
      const inp = inputs[`${side}.${k}`];
      if (!inp) continue;
      if (refresh || document.activeElement !== inp) inp.value = String(x[k]);
      const titans = ranged && side === "attacker";
      let show = true;
      if (k === "triremes") show = seaTarget && !titans;
      if (k === "legions" || k === "fortresses") show = !seaTarget && !titans;
      inp.closest(".mnb-field").hidden = !show && x[k] === 0;
    }
    const creature = creatureOf(rules, x.civ);
    panels[side].counts.creatures.textContent = creature ? `${creature.name}s` : "Creatures";
    panels[side].statue.setAttribute("aria-pressed", String(!!x.statue));
    panels[side].statue.hidden = side !== "defender" || (seaTarget && !x.statue);
    const chosen = new Set([...(Array.isArray(x.heroes) ? x.heroes : []), ...(Array.isArray(x.gods) ? x.gods : [])]);
    for (const b of panels[side].panel.querySelectorAll("button[data-effect]")) b.setAttribute("aria-pressed", String(chosen.has(b.dataset.effect)));
    const heroes = Array.isArray(x.heroes) ? x.heroes.map((id) => effectOf(rules, id)).filter(Boolean) : [];
    const hasHam = heroes.some((e) => e.combat.fixed_die_value);
    const hasAjax = heroes.some((e) => e.combat.rerolls);
    panels[side].hamRow.hidden = !hasHam;
    panels[side].goalRow.hidden = !(hasHam || hasAjax);
    inputs[`${side}.goal`].value = x.goal;
    hamilcarOptions(inputs[`${side}.hamilcar`], x.hamilcar, dice[side] ?? mostDice(rules));
  }
  for (const b of ["city", "caravan", "market", "temple"]) {
    const inp = inputs[`buildings.${b}`];
    if (refresh || document.activeElement !== inp) inp.value = String(s.buildings[b]);
  }
  form.buildings.hidden = !(s.battle === "land" || s.battle === "ranged-land");
  for (const k of Object.keys(READINGS)) inputs[`readings.${k}`].value = s.readings[k];
}

/** Hamilcar's choices: "best" and 0..dice (the dice this side throws), never more. */
function hamilcarOptions(sel, current, dice) {
  const want = ["best", ...Array.from({ length: dice + 1 }, (_, i) => String(i))];
  if (Number.isInteger(current) && current > dice && current <= 64) want.push(String(current));
  const have = [...sel.options].map((o) => o.value);
  if (want.join() !== have.join()) sel.replaceChildren(...want.map((v) => el("option", { value: v, text: v === "best" ? "Best (advised)" : v })));
  sel.value = String(current);
}

/**
 * Put each problem beside its input (and mark the input), clear the others. Problems with no
 * input of their own go to the side's slot, or are left to the verdict. Returns the problems
 * that found no place beside an input.
 */
export function showFieldErrors(form, errors, hints = []) {
  const { slots, inputs, panels } = form;
  const bySlot = new Map();
  const unplaced = [];
  for (const e of [...errors, ...hints]) {
    const key = slotFor(e.field, slots);
    if (key) { if (!bySlot.has(key)) bySlot.set(key, []); bySlot.get(key).push(e); }
    else if (!e.hint) unplaced.push(e);
  }
  for (const [key, s] of Object.entries(slots)) {
    const list = bySlot.get(key) || [];
    s.replaceChildren(...list.map((e) => el("span", { class: e.hint ? "cmp-field-hint" : null, text: e.message })));
    s.hidden = list.length === 0;
    s.classList.toggle("cmp-field-error--hint", list.length > 0 && list.every((e) => e.hint));
    if (inputs[key]) {
      if (list.some((e) => !e.hint)) inputs[key].setAttribute("aria-invalid", "true");
      else inputs[key].removeAttribute("aria-invalid");
    }
  }
  for (const side of SIDES) {
    for (const b of panels[side].panel.querySelectorAll("button[data-effect]")) {
      const bad = errors.some((e) => e.field === `${side}.hero.${b.dataset.effect}` || e.field === `${side}.god.${b.dataset.effect}`);
      b.classList.toggle("mnb-chip--invalid", bad);
    }
  }
  return unplaced;
}

function slotFor(field, slots) {
  if (typeof field !== "string") return null;
  if (slots[field]) return field;
  const m = /^(attacker|defender)\.(hero|god)\./.exec(field);
  if (m) return `${m[1]}.${m[2] === "hero" ? "heroes" : "gods"}`;
  const side = /^(attacker|defender)\b/.exec(field);
  return side && slots[side[1]] ? side[1] : null;
}

/** The scenario a preset or the Clear button starts from. */
export function presetScenario(key) {
  return normalizeScenario(key ? PRESETS[key].scenario : {});
}
