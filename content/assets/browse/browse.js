// The card browser (content/browse.md): every record of every game, read from its cut of the
// JSON export (api/browse.json: each record with only the fields read here, generator/export/
// records.py BROWSE_FIELDS, among them the derived kind_label, ruling_count, has_rulings,
// has_unknowns and ages), filtered and sorted in memory.
// Filters live in the page address (?game=...&kind=...&sort=...). With a table set on Play along
// (content/assets/play/stored-table.js), a chip "In play at my table" (?table=1, in:table as a
// search) keeps the records in play there.
import { siteHref } from "../shared/dom.js";
import { onEveryPage, whenParsed } from "../shared/on-page.js";
import { readStoredTable } from "../play/stored-table.js";
import { loadBrowseRecords } from "../shared/load-records.js";
import { facetsAsQuery, queryAsFacets, searchedText } from "./as-query.js";
import { plainQuery } from "../shared/plain-text.js";
import { replaceRefs } from "../shared/refs.js";

const ROOT = new URL("../../", import.meta.url);

const SORTS = {
  name: ["Name, A to Z", (a, b) => cmpText(a.sortName, b.sortName)],
  game: ["Game, then kind", (a, b) => cmpText(a.gameName, b.gameName) || cmpText(a.rec.kind_label, b.rec.kind_label) || cmpText(a.sortName, b.sortName)],
  kind: ["Kind, then name", (a, b) => cmpText(a.rec.kind_label, b.rec.kind_label) || cmpText(a.sortName, b.sortName)],
  "cost-asc": ["Cost, lowest first", (a, b) => cmpNum(a.costAmount, b.costAmount, 1) || cmpText(a.sortName, b.sortName)],
  "cost-desc": ["Cost, highest first", (a, b) => cmpNum(a.costAmount, b.costAmount, -1) || cmpText(a.sortName, b.sortName)],
  rulings: ["Most rulings first", (a, b) => b.rec.ruling_count - a.rec.ruling_count || cmpText(a.sortName, b.sortName)],
};
// Select filters: URL key, label, value(s) of an entry.
const SELECTS = [
  ["game", "Game", (e) => [e.rec.game]],
  ["kind", "Kind", (e) => [e.rec.kind]],
  ["cost", "Cost", (e) => (e.costLabel ? [e.costLabel] : [])],
  ["age", "Age", (e) => e.rec.ages || []],
  ["pantheon", "Pantheon", (e) => (e.rec.pantheon ? [e.rec.pantheon] : [])],
  ["phase", "Phase", (e) => (e.rec.phase ? [e.rec.phase] : [])],
];
const CHECKS = [
  ["rulings", "Has rulings", (e) => e.rec.has_rulings],
  ["unknowns", "Has unknowns (the source is unclear)", (e) => e.rec.has_unknowns],
];
const TABLE_LABEL = "In play at my table";
const NO_TABLE = "No table is set on this device: set one on Play along.";
const FIRST_SHOWN = 40;    // more than a tall screen's entries
const MORE_SHOWN = 150;

/** The checks this device offers: the table's chip only when a table is stored. */
function checksFor(stored) {
  if (!stored.table) return CHECKS;
  const ids = new Set(stored.table.inPlay.map((item) => item.id));
  return [...CHECKS, ["table", TABLE_LABEL, (e) => ids.has(e.rec.id)]];
}

function fold(text) {
  return String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}
function cmpText(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function cmpNum(a, b, dir) {
  const an = typeof a === "number", bn = typeof b === "number";
  if (an && bn) return (a - b) * dir;
  return an ? -1 : bn ? 1 : 0; // entries without a numeric cost go last
}
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "dataset") Object.assign(node.dataset, v);
    else if (k.includes("-")) node.setAttribute(k, v);
    else node[k] = v;
  }
  node.append(...children);
  return node;
}

function costLabel(cost) {
  if (!cost || typeof cost !== "object" || !("amount" in cost)) return "";
  return [cost.amount, cost.unit].filter((x) => x !== undefined && x !== "").join(" ");
}

