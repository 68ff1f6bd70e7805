// Mare Nostrum battle odds: the page (a thin UI over mn-battle.js).
// Starts through Material's document$ so it works after instant navigation.
import {
  rulesFromRecords, analyse, ajaxAdvice, scenarioFromQuery, scenarioToQuery, normalizeScenario,
  READINGS,
} from "./mn-battle.js";

const RECORDS_URL = new URL("../../api/records.json", import.meta.url);
const SITE_ROOT = new URL("../../", import.meta.url);
let rulesPromise = null;

function loadRules() {
  if (!rulesPromise) {
    rulesPromise = fetch(RECORDS_URL)
      .then((r) => { if (!r.ok) throw new Error(`records.json: HTTP ${r.status}`); return r.json(); })
      .then((data) => rulesFromRecords(data));
    rulesPromise.catch(() => { rulesPromise = null; });
  }
  return rulesPromise;
}

const PRESETS = {
  "example-1": { label: "Manual example 1: Green attacks Blue",
    scenario: { attacker: { legions: 3 }, defender: { legions: 1, fortresses: 1 } } },
  "example-2": { label: "Manual example 2: Atlantis attacks Carthage",
    scenario: { attacker: { civ: "mn-atlantis", legions: 4, creatures: 1 },
      defender: { civ: "mn-carthage", legions: 2, creatures: 1, fortresses: 1, heroes: ["mn-hannibal"] } } },
  largest: { label: "Largest battle, Hamilcar and Ajax",
    scenario: { attacker: { civ: "mn-rome", legions: 8, creatures: 3, heroes: ["mn-hamilcar", "mn-ajax"] },
      defender: { civ: "mn-egypt", legions: 8, creatures: 3, fortresses: 2, statue: true } } },
};

const BATTLE_LABELS = {
  land: "Land battle (in a province)",
  naval: "Naval battle (in a sea space)",
  "ranged-land": "Titans' ranged attack on a province",
  "ranged-sea": "Titans' ranged attack on a sea space",
};
const READING_TEXT = {
  ariane: ["Ariane's bonus", { total: "added once to the total", "per-die": "added to each die" }],
  ajaxHamilcar: ["Ajax and Hamilcar's dice", { no: "Ajax cannot re-roll a die fixed at 4", yes: "Ajax may re-roll a die fixed at 4" }],
  mars: ["Mars", { "when-helps": "spent only when +6 adds a loss", always: "always spent in this battle" }],
  strikeBack: ["Targets of a Titans' ranged attack", { no: "do not roll back", yes: "roll back at the Titans" }],
  hercules: ["Hercules' legion", { full: "automatic 6 and the creature's power", "automatic-only": "automatic 6 only" }],
};
const GOAL_LABELS = { losses: "Most expected enemy losses", wipe: "Best chance to wipe the enemy out" };

