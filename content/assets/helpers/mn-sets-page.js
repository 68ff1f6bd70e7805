// Mare Nostrum "What can I build with this hand?": the page. A thin layer over
// mn-sets/index.js: it builds the form from the rules, turns the form into the same query
// string the address bar holds, and shows what the engine returns.
import { rulesFromRecords, scenarioFromQuery, scenarioToQuery, analyse, READINGS } from "./mn-sets/index.js";
import { el, scrollTable, syncQuery, showErrors, copyLinkButton, startHelper, verdictSlot, liftVerdict, loadToolRecords } from "../shared/tool-page.js";
import { openingQuery } from "../tools/opening.js";
import { countWith } from "../shared/count-words.js";
import { openingNote, dropOnChange } from "../tools/opening-note.js";
import { readingParam } from "./shared/input.js";

const PAGE = "calculators/mare-nostrum-sets.md"; // its entry in the game record's tools (opens_on)

const READING_TEXT = {
  reductions: ["Cost reductions", { "per-item": "each item takes its single best reduction",
    "one-card": "one card's reduction for the whole turn" }],
  sets: ["One set, several items?", { one: "each set pays for one item", several: "one set may pay for several items" }],
  exchange: ["Cleopatra's exchange", { "either-way": "either way; you pick the commodity", "to-tax": "only a commodity for a tax card" }],
};
const PLACE_TEXT = { island: "I build on an island this turn", "new-province": "I build in a province I mark this turn" };

function countInput(id, field, label, max) {
  const input = el("input", { type: "text", id, "data-field": field, inputmode: "numeric", autocomplete: "off",
    class: "th-count", "aria-label": label, placeholder: "0" });
  const hint = max ? el("span", { class: "th-hint th-sub", text: `max ${max}` }) : null;
  return { input, row: el("label", { class: "th-row", for: id, "data-field-row": "" }, el("span", {}, label, hint), input) };
}

