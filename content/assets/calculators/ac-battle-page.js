// Ancient Conquest battle and siege odds: the page. A thin layer over
// ac-battle.js: it builds the form, keeps the scenario in the URL's query
// string and shows what the engine returns.
import * as E from "./ac-battle.js";

const ROOT_ID = "ac-battle";
const SITE_ROOT = new URL("../../", import.meta.url);
let payloadPromise = null;

function loadPayload() {
  if (!payloadPromise) {
    payloadPromise = fetch(new URL("../../api/records.json", import.meta.url)).then((r) => {
      if (!r.ok) throw new Error(`records.json answered ${r.status}`);
      return r.json();
    });
    payloadPromise.catch(() => { payloadPromise = null; });
  }
  return payloadPromise;
}

// ------------------------------------------------------------------ DOM helpers

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "checked" || k === "selected" || k === "value") el[k] = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}
const siteLink = (url, text) => h("a", { href: new URL(url, SITE_ROOT).href }, text);

const STYLE = `
#ac-battle { --acb-gap: .5rem; }
#ac-battle fieldset { border: 1px solid var(--md-default-fg-color--lightest, #ccc); border-radius: 4px; margin: 0 0 1rem; padding: .5rem .75rem; min-width: 0; }
#ac-battle legend { font-weight: 700; padding: 0 .25rem; }
#ac-battle .acb-unit { display: flex; flex-wrap: wrap; align-items: center; gap: var(--acb-gap); padding: .35rem 0; border-bottom: 1px dashed var(--md-default-fg-color--lightest, #ddd); }
#ac-battle .acb-unit:last-of-type { border-bottom: 0; }
#ac-battle select, #ac-battle input[type=number], #ac-battle button { min-height: 44px; font: inherit; font-size: .8rem; box-sizing: border-box; max-width: 100%; }
#ac-battle select, #ac-battle input[type=number] { border: 1px solid var(--md-default-fg-color--light, #777); border-radius: 4px; background: var(--md-default-bg-color, #fff); color: var(--md-default-fg-color, #000); }
#ac-battle select { padding: 0 .3rem; }
#ac-battle input[type=number] { width: 5.5em; padding: 0 .4rem; }
#ac-battle input[type=number]:focus, #ac-battle select:focus { outline: 2px solid var(--md-accent-fg-color, #ff6e40); outline-offset: 1px; }
#ac-battle button { padding: 0 .9rem; cursor: pointer; border: 1px solid var(--md-primary-fg-color, #795548); background: transparent; color: var(--md-primary-fg-color, #795548); border-radius: 4px; }
#ac-battle .acb-field { display: flex; flex-wrap: wrap; align-items: center; gap: .4rem; min-height: 44px; margin-right: .8rem; }
#ac-battle .acb-check, #ac-battle .acb-radio { display: inline-flex; align-items: center; gap: .45rem; min-height: 44px; margin-right: .8rem; cursor: pointer; }
#ac-battle .acb-radio { display: flex; margin-right: 0; }
#ac-battle input[type=checkbox], #ac-battle input[type=radio] { width: 22px; height: 22px; margin: 0; flex: none; }
#ac-battle .acb-alert { border-left: 4px solid #c62828; background: #fdecea; color: #611a15; padding: .5rem .75rem; margin: 0 0 1rem; }
#ac-battle .acb-alert:empty { display: none; }
#ac-battle .acb-warn { border-left: 4px solid #d39e00; background: #fff8e1; padding: .4rem .75rem; margin: 0 0 1rem; }
#ac-battle .acb-table { display: table; width: 100%; table-layout: fixed; border-collapse: collapse; font-size: .75rem; }
#ac-battle .acb-table th, #ac-battle .acb-table td { border-bottom: 1px solid var(--md-default-fg-color--lightest, #ddd); padding: .35rem .3rem; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
#ac-battle .acb-table .acb-die { width: 2.6rem; }
#ac-battle .acb-unknown { background: #fff3cd; color: #5c4400; font-style: italic; }
#ac-battle .acb-result { font-size: 1rem; font-weight: 700; margin: .5rem 0; }
#ac-battle .acb-steps li { margin: .2rem 0; overflow-wrap: anywhere; }
#ac-battle .acb-note { font-size: .72rem; color: var(--md-default-fg-color--light, #666); }
#ac-battle .acb-unknown .acb-note { color: #5c4400; }
#ac-battle a { display: inline-block; min-height: 24px; }
#ac-battle .acb-oracle { border: 1px solid #d39e00; padding: .4rem .75rem; margin: .75rem 0; }
#ac-battle .acb-oracle a { min-height: 44px; line-height: 44px; }
`;

