// The setup checklist of the play-along page: the engine's setup steps for this table (setupFor),
// in the source's order, each with its counts, the rule and section it comes from, and, where the
// source does not give what a step needs, "unknown" with the reason. One line per
// rule (a rule done by each player, or for each seat nobody plays, is written once, with a line
// per seat to tick), and first a line per seat naming that seat's own things (its record's
// `brings` with the options on: "Rome: Julius Caesar, Titan, Military Leader"). A tick is a
// change of the table's log ({type: "tick" | "untick", key}: the engine's key of the step, or
// `brings.p<n>` for a seat's line), so it survives a reload and goes with the QR code.
import { el } from "../../shared/dom.js";
import { recordLink } from "../../shared/tool-page.js";
import { unitFor } from "../../shared/count-words.js";

function countLine(c) {
  if (c.value === null || c.value === undefined) {
    return el("li", { class: "th-unknown", "data-count": c.label },
      `${c.label}: unknown`, c.unknown ? ` (${c.unknown})` : "");
  }
  return el("li", { "data-count": c.label, "data-value": String(c.value) },
    `${c.label}: `, el("strong", { text: String(c.value) }), c.unit ? ` ${unitFor(c.value, c.unit)}` : "");
}

function perWord(step) {
  if (step.per === "player") return "Each player: ";
  if (step.per === "unplayed") return "For each seat nobody plays: ";
  return "";
}

/** The records a seat brings to the table from setup (its records' `brings`, kept for the options
 * on: every `with` on, no `without` on), as {id, name, url}, in the record's order, once each. */
export function seatBrings(g, table, seatKey) {
  const choice = g.seats.choices.find((c) => c.key === seatKey);
  const on = new Set(table.options || []);
  const out = [];
  for (const id of choice ? choice.records || [] : []) {
    const rec = g.byId.get(id);
    for (const b of (rec && Array.isArray(rec.brings) ? rec.brings : [])) {
      if (!b || (b.with || []).some((o) => !on.has(o)) || (b.without || []).some((o) => on.has(o))) continue;
      const r = g.byId.get(b.record);
      if (r && !out.some((x) => x.id === r.id)) out.push({ id: r.id, name: r.name, url: r.url, note: b.note || "" });
    }
  }
  return out;
}

/** The key of a seat's own line (seatLines): not a setup step's, so it names the player. */
export const bringsKey = (n) => `brings.p${n}`;

/** A line per chosen seat that brings something: [{key, player, seat, records}]. */
export function seatLines(g, table) {
  const out = [];
  (table.seats || []).forEach((key, i) => {
    if (!key) return;
    const records = seatBrings(g, table, key);
    const seat = g.seats.choices.find((c) => c.key === key);
    if (records.length) out.push({ key: bringsKey(i + 1), player: i + 1, seat, records });
  });
  return out;
}

/** The steps as rules: a step done per player or per unplayed seat, once, with its instances. */
export function ruleGroups(steps) {
  const out = [];
  for (const step of steps) {
    const last = out[out.length - 1];
    const same = last && step.per !== "table" && last.per === step.per && last.record.id === step.record.id && last.id === step.id;
    if (same) last.instances.push(step);
    else out.push({ ...step, instances: [step] });
  }
  return out;
}

/** Every key the checklist can tick: each step's, and each seat's own line's. */
export function setupKeys(g, table, steps) {
  return [...seatLines(g, table).map((x) => x.key), ...steps.map((s) => s.key)];
}

/** Whether every line is ticked (the checklist then goes below the card). */
export function setupDone(g, table, steps, ticks) {
  const keys = setupKeys(g, table, steps);
  const done = new Set(ticks || []);
  return keys.length > 0 && keys.every((k) => done.has(k));
}

const anchor = (key) => `setup-${key.replace(/\./g, "-")}`;

function tickBox(key, ticks, onTick, label) {
  const box = el("input", { type: "checkbox", id: `${anchor(key)}-done`, checked: ticks.has(key), "data-key": key });
  if (label) box.setAttribute("aria-label", label);
  box.addEventListener("change", () => onTick(key, box.checked));
  return box;
}

function who(step) {
  if (step.seat) return step.seat.name;
  return Number.isInteger(step.player) ? `Player ${step.player}` : "";
}

