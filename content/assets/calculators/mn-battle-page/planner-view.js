// "How big an army?": the chance of each outcome as the attacker's army grows, drawn as
// stacked columns with a table beside it, and the smallest army that reaches the chance the
// player asks for.

import { el } from "../view/dom.js";
import { pct } from "../view/percent.js";
import { columnChart } from "../view/odds.js";
import { planArmy, effectOf } from "../mn-battle.js";
import { roundOutcomes } from "./words.js";

/** Build the section: the chance to reach, and which number of creatures the chart shows. */
export function buildPlanner(on) {
  const target = el("input", { type: "number", id: "mnb-plan-target", min: "1", max: "100", step: "1", inputmode: "numeric", "aria-describedby": "mnb-plan-target-error" });
  const targetError = el("p", { class: "cmp-field-error", id: "mnb-plan-target-error", hidden: true });
  const creatures = el("select", { id: "mnb-plan-creatures" });
  target.addEventListener("input", () => on.plan((p) => { p.target = target.value.trim(); }));
  creatures.addEventListener("change", () => on.plan((p) => { p.creatures = Number(creatures.value); }));
  const creatureRow = el("div", { class: "mnb-field" }, el("label", { class: "mnb-row", for: creatures.id }, el("span", { text: "Chart with this many creatures" }), creatures));
  const out = el("div", { id: "mnb-plan-out", "aria-live": "polite" });
  const element = el("section", { class: "mnb-section", id: "mnb-planner", "aria-labelledby": "mnb-planner-title" },
    el("h2", { id: "mnb-planner-title", text: "How big an army?" }),
    el("p", { class: "mnb-hint", text: "The chance of each outcome of one round as the attacker's army grows, from 1 unit to every piece the box holds, with Hamilcar and Ajax played at every size for the best chance to wipe the defender out." }),
    el("div", { class: "mnb-field" }, el("label", { class: "mnb-row", for: target.id }, el("span", { text: "Chance to reach (%)" }), target), targetError),
    creatureRow, out);
  return { element, target, targetError, creatures, creatureRow, out };
}

/** The planner's own settings from the URL: the chance to reach (percent) and the creatures charted. */
export function planFromQuery(q) {
  const p = new URLSearchParams(q);
  return { target: p.has("plan") ? p.get("plan") : "80", creatures: p.has("plan.c") ? Number(p.get("plan.c")) : null };
}

export function planToQuery(plan) {
  const p = new URLSearchParams();
  if (String(plan.target) !== "80") p.set("plan", String(plan.target).slice(0, 12));
  if (Number.isInteger(plan.creatures)) p.set("plan.c", String(plan.creatures));
  return p.toString();
}

/** The target as a share, or a message. */
function targetShare(text) {
  if (!/^\s*\d{1,3}(\.\d+)?\s*$/.test(String(text))) return { error: "Give a chance from 1 to 100 (a percentage)." };
  const v = Number(text);
  if (!(v >= 1 && v <= 100)) return { error: "Give a chance from 1 to 100 (a percentage)." };
  return { share: v / 100 };
}

function plural(n, one, many) { return `${n} ${n === 1 ? one : many}`; }

/** "6 legions and 1 Titan". */
export function armyText(point, axes) {
  const parts = [];
  if (axes.primary && point.primary) parts.push(plural(point.primary, axes.primary.slice(0, -1), axes.primary));
  if (point.creatures) parts.push(plural(point.creatures, axes.creature.name, `${axes.creature.name}s`));
  return parts.join(" and ") || "no unit";
}

