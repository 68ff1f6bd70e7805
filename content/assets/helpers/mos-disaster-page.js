// Mosaic "What does this disaster take from me?": the page. A thin layer over
// mos-disaster.js: pick a disaster, say what you hold, and see its losses walked in
// order. The state is the query string.
import { rulesFromRecords, walkQuery, scenarioToQuery } from "./mos-disaster.js";
import { el, recordLink, syncQuery, showErrors, copyLinkButton, startHelper, verdictSlot, liftVerdict, loadToolRecords } from "../shared/tool-page.js";
import { openingQuery } from "../tools/opening.js";
import { openingNote, dropOnChange } from "../tools/opening-note.js";

const PAGE = "calculators/mosaic-disasters.md"; // its entry in the game record's tools (opens_on)

function countRow(id, field, label, hint) {
  const input = el("input", { type: "text", id, "data-field": field, inputmode: "numeric", autocomplete: "off",
    class: "th-count", placeholder: "?" });
  return { input, row: el("label", { class: "th-row", for: id, "data-field-row": "" },
    el("span", {}, label, hint ? el("span", { class: "th-hint th-sub", text: hint }) : null), input) };
}

function mount(root, data) {
  const { query, opening } = openingQuery(data, PAGE, location.search);
  const rules = rulesFromRecords(data);
  root.replaceChildren();
  const general = el("div", { role: "alert", class: "th-alert", id: "mds-errors" });
  const select = el("select", { id: "mds-disaster", "data-field": "d" },
    el("option", { value: "", text: "— choose a disaster —" }),
    rules.disasters.map((d) => el("option", { value: d.id, text: d.name })));
  const card = el("div", { id: "mds-card", "aria-live": "polite" });
  const pick = el("fieldset", {}, el("legend", { text: "Disaster" }),
    el("label", { class: "th-row th-row-wide", for: select.id, "data-field-row": "" }, el("span", { text: "Triggered disaster" }), select), card);

  // Does it strike you? Counts for a named trigger, a yes/no question for an unnamed icon.
  const mine = countRow("mds-mine", "mine", "Yours", null);
  const others = countRow("mds-others", "others", "Among the other players", null);
  const counted = el("div", { id: "mds-counted" }, el("p", { class: "th-hint", id: "mds-counted-what" }), mine.row, others.row);
  const yes = el("input", { type: "radio", name: "mds-struck", id: "mds-struck-yes", value: "yes", "data-field": "struck" });
  const no = el("input", { type: "radio", name: "mds-struck", id: "mds-struck-no", value: "no" });
  const asked = el("div", { id: "mds-asked", role: "group", "aria-labelledby": "mds-asked-q" },
    el("p", { id: "mds-asked-q", text: "The card shows an icon the rulebook does not name, so the helper cannot tell who it strikes. "
      + "Look at the printed card: are you among the players it strikes?" }),
    el("label", { class: "th-check", for: yes.id }, yes, el("span", { text: "Yes, it strikes me" })),
    el("label", { class: "th-check", for: no.id }, no, el("span", { text: "No" })));
  const guards = rules.protections.map((p) => {
    const box = el("input", { type: "checkbox", id: `mds-avoid-${p.id}`, "data-avoid": p.id });
    const text = p.kind === "always" ? `I own the ${p.name} (no disaster affects its owner)` : `I spend ${p.name} on this disaster`;
    return { p, box, row: el("label", { class: "th-check", for: box.id, "data-field-row": "" }, box, el("span", { text })) };
  });
  const strike = el("fieldset", { "data-field": "avoid" }, el("legend", { text: "Does it strike you?" }), counted, asked, guards.map((g) => g.row));

  const holdRows = rules.holdings.map((h) => {
    const part = h.partOf ? rules.holdings.find((x) => x.key === h.partOf) : null;
    return { h, ...countRow(`mds-h-${h.key}`, `h.${h.key}`, h.name, part ? `also a ${part.name}` : null) };
  });
  const holdBox = el("div", { class: "th-grid", id: "mds-holdings" }, holdRows.map((r) => r.row));
  const hold = el("fieldset", {}, el("legend", { text: "What you hold" }),
    el("p", { class: "th-hint", text: "Only what this disaster can take. Leave a field empty if you do not know yet." }), holdBox);
  const results = el("div", { class: "th-results", id: "mds-results", "aria-live": "polite" });
  const slot = verdictSlot("mds-verdict-slot");
  const note = openingNote(opening);
  if (note) slot.append(note);
  dropOnChange(root, note);
  root.append(general, slot, el("div", { class: "th-columns" }, pick, strike), hold, results,
    el("div", { class: "th-chips" }, copyLinkButton("Copy link to this disaster")));

  function formQuery() {
    const q = new URLSearchParams();
    if (select.value) q.set("d", select.value);
    for (const r of holdRows) if (r.input.value.trim() !== "") q.set(`h.${r.h.key}`, r.input.value.trim());
    if (mine.input.value.trim() !== "") q.set("mine", mine.input.value.trim());
    if (others.input.value.trim() !== "") q.set("others", others.input.value.trim());
    if (yes.checked) q.set("struck", "yes");
    if (no.checked) q.set("struck", "no");
    for (const g of guards) if (g.box.checked) q.append("avoid", g.p.id);
    return q;
  }
  function fillForm(query) {
    const q = new URLSearchParams(query);
    select.value = rules.disasters.some((d) => d.id === q.get("d")) ? q.get("d") : "";
    for (const r of holdRows) r.input.value = q.get(`h.${r.h.key}`) || "";
    mine.input.value = q.get("mine") || "";
    others.input.value = q.get("others") || "";
    yes.checked = q.get("struck") === "yes";
    no.checked = q.get("struck") === "no";
    const avoid = q.getAll("avoid");
    for (const g of guards) g.box.checked = avoid.includes(g.p.id);
  }
  function update(query) {
    const r = walkQuery(rules, query);
    syncQuery(scenarioToQuery(rules, r.scenario));
    const d = rules.disasters.find((x) => x.id === r.scenario.disaster);
    const whom = d && d.affects === "unknown"
      ? "whom it strikes is not given by the source (the card shows an icon the rulebook does not name)"
      : d && d.affects;
    card.replaceChildren(...(d ? [el("p", {}, recordLink(d), `: ${whom}.`),
      el("ol", {}, d.payments.map((p) => el("li", { text: p.text })))] : []));
    counted.hidden = !d || d.of === null;
    asked.hidden = !d || d.of !== null;
    if (d && d.of !== null) {
      mine.row.firstChild.firstChild.textContent = `Your ${d.of}`;
      others.row.firstChild.firstChild.textContent = `${d.compare === "fewest" ? "Fewest" : "Most"} among the other players`;
      counted.firstChild.textContent = `It strikes the player(s) with the ${d.compare} ${d.of}, ties included.`;
    }
    const shown = new Set(d ? d.payments.map((p) => p.key) : []);
    for (const row of holdRows) row.row.hidden = !shown.has(row.h.key) && !row.input.value.trim();
    // A first visit with no disaster chosen is not an error: the form simply waits.
    const chosen = new URLSearchParams(query).get("d") !== null;
    showErrors(root, general, chosen ? r.errors : r.errors.filter((e) => e.field !== "d"));
    results.replaceChildren(...renderResults(rules, r));
    liftVerdict(results, slot);
    results.dataset.state = r.ok ? (r.lost ? "loses" : r.undecided ? "undecided" : "nothing") : "error";
  }
  root.addEventListener("input", (ev) => { if (ev.target.matches("input[type=text]")) update(formQuery()); });
  root.addEventListener("change", (ev) => { if (ev.target.matches("select, input[type=checkbox], input[type=radio]")) update(formQuery()); });
  fillForm(query);
  update(query);
}

