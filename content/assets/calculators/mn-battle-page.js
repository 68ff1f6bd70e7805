// Mare Nostrum battle odds: the page, a thin layer over the engine (mn-battle.js). The
// verdict comes first and stays in view while the inputs change; problems show beside the
// input that causes them and in the verdict's place; the detail, several rounds and the army
// planner follow. Started through Material's document$, so it works after instant navigation.

import { el, onEveryPage } from "./view/dom.js";
import { nextTask } from "../shared/on-page.js";
import { showVerdict } from "./view/odds.js";
import { loadToolRecords } from "../shared/load-records.js";
import {
  rulesFromRecords, analyse, scenarioFromQuery, scenarioToQuery, normalizeScenario, effectOf, civOf, queryNotes,
  plansFromQuery, plansToQuery,
} from "./mn-battle.js";
import { buildForm, syncForm, showFieldErrors, presetScenario } from "./mn-battle-page/form.js";
import { outcomeTable, lossChart, sideDetails } from "./mn-battle-page/details.js";
import { buildRounds, syncRounds, showRounds } from "./mn-battle-page/rounds-view.js";
import { buildPlanner, showPlanner, planFromQuery, planToQuery } from "./mn-battle-page/planner-view.js";
import { roundOutcomes } from "./mn-battle-page/words.js";
import { openingQuery } from "../tools/opening.js";
import { openingNote, dropOnChange } from "../tools/opening-note.js";

const IDLE_MS = 250; // the rounds and the planner wait for a pause in typing
const PAGE = "calculators/mare-nostrum-battle.md"; // its entry in the game record's tools (opens_on)

