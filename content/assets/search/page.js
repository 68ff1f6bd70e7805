// The search panel in the header (generator/mkdocs_theme/partials/search.html): loads the
// index on the first sign of intent (a tap on the magnifier, focus in the box), searches
// as the player types, and handles the keys (arrows between the box and the results,
// Enter to follow the first result, Escape to close, '/' or 's' to open). The header
// survives instant navigation, so it is wired once. The engine is imported with the index,
// not with the page: module scripts hold up the page's start, and on a slow phone the
// engine's modules, fetched one level of imports at a time, would too.
import { expectLanding, landOnPage } from "./landing.js";
import { fetchIndex, ROOT } from "./load.js";
import { plainQuery } from "../shared/plain-text.js";
import { showMessage, showOutcome } from "./view.js";
import { makeTableChip, showTableChip, storedForSearch } from "./table-chip.js";
import { gameContext } from "./game-context.js";

const state = { index: null, engine: null, loading: null, frame: 0 };

// Every module of the engine (engine/*.js; tests/test_search_index.py keeps this list whole).
// Imported from search.js alone they arrive in three waves, what each level imports being
// asked for only once that level has arrived and been read: three round trips on a phone.
// Preloaded together, they come in one.
const ENGINE_MODULES = ["search", "highlight", "query", "rank", "suggest", "index", "text", "match", "distance",
  "syntax", "evaluate", "fields"];

function preloadEngine() {
  if (location.protocol === "file:") return;   // the copy's classic build fetches no module
  for (const name of ENGINE_MODULES) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = new URL(`./engine/${name}.js`, import.meta.url).href;
    document.head.append(link);
  }
}

function partsOf(root) {
  return {
    root,
    form: root.querySelector("form"),
    input: root.querySelector(".md-search__input"),
    status: root.querySelector(".cmp-search__status"),
    list: root.querySelector(".cmp-search__list"),
    closest: root.querySelector("[data-cmp-search-closest]"),
    chips: root.querySelector("[data-cmp-search-chips]"),
    problems: root.querySelector("[data-cmp-search-problems]"),
    guide: root.querySelector("[data-cmp-search-guide]"),
    toggle: document.getElementById("__search"),
    tableChip: null,
  };
}

function ensureIndex(parts) {
  if (!state.loading) {
    if (!state.engine) preloadEngine();
    state.loading = Promise.all([fetchIndex(), import("./engine/search.js")]).then(([raw, engine]) => {
      state.index = engine.loadIndex(raw);
      state.engine = engine;
      render(parts);
    }).catch((error) => {
      state.loading = null;   // the next focus tries again
      const reason = String(error?.message ?? error).replace(/\.$/, "");
      showMessage(parts, `The search could not start: ${reason}. Reload the page to try again.`);
    });
  }
  return state.loading;
}

function render(parts) {
  if (!state.index) {
    if (parts.input.value.trim()) showMessage(parts, "Loading the search…");
    ensureIndex(parts);
    return;
  }
  const stored = storedForSearch();   // the device's table, for in:table and its chip
  const game = gameContext(ROOT, stored);   // the page's game first, else the table's: read at each search, as the header outlives navigation
  showOutcome(parts, state.engine.search(state.index, parts.input.value, { stored, game }), ROOT);
  showTableChip(parts.tableChip, stored, state.engine.hasTableClause(parts.input.value));
}

// A query from the address (search/?q=..., or ?q= on any page but the card browser,
// whose own ?q= is its "Contains" box): put in the box and run, so a search can be
// shared, bookmarked and opened offline or from the downloadable copy.
export const MAX_SHARED_CHARS = 2000;
let sharedHandled = null;

// Material closes the search 125 ms after each instant navigation (its bundle: location$ with
// delay(125), then the search toggle set off). On a busy phone the new page can be drawn, and
// its shared query opened, before that timer has run, which then closed the search again. A
// shared query opened after a navigation waits for the close: this timer is set on the same
// location$ emission as the theme's, later and longer, so it fires after it.
const THEME_CLOSE_MS = 150;
let themeClosed = Promise.resolve();

function followThemeClose() {
  window.location$?.subscribe(() => {
    themeClosed = new Promise((done) => setTimeout(done, THEME_CLOSE_MS));
  });
}

function openShared(parts) {
  const here = location.pathname + location.search;
  if (sharedHandled === here) return;
  sharedHandled = here;
  const shared = new URLSearchParams(location.search).get("q");
  const query = shared === null ? "" : plainQuery(shared, MAX_SHARED_CHARS);   // folded as the start page's box
  // The card browser's ?q= is its own box's; the start page puts ?q= in its own box.
  if (!query.trim() || document.getElementById("cmp-browse") || document.querySelector("[data-cmp-start]")) return;
  parts.input.value = query;
  themeClosed.then(() => {
    if (location.pathname + location.search === here) setOpen(parts, true);
  });
  ensureIndex(parts);
  render(parts);
}

/** Runs a query in the open box (a chip removed, a correction or example followed). */
function runQuery(parts, query) {
  parts.input.value = query;
  setOpen(parts, true);
  render(parts);
  parts.input.focus();
}