function renderResults(rules, r) {
  if (!r.ok) return [el("p", { class: "th-hint", text: r.scenario.disaster ? "Correct the values marked above." : "Choose a disaster to see what it takes." })];
  const out = [el("h2", { id: "mds-outcome", text: "What you lose" })];
  const s = r.strike;
  const lostText = r.lost ? `${r.lost.text}${r.lost.random ? " (drawn at random)" : ""}` : null;
  let verdict;
  if (s.status === "protected") verdict = ["th-verdict-yes", `Nothing: ${s.by} protects you from this disaster.`];
  else if (s.status === "spared") verdict = ["th-verdict-yes", "Nothing: this disaster does not strike you."];
  else if (r.undecided) verdict = ["th-verdict-open", `Enter how many ${r.pending} you hold to see which loss you pay.`];
  else if (r.nothing) verdict = ["th-verdict-yes", "Nothing: you cannot pay any of its losses, so you pay nothing."];
  else verdict = ["th-verdict-no", `${s.status === "ask" ? "If it strikes you: " : ""}you lose ${lostText}.`];
  out.push(el("div", { class: `th-verdict ${verdict[0]}`, id: "mds-verdict" }, el("p", { text: verdict[1] })));
  if (s.status === "ask") {
    out.push(el("p", { class: "th-hint", id: "mds-ask", text: s.how === "icon"
      ? "Whether it strikes you depends on the card's icon: answer the question above."
      : "Enter your count and the other players' to check whether it strikes you." }));
  }
  if (s.status === "struck" && s.tie) out.push(el("p", { text: "You tie with another player; the card strikes every player tied." }));
  const steps = r.walk.map((w) => {
    const held = w.held === null ? "not entered" : `you hold ${w.held}`;
    const verdictText = !w.reached ? "not reached" : w.paid ? "you pay this" : w.canPay === false ? "cannot pay, next" : "?";
    return el("li", { "data-step": w.step, "data-paid": String(w.paid) },
      el("span", { text: `${w.text} (${held}): ` }), el("strong", { text: verdictText }));
  });
  out.push(el("ol", { class: "th-sets", id: "mds-walk" }, steps));
  out.push(el("p", { class: "th-hint" }, "A lost Town, City or Wonder is one you choose from the board; see ",
    recordLink(rules.sources.rule), "."));
  return out;
}

startHelper("mos-disaster", "disaster helper", mount, () => loadToolRecords(PAGE));   // its game's records alone