function mount(root, data) {
  const { query, opening } = openingQuery(data, PAGE, location.search);
  const rules = rulesFromRecords(data);
  root.replaceChildren();
  const general = el("div", { role: "alert", class: "th-alert", id: "mns-errors" });
  const results = el("div", { class: "th-results", id: "mns-results", "aria-live": "polite" });

  const tax = countInput("mns-tax", "tax", rules.tax.name, null);
  const kinds = rules.kinds.map((k) => ({ key: k.key, ...countInput(`mns-h-${k.key}`, `h.${k.key}`, k.name, null) }));
  const hand = el("fieldset", { id: "mns-hand" }, el("legend", { text: "Your hand" }),
    el("p", { class: "th-hint", text: "How many of each card you hold." }),
    el("div", { class: "th-grid" }, tax.row, kinds.map((k) => k.row)));

  const buys = rules.options.map((o) => ({ key: o.key, ...countInput(`mns-b-${o.key}`, `b.${o.key}`, o.label, o.max) }));
  const list = el("fieldset", { id: "mns-buy" }, el("legend", { text: "Shopping list (optional)" }),
    el("p", { class: "th-hint", text: "What you want to build this turn; leave it empty to see what the hand can buy." }),
    el("div", { class: "th-grid" }, buys.map((b) => b.row)));

  const cardButtons = rules.effects.map((e) => el("button", { type: "button", class: "th-chip", "aria-pressed": "false",
    id: `mns-hold-${e.id}`, "data-hold": e.id, text: e.name }));
  const places = Object.entries(PLACE_TEXT).map(([p, text]) => {
    const box = el("input", { type: "checkbox", id: `mns-at-${p}`, "data-at": p });
    return { p, box, row: el("label", { class: "th-check", for: box.id }, box, el("span", { text })) };
  });
  const placeBox = el("div", { id: "mns-places" }, places.map((x) => x.row));
  const held = el("fieldset", { id: "mns-held" }, el("legend", { text: "Heroes and wonders you hold" }),
    el("p", { class: "th-hint", text: "Only the cards that change what a purchase costs or which cards you keep." }),
    el("div", { class: "th-chips", "data-field": "hold", id: "mns-hold" }, cardButtons), placeBox);

  const longer = el("input", { type: "checkbox", id: "mns-longer", "data-field": "longer" });
  const readingSelects = Object.entries(READINGS).map(([k, values]) => {
    const sel = el("select", { id: `mns-r-${k}`, "data-field": readingParam(k) },
      values.map((v, i) => el("option", { value: v, text: READING_TEXT[k][1][v] + (i === 0 ? " (default)" : "") })));
    return { k, sel, row: el("label", { class: "th-row th-row-wide", for: sel.id, "data-field-row": "" }, el("span", { text: READING_TEXT[k][0] }), sel) };
  });
  const readings = el("fieldset", { id: "mns-readings" }, el("legend", { text: "Readings and variant" }),
    el("p", { class: "th-hint", text: "Where the manual is open to two readings; the page below explains each." }),
    readingSelects.map((r) => r.row),
    el("label", { class: "th-check", for: longer.id, "data-field-row": "" }, longer,
      el("span", { text: `Longer game (the Pyramids cost ${rules.longer.cost})` })));

  const slot = verdictSlot("mns-verdict-slot");
  const note = openingNote(opening);
  if (note) slot.append(note);
  dropOnChange(root, note);
  root.append(general, slot, el("div", { class: "th-columns" }, hand, held), list, results, readings,
    el("div", { class: "th-chips" }, copyLinkButton("Copy link to this hand")));

  // The form and the address bar speak the same language: a query string.
  function formQuery() {
    const q = new URLSearchParams();
    const put = (key, input) => { if (input.value.trim() !== "") q.set(key, input.value.trim()); };
    put("tax", tax.input);
    for (const k of kinds) put(`h.${k.key}`, k.input);
    for (const b of buys) put(`b.${b.key}`, b.input);
    for (const btn of cardButtons) if (btn.getAttribute("aria-pressed") === "true") q.append("hold", btn.dataset.hold);
    for (const x of places) if (x.box.checked) q.append("at", x.p);
    if (longer.checked) q.set("longer", "1");
    for (const r of readingSelects) if (r.sel.value !== READINGS[r.k][0]) q.set(readingParam(r.k), r.sel.value);
    return q;
  }

  function fillForm(query) {
    const q = new URLSearchParams(query);
    tax.input.value = q.get("tax") || "";
    for (const k of kinds) k.input.value = q.get(`h.${k.key}`) || "";
    for (const b of buys) b.input.value = q.get(`b.${b.key}`) || "";
    const hold = q.getAll("hold");
    for (const btn of cardButtons) btn.setAttribute("aria-pressed", String(hold.includes(btn.dataset.hold)));
    const at = q.getAll("at");
    for (const x of places) x.box.checked = at.includes(x.p);
    longer.checked = q.get("longer") === "1";
    for (const r of readingSelects) r.sel.value = READINGS[r.k].includes(q.get(readingParam(r.k))) ? q.get(readingParam(r.k)) : READINGS[r.k][0];
  }

  function update(query) {
    const { scenario, errors } = scenarioFromQuery(rules, query);
    syncQuery(scenarioToQuery(rules, scenario));
    showErrors(root, general, errors);
    placeBox.hidden = !rules.effects.some((e) => e.where && scenario.held.includes(e.id));
    const a = analyse(rules, scenario);
    results.replaceChildren(...renderResults(rules, a));
    liftVerdict(results, slot);
    results.dataset.state = a.purchase ? (a.purchase.ok ? "can" : "cannot") : "hand";
  }

  root.addEventListener("input", (ev) => { if (ev.target.matches("input, select")) update(formQuery()); });
  root.addEventListener("change", (ev) => { if (ev.target.matches("select, input[type=checkbox]")) update(formQuery()); });
  held.addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-hold]");
    if (!b) return;
    b.setAttribute("aria-pressed", String(b.getAttribute("aria-pressed") !== "true"));
    update(formQuery());
  });
  fillForm(query);
  update(query);
}

function cardList(cards) {
  return cards.map((c) => (c.count > 1 ? `${c.name} ×${c.count}` : c.name)).join(", ");
}

