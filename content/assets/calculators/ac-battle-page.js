// Ancient Conquest battle and siege odds: the page, a thin layer over the engine
// (ac-battle.js). The verdict comes first and stays in view while the inputs change;
// problems show beside the input that causes them and in the verdict's place; the detail and
// the attack planner follow. The scenario lives in the URL's query string. Started through
// Material's document$, so it works after instant navigation.

import { el, onEveryPage } from "./view/dom.js";
import { showVerdict } from "./view/odds.js";
import { plainText, namesOf } from "./view/record-text.js";
import { loadToolRecords, siteRoot } from "../shared/load-records.js";
import * as E from "./ac-battle.js";
import { renderForm, showIssues } from "./ac-battle-page/form.js";
import { chancesTable, oracleBox, dieRows, steps } from "./ac-battle-page/details.js";
import { plannerSection } from "./ac-battle-page/planner-view.js";
import { EDGE_WORDS, verdictOutcomes } from "./ac-battle-page/words.js";
import { scenarioFromLink } from "./ac-battle-page/link.js";
import { openingQuery } from "../tools/opening.js";
import { openingNote, dropOnChange } from "../tools/opening-note.js";

const ROOT_ID = "ac-battle";
const PAGE = "calculators/ancient-conquest-battle.md"; // its entry in the game record's tools (opens_on)
const PLAN_IDLE_MS = 200;

function mount(root, payload) {
  const model = E.buildModel(payload.records);
  const byId = new Map(payload.records.map((r) => [r.id, r]));
  const nameOf = namesOf(payload.records);
  const T = (text) => plainText(text, nameOf); // record text as a reader sees it
  if (!model.ok) {
    root.replaceChildren(el("div", { role: "alert", class: "acb-alert", text: `The rules data is incomplete: ${model.problems.join("; ")}.` }));
    return;
  }
  const limits = E.unitLimits(model);
  const { query, opening } = openingQuery(payload, PAGE, location.search);
  const { s, notices } = scenarioFromLink(query, limits);
  let state = s;
  const verdict = el("div", { class: "cmp-verdict", id: "acb-verdict", "aria-live": "polite" });
  const form = el("form", { class: "acb-form", onsubmit: (e) => e.preventDefault() });
  const output = el("section", { class: "acb-output", id: "acb-output", "aria-labelledby": "acb-output-title" });
  const planner = el("div", { id: "acb-planner-box" });
  const note = openingNote(opening);
  root.replaceChildren(verdict, ...(note ? [note] : []), form, output, planner);
  dropOnChange(root, note);
  let timer = 0;

  const saveUrl = () => {
    if (!root.isConnected) return; // instant navigation moved on: the URL belongs to another page
    history.replaceState(history.state, "", `${location.pathname}?${E.encodeScenario(state)}${location.hash}`);
  };
  const update = () => {
    if (!root.isConnected) return;
    saveUrl();
    const r = E.evaluate(state, model);
    showIssues(form, r.issues || []);
    renderVerdict(verdict, r, T, notices);
    renderOutput(r, output, model, byId, T, notices);
    clearTimeout(timer);
    planner.dataset.state = "busy";
    timer = setTimeout(() => { if (root.isConnected) { planner.replaceChildren(plannerSection(state, model, T)); planner.dataset.state = "ok"; } }, PLAN_IDLE_MS);
  };
  const rerender = () => {
    const active = document.activeElement?.dataset?.k;
    renderForm(state, form, limits, { update, rerender });
    if (active) form.querySelector(`[data-k="${CSS.escape(active)}"]`)?.focus();
    update();
  };
  rerender();
  root.dataset.ready = "true";
}

/** "Combat Table, column 2:1": the ratio read (a printed column may serve 1:2 and 2:1), or the edge reached. */
function columnName(r) {
  return r.column ? `${r.table.name}, column ${r.column.a}:${r.column.b}` : `${r.table.name}: ${EDGE_WORDS[r.edge.kind]}`;
}

function renderVerdict(box, r, T, notices) {
  if (!r.ok) { showVerdict(box, { errors: r.errors }); return; }
  const column = columnName(r);
  const outcomes = r.edge?.kind === "automatic-elimination"
    ? [{ key: "defender-eliminated", label: "defender eliminated, no die roll", share: 1, tone: "win" }]
    : verdictOutcomes(r, T);
  showVerdict(box, { outcomes, note: `${column} · attacker ${E.fracToString(r.attacker.total)} against defender ${E.fracToString(r.defender.total)}${notices.length ? " · see the note below" : ""}` });
  box.querySelector(".cmp-verdict__note")?.setAttribute("data-testid", "acb-column");
}

function renderOutput(r, output, model, byId, T, notices) {
  const parts = [el("h2", { id: "acb-output-title", text: "The odds in detail" })];
  if (notices.length) parts.push(el("div", { class: "acb-warn", role: "status", "data-testid": "acb-link-notice" }, notices.map((n) => el("p", { text: n }))));
  if (!r.ok) {
    output.dataset.state = "error";
    parts.push(el("p", { class: "acb-note", text: "The odds appear here once the attack above can be resolved." }));
    output.replaceChildren(...parts);
    return;
  }
  output.dataset.state = "ok";
  if (r.warnings.length) parts.push(el("div", { class: "acb-warn", role: "status" }, r.warnings.map((w) => el("p", { text: T(w) }))));
  const columnText = columnName(r);
  parts.push(el("p", { class: "acb-column" }, `${columnText}. Attacker ${E.fracToString(r.attacker.total)} against defender ${E.fracToString(r.defender.total)}: ratio ${r.ratio.label}`,
    r.shifts.length ? `, shifted ${r.shifts.reduce((t, x) => t + x.by, 0) > 0 ? "+" : ""}${r.shifts.reduce((t, x) => t + x.by, 0)} column(s)` : "", "."));
  if (r.outcomes.length || r.unknownRows) parts.push(...chancesTable(r, T));
  const oracle = oracleBox(r, byId, siteRoot);
  if (oracle) parts.push(oracle);
  parts.push(...dieRows(r, T), ...steps(r, model, siteRoot, T));
  output.replaceChildren(...parts.filter(Boolean));
}

function start() {
  const root = document.getElementById(ROOT_ID);
  if (!root || root.dataset.ready) return;
  root.dataset.ready = "loading";
  root.replaceChildren(el("p", { class: "acb-note", text: "Loading the rules data…" }));
  loadToolRecords(PAGE).then((payload) => { if (root.isConnected) mount(root, payload); }).catch((err) => {
    root.replaceChildren(el("div", { class: "acb-alert", role: "alert", text: `The rules data could not be loaded (${err.message}). Reload the page to try again.` }));
    root.dataset.ready = "failed";
  });
}

onEveryPage(start);
