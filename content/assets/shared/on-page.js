// Run a page script's `start` on every page view: on each of Material's document$ (instant
// navigation swaps pages without loading them; document$ replays the page being drawn to a new
// subscriber) and once the document is ready, because opened from files (the downloadable copy)
// the theme's document$ never emits. `start` may therefore run twice for one page: it must do
// nothing the second time.
export function onEveryPage(start) {
  if (typeof document === "undefined") return;
  if (typeof window !== "undefined" && window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(() => start());
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => start(), { once: true });
  else start();
}

/** Resolves once the whole page has been read (at once if it has): for a script that runs
 * mid-page, as the start page's box script does, and needs what comes after it. */
export function whenParsed() {
  if (typeof document === "undefined" || document.readyState !== "loading") return Promise.resolve();
  return new Promise((resolve) => document.addEventListener("DOMContentLoaded", () => resolve(), { once: true }));
}

/** Resolves in a task of its own: the page may paint and take a tap in between. A slow phone
 * reads one long piece of work as a frozen page, so each such piece is cut into parts with this. */
export function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