function ensureStyle() {
  if (document.getElementById("ac-battle-style")) return;
  document.head.append(h("style", { id: "ac-battle-style", text: STYLE }));
}

// ------------------------------------------------------------------ labels

const TERRAIN_LABELS = { clear: "Clear", hills: "Hills", mountain: "Mountain", forest: "Forest", swamp: "Swamp", desert: "Desert" };
const CITY_LABELS = {
  none: "No city",
  unmarked: "City without a red dot (9. Other Cities)",
  "red-dot": "Red-dot city",
  fortified: "Fortified city (walled drawing)",
  capital: "Capital city",
  hegemonic: "Hegemonic city",
};
const OPTIONAL_LABELS = {
  encampments: "Encampments (Optional Rules 1. Movement)",
  cap: "Tripling at most (Optional Rules 2. Combat)",
  deities: "Deities move and double (Optional Rules 4. Deities)",
  charge: "Cavalry charge from a distance (22. Cavalry Units, optional)",
  fleets: "Fleets: landing units attack at half (Optional Rules 11. Fleets)",
  davidGoliath: "David and Goliath shift a column (Optional Rules 6)",
};
const READING_LABELS = {
  river: {
    text: "7. Combat – Battles – Sieges (terrain list): the defender is doubled when every attack comes across the river",
    table: "Terrain Effects Table, River row: each unit attacking across the river is halved",
  },
  redDot: {
    main: "Main rules, 7. Combat Mechanics and 8. Fortified Cities (Red-Dot Cities) B: every city with a red dot is attacked on the Siege Table",
    optional: "Optional Rules 14. Cities, Table of City Differences: red-dot cities on the Combat Table with defenders doubled; fortified, capital and hegemonic cities on the Siege Table, retreats ignored",
  },
};
const HERO_LABELS = { none: "Neither", attacker: "With the attackers", defender: "With the defenders", both: "Both are in this combat" };

const fmtQ = (q) => E.fracToString(q);
function share(q) {
  const pct = (100 * q.n) / q.d;
  const sixths = q.d === 6 || 6 % q.d === 0 ? `${(q.n * 6) / q.d}/6` : `${q.n}/${q.d}`;
  return `${sixths} (${pct.toFixed(1)}%)`;
}

// ------------------------------------------------------------------ the calculator

function mount(root) {
  ensureStyle();
  const status = h("p", { class: "acb-note", text: "Loading the rules data…" });
  const alertBox = h("div", { class: "acb-alert", role: "alert" });
  const form = h("form", { class: "acb-form", onsubmit: (e) => e.preventDefault() });
  const output = h("div", { class: "acb-output", "aria-live": "polite" });
  root.replaceChildren(status, form, alertBox, output);

  loadPayload().then((payload) => {
    // Instant navigation may have moved on while the records loaded: then this
    // root is gone, and the URL belongs to another page.
    if (!root.isConnected) return;
    const model = E.buildModel(payload.records);
    const byId = new Map(payload.records.map((r) => [r.id, r]));
    status.remove();
    let state = location.search.includes("a=") ? E.decodeScenario(location.search) : E.defaultScenario();

    const saveUrl = () => {
      if (!root.isConnected) return;
      const q = E.encodeScenario(state);
      history.replaceState(history.state, "", `${location.pathname}?${q}${location.hash}`);
    };

    const update = () => {
      saveUrl();
      renderOutput(state, model, byId, alertBox, output);
    };

    const rerender = () => {
      const active = document.activeElement?.dataset?.k;
      renderForm(state, form, model, { update, rerender });
      if (active) form.querySelector(`[data-k="${CSS.escape(active)}"]`)?.focus();
      update();
    };
    rerender();
  }).catch((err) => {
    status.remove();
    alertBox.textContent = `The rules data could not be loaded (${err.message}). Reload the page to try again.`;
  });
}