/**
 * One rule as a list item, anchored setup-<record id>-<step id> so a link can point at it; a
 * rule done per player or per unplayed seat has a line per seat, anchored by the engine's key
 * (-p<n>, -u<k>).
 */
function ruleItem(rule, i, ticks, onTick) {
  const single = rule.instances.length === 1 && rule.per === "table";
  const id = single ? anchor(rule.key || `${rule.record.id}.${rule.id}`) : anchor(`${rule.record.id}.${rule.id}`);
  const text = `${i + 1}. ${perWord(rule)}${rule.do}`;
  const item = el("li", { id, "data-step": single ? rule.key : `${rule.record.id}.${rule.id}` });
  if (single) item.append(el("label", { class: "th-check", for: `${id}-done` }, tickBox(rule.key, ticks, onTick), el("span", { text })));
  else item.append(el("p", { class: "pa-rule", text }));
  if (rule.counts && rule.counts.length) item.append(el("ul", { class: "pa-counts" }, rule.counts.map(countLine)));
  if (rule.shows && rule.shows.length) {
    item.append(el("ul", { class: "pa-counts" }, rule.shows.map((x) => el("li", { "data-shows": x.id },
      el("span", { text: `${x.label} (` }), recordLink(x), el("span", { text: `): ${x.text}` })))));
  }
  if (rule.unknown) item.append(el("p", { class: "pa-unknown th-unknown", text: `Unknown: ${rule.unknown}` }));
  if (rule.note) item.append(el("p", { class: "pa-cite", text: rule.note }));
  if (!single) {
    item.append(el("ul", { class: "pa-setup-seats" }, rule.instances.map((s) => {
      const name = who(s) || (s.per === "unplayed" ? "A seat nobody plays" : "");
      return el("li", { id: anchor(s.key), "data-step": s.key },
        el("label", { class: "th-check", for: `${anchor(s.key)}-done` }, tickBox(s.key, ticks, onTick, `${name}: ${rule.do}`), el("span", { text: name })));
    })));
  }
  const section = rule.source && rule.source.section;
  item.append(el("p", { class: "pa-cite" }, "From ", recordLink(rule.record), section ? ` (rulebook section “${section}”)` : ""));
  return item;
}

/** A seat's own line: "Player 1 (Rome): Julius Caesar, Titan, Military Leader", each linked. */
function seatItem(g, table, line, ticks, onTick) {
  const id = anchor(line.key);
  const names = [];
  line.records.forEach((r, k) => { if (k) names.push(", "); names.push(recordLink(r)); });
  const label = `Player ${line.player}${line.seat ? ` (${line.seat.name})` : ""}`;
  return el("li", { id, "data-step": line.key, "data-seat": line.seat ? line.seat.key : "" },
    el("label", { class: "th-check", for: `${id}-done` }, tickBox(line.key, ticks, onTick, `${label} takes ${line.records.map((r) => r.name).join(", ")}`),
      el("span", {}, `${label}: `)), el("span", { class: "pa-brings" }, ...names));
}

/**
 * The checklist for the table, or a line saying what it still needs. `ticks` the keys ticked
 * (the engine's stateOf), onTick(key, on) records the change.
 */
export function setupList(g, table, steps, ticks = [], onTick = () => {}) {
  if (!g) return [el("p", { class: "pa-empty", text: "Choose a game above; its setup appears here." })];
  const out = [];
  if (!Number.isInteger(table.players)) {
    out.push(el("p", { class: "pa-empty", id: "pa-setup-needs", text: "Choose how many play: steps that depend on the player count appear then." }));
  }
  const done = new Set(ticks || []);
  const seats = seatLines(g, table);
  if (seats.length) {
    out.push(el("p", { class: "pa-setup-head", text: "Each seat's own, in play from the start:" }),
      el("ul", { class: "pa-setup pa-setup-own", id: "pa-setup-seats" }, seats.map((line) => seatItem(g, table, line, done, onTick))));
  }
  if (!steps.length) {
    out.push(el("p", { class: "pa-empty", text: "The records give no setup steps for this table." }));
    return out;
  }
  out.push(el("ol", { class: "pa-setup", id: "pa-setup-list" }, ruleGroups(steps).map((r, i) => ruleItem(r, i, done, onTick))));
  return out;
}