function scheduleRender(parts) {
  // One search per frame however fast the keys come.
  cancelAnimationFrame(state.frame);
  state.frame = requestAnimationFrame(() => render(parts));
}

function setOpen(parts, open) {
  // Through a click, as Material does, so the theme sees the toggle change.
  if (parts.toggle && parts.toggle.checked !== open) parts.toggle.click();
}

function links(parts) {
  return [...parts.closest.querySelectorAll("a[href]"), ...parts.list.querySelectorAll("a[href]")];
}

function onKey(parts, event) {
  const all = links(parts);
  const at = all.indexOf(document.activeElement);
  const inBox = event.target === parts.input;
  switch (event.key) {
    case "ArrowDown":
    case "ArrowUp": {
      if (!inBox && at < 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      const next = inBox ? (step > 0 ? 0 : all.length - 1) : at + step;
      (next >= 0 && next < all.length ? all[next] : parts.input).focus();
      event.preventDefault();
      break;
    }
    case "Escape":
      if (!inBox) parts.input.focus();
      else {
        setOpen(parts, false);
        parts.input.blur();
      }
      event.preventDefault();
      break;
    default:
      // A letter typed on a focused result goes on into the box.
      if (!inBox && event.key.length === 1 && !event.metaKey && !event.ctrlKey && !event.altKey) parts.input.focus();
  }
}

function isTyping(target) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

function wire(root) {
  const parts = partsOf(root);
  if (!parts.input || !parts.toggle) return;
  const intent = () => ensureIndex(parts);
  if (parts.chips) {
    parts.tableChip = makeTableChip(parts, (on) => {
      if (state.engine) runQuery(parts, state.engine.withTableClause(parts.input.value, on));
    });
  }
  document.querySelector("[data-cmp-search-open]")?.addEventListener("pointerdown", intent);
  parts.input.addEventListener("pointerenter", intent);
  parts.input.addEventListener("focus", () => {
    intent();
    setOpen(parts, true);
  });
  parts.toggle.addEventListener("change", () => {
    if (parts.toggle.checked) {
      intent();
      if (document.activeElement !== parts.input) parts.input.focus();
    }
  });
  parts.input.addEventListener("input", () => scheduleRender(parts));
  parts.form.addEventListener("reset", () => requestAnimationFrame(() => {
    render(parts);
    parts.input.focus();
  }));
  parts.form.addEventListener("submit", (event) => {
    event.preventDefault();
    links(parts)[0]?.click();
  });
  root.addEventListener("keydown", (event) => onKey(parts, event));
  root.addEventListener("click", (event) => {
    const remove = event.target instanceof Element && event.target.closest("[data-cmp-chip-start]");
    if (remove) {
      event.preventDefault();
      const start = Number(remove.dataset.cmpChipStart), end = Number(remove.dataset.cmpChipEnd);
      runQuery(parts, state.engine.withoutSpan(parts.input.value, start, end));
      return;
    }
    const fix = event.target instanceof Element && event.target.closest("a[data-cmp-query]");
    if (fix && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      event.stopPropagation();
      runQuery(parts, fix.dataset.cmpQuery);
      return;
    }
    const link = event.target instanceof Element && event.target.closest("a[href]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    expectLanding(link.href);
    setOpen(parts, false);
    parts.input.blur();
  }, true);   // capture: before the theme's instant navigation takes the click
  document.addEventListener("keydown", (event) => {
    if ((event.key === "/" || event.key === "s") && !event.metaKey && !event.ctrlKey && !event.altKey
        && !parts.toggle.checked && !isTyping(event.target)) {
      event.preventDefault();
      setOpen(parts, true);
      parts.input.focus();
      parts.input.select();
    }
  });
  // Tapped or typed before this script ran (a slow phone): catch up.
  if (parts.toggle.checked) {
    intent();
    if (document.activeElement !== parts.input) parts.input.focus();
  }
  // The guide's examples (search/index.md) run in the box where they stand, no page load.
  document.addEventListener("click", (event) => {
    const example = event.target instanceof Element && event.target.closest("article a[data-cmp-query]");
    if (example?.closest("[data-cmp-start]")) return;   // the start page's box runs its own corrections
    if (!example || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    ensureIndex(parts);
    runQuery(parts, example.dataset.cmpQuery);
  }, true);
  if (parts.guide) parts.guide.href = new URL("search/", ROOT).href;   // the header outlives instant navigation
  if (parts.input.value) render(parts);
  openShared(parts);
  followThemeClose();
  window.document$?.subscribe(() => openShared(parts));
}

function start() {
  const root = document.querySelector("[data-cmp-search]");
  if (root && !root.dataset.cmpSearchWired) {
    root.dataset.cmpSearchWired = "";
    wire(root);
  }
}

// Wired at once, not on document$ alone: the header is parsed before this script runs, and
// opened from a file (the downloadable copy) the theme's document$ never fires. Each page
// that instant navigation draws is still announced by document$, for the landing check.
start();
window.document$?.subscribe(landOnPage);