function numberOrNaN(v) {
  if (String(v).trim() === "") return NaN;
  const n = Number(v);
  return Number.isFinite(n) ? n : NaN;
}

function renderForm(state, form, model, { update, rerender }) {
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
        h("select", { id: `acb-${key}-type`, "data-k": `${key}-type`, onchange: (e) => { u.type = e.target.value; rerender(); } },
          E.UNIT_TYPES.map((t) => h("option", { value: t, selected: u.type === t, text: t })))),
      h("span", { class: "acb-field" },
        h("label", { for: `acb-${key}-factor`, text: "factor" }),
        h("input", { id: `acb-${key}-factor`, "data-k": `${key}-factor`, type: "number", inputmode: "numeric", min: "1", step: "1", value: Number.isFinite(u.factor) ? String(u.factor) : "",
          oninput: (e) => { u.factor = numberOrNaN(e.target.value); update(); } })),
      flags,
      h("button", { type: "button", "data-k": `${key}-remove`, "aria-label": `Remove ${side} unit ${i + 1}`, onclick: () => { list.splice(i, 1); rerender(); } }, "Remove"),
    );
  };

  const check = (key, label, get, set, show = true) => show && h("label", { class: "acb-check" },
    h("input", { type: "checkbox", "data-k": key, checked: Boolean(get()), onchange: (e) => { set(e.target.checked); rerender(); } }), label);
  const select = (key, label, options, value, set) => h("span", { class: "acb-field" },
    h("label", { for: `acb-${key}`, text: label }),
    h("select", { id: `acb-${key}`, "data-k": key, onchange: (e) => { set(e.target.value); rerender(); } },
      Object.entries(options).map(([v, t]) => h("option", { value: v, selected: value === v, text: t }))));
  const radios = (name, legend, options, value, set) => h("fieldset", {},
    h("legend", { text: legend }),
    Object.entries(options).map(([v, t]) => h("label", { class: "acb-radio" },
      h("input", { type: "radio", name: `acb-${name}`, value: v, "data-k": `${name}-${v}`, checked: value === v, onchange: () => { set(v); rerender(); } }), t)));

  const isCity = ["red-dot", "fortified", "capital", "hegemonic"].includes(state.city);
  form.replaceChildren(
    h("fieldset", {},
      h("legend", { text: "Attacking units" }),
      state.attackers.map((u, i) => unitRow("attacker", u, i)),
      h("button", { type: "button", "data-k": "add-attacker", onclick: () => { state.attackers.push({ type: "infantry", factor: 6, flags: {} }); rerender(); } }, "Add an attacking unit")),
    h("fieldset", {},
      h("legend", { text: "Defending hex" }),
      state.defenders.map((u, i) => unitRow("defender", u, i)),
      h("button", { type: "button", "data-k": "add-defender", onclick: () => { state.defenders.push({ type: "infantry", factor: 6 }); rerender(); } }, "Add a defending unit"),
      h("div", {},
        select("terrain", "Terrain", TERRAIN_LABELS, state.terrain, (v) => { state.terrain = v; }),
        select("city", "City", CITY_LABELS, state.city, (v) => { state.city = v; })),
      h("div", {},
        check("encamped", "Defender encamped", () => state.encamped, (v) => { state.encamped = v; }, opt("encampments")),
        check("defender-deity", "Deity with the defenders", () => state.defenderDeity, (v) => { state.defenderDeity = v; }, opt("deities")),
        check("defender-blocked", "Defender cannot retreat (surrounded, or only across a river)", () => state.defenderRetreatBlocked, (v) => { state.defenderRetreatBlocked = v; }),
        check("former-allies", "Former allies fighting inside the city (8. D)", () => state.formerAllies, (v) => { state.formerAllies = v; }, isCity || state.formerAllies))),
    h("fieldset", {},
      h("legend", { text: "The attack" }),
      check("siege-machine", "Siege machine with the attackers", () => state.siegeMachine, (v) => { state.siegeMachine = v; }),
      check("attacker-blocked", "Attacker cannot retreat", () => state.attackerRetreatBlocked, (v) => { state.attackerRetreatBlocked = v; }),
      opt("davidGoliath") && select("hero", "David or Goliath", HERO_LABELS, state.hero, (v) => { state.hero = v; })),
    h("fieldset", {},
      h("legend", { text: "Optional rules in play" }),
      Object.entries(OPTIONAL_LABELS).map(([k, label]) => check(`opt-${k}`, label, () => state.optional[k], (v) => { state.optional = { ...state.optional, [k]: v }; }))),
    radios("river", "Rivers: the sources disagree", READING_LABELS.river, state.readings.river, (v) => { state.readings.river = v; }),
    radios("reddot", "Red-dot cities: the sources disagree", READING_LABELS.redDot, state.readings.redDot, (v) => { state.readings.redDot = v; }),
  );
}