function entries(data) {
  const games = {};
  const names = new Map(data.records.map((r) => [r.id, r.name || r.question || r.id]));
  // A reference to another record inside text reads as its words or the record's name.
  const shown = (text) => replaceRefs(String(text), (id, words) => words || names.get(id) || id);
  for (const r of data.records) if (r.kind === "game") games[r.game] = r.short || r.name;
  return data.records.map((rec) => {
    const name = shown(rec.name || rec.question || rec.id);
    const summary = rec.summary ? shown(rec.summary) : "";
    const entry = {
      rec, name, summary, sortName: fold(name), gameName: games[rec.game] || rec.game,
      costLabel: costLabel(rec.cost),
      costAmount: rec.cost && typeof rec.cost.amount === "number" ? rec.cost.amount : null,
      haystack: fold([name, ...(rec.aliases || []), summary, rec.id].join(" ")),
    };
    let node = null;   // made when first shown: made all at once, they are most of a slow phone's first drawing
    Object.defineProperty(entry, "node", { get: () => node || (node = item(entry)) });
    return entry;
  });
}

/** The record's name, linked to its page; a URL that would leave the site stays text. */
function nameLink(url, name) {
  const href = siteHref(url, ROOT);
  return href ? el("a", { href, className: "cmp-browse__name" }, name) : el("span", { className: "cmp-browse__name" }, name);
}

function item(e) {
  const r = e.rec;
  const meta = [e.gameName, r.kind_label];
  if (e.costLabel) meta.push(`Cost ${e.costLabel}`);
  if (r.ages && r.ages.length) meta.push(`Age ${r.ages.join(", ")}`);
  if (r.pantheon) meta.push(r.pantheon);
  if (r.phase) meta.push(r.phase);
  if (r.ruling_count) meta.push(r.ruling_count === 1 ? "1 ruling" : `${r.ruling_count} rulings`);
  if (r.has_unknowns) meta.push("has unknowns");
  return el("li", { className: "cmp-browse__item", dataset: { id: r.id } },
    nameLink(r.url, e.name),
    el("span", { className: "cmp-browse__meta" }, meta.join(" · ")),
    e.summary ? el("span", { className: "cmp-browse__summary" }, e.summary) : "");
}

function options(list, key, values, labelOf) {
  const counts = new Map();
  for (const e of list) for (const v of values(e)) counts.set(v, (counts.get(v) || 0) + 1);
  return [...counts.keys()].map((v) => [v, labelOf(v, key)]);
}

/** Where the table's chip stands: the chip itself, or why there is none (a table that cannot be read). */
function tableNote(stored) {
  if (stored.table || !stored.error) return "";
  return el("p", { className: "cmp-browse__table-note", dataset: { cmpTableNote: "" } }, stored.error);
}

function build(root, list, stored) {
  const labels = {
    game: Object.fromEntries(list.map((e) => [e.rec.game, e.gameName])),
    kind: Object.fromEntries(list.map((e) => [e.rec.kind, e.rec.kind_label])),
  };
  const amountOf = Object.fromEntries(list.map((e) => [e.costLabel, e.costAmount]));
  const controls = {};
  const form = el("form", { className: "cmp-browse__form", role: "search", "aria-label": "Filter the records" });
  form.addEventListener("submit", (ev) => ev.preventDefault());
  controls.q = el("input", { type: "search", id: "cmp-browse-q", name: "q", autocomplete: "off",
    placeholder: "Name, nickname or words of the summary" });
  form.append(el("div", { className: "cmp-browse__field cmp-browse__field--wide" },
    el("label", { htmlFor: "cmp-browse-q" }, "Contains"), controls.q));
  for (const [key, label, values] of SELECTS) {
    let opts = options(list, key, values, (v) => (labels[key] && labels[key][v]) || v);
    if (!opts.length) continue;
    if (key === "cost") opts.sort((a, b) => cmpNum(amountOf[a[0]], amountOf[b[0]], 1) || cmpText(a[1], b[1]));
    else if (key === "age") opts.sort((a, b) => a[0].length - b[0].length);
    else opts.sort((a, b) => cmpText(fold(a[1]), fold(b[1])));
    const select = el("select", { id: `cmp-browse-${key}`, name: key },
      el("option", { value: "" }, "Any"), ...opts.map(([v, l]) => el("option", { value: v }, l)));
    controls[key] = select;
    form.append(el("div", { className: "cmp-browse__field" }, el("label", { htmlFor: select.id }, label), select));
  }
  const checks = el("div", { className: "cmp-browse__checks" });
  const checkList = checksFor(stored);
  for (const [key, label] of checkList) {
    const box = el("input", { type: "checkbox", id: `cmp-browse-${key}`, name: key, value: "1" });
    controls[key] = box;
    const chip = key === "table" ? " cmp-browse__check--table" : "";
    checks.append(el("label", { htmlFor: box.id, className: `cmp-browse__check${chip}` }, box, " ", label));
  }
  checks.append(tableNote(stored));
  const sort = el("select", { id: "cmp-browse-sort", name: "sort" },
    ...Object.entries(SORTS).map(([v, [l]]) => el("option", { value: v }, l)));
  controls.sort = sort;
  const reset = el("button", { type: "button", className: "md-button cmp-browse__reset" }, "Clear filters");
  form.append(checks, el("div", { className: "cmp-browse__field" }, el("label", { htmlFor: sort.id }, "Sort by"), sort),
    el("div", { className: "cmp-browse__field cmp-browse__field--button" }, reset));
  const problem = el("p", { className: "cmp-browse__problem", role: "alert", hidden: true });
  const count = el("p", { className: "cmp-browse__count", role: "status" });
  const searchNote = el("p", { className: "cmp-browse__search", hidden: true });
  const asQuery = el("p", { className: "cmp-browse__as-query" });
  const out = el("ol", { className: "cmp-browse__list" });
  root.replaceChildren(form, problem, searchNote, count, asQuery, out);
  return { controls, problem, count, out, reset, searchNote, asQuery, search: null, amountOf, checks: checkList, stored, tableMissing: false };
}

