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

function load() {
  if (document.querySelector("[data-cmp-record]")) import("./in-play.js").catch(() => {});   // a record page: is it in play at this device's table?
  for (const [id, script] of Object.entries(PAGES)) {
    // A root already started was started by its page's classic build (play along opened
    // directly: partials/play-early.html); its modules are not asked for again.
    if (document.getElementById(id) && !document.getElementById(id).dataset.ready) {
      script().catch((err) => {
        const root = document.getElementById(id);
        if (root) root.dataset.loadError = String(err && err.message || err);
      });
    }
  }
}

onEveryPage(load);   // a module already loaded is not loaded again, so a second run costs nothing
