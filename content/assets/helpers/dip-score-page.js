// Diplomacy variant: the final-score page. A thin layer over dip-score.js: one row per
// power (name and centres), the two readings, and the score table; the state is the
// query string.
import { rulesFromRecords, scoreQuery, scenarioToQuery, formatPoints, READINGS, READING_NAMES, MAX_POWERS } from "./dip-score.js";
import { el, scrollTable, recordLink, syncQuery, showErrors, copyLinkButton, startHelper, verdictSlot, liftVerdict, loadToolRecords } from "../shared/tool-page.js";
import { openingQuery } from "../tools/opening.js";
import { POWER, powerValue, powerParts } from "./dip-score-query.js";
import { readingParam } from "./shared/input.js";
import { openingNote, dropOnChange } from "../tools/opening-note.js";

const PAGE = "calculators/diplomacy-score.md"; // its entry in the game record's tools (opens_on)

const READING_LABELS = { ties: "Powers with equal centres", beyond: "Places below the bonus table" };

function mount(root, data) {
  const { query, opening } = openingQuery(data, PAGE, location.search);
  const rules = rulesFromRecords(data);
  root.replaceChildren();
  const general = el("div", { role: "alert", class: "th-alert", id: "dps-errors" });
  const rowsBox = el("div", { id: "dps-powers" });
  const add = el("button", { type: "button", class: "th-button", id: "dps-add", text: "Add a power" });
  const powers = el("fieldset", { "data-field": POWER }, el("legend", { text: "Supply centres at the end" }),
    el("p", { class: "th-hint", text: "The fragment never lists the powers; its examples name "
      + `${rules.powers.map((p) => p.name).join(", ")}. Rename, add or remove powers to match your map.` }),
    rowsBox, el("div", { class: "th-chips" }, add));
  const selects = Object.entries(READINGS).map(([k, values]) => {
    const sel = el("select", { id: `dps-r-${k}`, "data-field": readingParam(k) },
      values.map((v, i) => el("option", { value: v, text: READING_NAMES[k][v] + (i === 0 ? " (default)" : "") })));
    return { k, sel, row: el("label", { class: "th-row th-row-wide", for: sel.id, "data-field-row": "" }, el("span", { text: READING_LABELS[k] }), sel) };
  });
  const readings = el("fieldset", {}, el("legend", { text: "Readings (the fragment is silent)" }), selects.map((s) => s.row));
  const results = el("div", { class: "th-results", id: "dps-results", "aria-live": "polite" });
  const slot = verdictSlot("dps-verdict-slot");
  const note = openingNote(opening);
  if (note) slot.append(note);
  dropOnChange(root, note);
  root.append(general, slot, el("div", { class: "th-columns" }, powers, readings), results,
    el("div", { class: "th-chips" }, copyLinkButton("Copy link to this score")));

  let rows = [];
  function powerRow(name, centres) {
    const n = rows.length;
    const nameInput = el("input", { type: "text", id: `dps-name-${n}`, "data-field": `n${n}`, autocomplete: "off",
      maxlength: "40", value: name, "aria-label": `Name of power ${n + 1}` });
    const count = el("input", { type: "text", id: `dps-centres-${n}`, "data-field": `p${n}`, inputmode: "numeric",
      autocomplete: "off", class: "th-count", value: centres, placeholder: "0", "aria-label": `Centres of power ${n + 1}` });
    const remove = el("button", { type: "button", class: "th-button", text: "Remove", "aria-label": `Remove power ${n + 1}` });
    const row = el("div", { class: "th-power", "data-field-row": "" }, nameInput, count, remove);
    remove.addEventListener("click", () => {
      rows = rows.filter((r) => r.row !== row);
      update();
    });
    return { row, nameInput, count };
  }
  function setRows(list) {
    rows = [];
    for (const [name, centres] of list) rows.push(powerRow(name, centres));
    rowsBox.replaceChildren(...rows.map((r) => r.row));
  }
  function formQuery() {
    const q = new URLSearchParams();
    for (const r of rows) q.append(POWER, powerValue(r.count.value.trim(), r.nameInput.value));
    for (const s of selects) if (s.sel.value !== READINGS[s.k][0]) q.set(readingParam(s.k), s.sel.value);
    return q;
  }
  function update(query) {
    if (query === undefined) {
      // Renumber after a removal so field ids and messages stay in step with the rows.
      const list = rows.map((r) => [r.nameInput.value, r.count.value]);
      setRows(list);
      query = formQuery();
    }
    const r = scoreQuery(rules, query);
    syncQuery(scenarioToQuery(r.scenario));
    add.disabled = rows.length >= MAX_POWERS;
    showErrors(root, general, r.errors);
    results.replaceChildren(...renderResults(rules, r));
    liftVerdict(results, slot);
    results.dataset.state = r.ok ? (r.solo ? "solo" : r.winner.by) : "error";
  }

  add.addEventListener("click", () => {
    if (rows.length >= MAX_POWERS) return;
    rows.push(powerRow(`Power ${rows.length + 1}`, ""));
    rowsBox.append(rows[rows.length - 1].row);
    update(formQuery());
    rows[rows.length - 1].nameInput.focus();
  });
  root.addEventListener("input", (ev) => { if (ev.target.matches("input")) update(formQuery()); });
  root.addEventListener("change", (ev) => { if (ev.target.matches("select")) update(formQuery()); });

  const q = new URLSearchParams(query);
  const given = q.getAll(POWER).slice(0, MAX_POWERS).map((e) => {
    const parts = powerParts(e);
    return [parts.name, parts.centres];
  });
  setRows(given.length ? given : rules.powers.map((p) => [p.name, ""]));
  for (const s of selects) s.sel.value = READINGS[s.k].includes(q.get(readingParam(s.k))) ? q.get(readingParam(s.k)) : READINGS[s.k][0];
  update(given.length ? query : formQuery());
}

