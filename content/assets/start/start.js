// The start page's search box (generator/templates/home.md.j2). The page loads a classic build
// of this module (start.classic.js, made by the build with everything it imports) right after
// the box and its results: it runs while the rest of the page is still being read, waiting neither for
// the theme's bundle nor for the site's module scripts, and takes the index the page's head has
// already asked for (partials/start-early.html; searching is what this page is for). As a module it is also started
// by page-scripts.js, for the start page drawn by instant navigation. Results are the header
// search's (search/view.js, the engine's public search()), and a followed result lands on its
// record as there (search/landing.js). A ?q= in the address is only ever typed into the box as text.
// On the start page opened directly, the theme's own scripts wait for this box (theme-later.js).
import { drawRecent } from "./recent-view.js";
import { drawResume } from "./resume.js";
import { holdTheme } from "../shared/theme-later.js";
import { onEveryPage, whenParsed } from "../shared/on-page.js";
import { fetchIndex, ROOT } from "../search/load.js";
import { expectLanding } from "../search/landing.js";
import { plainQuery } from "../shared/plain-text.js";
import { showMessage, showOutcome } from "../search/view.js";
import { loadIndex, search, withoutSpan } from "../search/engine/search.js";
import { readStoredTable } from "../play/stored-table.js";

const MAX_QUERY = 200;   // the box's maxlength
const state = { index: null, loading: null, frame: 0 };

/** The ?q= of the address as plain text for the box: control characters out (shared/plain-text.js,
 * as the header's box), cut to length. */
export function queryFromAddress(href) {
  let q = null;
  try {
    q = new URL(href).searchParams.get("q");
  } catch {
    return "";
  }
  return typeof q === "string" ? plainQuery(q, MAX_QUERY) : "";
}

function ensureIndex(parts) {
  if (!state.loading) {
    state.loading = fetchIndex().then((raw) => {
      state.index = loadIndex(raw);
      render(parts.current);
    }).catch((error) => {
      state.loading = null;   // the next keystroke tries again
      const reason = String(error?.message ?? error).replace(/\.$/, "");
      showMessage(parts.current, `The search could not start: ${reason}. Reload the page to try again.`);
    });
  }
  return state.loading;
}

function render(parts) {
  if (!parts || !parts.input.isConnected) return;
  if (!state.index) {
    if (parts.input.value.trim()) showMessage(parts, "Loading the search…");
    ensureIndex({ current: parts });
    return;
  }
  if (!parts.input.value.trim()) {
    showMessage(parts, parts.hint);
    return;
  }
  // The device's table, for in:table; its game's records come first (the start page is no game's).
  const stored = readStoredTable();
  showOutcome(parts, search(state.index, parts.input.value, { stored, game: stored.table?.game }), ROOT);
}

function wire(root) {
  const parts = {
    input: root.querySelector(".cmp-start__input"),
    form: root.querySelector("[data-cmp-start-form]"),
    status: root.querySelector("[data-cmp-start-status]"),
    list: root.querySelector("[data-cmp-start-results]"),
    closest: root.querySelector("[data-cmp-start-closest]"),
    chips: root.querySelector("[data-cmp-start-chips]"),
    problems: root.querySelector("[data-cmp-start-problems]"),
  };
  if (!parts.input || !parts.status || !parts.list || !parts.closest) return;
  parts.hint = parts.status.textContent;
  const schedule = () => {
    cancelAnimationFrame(state.frame);
    state.frame = requestAnimationFrame(() => render(parts));
  };
  parts.input.addEventListener("input", schedule);
  parts.form?.addEventListener("submit", (event) => {
    event.preventDefault();
    root.querySelector(".cmp-start__results a[href]")?.click();
  });
  root.addEventListener("click", (event) => {
    // A chip's × and a correction run in this box, as they do in the header's.
    const remove = event.target instanceof Element && event.target.closest("[data-cmp-chip-start]");
    const fix = event.target instanceof Element && event.target.closest("a[data-cmp-query]");
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (remove || (fix && plain)) {
      event.preventDefault();
      event.stopPropagation();
      parts.input.value = remove
        ? withoutSpan(parts.input.value, Number(remove.dataset.cmpChipStart), Number(remove.dataset.cmpChipEnd))
        : fix.dataset.cmpQuery;
      render(parts);
      parts.input.focus();
      return;
    }
    const link = event.target instanceof Element && event.target.closest(".cmp-start__results a[href]");
    if (link && event.button === 0) expectLanding(link.href);
  }, true);   // capture: before the theme's instant navigation takes the click
  const asked = queryFromAddress(location.href);
  if (asked && !parts.input.value) parts.input.value = asked;
  holdTheme(parts.input, root, ensureIndex({ current: parts }));   // the theme's scripts wait for the box
  if (parts.input.value.trim()) render(parts);   // typed before this ran, or asked for in the address
  const play = root.querySelector("[data-cmp-start-play]");
  drawResume(play, ROOT);   // the device's table, on the first screen at once; its game's name once the page is read
  drawRecent(root.querySelector("[data-cmp-recent]"), ROOT);   // above this script: drawn before the lists below are laid out
  whenParsed().then(() => drawResume(play, ROOT));
}

function start() {
  const root = document.querySelector("[data-cmp-start]");
  if (root && root.dataset.cmpStartWired === undefined) {
    root.dataset.cmpStartWired = "";
    wire(root);
  }
}

start();   // at once: the box is parsed before this script
onEveryPage(start);   // and the start page drawn again by instant navigation
