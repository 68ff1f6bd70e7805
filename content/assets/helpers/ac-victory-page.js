// Ancient Conquest "Who wins?": the page. A thin layer over ac-victory.js: each group's
// peoples and their objectives as check boxes, the optional points, and the final count.
// The state is the query string.
import { rulesFromRecords, countQuery, scenarioToQuery, READINGS, CITY_RULES } from "./ac-victory.js";
import { el, scrollTable, recordLink, syncQuery, showErrors, copyLinkButton, startHelper, verdictSlot, liftVerdict, loadToolRecords } from "../shared/tool-page.js";
import { openingQuery } from "../tools/opening.js";
import { countWith } from "../shared/count-words.js";
import { openingNote, dropOnChange } from "../tools/opening-note.js";
import { P, PAIR } from "./ac-victory-query.js";
import { readingParam } from "./shared/input.js";

const PAGE = "calculators/ancient-conquest-victory.md"; // its entry in the game record's tools (opens_on)

const READING_TEXT = {
  measure: ["The winner has", { points: "the most victory points", objectives: "the most objectives achieved" }],
  deities: ["Deity counters that score", { captured: "captured ones", all: "every counter held, own included" }],
};
const CITY_TEXT = { none: "no city points", "rule-8": "section 8: each fortified city conquered", table: "Table of City Differences (optional rule 14)" };

function countRow(id, field, label) {
  const input = el("input", { type: "text", id, "data-field": field, inputmode: "numeric", autocomplete: "off", class: "th-count", placeholder: "0" });
  return { input, row: el("label", { class: "th-row", for: id, "data-field-row": "" }, el("span", { text: label }), input) };
}