function renderResults(rules, r) {
  if (!r.ok) return [el("p", { class: "th-hint", text: "The score appears once every power has a count." })];
  const out = [el("h2", { id: "dps-score", text: "Final score" })];
  const verdict = r.solo
    ? el("div", { class: "th-verdict th-verdict-yes", id: "dps-verdict" },
      el("p", { text: `${r.solo} has a solo: ${rules.soloPoints} points, every other power ${rules.othersPoints}.` }))
    : r.winner.by === "tie"
      ? el("div", { class: "th-verdict th-verdict-open", id: "dps-verdict" },
        el("p", { text: `${r.winner.names.join(" and ")} share the largest empire. The fragment does not say how such a tie is settled.` }))
      : el("div", { class: "th-verdict th-verdict-yes", id: "dps-verdict" },
        el("p", { text: `${r.winner.names[0]} wins with the largest empire (no solo).` }));
  out.push(verdict);
  const body = r.rows.map((row) => {
    const pts = row.points ? formatPoints(row.points)
      : row.low ? `unknown: ${formatPoints(row.low)} to ${formatPoints(row.high)}` : "unknown";
    return el("tr", { "data-power": row.name },
      el("td", { class: "th-num", text: row.place === null ? "—" : `${row.place}${row.tiedWith ? "=" : ""}` }),
      el("td", { text: row.name }),
      el("td", { class: "th-num", text: String(row.centres) }),
      el("td", { class: row.bonus || r.solo ? "th-num" : "th-num th-unknown", text: r.solo ? "—" : row.bonus ? formatPoints(row.bonus) : "unknown" }),
      el("td", { class: row.points ? "th-num" : "th-num th-unknown", "data-points": "", text: pts }));
  });
  out.push(scrollTable("Final score by power", el("table", { class: "th-table", id: "dps-table" },
    el("thead", {}, el("tr", {}, ["Place", "Power", "Centres", "Bonus", "Points"].map((t) => el("th", { scope: "col", text: t })))),
    el("tbody", {}, body))));
  if (r.open.includes("ties")) {
    out.push(el("p", { class: "th-unknown", id: "dps-open-ties", text: `Tied powers: ${rules.tie.note} Choose a reading above to see one value; `
      + "the range shows every reading offered." }));
  }
  if (r.open.includes("beyond")) {
    out.push(el("p", { class: "th-unknown", id: "dps-open-beyond", text: `The bonus table stops at place ${Math.max(...rules.bonus.keys())}; `
      + "what a lower place scores is not in the fragment." }));
  }
  out.push(el("p", { class: "th-hint" }, "Numbers from ", recordLink(rules.sources.table), ", ", recordLink(rules.sources.soloCentres),
    " and ", recordLink(rules.sources.soloPoints), "."));
  return out;
}

startHelper("dip-score", "score helper", mount, () => loadToolRecords(PAGE));   // its game's records alone