export function showPlanner(view, rules, s, plan) {
  const { out, target, targetError, creatures, creatureRow } = view;
  if (document.activeElement !== target) target.value = String(plan.target);
  const t = targetShare(plan.target);
  targetError.hidden = !t.error;
  targetError.textContent = t.error || "";
  if (t.error) target.setAttribute("aria-invalid", "true"); else target.removeAttribute("aria-invalid");
  out.replaceChildren();
  if (t.error) { out.dataset.state = "error"; return; }
  let r;
  try { r = planArmy(rules, s, { target: t.share }); }
  catch (e) { r = { ok: false, errors: [{ message: `The planner failed: ${e.message}` }] }; }
  if (!r.ok) { out.dataset.state = "error"; out.append(el("p", { text: "Correct the battle above to plan an army." })); return; }
  const { axes } = r;
  // which creature count the chart shows
  const counts = Array.from({ length: axes.maxCreatures + 1 }, (_, i) => i).filter((c) => axes.primary || c > 0);
  let shownC = Number.isInteger(plan.creatures) && counts.includes(plan.creatures) ? plan.creatures
    : r.smallest ? r.smallest.creatures : counts.includes(s.attacker.creatures) ? s.attacker.creatures : counts[0];
  creatureRow.hidden = counts.length < 2;
  creatures.replaceChildren(...counts.map((c) => el("option", { value: String(c), text: axes.creature ? plural(c, axes.creature.name, `${axes.creature.name}s`) : String(c) })));
  creatures.value = String(shownC);
  const ranged = s.battle.startsWith("ranged");
  const goalWords = ranged ? "destroys every target" : s.battle === "naval" ? "holds the sea space" : "takes the province";
  const answer = r.smallest
    ? `Smallest army reaching ${pct(t.share)}: ${armyText(r.smallest, axes)} (the attacker ${goalWords} ${pct(r.smallest.value)} of the time in one round).`
    : r.best
      ? `No army the box allows reaches ${pct(t.share)}; the best, ${armyText(r.best, axes)}, ${goalWords} ${pct(r.best.value)} of the time.`
      : "No army size is possible in this battle.";
  out.dataset.state = "ok";
  out.append(el("p", { class: "mnb-plan-answer", id: "mnb-plan-answer", text: answer }));
  const points = r.points.filter((p) => p.creatures === shownC).sort((p, q) => p.primary - q.primary);
  const marked = points.findIndex((p) => r.smallest && p.primary === r.smallest.primary && p.creatures === r.smallest.creatures);
  const what = axes.primary ? `as the ${axes.primary} grow${shownC ? ` (with ${armyText({ primary: 0, creatures: shownC }, axes)})` : ""}` : `as the ${axes.creature.name}s grow`;
  out.append(columnChart({
    title: `Each outcome of one round ${what}; the line is ${pct(t.share)}`,
    line: t.share,
    columns: points.map((p, i) => ({ label: String(axes.primary ? p.primary : p.creatures), marked: i === marked,
      unavailable: !p.ok, outcomes: p.ok ? roundOutcomes(s.battle, p.outcomes) : [] })),
    table: { caption: `Chances ${what}`, marked, attrs: { id: "mnb-plan-table" },
      head: ["Army", ranged ? "Targets destroyed" : "Attacker takes", ranged ? "Targets remain" : "At war", ranged ? "Titans lost" : "Defender holds", "Both gone"],
      rows: points.map((p) => {
        if (!p.ok) return [armyText(p, axes), "not possible", "", "", ""];
        const o = roundOutcomes(s.battle, p.outcomes);
        return [armyText(p, axes) + (p === points[marked] ? " (smallest)" : ""), ...o.map((x) => pct(x.share))];
      }) },
  }));
  const dropped = new Map();
  for (const p of points) for (const d of p.dropped || []) if (!dropped.has(d.id)) dropped.set(d.id, p);
  for (const [id, p] of dropped) {
    const e = effectOf(rules, id);
    out.append(el("p", { class: "mnb-hint", text: `${e ? e.name : id} has nothing to act on at some sizes (such as ${armyText(p, axes)}) and is left out there.` }));
  }
  for (const p of points.filter((x) => !x.ok).slice(0, 1)) out.append(el("p", { class: "mnb-hint", text: `${armyText(p, axes)}: ${p.reason}` }));
}