function mount(root, data) {
  const { query, opening } = openingQuery(data, PAGE, location.search);
  const rules = rulesFromRecords(data);
  root.replaceChildren();
  const general = el("div", { role: "alert", class: "th-alert", id: "acv-errors" });
  const boxes = [];
  const extras = {};
  const groupSets = rules.groups.map((g) => {
    const peoples = rules.peoples.filter((p) => p.group === g).map((p) => {
      const items = p.objectives.map((o) => {
        const key = `${p.key}.${o.n}`;
        const box = el("input", { type: "checkbox", id: `acv-o-${key.replace(".", "-")}`, "data-objective": key });
        boxes.push(box);
        const vp = o.vp === null ? "VP unknown" : `${o.vp} VP${o.extra !== null ? `, +${o.extra} with ${o.extraRule.name}` : ""}`;
        // Play along's verdict "missed" is shown beside the box, which stays the player's to tick.
        const missed = el("span", { class: "th-hint acv-missed", "data-missed": key, text: " · missed at the table", hidden: true });
        return el("label", { class: "th-check th-objective", for: box.id }, box, el("span", { text: `${o.n}. ${o.text} (${vp})` }), missed);
      });
      const tally = el("span", { class: "th-hint", "data-tally": p.key });
      return el("details", { class: "th-people" }, el("summary", {}, el("span", { text: p.name }), " ", tally), items);
    });
    const deities = countRow(`acv-g${g}-deities`, P.count(g, "deities"), "Captured deity counters");
    const own = countRow(`acv-g${g}-own`, P.count(g, "own"), "Own deity counters held");
    const fortified = countRow(`acv-g${g}-fortified`, P.count(g, "fortified"), "Fortified cities conquered");
    const types = rules.cityTypes.map((t) => ({ t, ...countRow(`acv-g${g}-${t.key}`, P.count(g, t.key), `${t.name}, conquered (${t.vp} VP each)`) }));
    extras[g] = { deities, own, fortified, types };
    return el("fieldset", { id: `acv-group-${g}` }, el("legend", { "data-group-name": String(g), text: `Group ${g}` }), peoples,
      deities.row, own.row, fortified.row, types.map((x) => x.row));
  });

  const optBoxes = rules.optional.map((o) => {
    const box = el("input", { type: "checkbox", id: `acv-opt-${o.id}`, "data-opt": o.id });
    return { o, box, row: el("label", { class: "th-check", for: box.id }, box, el("span", {}, "Optional rule played: ", recordLink(o))) };
  });
  const citySel = el("select", { id: "acv-cities", "data-field": P.cities },
    CITY_RULES.map((c, i) => el("option", { value: c, text: CITY_TEXT[c] + (i === 0 ? " (default)" : "") })));
  const pairSel = PAIR.map((place, i) => {
    const sel = el("select", { id: `acv-${place}`, "data-field": place },
      el("option", { value: "", text: "no group" }), rules.groups.map((g) => el("option", { value: String(g), text: `Group ${g}` })));
    return { place, sel, row: el("label", { class: "th-row th-row-wide", for: sel.id, "data-field-row": "" },
      el("span", { text: `${rules.pair.places[i].name} conquered by` }), sel) };
  });
  const readingSel = Object.entries(READINGS).map(([k, values]) => {
    const sel = el("select", { id: `acv-r-${k}`, "data-field": readingParam(k) },
      values.map((v, i) => el("option", { value: v, text: READING_TEXT[k][1][v] + (i === 0 ? " (default)" : "") })));
    return { k, sel, row: el("label", { class: "th-row th-row-wide", for: sel.id, "data-field-row": "" }, el("span", { text: READING_TEXT[k][0] }), sel) };
  });
  const settings = el("fieldset", { id: "acv-settings" }, el("legend", { text: "Rules in play and readings" }),
    optBoxes.map((x) => x.row),
    el("label", { class: "th-row th-row-wide", for: citySel.id, "data-field-row": "" }, el("span", { text: "City points" }), citySel),
    el("div", { id: "acv-pair" }, pairSel.map((x) => x.row)),
    readingSel.map((x) => x.row));
  const results = el("div", { class: "th-results", id: "acv-results", "aria-live": "polite" });
  const slot = verdictSlot("acv-verdict-slot");
  const note = openingNote(opening);
  if (note) slot.append(note);
  dropOnChange(root, note);
  // Clear empties the count (objectives ticked, counters, cities) in place; the rules in play,
  // the readings, who plays each group and the table's verdicts stay.
  const clear = el("button", { type: "button", class: "th-button", id: "acv-clear", text: "Clear the count" });
  root.append(general, slot, settings, el("div", { class: "th-columns" }, groupSets), results,
    el("div", { class: "th-chips" }, clear, copyLinkButton("Copy link to this count")));

  // What the table brought (play along's link): who plays each group, the objectives judged missed.
  let fromTable = { players: {}, missed: [] };
  function formQuery() {
    const q = new URLSearchParams();
    for (const b of boxes) if (b.checked) q.append(P.achieved, b.dataset.objective);
    for (const b of boxes) if (!b.checked && fromTable.missed.includes(b.dataset.objective)) q.append(P.missed, b.dataset.objective);
    for (const g of rules.groups) {
      if (fromTable.players[g]) q.set(P.player(g), fromTable.players[g]);
      const x = extras[g];
      for (const r of counts(x)) if (r.input.value.trim() !== "") q.set(r.input.dataset.field, r.input.value.trim());
    }
    for (const p of pairSel) if (p.sel.value) q.set(p.place, p.sel.value);
    for (const o of optBoxes) if (o.box.checked) q.append(P.optional, o.o.id);
    if (citySel.value !== CITY_RULES[0]) q.set(P.cities, citySel.value);
    for (const r of readingSel) if (r.sel.value !== READINGS[r.k][0]) q.set(readingParam(r.k), r.sel.value);
    return q;
  }
  function fillForm(query) {
    const q = new URLSearchParams(query);
    fromTable = { players: Object.fromEntries(rules.groups.map((g) => [g, q.get(P.player(g))]).filter(([, v]) => v)), missed: q.getAll(P.missed) };
    const achieved = q.getAll(P.achieved);
    for (const b of boxes) b.checked = achieved.includes(b.dataset.objective);
    for (const g of rules.groups) {
      const x = extras[g];
      for (const r of counts(x)) r.input.value = q.get(r.input.dataset.field) || "";
    }
    for (const p of pairSel) p.sel.value = rules.groups.map(String).includes(q.get(p.place)) ? q.get(p.place) : "";
    const opts = q.getAll(P.optional);
    for (const o of optBoxes) o.box.checked = opts.includes(o.o.id);
    citySel.value = CITY_RULES.includes(q.get(P.cities)) ? q.get(P.cities) : CITY_RULES[0];
    for (const r of readingSel) r.sel.value = READINGS[r.k].includes(q.get(readingParam(r.k))) ? q.get(readingParam(r.k)) : READINGS[r.k][0];
    // Open the peoples that have an objective ticked, so a shared link shows what counts.
    for (const d of root.querySelectorAll("details.th-people")) d.open = [...d.querySelectorAll("input:checked")].length > 0;
  }
  function update(query) {
    const r = countQuery(rules, query);
    syncQuery(scenarioToQuery(rules, r.scenario));
    const s = r.scenario;
    for (const g of rules.groups) {
      const x = extras[g];
      x.own.row.hidden = s.readings.deities !== "all";
      x.fortified.row.hidden = s.cities !== "rule-8";
      for (const t of x.types) t.row.hidden = s.cities !== "table";
    }
    root.querySelector("#acv-pair").hidden = s.cities !== "table";
    showErrors(root, general, r.errors);
    for (const g of rules.groups) root.querySelector(`[data-group-name="${g}"]`).textContent = groupName(g, s.groups[g].player);
    for (const m of root.querySelectorAll("[data-missed]")) m.hidden = !s.missed.includes(m.dataset.missed);
    if (r.ok) {
      for (const grp of r.groups) for (const p of grp.peoples) {
        const tally = root.querySelector(`[data-tally="${p.id.replace(/^ac-/, "")}"]`);
        if (tally) tally.textContent = p.count ? `${p.count} achieved, ${p.points} VP` : "";
      }
    }
    results.replaceChildren(...renderResults(rules, r));
    liftVerdict(results, slot);
    results.dataset.state = r.ok ? (r.winner.tie ? "tie" : "winner") : "error";
  }
  clear.addEventListener("click", () => {
    for (const b of boxes) b.checked = false;
    for (const g of rules.groups) {
      const x = extras[g];
      for (const r of counts(x)) r.input.value = "";
    }
    for (const p of pairSel) p.sel.value = "";
    const q = formQuery().toString();
    fillForm(q);
    update(q);
  });
  root.addEventListener("input", (ev) => { if (ev.target.matches("input[type=text]")) update(formQuery()); });
  root.addEventListener("change", (ev) => { if (ev.target.matches("select, input[type=checkbox]")) update(formQuery()); });
  fillForm(query);
  update(query);
}

