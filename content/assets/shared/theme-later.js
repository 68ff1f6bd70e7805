// The theme's scripts on the start page come after its box, and on Play along after its table.
// Material's bundle and the site's own scripts take a slow phone's main thread for most of a
// second, and their bytes share a slow line with the page's own: run while the page opens, they
// hold up the keys a player types into the start box, and the table a phone opens. So on those
// pages they wait in a <template data-cmp-theme-later> (generator/mkdocs_theme/main.html), and
// start here. On the start page (holdTheme):
//  - once the box's index has loaded and nothing has been typed for QUIET_MS (the box has
//    given its answer, or the player has not started typing);
//  - at once when the player reaches for anything else but a link (the menu, the header's
//    search, the colour toggle: a tap, a key or the focus outside the box).
// On Play along (holdThemeFor): once its table is drawn and on the screen (or its records have
// failed), at once on a reach outside the table, and after LATEST_MS at the latest.
// A link followed before then opens as a plain page load, as it does without scripts.
// They run in the page's order (classic scripts, then modules), and Material is then handed the
// document as its DOMContentLoaded would have done, which has passed by then.
import { whenParsed } from "./on-page.js";

const QUIET_MS = 1000;
const LATEST_MS = 5000;                          // a table still loading: the theme waits no longer
const REACH = ["pointerdown", "keydown", "focusin"];
const SHORTCUTS = new Set(["f", "s", "/"]);   // the theme's keys to the header's search
const ABSOLUTE = /^(?:[a-z]+:)?\/\//i;          // a URL the theme leaves as it is (its own test)
const TWIN_MS = 3000;                            // the longest the theme waits for the stylesheets' twins
let started = null;
let absolute = null;

/** Start the theme's held scripts (once). Resolves when they have run; true if Material's document$ is there. */
export function startTheme() {
  if (!started) started = whenParsed().then(runHeld);   // the box's script runs before the template is read
  return started;
}

function runHeld() {
  const held = document.querySelector("template[data-cmp-theme-later]");
  if (!held) return Boolean(window.document$);
  held.removeAttribute("data-cmp-theme-later");   // left in place: taken out, it would restyle the whole page
  document.documentElement.dataset.cmpTheme = "starting";
  const scripts = [...held.content.querySelectorAll("script")];
  const modules = scripts.filter((s) => s.type === "module");
  return stylesAbsolute()
    .then(() => Promise.all(scripts.filter((s) => s.type !== "module").map(add)))
    .then(() => Promise.all(modules.map(add)))
    .then(() => {
      const mounted = Boolean(window.document$ && typeof window.document$.next === "function");
      if (mounted) window.document$.next(document);   // what the theme does on DOMContentLoaded
      document.documentElement.dataset.cmpTheme = mounted ? "ready" : "failed";
      return mounted;
    });
}

/**
 * The page's stylesheets linked by their absolute URLs, with no moment unstyled. Material's bundle,
 * as it starts, writes every relative link of the page again as an absolute URL, and a stylesheet
 * whose link is written again is loaded again; the page can then be drawn without it (the whole
 * start page moves and moves back). Elsewhere that happens before the first paint; here the theme
 * starts after it. So each stylesheet linked by a relative URL gets a twin linked by the absolute
 * one, just after it (the same place in the cascade); the first goes once its twin has loaded,
 * and the theme then finds nothing to write again. A twin that fails goes, and the first stays.
 * Done once, for whichever asks first. Resolves when every twin has settled, or after TWIN_MS at most.
 */
function stylesAbsolute() {
  if (!absolute) absolute = twinStyles();
  return absolute;
}

function twinStyles() {
  const relative = [...document.querySelectorAll('link[rel~="stylesheet"][href]')]
    .filter((link) => !ABSOLUTE.test(link.getAttribute("href")));
  const twins = relative.map((link) => new Promise((resolve) => {
    const twin = link.cloneNode();
    twin.setAttribute("href", link.href);
    twin.addEventListener("load", () => { link.remove(); resolve(); }, { once: true });
    twin.addEventListener("error", () => { twin.remove(); resolve(); }, { once: true });
    link.after(twin);
  }));
  return Promise.race([Promise.all(twins), new Promise((resolve) => setTimeout(resolve, TWIN_MS))]);
}

/** A live copy of a held script; resolves when it has run or failed to load. */
function add(original) {
  return new Promise((resolve) => {
    const script = document.createElement("script");
    for (const { name, value } of original.attributes) script.setAttribute(name, value);
    script.async = false;   // classic scripts run one after another, in the page's order
    if (!script.src) {
      script.textContent = original.textContent;
      document.body.append(script);
      resolve();
      return;
    }
    script.addEventListener("load", () => resolve(), { once: true });
    script.addEventListener("error", () => resolve(), { once: true });
    document.body.append(script);
  });
}