function mount(root, rules, data) {
  const { query, opening } = openingQuery(data, PAGE, location.search);
  const state = { scenario: normalizeScenario(scenarioFromQuery(query)), plan: planFromQuery(query),
    plans: plansFromQuery(query),
    hints: queryNotes(location.search).map((n) => ({ ...n, hint: true })), timer: 0 };   // a repeated key says which value was used
  const verdict = el("div", { class: "cmp-verdict", id: "mnb-verdict", "aria-live": "polite" });
  const results = el("section", { class: "mnb-results", id: "mnb-results", "aria-labelledby": "mnb-results-title" });
  const on = {
    change(mutate, { refresh }) { state.hints = []; mutate(state.scenario); render(refresh); },
    toggleEffect(side, id) { state.hints = []; toggleEffect(side, id); render(true); },
    preset(key) { state.hints = []; state.scenario = presetScenario(key); render(true); },
    clear() { state.hints = []; state.scenario = presetScenario(null); render(true); },
    plan(mutate) { mutate(state.plan); saveUrl(); schedule(); },
    plans(mutate) { mutate(state.plans); saveUrl(); syncRounds(rounds, state.scenario, state.plans); schedule(); },
    async copy(button) {
      try { await navigator.clipboard.writeText(location.href); button.textContent = "Link copied"; }
      catch { button.textContent = "Copy the address bar"; }
      setTimeout(() => { button.textContent = "Copy link to this battle"; }, 2000);
    },
  };
  const form = buildForm(rules, on);
  const rounds = buildRounds(form, on);
  const planner = buildPlanner(on);
  const note = openingNote(opening);
  root.replaceChildren(verdict, ...(note ? [note] : []), form.element, results, rounds.element, planner.element);
  dropOnChange(root, note);

  /** Choosing a hero bound to a civilization chooses that civilization, or says why it cannot. */
  function toggleEffect(side, id) {
    const e = effectOf(rules, id);
    if (!e) return;
    const s = state.scenario, x = s[side];
    const list = e.kind === "god" ? x.gods : x.heroes;
    if (!Array.isArray(list)) return;
    const at = list.indexOf(id);
    if (at >= 0) { list.splice(at, 1); return; }
    if (e.civilization && x.civ !== e.civilization) {
      const civ = civOf(rules, e.civilization);
      const civName = civ ? civ.name : e.civilization;
      const otherSide = side === "attacker" ? "defender" : "attacker";
      const field = `${side}.${e.kind === "god" ? "gods" : "heroes"}`;
      const rival = (Array.isArray(x.heroes) ? x.heroes : []).map((h) => effectOf(rules, h)).find((h) => h && h.civilization && h.civilization !== e.civilization);
      if (s[otherSide].civ === e.civilization) {
        state.hints.push({ field, hint: true, message: `${e.name} belongs to ${civName}, and the ${otherSide} is ${civName}: both sides cannot be the same civilization.` });
        return;
      }
      if (rival) {
        const rivalCiv = civOf(rules, rival.civilization);
        state.hints.push({ field, hint: true, message: `${e.name} belongs to ${civName}, but ${rival.name} (${rivalCiv ? rivalCiv.name : rival.civilization}) is chosen for this side: remove ${rival.name} first.` });
        return;
      }
      x.civ = e.civilization;
      state.hints.push({ field: `${side}.civ`, hint: true, message: `${civName} chosen: ${e.name} belongs to ${civName}.` });
    }
    list.push(id);
  }

  function saveUrl() {
    if (!root.isConnected) return; // the player has navigated away (instant navigation): leave their URL alone
    const q = [scenarioToQuery(state.scenario), plansToQuery(state.plans), planToQuery(state.plan)].filter(Boolean).join("&");
    const url = location.pathname + (q ? `?${q}` : "") + location.hash;
    if (url !== location.pathname + location.search + location.hash) history.replaceState(history.state, "", url);
  }

  function render(refresh) {
    if (!root.isConnected) return;
    const s = state.scenario;
    saveUrl();
    let a;
    try { a = analyse(rules, s); }
    catch (e) { a = { ok: false, errors: [{ field: "", message: `The calculator failed: ${e.message}` }], notices: [] }; }
    syncForm(form, rules, s, { refresh, dice: a.ok ? { attacker: a.attacker.dice, defender: a.defender.dice } : {} });
    syncRounds(rounds, s, state.plans);
    showFieldErrors(form, a.errors || [], state.hints);
    results.replaceChildren(el("h2", { id: "mnb-results-title", text: "The odds in detail" }));
    for (const n of a.notices || []) results.append(el("p", { class: "mnb-notice", text: n }));
    if (!a.ok) {
      showVerdict(verdict, { errors: a.errors.map((e) => e.message) });
      results.append(el("p", { text: "The odds appear here once the battle above is possible." }));
      results.dataset.state = "error";
    } else {
      showVerdict(verdict, { outcomes: roundOutcomes(a.battle, a.outcomes), note: (a.notices || [])[0] });
      results.dataset.state = "ok";
      results.append(outcomeTable(a),
        el("div", { class: "mnb-sides" }, lossChart(a, "attacker"), lossChart(a, "defender")),
        el("div", { class: "mnb-sides" }, sideDetails(rules, a, "attacker", s), sideDetails(rules, a, "defender", s)));
    }
    schedule();
  }

  /** The rounds and the planner take longer: after a pause, and only for the latest input. */
  function schedule() {
    clearTimeout(state.timer);
    rounds.out.dataset.state = "busy";
    planner.out.dataset.state = "busy";
    const timer = state.timer = setTimeout(() => {
      if (!root.isConnected) return;
      showRounds(rounds, rules, state.scenario, state.plans);
      nextTask().then(() => {   // the planner in a task of its own
        if (root.isConnected && state.timer === timer) showPlanner(planner, rules, state.scenario, state.plan);
      });
    }, IDLE_MS);
  }

  render(true);
  root.dataset.ready = "true";
}

function start() {
  const root = document.getElementById("mn-battle");
  if (!root || root.dataset.ready) return;
  root.dataset.ready = "loading";
  loadToolRecords(PAGE).then((data) => {
    const rules = rulesFromRecords(data);
    return nextTask().then(() => { if (root.isConnected) mount(root, rules, data); });   // drawn in a task of its own
  }).catch((e) => {
    root.replaceChildren(el("div", { role: "alert" }, el("p", { text: `The battle calculator could not load the records: ${e.message}` })));
    root.dataset.ready = "failed";
  });
}

onEveryPage(start);
