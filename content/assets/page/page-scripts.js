// Each calculator, helper and the card browser is a page of its own; its script (and the engine it
// imports) loads only on that page, when its root element is there, instead of on every page the
// player opens. A module imported once stays: it starts itself on later pages through document$
// (which replays the page being drawn to a new subscriber), and importing it again is free.
// The paths are literal so the file:// copy's converter (generator/export/classic_scripts.py) can bundle them.
import { onEveryPage } from "../shared/on-page.js";

const PAGES = {
  "cmp-start": () => import("../start/start.js"),   // also loaded by the start page itself, before the theme
  "cmp-browse": () => import("../browse/browse.js"),
  "mn-battle": () => import("../calculators/mn-battle-page.js"),
  "ac-battle": () => import("../calculators/ac-battle-page.js"),
  "mn-sets": () => import("../helpers/mn-sets-page.js"),
  "dip-score": () => import("../helpers/dip-score-page.js"),
  "mos-disaster": () => import("../helpers/mos-disaster-page.js"),
  "ac-victory": () => import("../helpers/ac-victory-page.js"),
  "play-along": () => import("../play/page/index.js"),
};

// Play along or a tool page opened directly is started by a classic build of its module, asked
// for async in its head (partials/early-build.html, one per page: cmpEarlyBuild). On that first
// view the page's modules wait for that build: imported only if, once the build has loaded or
// failed and the document is read, the root is still not started. Either script may run first;
// the code is fetched once. Roots of later views (instant navigation) import their modules.
const early = typeof window !== "undefined" ? window.cmpEarlyBuild : null;
const earlyRoots = new Set(early ? Object.keys(PAGES).map((id) => document.getElementById(id)).filter(Boolean) : []);

function importFor(id, script) {
  script().catch((err) => {
    const root = document.getElementById(id);
    if (root) root.dataset.loadError = String(err && err.message || err);
  });
}

function load() {
  if (document.querySelector("[data-cmp-record]")) import("./in-play.js").catch(() => {});   // a record page: is it in play at this device's table?
  for (const [id, script] of Object.entries(PAGES)) {
    // A root already started was started by its page's classic build; its modules are not asked for.
    const root = document.getElementById(id);
    if (!root || root.dataset.ready) continue;
    if (earlyRoots.has(root)) early.then(() => { if (root.isConnected && !root.dataset.ready) importFor(id, script); });
    else importFor(id, script);
  }
}

onEveryPage(load);   // a module already loaded is not loaded again, so a second run costs nothing