/** A listener that calls `start` when the player reaches for anything outside `area` but a link
 * (a link followed opens as a plain page load). */
function reachOutside(area, start) {
  return (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target && (area.contains(target) || (event.type !== "keydown" && target.closest("a[href]")))) return;
    start();
  };
}

/** Whether this page holds the theme's scripts still: not run, not drawn by instant navigation. */
function held() {
  return !window.document$ && Boolean(document.querySelector("template[data-cmp-theme-later]"));
}

/**
 * Hold the theme while a tool draws its page (`root`: its element, whose data-ready says
 * "true" once drawn, "failed" once its records could not be read: shared/tool-page.js).
 */
export function holdThemeFor(root) {
  if (!root || !held()) return;
  // What the theme's start would change in the whole page is changed now, while the page is
  // small: its stylesheets' links and the header's search (each a restyle of every element).
  headerSearchBeforeTheme();
  stylesAbsolute();
  let started = false;
  let latest = 0;
  const drawn = () => root.dataset.ready === "true" || root.dataset.ready === "failed";
  const watch = new MutationObserver(() => { if (drawn()) afterPaint(); });
  function start() {
    if (started) return;
    started = true;
    watch.disconnect();
    clearTimeout(latest);
    for (const type of REACH) document.removeEventListener(type, reach, true);
    startTheme();
  }
  // The frame that shows the table is drawn before the theme's scripts are asked for.
  function afterPaint() {
    watch.disconnect();
    requestAnimationFrame(() => setTimeout(() => whenShown(start), 0));
  }
  const reach = reachOutside(root, start);
  for (const type of REACH) document.addEventListener(type, reach, { capture: true, passive: true });
  latest = setTimeout(start, LATEST_MS);
  if (drawn()) afterPaint();
  else watch.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

/**
 * Hold the theme while the player uses the start box. `box` is the box's input, `area` the
 * start page's own part (box and results), `answered` settles once the index has loaded (or failed).
 */
export function holdTheme(box, area, answered) {
  // The page's template may not be parsed yet (this runs from the box's own script, mid-page):
  // the theme not having run yet says it is held; drawn by instant navigation, it has run.
  if (window.document$ || (document.readyState !== "loading" && !document.querySelector("template[data-cmp-theme-later]"))) return;
  let ready = false;
  let timer = 0;
  const start = () => {
    clearTimeout(timer);
    for (const type of REACH) document.removeEventListener(type, reach, true);
    startTheme();
  };
  const quiet = () => {
    clearTimeout(timer);
    if (ready) timer = setTimeout(() => whenIdle(() => whenShown(start)), QUIET_MS);
  };
  const reach = reachOutside(area, start);
  for (const type of REACH) document.addEventListener(type, reach, { capture: true, passive: true });
  headerSearchBeforeTheme();
  box.addEventListener("input", quiet);
  Promise.resolve(answered).finally(() => {
    ready = true;
    quiet();
  });
}

/** The header's search before the theme has run, opened as the theme would open it: its magnifier
 * is shown (Material hides it while the page is "no-js", and takes that class away itself when its
 * bundle runs); the magnifier's tap puts the cursor in the header's box, as search/early.js (one of
 * the held scripts) does on other pages; the box's focus and the theme's keyboard shortcuts open
 * the search. What the player types there is kept, and searched once the header's script has run. */
function headerSearchBeforeTheme() {
  const toggle = document.getElementById("__search");
  const input = document.getElementById("cmp-search-query");
  if (!toggle || !input) return;
  document.documentElement.classList.replace("no-js", "js");
  toggle.addEventListener("change", () => {
    if (toggle.checked && document.activeElement !== input) input.focus();
  });
  // On a wide screen the box is in the header: its focus opens the search, as the theme's does.
  input.addEventListener("focus", () => {
    if (!toggle.checked) toggle.click();
  });
  // And its keyboard shortcuts (f, s, /) outside any field, until the theme takes them.
  document.addEventListener("keydown", (event) => {
    const field = event.target instanceof Element && event.target.closest("input, textarea, select, [contenteditable]");
    if (field || window.document$ || event.ctrlKey || event.metaKey || event.altKey || !SHORTCUTS.has(event.key)) return;
    event.preventDefault();
    input.focus();
    input.select();
  });
}

/** Run now if the page is on screen, else once it is: a page left in the background (another tab,
 * or being closed) does not spend the phone's time starting a theme nobody sees. */
function whenShown(run) {
  if (document.visibilityState !== "hidden") {
    run();
    return;
  }
  const shown = () => {
    if (document.visibilityState === "hidden") return;
    document.removeEventListener("visibilitychange", shown);
    run();
  };
  document.addEventListener("visibilitychange", shown);
}

function whenIdle(run) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: QUIET_MS });
  else setTimeout(run, 0);
}
