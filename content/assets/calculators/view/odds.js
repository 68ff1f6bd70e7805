// The verdict, the stacked bar and the charts of the helper pages, shared by every
// calculator: one sentence that answers, one bar of the outcomes on a 0-100% scale, and
// charts that each come with a table as their text equivalent. Styles live in
// assets/calculators/calculators.css; here only the shares are set, as CSS custom properties.

import { el, svg } from "./dom.js";
import { pct } from "./percent.js";

/**
 * An outcome as the views take it: {key, label, share (0..1), tone, hatched?}. tone is one of
 * "win" (good for the attacker), "war" (undecided), "loss" (good for the defender), "both",
 * "neutral", "unknown" (the source does not say: always hatched, never spread over the others).
 */

/** The sentence: the outcomes that can happen, most likely first ("Attacker takes the province 78% · still at war 22%"). */
export function verdictText(outcomes) {
  // what the source does not say comes last, whatever its size: it is not an outcome
  const rank = (o) => (o.tone === "unknown" ? 1 : 0);
  const shown = outcomes.filter((o) => o.share > 0).sort((a, b) => rank(a) - rank(b) || b.share - a.share);
  return shown.map((o, i) => `${i === 0 ? o.label[0].toUpperCase() + o.label.slice(1) : o.label} ${pct(o.share)}`).join(" · ");
}

/** One bar of the outcomes on a 0-100% scale, in the order given; hidden from screen readers (the sentence says it). */
export function stackedBar(outcomes, attrs = {}) {
  return el("div", { class: "cmp-stack", "aria-hidden": "true", ...attrs },
    outcomes.filter((o) => o.share > 0).map((o) => {
      const seg = el("span", { class: `cmp-seg cmp-seg--${o.tone}${o.hatched || o.tone === "unknown" ? " cmp-seg--hatched" : ""}`, "data-key": o.key, title: `${o.label}: ${pct(o.share)}` });
      seg.style.setProperty("--share", String(o.share));
      return seg;
    }));
}

/** A legend for a bar: a swatch and the label of each outcome. */
export function legend(outcomes) {
  return el("ul", { class: "cmp-legend", "aria-hidden": "true" }, outcomes.map((o) =>
    el("li", {}, el("span", { class: `cmp-swatch cmp-seg--${o.tone}${o.hatched || o.tone === "unknown" ? " cmp-seg--hatched" : ""}` }), o.label)));
}

/**
 * Fill the verdict box: the sentence and the bar, or the problems in the verdict's place.
 * state: {outcomes, note?} or {errors: [text]} or {busy: text}.
 */
export function showVerdict(box, state) {
  box.replaceChildren();
  if (state.errors && state.errors.length) {
    box.dataset.state = "error";
    const first = state.errors.slice(0, 3);
    box.append(el("div", { class: "cmp-verdict__problem", role: "alert" },
      first.map((t) => el("p", { text: t })),
      state.errors.length > first.length ? el("p", { text: `…and ${state.errors.length - first.length} more, marked beside the fields.` }) : null));
    return;
  }
  if (state.busy) {
    box.dataset.state = "busy";
    box.append(el("p", { class: "cmp-verdict__text", text: state.busy }));
    return;
  }
  box.dataset.state = "ok";
  box.append(el("p", { class: "cmp-verdict__text", "data-verdict-text": "", text: verdictText(state.outcomes) }), stackedBar(state.outcomes));
  if (state.note) box.append(el("p", { class: "cmp-verdict__note", text: state.note }));
}

/**
 * A distribution as a table with a bar in each row (0-100% scale): the table is the text,
 * the bars are decoration. rows: [{label, share}].
 */