const CSS = `
#mn-battle { --mnb-gap: .8rem; }
#mn-battle * { box-sizing: border-box; }
#mn-battle .mnb-top, #mn-battle .mnb-sides { display: grid; gap: var(--mnb-gap); grid-template-columns: minmax(0, 1fr); }
@media (min-width: 50em) { #mn-battle .mnb-sides { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); } }
#mn-battle fieldset { border: 1px solid var(--md-default-fg-color--lighter); border-radius: 6px; padding: .5rem .8rem .8rem; margin: 0; min-width: 0; }
#mn-battle legend { font-weight: 700; padding: 0 .3rem; }
#mn-battle .mnb-row { display: flex; align-items: center; justify-content: space-between; gap: .6rem; min-height: 44px; margin: .15rem 0; flex-wrap: wrap; }
#mn-battle .mnb-row > span { flex: 1 1 8rem; min-width: 0; }
#mn-battle input[type=number], #mn-battle input[type=text] { min-height: 44px; min-width: 44px; font: inherit; font-size: 1rem; padding: 0 .4rem; border: 1px solid var(--md-default-fg-color--light); border-radius: 4px; background: var(--md-default-bg-color); color: inherit; }
#mn-battle input[type=number] { width: 5.5em; }
#mn-battle input[type=text] { width: 100%; max-width: 14em; }
#mn-battle select { min-height: 44px; font: inherit; font-size: .8rem; max-width: 100%; padding: 0 .3rem; border: 1px solid var(--md-default-fg-color--light); border-radius: 4px; background: var(--md-default-bg-color); color: inherit; }
#mn-battle .mnb-row select { flex: 1 1 10rem; }
#mn-battle .mnb-chips { display: flex; flex-wrap: wrap; gap: .4rem; margin: .3rem 0; }
#mn-battle button { min-height: 44px; min-width: 44px; font: inherit; font-size: .75rem; padding: 0 .8rem; border-radius: 22px; border: 1px solid var(--md-accent-fg-color); background: transparent; color: inherit; cursor: pointer; }
#mn-battle button[aria-pressed=true] { background: var(--md-accent-fg-color); color: var(--md-accent-bg-color); }
#mn-battle button.mnb-preset { border-radius: 6px; }
#mn-battle .mnb-hint { font-size: .7rem; color: var(--md-default-fg-color--light); margin: .1rem 0 .3rem; }
#mn-battle [role=alert] { border-left: 4px solid #c62828; background: rgba(198,40,40,.08); padding: .4rem .8rem; margin: .6rem 0; }
#mn-battle [role=alert]:empty { display: none; }
#mn-battle .mnb-notice { border-left: 4px solid #d39e00; padding: .3rem .8rem; margin: .4rem 0; }
#mn-battle .mnb-results { margin-top: 1rem; }
#mn-battle .mnb-table { width: 100%; border-collapse: collapse; font-size: .75rem; display: table; }
#mn-battle .mnb-table th, #mn-battle .mnb-table td { text-align: left; padding: .3rem .4rem; border-bottom: 1px solid var(--md-default-fg-color--lightest); }
#mn-battle .mnb-table td.mnb-num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
#mn-battle .mnb-bar { display: flex; align-items: center; gap: .4rem; font-size: .7rem; margin: 2px 0; }
#mn-battle .mnb-bar > span:first-child { flex: 0 0 2.2em; text-align: right; font-variant-numeric: tabular-nums; }
#mn-battle .mnb-bar > .mnb-track { flex: 1 1 auto; height: 14px; background: var(--md-default-fg-color--lightest); border-radius: 3px; overflow: hidden; min-width: 0; }
#mn-battle .mnb-bar > .mnb-track > span { display: block; height: 100%; background: var(--md-primary-fg-color); }
#mn-battle .mnb-bar > span:last-child { flex: 0 0 4.2em; font-variant-numeric: tabular-nums; }
#mn-battle .mnb-details { font-size: .75rem; }
#mn-battle summary { min-height: 44px; display: flex; align-items: center; cursor: pointer; }
#mn-battle .mnb-details ul { margin: .2rem 0 .2rem 1rem; }
#mn-battle .mnb-advice { border-left: 4px solid var(--md-accent-fg-color); padding: .3rem .8rem; margin: .4rem 0; }
#mn-battle [hidden] { display: none !important; }
`;

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
  return e;
}

function pct(p) {
  if (p === null || p === undefined || !Number.isFinite(p)) return "—";
  if (p <= 0) return "0%";
  if (p >= 1 - 1e-12) return "100%";
  if (p < 1e-5) return "<0.001%";
  if (p < 0.001) return `${(100 * p).toFixed(3)}%`;
  const s = (100 * p).toFixed(1);
  return s === "100.0" ? ">99.9%" : s === "0.0" ? "<0.1%" : `${s}%`;
}
const num = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : "—");
const recordHref = (rec) => (rec && rec.url ? new URL(rec.url, SITE_ROOT).href : undefined);

function ensureStyle() {
  if (document.getElementById("mn-battle-style")) return;
  document.head.append(el("style", { id: "mn-battle-style", text: CSS }));
}