function readUrl(ui) {
  const params = new URLSearchParams(location.search);
  const wrong = [];
  for (const [key, c] of Object.entries(ui.controls)) {
    const v = params.get(key);
    if (c.type === "checkbox") c.checked = v === "1";
    else if (c.tagName === "SELECT") {
      const known = [...c.options].some((o) => o.value === (v || ""));
      c.value = known ? v || "" : c.options[0].value;
      if (v && !known) wrong.push(`${key} “${v}”`);
    } else c.value = plainQuery(v || "");   // as every search box: no control or bidi character
  }
  const lines = wrong.length ? [`The address asks for ${wrong.join(" and ")}, which no record has; that filter is ignored.`] : [];
  if (params.get("table") === "1" && !ui.controls.table) {
    ui.tableMissing = true;
    lines.push(noTableLine(ui));
  }
  ui.problem.hidden = !lines.length;
  ui.problem.textContent = lines.join(" ");
}

// Asked for the table's records (?table=1, or in:table in ?search=) with no table to read: no
// record is shown, as the search shows none, and the line says why.
function noTableLine(ui) {
  return `The address asks for the records in play at your table: ${ui.stored.error || NO_TABLE}`;
}

function writeUrl(ui) {
  const params = new URLSearchParams();
  if (ui.search) params.set("search", ui.search.rest);
  if (ui.tableMissing) params.set("table", "1");
  for (const [key, c] of Object.entries(ui.controls)) {
    if (c.type === "checkbox") { if (c.checked) params.set(key, "1"); }
    else if (c.value && !(key === "sort" && c.value === "name")) params.set(key, c.value.trim());
  }
  const query = params.toString();
  history.replaceState(history.state, "", location.pathname + (query ? `?${query}` : "") + location.hash);
}

/**
 * Show the records the facets keep. The page's first showing puts a screenful in at once and the
 * rest in later tasks, FIRST_SHOWN then MORE_SHOWN a task (a slow phone's main thread is not held
 * for the whole list); it resolves once all are in. A later one shows all at once.
 */
function render(ui, list, { first = false } = {}) {
  const c = ui.controls;
  const words = fold(c.q.value).split(/\s+/).filter(Boolean);
  const shown = ui.tableMissing ? [] : list.filter((e) =>
    SELECTS.every(([key, , values]) => !c[key] || !c[key].value || values(e).includes(c[key].value)) &&
    ui.checks.every(([key, , test]) => !c[key].checked || test(e)) &&
    words.every((w) => e.haystack.includes(w)) &&
    (!ui.search || ui.search.ids.has(e.rec.id)));
  shown.sort(SORTS[c.sort.value] ? SORTS[c.sort.value][1] : SORTS.name[1]);
  const showing = (ui.showings = (ui.showings || 0) + 1);   // a later showing stops this one's rest
  const now = first ? shown.slice(0, FIRST_SHOWN) : shown;
  ui.out.replaceChildren(...now.map((e) => e.node));
  ui.count.textContent = shown.length === list.length
    ? `${list.length} records` : `${shown.length} of ${list.length} records`;
  ui.out.dataset.count = String(shown.length);
  showAsQuery(ui);
  return new Promise((done) => {
    const more = (from) => {
      if (from >= shown.length) { done(); return; }
      setTimeout(() => {
        if (ui.showings !== showing) { done(); return; }
        ui.out.append(...shown.slice(from, from + MORE_SHOWN).map((e) => e.node));
        more(from + MORE_SHOWN);
      }, 0);
    };
    more(now.length);
  });
}