function modLine(m, model) {
  const src = m.link || (m.param && model.paramSources[m.param]);
  return h("span", {}, `×${fmtQ(E.frac(Math.round(m.value * 1000), 1000))} ${m.name}`,
    src ? [" (", siteLink(src.url, src.name), ")"] : ` (${m.source})`);
}

function renderOutput(state, model, byId, alertBox, output) {
  const r = E.evaluate(state, model);
  alertBox.replaceChildren();
  output.replaceChildren();
  if (!r.ok) {
    alertBox.append(h("strong", { text: "This scenario cannot be resolved: " }), r.errors.join(" "));
    return;
  }
  const parts = [];
  if (r.warnings.length) parts.push(h("div", { class: "acb-warn", role: "status" }, r.warnings.map((w) => h("p", { text: w }))));

  // Headline.
  let headline;
  if (r.edge?.kind === "automatic-elimination") headline = `${r.table.name}: automatic elimination of the defender, no die roll.`;
  else if (r.edge?.kind === "not-covered") headline = `${r.table.name}: no printed column for this ratio.`;
  else headline = `${r.table.name}, column ${r.column.label}`;
  parts.push(h("p", { class: "acb-result", "data-testid": "acb-headline", text: headline }));
  parts.push(h("p", {}, `Attacker ${fmtQ(r.attacker.total)} against defender ${fmtQ(r.defender.total)}: ratio ${r.ratio.label}`,
    r.shifts.length ? `, shifted ${r.shifts.reduce((t, x) => t + x.by, 0) > 0 ? "+" : ""}${r.shifts.reduce((t, x) => t + x.by, 0)} column(s)` : "", "."));

  // Outcomes with ranges.
  if (r.outcomes.length || r.unknownRows) {
    const body = r.outcomes.map((o) => h("tr", {},
      h("td", {}, o.label, o.kind === "exchange" ? ` (each side loses ${o.loss} factors, counted on printed factors)` : "",
        o.via?.length ? h("div", { class: "acb-note", text: o.via.join("; ") }) : null),
      h("td", { class: "acb-die", text: o.dice.length ? o.dice.join(", ") : "–" }),
      h("td", { text: r.unknownRows ? `${share(o.low)} to ${share(o.high)}` : share(o.low) })));
    if (r.unknownRows) body.push(h("tr", { class: "acb-unknown" },
      h("td", { text: "Not in the source" }),
      h("td", { class: "acb-die", text: r.rows.filter((x) => !x.known).map((x) => x.die).join(", ") }),
      h("td", { text: share(r.unknownShare) })));
    parts.push(h("h3", { text: "Chances" }),
      h("p", { class: "acb-note", text: r.unknownRows
        ? `Each chance is a range: from the printed rows alone, up to the printed rows plus every row the source does not print (${share(r.unknownShare)}). Nothing is rescaled to 100%.`
        : "Every row of this column is printed." }),
      h("table", { class: "acb-table", "data-testid": "acb-outcomes" },
        h("thead", {}, h("tr", {}, h("th", { text: "Outcome" }), h("th", { class: "acb-die", text: "Die" }), h("th", { text: "Chance" }))),
        h("tbody", {}, body)));
  }

  // The oracle, one click away.
  if (r.oracle.possible) {
    const rec = byId.get(E.TABLE_IDS.oracle) || byId.get("ac-oracles");
    parts.push(h("div", { class: "acb-oracle", "data-testid": "acb-oracle" },
      r.oracle.certain ? "A result here sends you to the oracle. " : "The missing rows may hold the ‘Consult Oracle’ result (the Combat Table's legend names it, but no printed cell does). ",
      rec ? siteLink(rec.url, `Open the ${rec.name}`) : "The oracle table is not in the records yet."));
  }

  // Die rows.
  if (r.rows.length) {
    parts.push(h("h3", { text: "Die rows" }),
      h("table", { class: "acb-table", "data-testid": "acb-rows" },
        h("thead", {}, h("tr", {}, h("th", { class: "acb-die", text: "Die" }), h("th", { text: "Printed result" }), h("th", { text: "Here" }))),
        h("tbody", {}, r.rows.map((row) => h("tr", { class: row.known ? "" : "acb-unknown" },
          h("td", { class: "acb-die", text: String(row.die) }),
          h("td", {}, row.text, row.note ? h("div", { class: "acb-note", text: row.note }) : null),
          h("td", { text: row.known ? row.outcome.label + (row.outcome.via.length ? ` (${row.outcome.via.join("; ")})` : "") : "unknown" }))))));
  }

  // Every step.
  const steps = [];
  steps.push(h("li", {}, `Table: `, siteLink(r.table.url, r.table.name), ` — ${r.table.why}.`));
  for (const [side, data] of [["Attacker", r.attacker], ["Defender", r.defender]]) {
    for (const u of data.units) {
      steps.push(h("li", {}, `${side} unit ${u.index} (${u.type}): printed ${u.printed}`,
        u.mods.map((m) => ["; ", modLine(m, model)]),
        u.capped ? `; capped at ×${model.params.cap} (${E.SOURCES.cap})` : "",
        ` → ${fmtQ(u.value)}`,
        u.skipped.length ? h("span", { class: "acb-note", text: ` [not applied: ${u.skipped.join("; ")}]` }) : ""));
    }
  }
  steps.push(h("li", { text: `Totals: attacker ${fmtQ(r.attacker.total)} (printed ${r.attacker.printed}), defender ${fmtQ(r.defender.total)} (printed ${r.defender.printed}).` }));
  steps.push(h("li", { text: `Rounded in the defender's favour: ${fmtQ(r.attacker.total)} : ${fmtQ(r.defender.total)} is ${r.ratio.label} (${E.SOURCES.rounding}).` }));
  for (const x of r.shifts) steps.push(h("li", { text: `Shift ${x.by > 0 ? "+" : ""}${x.by} column: ${x.name} (${x.source}).` }));
  if (r.edge) steps.push(h("li", { text: r.edge.text }));
  if (r.column) steps.push(h("li", { text: `Column used: ${r.column.label}.` }));
  parts.push(h("h3", { text: "Step by step" }), h("ol", { class: "acb-steps", "data-testid": "acb-steps" }, steps));

  output.replaceChildren(...parts);
}

// ------------------------------------------------------------------ start

function start() {
  const root = document.getElementById(ROOT_ID);
  if (root) mount(root);
}
if (typeof window !== "undefined" && window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(start);
} else if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}