function renderResults(rules, a) {
  const out = [];
  const cap = a.capacity;
  out.push(el("h2", { id: "mns-what-it-buys", text: "What this hand can buy" }));
  out.push(el("p", { id: "mns-largest", text: `${cap.cards} cards. Largest set: ${cap.largest.tax} ${rules.tax.name.toLowerCase()}s, `
    + `or ${cap.largest.commodity} different commodities.` }));
  const rows = cap.sizes.map((s) => el("tr", { "data-size": s.size },
    el("td", { class: "th-num", text: String(s.size) }),
    el("td", { class: "th-num", "data-sets": "", text: String(s.sets) }),
    el("td", { text: s.sets ? `${s.tax} of tax, ${s.commodity} of commodities` : "none" }),
    el("td", { text: s.buys.map((b) => b.label + (b.by ? ` (${b.by})` : "")).join(", ") })));
  out.push(scrollTable("What each set size buys", el("table", { class: "th-table", id: "mns-sizes" },
    el("thead", {}, el("tr", {}, ["Set of", "Sets at once", "Made of", "Each buys one of"].map((t) => el("th", { scope: "col", text: t })))),
    el("tbody", {}, rows))));
  if (cap.special) {
    out.push(el("p", { text: `${cap.special.by}: ${cap.special.cost} ${cap.special.paidWith} card pays for one ${cap.special.items.join(" or ")}`
      + ` (${cap.special.perRound} per round); you hold ${cap.special.available}.` }));
  }
  out.push(el("p", { class: "th-hint", text: `Sets of several sizes at once share the same cards: the table counts each size on its own. `
    + `When the phase ends you may keep ${a.keepTax} tax cards; unused commodities are discarded.` }));

  if (!a.purchase) return out;
  const p = a.purchase;
  out.push(el("h2", { id: "mns-purchase", text: "Your shopping list" }));
  if (!p.ok) {
    const box = el("div", { class: "th-verdict th-verdict-no", id: "mns-verdict" }, el("p", { text: "This hand cannot pay for the whole list." }));
    if (p.reason === "cards") box.append(el("p", { text: `The list needs ${countWith(p.need, "cards")}; the hand has ${p.held}.` }));
    else if (p.reason === "too-long") box.append(el("p", { text: "The list is too long to check; split it into smaller lists." }));
    else {
      const largest = Math.max(cap.largest.tax, cap.largest.commodity);
      box.append(el("p", { text: `No split of the cards into tax sets and sets of different commodities pays for every item`
        + ` (your largest set is ${countWith(largest, "cards")}).` }));
    }
    out.push(box);
    return out;
  }
  out.push(el("div", { class: "th-verdict th-verdict-yes", id: "mns-verdict" }, el("p", { text: "Yes: this hand pays for the whole list." })));
  if (p.cardUsed !== undefined) out.push(el("p", { text: p.cardUsed ? `Reduction used this turn: ${p.cardUsed}.` : "No reduction card is needed." }));
  if (p.exchange.length) out.push(el("p", { text: `First exchange with the bank: ${p.exchange.map((x) => `1 ${x.give} for 1 ${x.get}`).join("; ")}.` }));
  out.push(el("ol", { class: "th-sets", id: "mns-sets" }, p.sets.map((s) => el("li", { "data-type": s.type },
    el("strong", { text: `${cardList(s.cards)}` }),
    ` → ${s.pays.map((x) => x.label + (x.by ? ` (${x.cost} instead of ${x.base}, ${x.by})` : "")).join(", ")}`))));
  const keep = [];
  keep.push(p.keep.tax ? `${p.keep.tax} tax card${p.keep.tax > 1 ? "s" : ""}` : "no tax card");
  if (p.keep.commodities) keep.push(`${p.keep.commodities} of: ${cardList(p.keep.leftoverCommodities)}`);
  out.push(el("p", { id: "mns-keep", text: `Keep for next turn: ${keep.join("; ")}.`
    + (p.discard.tax || p.discard.commodities ? ` Discard ${p.discard.tax} tax and ${p.discard.commodities} commodity cards.` : "") }));
  return out;
}

startHelper("mn-sets", "sets helper", mount, () => loadToolRecords(PAGE));   // its game's records alone
