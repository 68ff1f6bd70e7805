// Moving the marker as the game moves: Back and Next a step, then the next phase,
// the next turn (age, year) or the end of this one, and "go to" turn N. Built once per game and
// kept across redraws (the card puts the same element back), so a step costs setting a few labels.
// Each control asks the engine where it leads and hands the position to onMove; the marker moves
// only through the table's log (index.js), never here.
import { el } from "../../shared/dom.js";
import { nextPosition, previousPosition, turnPosition } from "./api.js";

function roundOf(pos) {
  const dot = pos ? pos.indexOf(".") : -1;
  return dot < 0 ? null : Number(pos.slice(0, dot));
}

/** The round numbers a "go to" select offers, or null when the count is open-ended (a number field then). */
function roundChoices(g) {
  if (!g.rounds || !Number.isInteger(g.rounds.count)) return null;
  return Array.from({ length: g.rounds.count }, (_, i) => g.rounds.first + i);
}

/**
 * The marker's controls for game g: {element (Back, Next, next phase, next turn), go (the "go to"
 * field, which the card puts beside the turn's name), update(rules, table, pos)}. onMove(pos) is
 * called with the position a control leads to.
 */
export function markerNav(g, onMove) {
  const button = (id, cls, text, label) => el("button", { type: "button", class: `th-button ${cls}`, id, text, "aria-label": label });
  const back = button("pa-back", "pa-back", "‹ Back");
  const next = button("pa-next", "pa-next", "Next ›");
  // The third control: the next turn inside a round of turns (7 Wonders Myths' age), else the next
  // phase where phases hold steps (else it would be Next again).
  const innerTurns = Boolean(g.rounds && g.rounds.innerTurns);
  const nested = g.steps.some((s) => s.path.length > 1);
  const phaseUnit = innerTurns ? "turn" : "phase";
  const phase = innerTurns ? button("pa-next-phase", "pa-jump", "Turn ›", "Next turn")
    : nested ? button("pa-next-phase", "pa-jump", "Phase ›", "Next phase") : null;
  const label = g.rounds ? g.rounds.label : null;
  const round = g.rounds ? button("pa-next-round", "pa-jump", `${label} ›`, `Next ${label.toLowerCase()}`) : null;
  // One row within a thumb's reach: Back, Next (the widest), the next phase, the next turn.
  const main = el("div", { class: `pa-nav pa-nav-${1 + Boolean(phase) + Boolean(round)}` }, back, next, phase, round);
  let go = null;
  let goField = null;
  if (g.rounds) {
    const choices = roundChoices(g);
    if (choices) {
      goField = el("select", { id: "pa-go", class: "pa-go", "aria-label": `Go to ${label.toLowerCase()}` },
        el("option", { value: "", text: `Go to ${label.toLowerCase()}…` }),
        choices.map((n) => el("option", { value: String(n), text: `${label} ${n}${g.rounds.suffix ? ` ${g.rounds.suffix}` : ""}` })));
      go = goField;
    } else {
      goField = el("input", { id: "pa-go", class: "pa-go", type: "number", inputmode: "numeric", min: String(g.rounds.first),
        placeholder: label, "aria-label": `Go to ${label.toLowerCase()} number` });
      // Go submits the form, as the keyboard's Enter does.
      const goButton = el("button", { type: "submit", class: "th-button pa-jump", id: "pa-go-button", text: "Go" });
      go = el("form", { class: "pa-go-form", role: "search", "aria-label": `Go to a ${label.toLowerCase()}` }, goField, goButton);
      go.addEventListener("submit", (ev) => { ev.preventDefault(); jump(); });
    }
  }
  const element = main;

  let state = null;   // {rules, table, pos}
  const targets = { back: null, next: null, phase: null, round: null };
  function jump() {
    if (!state || !goField) return;
    const raw = goField.value.trim();
    if (goField.tagName === "SELECT") goField.value = "";   // the prompt again, so the same turn can be chosen twice
    const to = /^\d{1,6}$/.test(raw) ? turnPosition(state.rules, state.table, Number(raw)) : { error: `Not a ${label.toLowerCase()} of this game.` };
    if (to && to.pos) onMove(to.pos);
    else if (goField.tagName === "INPUT") {
      goField.setCustomValidity((to && to.error) || `Not a ${label.toLowerCase()} of this game.`);
      goField.reportValidity();
    }
  }
  if (goField && goField.tagName === "SELECT") goField.addEventListener("change", jump);
  if (goField && goField.tagName === "INPUT") goField.addEventListener("input", () => goField.setCustomValidity(""));
  back.addEventListener("click", () => targets.back && onMove(targets.back));
  next.addEventListener("click", () => targets.next && onMove(targets.next));
  if (phase) phase.addEventListener("click", () => targets.phase && onMove(targets.phase));
  if (round) round.addEventListener("click", () => targets.round && onMove(targets.round));

  /** Where each control leads from pos; a control that leads nowhere is disabled. */
  function update(rules, table, pos) {
    state = { rules, table, pos };
    targets.back = pos ? previousPosition(rules, table, pos) : null;
    targets.next = pos ? nextPosition(rules, table, pos) : null;
    back.disabled = !targets.back;
    next.disabled = !targets.next;
    if (phase) {
      targets.phase = pos ? nextPosition(rules, table, pos, phaseUnit) : null;
      phase.disabled = !targets.phase;
    }
    if (round) {
      targets.round = pos ? nextPosition(rules, table, pos, "round") : null;
      round.disabled = !targets.round;
      const same = targets.round && roundOf(targets.round) === roundOf(pos);   // a round's closing steps come first
      round.textContent = same ? `End ${label.toLowerCase()}` : `${label} ›`;
      // The accessible name holds the visible words (axe: label-content-name-mismatch).
      round.setAttribute("aria-label", same ? `End ${label.toLowerCase()}, this one` : `Next ${label.toLowerCase()}`);
    }
  }
  return { element, go, update };
}