export function barTable({ caption, head, rows, attrs = {} }) {
  return el("table", { class: "cmp-bartable", ...attrs },
    el("caption", { text: caption }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: head[0] }), el("th", { scope: "col", text: head[1] }),
      el("th", { scope: "col", class: "cmp-bartable__barcol" }, el("span", { class: "cmp-sr-only", text: "Bar" })))),
    el("tbody", {}, rows.map((r) => {
      const bar = el("span", { class: "cmp-bar" }, el("span", { class: `cmp-bar__fill${r.hatched ? " cmp-seg--hatched" : ""}` }));
      bar.firstChild.style.setProperty("--share", String(Math.max(0, Math.min(1, r.share))));
      return el("tr", r.attrs || {}, el("th", { scope: "row", text: r.label }), el("td", { class: "cmp-num", text: r.text ?? pct(r.share) }),
        el("td", { class: "cmp-bartable__barcol", "aria-hidden": "true" }, bar));
    })));
}

/**
 * Stacked columns on a 0-100% scale (an SVG, hidden from screen readers) and the table that
 * says the same. columns: [{label, sublabel?, outcomes: [...], marked?}]; line: a share to draw
 * across (the target), or null; table: {caption, head: [..], rows: [[cells..]], marked: index}.
 */
export function columnChart({ title, columns, line = null, table }) {
  const W = 320, H = 170, left = 30, right = 4, top = 8, bottom = 30;
  const plotW = W - left - right, plotH = H - top - bottom;
  const n = Math.max(columns.length, 1);
  const step = plotW / n, barW = Math.max(4, step * 0.72);
  const y = (share) => top + plotH * (1 - share);
  const parts = [];
  for (const t of [0, 0.5, 1]) {
    parts.push(svg("line", { class: "cmp-chart__grid", x1: left, x2: W - right, y1: y(t), y2: y(t) }));
    parts.push(svg("text", { class: "cmp-chart__axis", x: left - 3, y: y(t) + 3, "text-anchor": "end" }, `${t * 100}%`));
  }
  columns.forEach((c, i) => {
    const x = left + i * step + (step - barW) / 2;
    let acc = 0;
    for (const o of c.outcomes) {
      if (!(o.share > 0)) continue;
      const h = plotH * o.share;
      parts.push(svg("rect", { class: `cmp-seg--${o.tone}${o.hatched || o.tone === "unknown" ? " cmp-seg--hatched" : ""}`, x, width: barW, y: y(acc + o.share), height: h }));
      acc += o.share;
    }
    if (c.unavailable) parts.push(svg("text", { class: "cmp-chart__axis", x: x + barW / 2, y: y(0) - 4, "text-anchor": "middle" }, "–"));
    if (c.marked) parts.push(svg("rect", { class: "cmp-chart__mark", x: x - 1.5, width: barW + 3, y: top - 1, height: plotH + 2 }));
    parts.push(svg("text", { class: "cmp-chart__axis", x: x + barW / 2, y: H - bottom + 12, "text-anchor": "middle" }, c.label));
    if (c.sublabel) parts.push(svg("text", { class: "cmp-chart__axis cmp-chart__sub", x: x + barW / 2, y: H - bottom + 23, "text-anchor": "middle" }, c.sublabel));
  });
  if (line !== null) parts.push(svg("line", { class: "cmp-chart__target", x1: left, x2: W - right, y1: y(line), y2: y(line) }));
  return el("figure", { class: "cmp-chart" },
    el("figcaption", { text: title }),
    svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "cmp-chart__svg", "aria-hidden": "true", focusable: "false" }, parts),
    dataTable(table));
}

const NUMBER = /^[<>]?\d[\d.,]*%?$|^—$/;

/** A plain table, scrolling sideways inside its own labelled box when the screen is narrow. */
export function dataTable({ caption, head, rows, marked = -1, attrs = {} }) {
  return el("div", { class: "cmp-tablebox", role: "region", "aria-label": caption, tabindex: "0" },
    el("table", { class: "cmp-datatable", ...attrs },
      el("caption", { text: caption }),
      el("thead", {}, el("tr", {}, head.map((h) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, rows.map((cells, i) => el("tr", { class: i === marked ? "cmp-datatable__marked" : null },
        cells.map((c, j) => (j === 0 ? el("th", { scope: "row", text: c }) : el("td", { class: NUMBER.test(c) ? "cmp-num" : null, text: c }))))))));
}