/** The facets set now, written as a search: a link that opens it in the search box. */
function showAsQuery(ui) {
  const values = Object.fromEntries(Object.entries(ui.controls).map(([k, c]) => [k, c.type === "checkbox" ? c.checked : c.value]));
  if (ui.tableMissing) values.table = true;
  const query = [facetsAsQuery(values, ui.amountOf), ui.search ? ui.search.rest : ""].filter(Boolean).join(" ");
  if (!query) {
    ui.asQuery.replaceChildren();
    return;
  }
  const url = new URL("search/", ROOT);
  url.searchParams.set("q", query);
  const link = el("a", { href: url.href, className: "cmp-browse__query" }, el("code", {}, query));
  ui.asQuery.replaceChildren("As a search: ", link);
}

/** browse/?search=QUERY: the query's clauses that are facets set them; the rest filters as a search. */
async function applySearch(ui, list, query) {
  const [{ fetchIndex }, engine] = await Promise.all([import("../search/load.js"), import("../search/engine/search.js")]);
  const index = engine.loadIndex(await fetchIndex());
  const byId = new Map(list.map((e) => [e.rec.id, e]));
  const read = searchedText(query);   // folded and cut to what the engine reads, so the echo is that
  const { facets, rest, ids } = queryAsFacets(engine, index, read.query, byId, { stored: ui.stored });
  for (const [key, value] of Object.entries(facets)) {
    const c = ui.controls[key];
    if (!c) {
      if (key === "table") {
        ui.tableMissing = true;
        ui.problem.hidden = false;
        ui.problem.textContent = noTableLine(ui);
      }
      continue;
    }
    if (c.type === "checkbox") c.checked = Boolean(value);
    else if ([...c.options].some((o) => o.value === value)) c.value = value;
  }
  ui.search = rest ? { rest, ids } : null;
  ui.searchNote.hidden = !rest && !read.cut;
  ui.searchNote.textContent = [rest ? `Also filtered by the search “${rest}” (Clear filters removes it).` : "", read.message]
    .filter(Boolean).join(" ");
}

async function init() {
  const root = document.getElementById("cmp-browse");
  if (!root || root.dataset.ready) return;   // drawn, or being drawn, in this page view
  // Started: the page's modules are not asked for while its records load (page-scripts.js).
  root.dataset.ready = "loading";
  root.setAttribute("aria-busy", "true");
  let list;
  try {
    list = entries(await loadBrowseRecords());
  } catch (err) {
    root.replaceChildren(el("p", { className: "cmp-browse__problem", role: "alert" },
      `The record list could not be loaded (${err.message}). Reload the page to try again.`));
    root.removeAttribute("aria-busy");
    root.dataset.ready = "failed";
    return;
  }
  const ui = build(root, list, readStoredTable());
  readUrl(ui);
  const searched = new URLSearchParams(location.search).get("search");
  if (searched && searched.trim()) {
    try {
      await applySearch(ui, list, searched);
      writeUrl(ui);
    } catch (err) {
      ui.problem.hidden = false;
      ui.problem.textContent = `The search in the address could not be read (${String(err?.message ?? err)}); it is ignored.`;
    }
  }
  const shown = render(ui, list, { first: true });
  const update = () => {
    ui.problem.hidden = !ui.tableMissing;   // an address's wrong filter is said once; a missing table stays said
    if (ui.tableMissing) ui.problem.textContent = noTableLine(ui);
    writeUrl(ui);
    render(ui, list);
  };
  ui.controls.q.addEventListener("input", update);
  for (const c of Object.values(ui.controls)) if (c !== ui.controls.q) c.addEventListener("change", update);
  ui.reset.addEventListener("click", () => {
    ui.search = null;
    ui.tableMissing = false;
    ui.searchNote.hidden = true;
    for (const c of Object.values(ui.controls)) {
      if (c.type === "checkbox") c.checked = false; else c.value = c.tagName === "SELECT" ? c.options[0].value : "";
    }
    update();
  });
  await shown;
  root.removeAttribute("aria-busy");
  root.dataset.ready = "true";
}

// Started on every page view, from the moment the page is read: the head's early build runs
// before the theme's script has set document$, which onEveryPage subscribes to.
whenParsed().then(() => onEveryPage(init));
