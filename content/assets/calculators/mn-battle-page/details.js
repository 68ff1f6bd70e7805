// The full detail under the verdict: each outcome and the expected losses, each side's
// chance of losing 0, 1, 2 ... units (on a 0-100% scale), and each side's roll with
// Hamilcar's and Ajax's advice.

import { el } from "../view/dom.js";
import { pct, num } from "../view/percent.js";
import { barTable } from "../view/odds.js";
import { ajaxAdvice } from "../mn-battle.js";
import { roundOutcomes } from "./words.js";
import { countWith } from "../../shared/count-words.js";

export function outcomeTable(a) {
  const rows = roundOutcomes(a.battle, a.outcomes).filter((o) => !(a.battle.startsWith("ranged") && o.share === 0 && o.tone !== "win" && o.tone !== "war"));
  return el("table", { class: "mnb-table", id: "mnb-outcomes" },
    el("caption", { text: "Outcome of the round (the four add up to 100%)" }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Outcome" }), el("th", { scope: "col", text: "Chance" }))),
    el("tbody", {}, rows.map((o) => el("tr", {}, el("th", { scope: "row", text: o.label[0].toUpperCase() + o.label.slice(1) }),
      el("td", { class: "mnb-num", "data-out": o.key, text: pct(o.share) })))),
    el("tbody", {}, ["attacker", "defender"].map((side) => el("tr", {},
      el("th", { scope: "row", text: `Expected ${side} losses` }),
      el("td", { class: "mnb-num", "data-out": `${side}ExpectedLosses`, text: num(a[side].expectedLosses) })))));
}

export function lossChart(a, side) {
  const r = a[side];
  const title = side === "attacker" ? "Attacker's units lost" : "Defender's units lost";
  return el("div", { class: "mnb-chart", id: `mnb-chart-${side}` },
    barTable({ caption: title, head: ["Units lost", "Chance"], attrs: { "data-losses": side },
      rows: r.losses.map((p, k) => ({ label: `${k} of ${r.units}`, share: p })) }));
}

export function sideDetails(rules, a, side, scenario) {
  const r = a[side];
  const lines = [];
  if (r.rolls) {
    lines.push(`Rolls ${countWith(r.dice, "dice")}` + (r.automatic ? `, adds ${r.automatic} in automatic 6s` : "") +
      (r.bonus ? `, bonus +${r.bonus}` : "") + (r.mars ? `, Mars +${r.mars} after the roll` : "") +
      `; the enemy loses a unit per ${r.pointsPerLoss} points.`);
  } else lines.push("Does not roll.");
  for (const n of r.notes) lines.push(n);
  const box = el("div", { class: "mnb-details", id: `mnb-details-${side}` },
    el("h3", { text: side === "attacker" ? "Attacker's roll" : "Defender's roll" }), el("ul", {}, lines.map((t) => el("li", { text: t }))));
  if (r.hamilcar) {
    box.append(el("p", { class: "mnb-advice", "data-advice": `${side}-hamilcar`,
      text: `${r.hamilcar.name}: fix ${r.hamilcar.fixed} of ${countWith(r.dice, "dice")} at ${r.hamilcar.value}` +
        (scenario[side].hamilcar === "best" ? " (advised for the chosen goal)" : " (your choice)") + "." }));
    if (r.hamilcar.table.length > 1) {
      box.append(el("details", {}, el("summary", { text: "Each number of fixed dice" }),
        el("table", { class: "mnb-table" },
          el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Fixed" }), el("th", { scope: "col", text: "Expected enemy losses" }), el("th", { scope: "col", text: "Wipe-out chance" }))),
          el("tbody", {}, r.hamilcar.table.map((row) => el("tr", {}, el("td", { text: String(row.fixed) }),
            el("td", { class: "mnb-num", text: num(row.expectedKills, 3) }), el("td", { class: "mnb-num", text: pct(row.wipe) })))))));
    }
  }
  if (r.ajax) {
    box.append(el("p", { class: "mnb-advice", "data-advice": `${side}-ajax`,
      text: `${r.ajax.name}: after the roll, throw again the lowest dice, as many as the helper below says ` +
        `(you re-roll something ${pct(r.ajax.pReroll)} of the time, ${num(r.ajax.meanRerolled)} dice on average).` }));
    box.append(ajaxHelper(rules, side, r, scenario));
  }
  if (r.marsUsed !== null && r.marsUsed !== undefined) {
    box.append(el("p", { text: scenario.readings.mars === "always"
      ? "Mars is spent in this battle."
      : `Mars adds a loss, so is spent, ${pct(r.marsUsed)} of the time; otherwise keep the card.` }));
  }
  return box;
}

function ajaxHelper(rules, side, r, scenario) {
  const f = r.hamilcar ? r.hamilcar.fixed : 0;
  const n = r.dice - f;
  const inp = el("input", { type: "text", id: `mnb-${side}-roll`, inputmode: "numeric", autocomplete: "off",
    placeholder: Array.from({ length: n }, (_, i) => (i % 6) + 1).join(" "), "aria-describedby": `mnb-${side}-roll-error` });
  const out = el("p", { id: `mnb-${side}-roll-advice`, "aria-live": "polite" });
  const msg = el("p", { class: "cmp-field-error", id: `mnb-${side}-roll-error`, hidden: true });
  inp.addEventListener("input", (ev) => {
    ev.stopPropagation();
    msg.hidden = true; msg.textContent = ""; out.textContent = ""; inp.removeAttribute("aria-invalid");
    const vals = inp.value.trim().split(/[\s,;]+/).filter(Boolean);
    if (!vals.length) return;
    const fail = (text) => { msg.textContent = text; msg.hidden = false; inp.setAttribute("aria-invalid", "true"); };
    if (vals.length > n) { fail(`Enter ${countWith(n, "dice")} (the side throws ${r.dice}${f ? `, ${f} fixed by Hamilcar` : ""}).`); return; }
    const dice = vals.map((v) => (/^\d$/.test(v) ? Number(v) : 0));
    const adv = ajaxAdvice(rules, scenario, side, dice, f);
    if (!adv.ok) { fail(adv.errors[0].message); return; }
    if (!adv.count) { out.textContent = "Keep every die."; return; }
    const shown = adv.reroll.map((i) => dice[i]);
    out.textContent = `Throw again: ${shown.join(", ")}` + (adv.rerollFixed ? ` and ${adv.rerollFixed} of Hamilcar's fixed dice` : "") + ".";
  });
  return el("div", {}, el("label", { class: "mnb-row", for: inp.id }, el("span", { text: `Your ${n} thrown dice` }), inp), msg, out);
}