/** A group's count rows: captured and own deity counters, fortified cities, each city type. */
function counts(x) {
  return [x.deities, x.own, x.fortified, ...x.types];
}

/** "Group 2", or "Group 2 (player 1)" when the table said who plays it. */
function groupName(g, player) {
  return Number.isInteger(player) ? `Group ${g} (player ${player})` : `Group ${g}`;
}

function renderResults(rules, r) {
  if (!r.ok) return [el("p", { class: "th-hint", text: "Correct the values marked above to see the count." })];
  const out = [el("h2", { id: "acv-count", text: `Final count after turn ${rules.lastTurn}` })];
  const by = (n) => (r.measure === "points" ? countWith(n, "victory points") : `${countWith(n, "objectives")} achieved`);
  const names = r.winner.groups.map((g) => groupName(g, r.groups.find((x) => x.group === g).player)).join(" and ");
  out.push(r.winner.tie
    ? el("div", { class: "th-verdict th-verdict-open", id: "acv-verdict" },
      el("p", { text: `${names} tie with ${by(r.winner.value)}. The rules do not say how a tie is broken.` }))
    : el("div", { class: "th-verdict th-verdict-yes", id: "acv-verdict" },
      el("p", { text: `${names} wins with ${by(r.winner.value)}.` })));
  const rows = r.groups.map((g) => el("tr", { "data-group": g.group },
    el("th", { scope: "row", text: Number.isInteger(g.player) ? `${g.group} (player ${g.player})` : String(g.group) }),
    el("td", { class: "th-num", text: String(g.count) }),
    el("td", { class: "th-num", text: String(g.objectives) }),
    el("td", { class: "th-num", text: String(g.cities) }),
    el("td", { class: "th-num", text: String(g.deities) }),
    el("td", { class: "th-num", "data-total": "", text: String(g.total) })));
  out.push(scrollTable("Final count by group", el("table", { class: "th-table", id: "acv-table" },
    el("thead", {}, el("tr", {}, ["Group", "Objectives", "VP", "Cities", "Deities", "Total"].map((t) => el("th", { scope: "col", text: t })))),
    el("tbody", {}, rows))));
  const details = r.groups.flatMap((g) => g.cityLines.map((l) => `Group ${g.group}: ${l}`));
  if (details.length) out.push(el("p", { class: "th-hint", text: `City points: ${details.join("; ")}.` }));
  if (r.unknown) out.push(el("p", { class: "th-unknown", text: "An objective ticked has no victory-point value in the source; it counts 0 here." }));
  out.push(el("p", { class: "th-hint" }, "Rules: ", recordLink(rules.sources.whoWins), ", ", recordLink(rules.sources.lastTurn), "."));
  return out;
}

startHelper("ac-victory", "victory helper", mount, () => loadToolRecords(PAGE));   // its game's records alone
