// The Ancient Conquest page's inputs: the attacking units, the defending hex, the attack,
// the optional rules and the readings where the sources disagree. Every input has a problem
// slot beside it (keyed like the engine's issues: "attacker-0-factor", "terrain", ...).

import { el } from "../view/dom.js";
import { UNIT_TYPES } from "../ac-battle.js";
import { TERRAIN_LABELS, CITY_LABELS, OPTIONAL_LABELS, READING_LABELS, HERO_LABELS } from "./words.js";

const slot = (key) => el("p", { class: "cmp-field-error", id: `acb-${key}-error`, "data-slot": key, hidden: true });

function numberOrNaN(v) {
  if (String(v).trim() === "") return NaN;
  const n = Number(v);
  return Number.isFinite(n) ? n : NaN;
}

/** Draw the form for the state; `limits` bounds the units (from the records). */
export function renderForm(state, form, limits, { update, rerender }) {
  const opt = (k) => Boolean(state.optional[k]);
  const unitRow = (side, u, i) => {
    const list = side === "attacker" ? state.attackers : state.defenders;
    const key = `${side}-${i}`;
    const flags = [];
    if (side === "attacker") {
      const flag = (name, label, show = true) => show && h("label", { class: "acb-check" },
        h("input", { type: "checkbox", "data-k": `${key}-${name}`, checked: Boolean(u.flags?.[name]), onchange: (e) => { u.flags = { ...u.flags, [name]: e.target.checked }; update(); } }),
        label);
      flags.push(
        flag("river", "across a river"),
        flag("desert", "from desert"),
        flag("disembarked", "just disembarked", opt("fleets")),
        flag("deity", "with a deity", opt("deities")),
        flag("charge", "charging", opt("charge") && u.type === "cavalry"),
      );
    }
    return h("div", { class: "acb-unit", "data-unit": key },
      h("span", { class: "acb-field" },
        h("label", { for: `acb-${key}-type`, text: `${side === "attacker" ? "Attacker" : "Defender"} ${i + 1}` }),
        h("select", { id: `acb-${key}-type`, "data-k": `${key}-type`, "aria-describedby": `acb-${key}-type-error`, onchange: (e) => { u.type = e.target.value; rerender(); } },
          UNIT_TYPES.map((t) => h("option", { value: t, selected: u.type === t, text: t })))),
      h("span", { class: "acb-field" },
        h("label", { for: `acb-${key}-factor`, text: "factor" }),
        h("input", { id: `acb-${key}-factor`, "data-k": `${key}-factor`, type: "number", inputmode: "numeric", min: "1", step: "1",
          "aria-describedby": `acb-${key}-factor-error`, value: Number.isFinite(u.factor) ? String(u.factor) : "",
          oninput: (e) => { u.factor = numberOrNaN(e.target.value); update(); } })),
      flags,
      h("button", { type: "button", "data-k": `${key}-remove`, "aria-label": `Remove ${side} unit ${i + 1}`, onclick: () => { list.splice(i, 1); rerender(); } }, "Remove"),
      slot(`${key}-type`), slot(`${key}-factor`), side === "attacker" ? slot(`${key}-charge`) : null);
  };

  const check = (key, label, get, set, show = true) => show && h("label", { class: "acb-check" },
    h("input", { type: "checkbox", "data-k": key, checked: Boolean(get()), onchange: (e) => { set(e.target.checked); rerender(); } }), label);
  const select = (key, label, options, value, set) => h("span", { class: "acb-field" },
    h("label", { for: `acb-${key}`, text: label }),
    h("select", { id: `acb-${key}`, "data-k": key, "aria-describedby": `acb-${key}-error`, onchange: (e) => { set(e.target.value); rerender(); } },
      Object.entries(options).map(([v, t]) => h("option", { value: v, selected: value === v, text: t }))),
    slot(key));
  const radios = (name, legend, options, value, set) => h("fieldset", {},
    h("legend", { text: legend }),
    Object.entries(options).map(([v, t]) => h("label", { class: "acb-radio" },
      h("input", { type: "radio", name: `acb-${name}`, value: v, "data-k": `${name}-${v}`, checked: value === v, onchange: () => { set(v); rerender(); } }), t)),
    slot(name));
  const addButton = (side) => {
    const list = side === "attacker" ? state.attackers : state.defenders;
    const most = side === "attacker" ? limits.attackers : limits.defenders;
    const full = list.length >= most;
    return [h("button", { type: "button", "data-k": `add-${side}`, disabled: full, "aria-describedby": full ? `acb-add-${side}-why` : null,
      onclick: () => { if (list.length < most) { list.push(side === "attacker" ? { type: "infantry", factor: 6, flags: {} } : { type: "infantry", factor: 6 }); rerender(); } } },
    side === "attacker" ? "Add an attacking unit" : "Add a defending unit"),
    full ? h("p", { class: "acb-note", id: `acb-add-${side}-why`, text: side === "attacker"
      ? `No more: at most ${limits.attackers} units can attack one hex (${limits.stackMost} from each of the ${limits.hexesAround} hexes around it).`
      : `No more: one hex holds at most ${limits.defenders} units.` }) : null];
  };

  const isCity = ["red-dot", "fortified", "capital", "hegemonic"].includes(state.city);
  form.replaceChildren(
    h("fieldset", {},
      h("legend", { text: "Attacking units" }),
      slot("attackers"),
      state.attackers.map((u, i) => unitRow("attacker", u, i)),
      addButton("attacker")),
    h("fieldset", {},
      h("legend", { text: "Defending hex" }),
      slot("defenders"),
      state.defenders.map((u, i) => unitRow("defender", u, i)),
      addButton("defender"),
      h("div", {},
        select("terrain", "Terrain", TERRAIN_LABELS, state.terrain, (v) => { state.terrain = v; }),
        select("city", "City", CITY_LABELS, state.city, (v) => { state.city = v; })),
      h("div", {},
        check("encamped", "Defender encamped", () => state.encamped, (v) => { state.encamped = v; }, opt("encampments")),
        check("defender-deity", "Deity with the defenders", () => state.defenderDeity, (v) => { state.defenderDeity = v; }, opt("deities")),
        check("defender-blocked", "Defender cannot retreat (surrounded, or only across a river)", () => state.defenderRetreatBlocked, (v) => { state.defenderRetreatBlocked = v; }),
        check("former-allies", "Former allies fighting inside the city (8. D)", () => state.formerAllies, (v) => { state.formerAllies = v; }, isCity || state.formerAllies),
        slot("former-allies"))),
    h("fieldset", {},
      h("legend", { text: "The attack" }),
      check("siege-machine", "Siege machine with the attackers", () => state.siegeMachine, (v) => { state.siegeMachine = v; }),
      check("attacker-blocked", "Attacker cannot retreat", () => state.attackerRetreatBlocked, (v) => { state.attackerRetreatBlocked = v; }),
      opt("davidGoliath") || state.hero !== "none" ? select("hero", "David or Goliath", HERO_LABELS, state.hero, (v) => { state.hero = v; }) : null),
    h("fieldset", {},
      h("legend", { text: "Optional rules in play" }),
      Object.entries(OPTIONAL_LABELS).map(([k, label]) => check(`opt-${k}`, label, () => state.optional[k], (v) => { state.optional = { ...state.optional, [k]: v }; }))),
    radios("river", "Rivers: the sources disagree", READING_LABELS.river, state.readings.river, (v) => { state.readings.river = v; }),
    radios("reddot", "Red-dot cities: the sources disagree", READING_LABELS.redDot, state.readings.redDot, (v) => { state.readings.redDot = v; }),
  );
}

function h(tag, attrs, ...children) { return el(tag, attrs, ...children); }

/** Put each issue beside its input, mark the input, clear the rest. */
export function showIssues(form, issues) {
  const byKey = new Map();
  for (const i of issues) if (i.field) { if (!byKey.has(i.field)) byKey.set(i.field, []); byKey.get(i.field).push(i.message); }
  for (const s of form.querySelectorAll("[data-slot]")) {
    const list = byKey.get(s.dataset.slot) || [];
    s.replaceChildren(...list.map((m) => el("span", { text: m })));
    s.hidden = list.length === 0;
  }
  for (const inp of form.querySelectorAll("[data-k]")) {
    if (byKey.has(inp.dataset.k)) inp.setAttribute("aria-invalid", "true");
    else inp.removeAttribute("aria-invalid");
  }
}
