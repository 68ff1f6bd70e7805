// The setup checklist of the play-along page: the engine's setup steps for this table (setupFor),
// in the source's order, each with its counts, the rule and section it comes from, and, where the
// source does not give what a step needs, "unknown" with the reason. Ticks are for the table in
// front of you and are not kept: the link holds the table, not how far setup got.
import { el } from "../../shared/dom.js";
import { recordLink } from "../../shared/tool-page.js";

function countLine(c) {
  if (c.value === null || c.value === undefined) {
    return el("li", { class: "th-unknown", "data-count": c.label },
      `${c.label}: unknown`, c.unknown ? ` (${c.unknown})` : "");
  }
  return el("li", { "data-count": c.label, "data-value": String(c.value) },
    `${c.label}: `, el("strong", { text: String(c.value) }), c.unit ? ` ${c.unit}` : "");
}

function perWord(step) {
  if (step.per === "player") return "Each player: ";
  if (step.per === "unplayed") return "For each seat nobody plays: ";
  return "";
}

/**
 * One step as a list item, anchored setup-<record id>-<step id> so a link can point at it (a step
 * done once per player or per unplayed seat adds -p<n> or -u<k>: the engine's key, which is unique).
 */
function stepItem(step, i) {
  const id = `setup-${(step.key || `${step.record.id}.${step.id}`).replace(/\./g, "-")}`;
  const box = el("input", { type: "checkbox", id: `${id}-done` });
  const who = step.seat ? `${step.seat.name}: ` : Number.isInteger(step.player) ? `Player ${step.player}: ` : perWord(step);
  const item = el("li", { id, "data-step": step.key || id },
    el("label", { class: "th-check", for: box.id }, box, el("span", {}, `${i + 1}. ${who}${step.do}`)));
  if (step.counts && step.counts.length) item.append(el("ul", { class: "pa-counts" }, step.counts.map(countLine)));
  if (step.unknown) item.append(el("p", { class: "pa-unknown th-unknown", text: `Unknown: ${step.unknown}` }));
  if (step.note) item.append(el("p", { class: "pa-cite", text: step.note }));
  const section = step.source && step.source.section;
  item.append(el("p", { class: "pa-cite" }, "From ", recordLink(step.record), section ? ` (rulebook section “${section}”)` : ""));
  return item;
}

/** The checklist for the table, or a line saying what it still needs. */
export function setupList(g, table, steps) {
  if (!g) return [el("p", { class: "pa-empty", text: "Choose a game above; its setup appears here." })];
  const out = [];
  if (!Number.isInteger(table.players)) {
    out.push(el("p", { class: "pa-empty", id: "pa-setup-needs", text: "Choose how many play: steps that depend on the player count appear then." }));
  }
  if (!steps.length) {
    out.push(el("p", { class: "pa-empty", text: "The records give no setup steps for this table." }));
    return out;
  }
  out.push(el("ol", { class: "pa-setup", id: "pa-setup-list" }, steps.map(stepItem)));
  return out;
}