/** Build the form and wire it; returns nothing. */
function mount(root, rules) {
  root.replaceChildren();
  const state = { scenario: normalizeScenario(scenarioFromQuery(location.search)) };
  const alert = el("div", { role: "alert", id: "mnb-errors" });
  const results = el("div", { class: "mnb-results", id: "mnb-results", "aria-live": "polite" });

  // --- top: battle type and presets
  const battleSel = el("select", { id: "mnb-battle", "aria-label": "Kind of battle" },
    Object.entries(BATTLE_LABELS).map(([v, t]) => el("option", { value: v, text: t })));
  const presetRow = el("div", { class: "mnb-chips" }, Object.entries(PRESETS).map(([k, p]) =>
    el("button", { type: "button", class: "mnb-preset", "data-preset": k, text: p.label,
      onclick: () => { state.scenario = normalizeScenario(p.scenario); render(); } })));
  const resetBtn = el("button", { type: "button", class: "mnb-preset", text: "Clear",
    onclick: () => { state.scenario = normalizeScenario({}); render(); } });
  presetRow.append(resetBtn);

  const top = el("fieldset", {}, el("legend", { text: "Battle" }),
    el("label", { class: "mnb-row", for: "mnb-battle" }, el("span", { text: "Kind of battle" }), battleSel),
    el("div", { class: "mnb-hint", text: "Presets:" }), presetRow);

  // --- sides
  const inputs = {};
  function sidePanel(side) {
    const title = side === "attacker" ? "Attacker" : "Defender";
    const civSel = el("select", { id: `mnb-${side}-civ` },
      el("option", { value: "", text: "— none chosen —" }),
      rules.civs.map((c) => el("option", { value: c.id, text: `${c.name} (${rules.effects[c.creature].name})` })));
    inputs[`${side}.civ`] = civSel;
    const counts = {};
    const maxes = { legions: rules.base.legionsInBox, triremes: rules.base.triremesInBox,
      fortresses: side === "defender" ? rules.base.statueFortressesPerProvince : 0, creatures: rules.base.creaturesPerPlayer };
    const rows = [];
    for (const k of ["legions", "triremes", "fortresses", "creatures"]) {
      if (k === "fortresses" && side === "attacker") continue;
      const inp = el("input", { type: "number", id: `mnb-${side}-${k}`, min: "0", max: String(maxes[k]), step: "1", inputmode: "numeric" });
      inputs[`${side}.${k}`] = inp;
      const label = el("span", { text: k[0].toUpperCase() + k.slice(1) });
      counts[k] = label;
      rows.push(el("label", { class: "mnb-row", for: inp.id, "data-count": k }, label, inp));
    }
    const statue = el("button", { type: "button", id: `mnb-${side}-statue`, "aria-pressed": "false",
      text: `${rules.statue.name} (2 fortresses)` });
    inputs[`${side}.statue`] = statue;
    const heroBtns = rules.heroes.map((id) => el("button", { type: "button", "aria-pressed": "false",
      "data-effect": id, id: `mnb-${side}-${id}`, text: rules.effects[id].name }));
    const godBtns = rules.gods.map((id) => el("button", { type: "button", "aria-pressed": "false",
      "data-effect": id, id: `mnb-${side}-${id}`, text: rules.effects[id].name }));
    const hamilcar = el("select", { id: `mnb-${side}-hamilcar` });
    inputs[`${side}.hamilcar`] = hamilcar;
    const goal = el("select", { id: `mnb-${side}-goal` },
      Object.entries(GOAL_LABELS).map(([v, t]) => el("option", { value: v, text: t })));
    inputs[`${side}.goal`] = goal;
    const hamRow = el("label", { class: "mnb-row", for: hamilcar.id }, el("span", { text: "Dice fixed at 4 by Hamilcar" }), hamilcar);
    const goalRow = el("label", { class: "mnb-row", for: goal.id }, el("span", { text: "Choices aim for" }), goal);
    const panel = el("fieldset", { id: `mnb-${side}` }, el("legend", { text: title }),
      el("label", { class: "mnb-row", for: civSel.id }, el("span", { text: "Civilization (creature)" }), civSel),
      rows,
      side === "defender" ? el("div", { class: "mnb-chips" }, statue) : null,
      el("div", { class: "mnb-hint", text: "Heroes" }), el("div", { class: "mnb-chips" }, heroBtns),
      el("div", { class: "mnb-hint", text: "Gods" }), el("div", { class: "mnb-chips" }, godBtns),
      hamRow, goalRow);
    panel.addEventListener("click", (ev) => {
      const b = ev.target.closest("button[aria-pressed]");
      if (!b || !panel.contains(b)) return;
      const x = state.scenario[side];
      if (b === statue) { x.statue = !x.statue; render(); return; }
      const id = b.dataset.effect;
      const list = rules.effects[id].kind === "god" ? x.gods : x.heroes;
      const i = list.indexOf(id);
      if (i >= 0) list.splice(i, 1); else list.push(id);
      render();
    });
    return { panel, counts, hamRow, goalRow, statue, rows };
  }
  const panels = { attacker: sidePanel("attacker"), defender: sidePanel("defender") };

  // --- buildings (Ariane) and readings
  const bInputs = ["city", "caravan", "market", "temple"].map((b) => {
    const inp = el("input", { type: "number", id: `mnb-buildings-${b}`, min: "0", step: "1", inputmode: "numeric" });
    inputs[`buildings.${b}`] = inp;
    return el("label", { class: "mnb-row", for: inp.id },
      el("span", { text: { city: "Cities", caravan: "Caravans", market: "Markets", temple: "Temples" }[b] }), inp);
  });
  const buildings = el("fieldset", { id: "mnb-buildings" }, el("legend", { text: "Buildings in the province (for Ariane)" }), bInputs);
  const readingRows = Object.entries(READINGS).map(([k, vals]) => {
    const sel = el("select", { id: `mnb-reading-${k}` },
      vals.map((v, i) => el("option", { value: v, text: READING_TEXT[k][1][v] + (i === 0 ? " (default)" : "") })));
    inputs[`readings.${k}`] = sel;
    return el("label", { class: "mnb-row", for: sel.id }, el("span", { text: READING_TEXT[k][0] }), sel);
  });
  const readings = el("fieldset", { id: "mnb-readings" }, el("legend", { text: "Readings (where the manual is unclear)" }),
    el("div", { class: "mnb-hint", text: "The section “Readings” below explains each choice." }), readingRows);

  const copy = el("button", { type: "button", class: "mnb-preset", id: "mnb-copy", text: "Copy link to this battle",
    onclick: async () => {
      try { await navigator.clipboard.writeText(location.href); copy.textContent = "Link copied"; }
      catch { copy.textContent = "Copy the address bar"; }
      setTimeout(() => { copy.textContent = "Copy link to this battle"; }, 2000);
    } });

  root.append(el("div", { class: "mnb-top" }, top), el("div", { class: "mnb-sides" }, panels.attacker.panel, panels.defender.panel),
    el("div", { class: "mnb-sides" }, buildings, readings), el("div", { class: "mnb-chips" }, copy), alert, results);

  // --- reading inputs back into the scenario
  function readCount(inp) {
    const v = inp.value.trim();
    if (v === "") return inp.validity && inp.validity.badInput ? "not a number" : 0;
    return /^-?\d+$/.test(v) ? Number(v) : v;
  }
  root.addEventListener("input", (ev) => {
    const t = ev.target;
    const key = Object.keys(inputs).find((k) => inputs[k] === t);
    if (!key) return;
    const s = state.scenario;
    const [a, b] = key.split(".");
    if (t.type === "number") {
      if (a === "buildings") s.buildings[b] = readCount(t); else s[a][b] = readCount(t);
    } else if (a === "readings") s.readings[b] = t.value;
    else if (b === "hamilcar") s[a].hamilcar = t.value === "best" ? "best" : Number(t.value);
    else s[a][b] = t.value;
    render(false);
  });
  root.addEventListener("change", (ev) => { if (ev.target.tagName === "SELECT") render(); });
  battleSel.addEventListener("change", () => { state.scenario.battle = battleSel.value; render(); });

  // --- showing the scenario and results
  function syncForm(refreshNumbers) {
    const s = state.scenario;
    battleSel.value = s.battle;
    const land = s.battle === "land", naval = s.battle === "naval";
    const ranged = s.battle.startsWith("ranged"), seaTarget = naval || s.battle === "ranged-sea";
    for (const side of ["attacker", "defender"]) {
      const x = s[side];
      const p = panels[side];
      inputs[`${side}.civ`].value = x.civ;
      for (const k of ["legions", "triremes", "fortresses", "creatures"]) {
        const inp = inputs[`${side}.${k}`];
        if (!inp) continue;
        if (refreshNumbers || document.activeElement !== inp) inp.value = String(x[k]);
        const titans = ranged && side === "attacker";
        let show = true;
        if (k === "triremes") show = seaTarget && !titans;
        if (k === "legions") show = !seaTarget && !titans;
        if (k === "fortresses") show = !seaTarget && !titans;
        inp.closest("label").hidden = !show && x[k] === 0;
      }
      const cid = rules.creatureOfCiv[x.civ];
      p.counts.creatures.textContent = cid ? `${rules.effects[cid].name}s` : "Creatures";
      p.statue.setAttribute("aria-pressed", String(!!x.statue));
      p.statue.hidden = side !== "defender" || seaTarget && !x.statue;
      for (const b of p.panel.querySelectorAll("button[data-effect]")) {
        const id = b.dataset.effect;
        b.setAttribute("aria-pressed", String(x.heroes.includes(id) || x.gods.includes(id)));
      }
      const hasHam = x.heroes.some((id) => rules.effects[id].combat.fixed_die_value);
      const hasAjax = x.heroes.some((id) => rules.effects[id].combat.rerolls);
      p.hamRow.hidden = !hasHam;
      p.goalRow.hidden = !(hasHam || hasAjax);
      inputs[`${side}.goal`].value = x.goal;
    }
    for (const b of ["city", "caravan", "market", "temple"]) {
      const inp = inputs[`buildings.${b}`];
      if (refreshNumbers || document.activeElement !== inp) inp.value = String(s.buildings[b]);
    }
    buildings.hidden = !(land || s.battle === "ranged-land");
    for (const k of Object.keys(READINGS)) inputs[`readings.${k}`].value = s.readings[k];
  }

  function hamilcarOptions(side, dice) {
    const sel = inputs[`${side}.hamilcar`];
    const x = state.scenario[side];
    const want = ["best", ...Array.from({ length: Math.max(dice, Number.isInteger(x.hamilcar) ? x.hamilcar : 0) + 1 }, (_, i) => String(i))];
    const have = [...sel.options].map((o) => o.value);
    if (want.join() !== have.join()) {
      sel.replaceChildren(...want.map((v) => el("option", { value: v, text: v === "best" ? "Best (advised)" : v })));
    }
    sel.value = String(x.hamilcar);
  }

  function render(refreshNumbers = true) {
    if (!root.isConnected) return;  // the player has navigated away (instant navigation): leave their URL alone
    const s = state.scenario;
    const q = scenarioToQuery(s);
    const url = location.pathname + (q ? `?${q}` : "") + location.hash;
    if (url !== location.pathname + location.search + location.hash) history.replaceState(history.state, "", url);
    syncForm(refreshNumbers);
    let a;
    try { a = analyse(rules, s); }
    catch (e) { a = { ok: false, errors: [{ field: "", message: `The calculator failed: ${e.message}` }], notices: [] }; }
    const maxDice = rules.base.legionsInBox + rules.base.creaturesPerPlayer + rules.base.statueFortressesPerProvince;
    for (const side of ["attacker", "defender"]) hamilcarOptions(side, a.ok ? a[side].dice : maxDice);
    alert.replaceChildren();
    for (const e of a.errors || []) alert.append(el("p", { text: e.message, "data-field": e.field }));
    for (const inp of Object.values(inputs)) inp.removeAttribute("aria-invalid");
    for (const e of a.errors || []) {
      const inp = inputs[e.field];
      if (inp) inp.setAttribute("aria-invalid", "true");
    }
    results.replaceChildren();
    for (const n of a.notices || []) results.append(el("p", { class: "mnb-notice", text: n }));
    if (!a.ok) { results.append(el("p", { text: "Correct the input above to see the odds." })); results.dataset.state = "error"; return; }
    results.dataset.state = "ok";
    showResults(a);
  }

  function outcomeTable(a) {
    const o = a.outcomes;
    const rows = [];
    const land = a.battle === "land", ranged = a.battle.startsWith("ranged");
    if (!ranged) {
      rows.push(["attackerAlone", land ? "Attacker alone in the province (may sack, occupy or convert)" : "Attacker's fleet alone in the sea space", o.attackerAlone]);
      rows.push(["bothRemain", land ? "Province at war (both sides keep units)" : "Both fleets remain (a sea space is never at war)", o.bothRemain]);
      rows.push(["defenderAlone", "Defender holds: the attacker is wiped out", o.defenderAlone]);
      rows.push(["bothWipedOut", "Both sides wiped out", o.bothWipedOut]);
    }
    rows.push(["defenderWipedOut", ranged ? "All targets destroyed" : "Defender wiped out (in total)", o.defenderWipedOut]);
    rows.push(["attackerWipedOut", ranged ? "All Titans destroyed" : "Attacker wiped out (in total)", o.attackerWipedOut]);
    return el("table", { class: "mnb-table", id: "mnb-outcomes" },
      el("caption", { class: "mnb-hint", text: "Outcome of the round" }),
      el("thead", {}, el("tr", {}, el("th", { text: "Outcome" }), el("th", { text: "Chance" }))),
      el("tbody", {}, rows.map(([k, t, p]) => el("tr", {}, el("td", { text: t }), el("td", { class: "mnb-num", "data-out": k, text: pct(p) })))),
      el("tbody", {}, ["attacker", "defender"].map((side) => el("tr", {},
        el("td", { text: `Expected ${side} losses` }),
        el("td", { class: "mnb-num", "data-out": `${side}ExpectedLosses`, text: num(a[side].expectedLosses) })))));
  }

  function lossChart(a, side) {
    const r = a[side];
    const title = side === "attacker" ? "Attacker's units lost" : "Defender's units lost";
    const maxP = Math.max(...r.losses);
    const bars = r.losses.map((p, k) => el("div", { class: "mnb-bar", "aria-hidden": "true" },
      el("span", { text: String(k) }),
      el("span", { class: "mnb-track" }, el("span", { style: `width:${maxP > 0 ? (100 * p / maxP).toFixed(2) : 0}%` })),
      el("span", { text: pct(p) })));
    const table = el("table", { class: "mnb-table", "data-losses": side },
      el("thead", {}, el("tr", {}, el("th", { text: "Units lost" }), el("th", { text: "Chance" }))),
      el("tbody", {}, r.losses.map((p, k) => el("tr", {}, el("td", { text: `${k} of ${r.units}` }), el("td", { class: "mnb-num", text: pct(p) })))));
    const details = el("details", { class: "mnb-details" }, el("summary", { text: "Table" }), table);
    return el("div", { class: "mnb-chart", id: `mnb-chart-${side}` }, el("h3", { text: title }),
      el("div", { role: "img", "aria-label": `${title}: ` + r.losses.map((p, k) => `${k}: ${pct(p)}`).join(", ") }, bars), details);
  }

  function sideDetails(a, side) {
    const r = a[side];
    const lines = [];
    if (r.rolls) {
      lines.push(`Rolls ${r.dice} ${r.dice === 1 ? "die" : "dice"}` + (r.automatic ? `, adds ${r.automatic} in automatic 6s` : "") +
        (r.bonus ? `, bonus +${r.bonus}` : "") + (r.mars ? `, Mars +${r.mars} after the roll` : "") +
        `; the enemy loses a unit per ${r.pointsPerLoss} points.`);
    } else lines.push("Does not roll.");
    for (const n of r.notes) lines.push(n);
    const box = el("div", { class: "mnb-details", id: `mnb-details-${side}` },
      el("h3", { text: side === "attacker" ? "Attacker's roll" : "Defender's roll" }), el("ul", {}, lines.map((t) => el("li", { text: t }))));
    if (r.hamilcar) {
      const best = r.hamilcar.fixed;
      box.append(el("p", { class: "mnb-advice", "data-advice": `${side}-hamilcar`,
        text: `${r.hamilcar.name}: fix ${best} of ${r.dice} dice at ${r.hamilcar.value}` +
          (state.scenario[side].hamilcar === "best" ? " (advised for the chosen goal)" : " (your choice)") + "." }));
      if (r.hamilcar.table.length > 1) {
        box.append(el("details", {}, el("summary", { text: "Each number of fixed dice" }),
          el("table", { class: "mnb-table" },
            el("thead", {}, el("tr", {}, el("th", { text: "Fixed" }), el("th", { text: "Expected enemy losses" }), el("th", { text: "Wipe-out chance" }))),
            el("tbody", {}, r.hamilcar.table.map((row) => el("tr", {}, el("td", { text: String(row.fixed) }),
              el("td", { class: "mnb-num", text: num(row.expectedKills, 3) }), el("td", { class: "mnb-num", text: pct(row.wipe) }))))))); 
      }
    }
    if (r.ajax) {
      box.append(el("p", { class: "mnb-advice", "data-advice": `${side}-ajax`,
        text: `${r.ajax.name}: after the roll, throw again the lowest dice, as many as the helper below says ` +
          `(you re-roll something ${pct(r.ajax.pReroll)} of the time, ${num(r.ajax.meanRerolled)} dice on average).` }));
      box.append(ajaxHelper(side, r));
    }
    if (r.marsUsed !== null && r.marsUsed !== undefined) {
      box.append(el("p", { text: state.scenario.readings.mars === "always"
        ? "Mars is spent in this battle."
        : `Mars adds a loss, so is spent, ${pct(r.marsUsed)} of the time; otherwise keep the card.` }));
    }
    return box;
  }

  function ajaxHelper(side, r) {
    const f = r.hamilcar ? r.hamilcar.fixed : 0;
    const n = r.dice - f;
    const inp = el("input", { type: "text", id: `mnb-${side}-roll`, inputmode: "numeric", autocomplete: "off",
      placeholder: Array.from({ length: n }, (_, i) => (i % 6) + 1).join(" ") });
    const out = el("p", { id: `mnb-${side}-roll-advice`, "aria-live": "polite" });
    const msg = el("div", { role: "alert" });
    inp.addEventListener("input", (ev) => {
      ev.stopPropagation();
      msg.replaceChildren(); out.textContent = "";
      const vals = inp.value.trim().split(/[\s,;]+/).filter(Boolean);
      if (!vals.length) return;
      const dice = vals.map((v) => (/^\d+$/.test(v) ? Number(v) : NaN));
      const adv = ajaxAdvice(rules, state.scenario, side, dice.map((d) => (Number.isNaN(d) ? 0 : d)), f);
      if (!adv.ok) { msg.append(el("p", { text: adv.errors[0].message })); return; }
      if (!adv.count) { out.textContent = "Keep every die."; return; }
      const shown = adv.reroll.map((i) => dice[i]);
      out.textContent = `Throw again: ${shown.join(", ")}` + (adv.rerollFixed ? ` and ${adv.rerollFixed} of Hamilcar's fixed dice` : "") + ".";
    });
    return el("div", {}, el("label", { class: "mnb-row", for: inp.id }, el("span", { text: `Your ${n} thrown dice` }), inp), msg, out);
  }

  function showResults(a) {
    results.append(el("h3", { text: "Odds" }), outcomeTable(a),
      el("div", { class: "mnb-sides" }, lossChart(a, "attacker"), lossChart(a, "defender")),
      el("div", { class: "mnb-sides" }, sideDetails(a, "attacker"), sideDetails(a, "defender")));
  }

  render();
  root.dataset.ready = "true";
}

function start() {
  const root = document.getElementById("mn-battle");
  if (!root || root.dataset.ready) return;
  ensureStyle();
  root.dataset.ready = "loading";
  loadRules().then((rules) => { if (root.isConnected) mount(root, rules); }).catch((e) => {
    root.replaceChildren(el("div", { role: "alert" }, el("p", { text: `The battle calculator could not load the records: ${e.message}` })));
    root.dataset.ready = "failed";
  });
}

if (typeof window !== "undefined" && window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => start());
} else if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}
