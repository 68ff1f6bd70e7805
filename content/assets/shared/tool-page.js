// What every table helper page and the play-along page do the same way: load the records once,
// start on every page Material shows (instant navigation included), build elements, keep the
// state in the query string and show each message beside its field. Browser only; the engines
// never import this file.
import { el, siteHref } from "./dom.js";
import { onEveryPage } from "./on-page.js";
import { loadRecords, loadToolRecords } from "./load-records.js";

export { el } from "./dom.js";   // the site's one element builder (text always as text)

export const SITE_ROOT = new URL("../../", import.meta.url);

// The one records loader of the site's tools (calculators, helpers and play along alike): a tool's
// game's file fetched over http(s), the whole export read from api/records.js in the downloadable
// file:// copy, where fetch is refused.
export { loadRecords, loadToolRecords };

/** A link to a record's page (its url from the export), or its name as plain text. */
export function recordLink(ref, text) {
  if (!ref) return document.createTextNode(text || "");
  const label = text || ref.name;
  const href = siteHref(ref.url, SITE_ROOT);   // a URL that would leave the site stays text
  return href ? el("a", { href, text: label }) : document.createTextNode(label);
}

/**
 * A table in a box that scrolls sideways on a narrow screen. The box is a named region that
 * takes focus, so a keyboard user can scroll it too (axe: scrollable-region-focusable).
 */
export function scrollTable(label, table) {
  return el("div", { class: "th-scroll", tabindex: "0", role: "region", "aria-label": label }, table);
}

/** Put the state in the address bar without adding a history entry. */
export function syncQuery(query) {
  const url = `${location.pathname}${query ? `?${query}` : ""}${location.hash}`;
  if (url !== location.pathname + location.search + location.hash) history.replaceState(history.state, "", url);
}

/**
 * Show messages: each beside the field whose data-field matches, the rest in `general`
 * (an element with role=alert). Clears the previous messages first.
 */
export function showErrors(root, general, errors) {
  for (const old of root.querySelectorAll(".th-field-error")) old.remove();
  for (const f of root.querySelectorAll("[aria-invalid]")) {
    f.removeAttribute("aria-invalid");
    f.removeAttribute("aria-describedby");
  }
  general.replaceChildren();
  for (const { field, message } of errors) {
    const input = field ? root.querySelector(`[data-field="${CSS.escape(field)}"]`) : null;
    if (input) {
      const id = `${input.id}-error`;
      const msg = el("p", { class: "th-field-error", id, text: message });
      (input.closest("[data-field-row]") || input).after(msg);
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", id);
    } else {
      general.append(el("p", { text: message }));
    }
  }
}

/** A copy-link button: copies the address, which always holds the whole state. */
export function copyLinkButton(label) {
  const b = el("button", { type: "button", class: "th-button", text: label });
  b.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(location.href); b.textContent = "Link copied"; }
    catch { b.textContent = "Copy the address bar"; }
    setTimeout(() => { b.textContent = label; }, 2000);
  });
  return b;
}

/**
 * Run mount(root, recordsJson) on every page that has #rootId, after instant navigation too.
 * A failure to load or read the records becomes a message in the page, never a silent blank.
 * `load` gives what mount is handed: a helper's game's records (loadToolRecords(its page)), play
 * along's (play/page/load.js); the whole export if none is given. The root's data-ready is
 * "loading", then "true" once mount has drawn (when it returns a promise, once that settles), or
 * "failed".
 */
export function startHelper(rootId, name, mount, load = loadRecords) {
  const start = () => {
    const root = document.getElementById(rootId);
    if (!root || root.dataset.ready) return;
    root.dataset.ready = "loading";
    load().then((data) => {
      if (!root.isConnected) return undefined;
      // A mount that draws over more than one task returns a promise of its drawing.
      return Promise.resolve(mount(root, data)).then(() => { if (root.isConnected) root.dataset.ready = "true"; });
    }).catch((e) => {
      if (!root.isConnected) return;
      root.replaceChildren(el("div", { role: "alert", class: "th-alert" },
        el("p", { text: `The ${name} could not read the records: ${e.message}` })));
      root.dataset.ready = "failed";
    });
  };
  onEveryPage(start);
  if (document.readyState === "loading") start();   // run before the page is read (an async classic build: partials/play-early.html): its root may be there already
}

/**
 * The verdict first: a box above the form that holds the page's verdict (its
 * `.th-verdict`, moved out of the results after each render) and, on a first visit, the line
 * naming what the helper opened on. On a phone the answer is on the first screen.
 */
export function verdictSlot(id) {
  return el("div", { class: "th-verdict-slot", id, "aria-live": "polite" });
}

/** Move the results' verdict into the slot (or empty the slot when the results have none). */
export function liftVerdict(results, slot) {
  const verdict = results.querySelector(".th-verdict");
  for (const old of slot.querySelectorAll(".th-verdict")) old.remove();
  if (verdict) slot.prepend(verdict);
  slot.hidden = !slot.firstChild;
}
