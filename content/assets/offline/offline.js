// Registers the service worker (sw.js, generated at build time with the list of every
// built file) and shows, in the footer, whether the site is stored for offline use and
// how large it is, next to the link to the downloadable copy.
const ROOT = new URL("../../", import.meta.url);
const ZIP = "downloads/ancient-games-compendium-offline.zip";
let message = "";
const TAKE_OVER_AFTER_MS = 1000;   // a page loaded this long ago is not being left

function formatSize(bytes) {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`;
}

function footerBox() {
  let box = document.getElementById("cmp-offline");
  if (box) return box;
  const host = document.querySelector(".md-footer-meta__inner") || document.querySelector("footer");
  if (!host) return null;
  box = document.createElement("div");
  box.id = "cmp-offline";
  box.className = "cmp-offline";
  const status = document.createElement("span");
  status.className = "cmp-offline__status";
  status.setAttribute("role", "status");
  status.dataset.offlineStatus = "";
  const link = document.createElement("a");
  link.className = "cmp-offline__download";
  link.href = new URL(ZIP, ROOT).href;
  link.textContent = "Download a copy to open without internet (zip)";
  const again = document.createElement("button");
  again.type = "button";
  again.className = "cmp-offline__retry";
  again.textContent = "Try again now";
  again.hidden = true;
  again.addEventListener("click", () => { tryAgain(); });
  box.append(status, again, link);
  host.append(box);
  return box;
}

let retry = false;

function show(text, offerRetry = false) {
  message = text;
  retry = offerRetry;
  const box = footerBox();
  if (!box) return;
  box.querySelector("[data-offline-status]").textContent = text;
  box.querySelector(".cmp-offline__retry").hidden = !offerRetry;
}

// What the worker recorded when its last install stored nothing (generator/templates/service-worker.js).
const STATUS_CACHE = "compendium-status";
const FAILURE = new URL("offline/last-failure", ROOT).href;
const BECAUSE = {
  damaged: "a file of the offline copy arrived damaged. Reloading the page tries again.",
  missing: "a file of the offline copy is missing on the server. Reloading the page tries again.",
  network: "the connection dropped while saving. Reloading the page tries again.",
  mismatch: "the server sent parts of two versions of the site (an update under way?). Reloading the page later tries again.",
  storage: "this device's storage is full, or the browser gives this site too little room. It tries again when the site is updated, or after a day.",
};

// With site data blocked (Chromium's "block cookies and site data") every Cache API call rejects,
// and a worker could store nothing: the footer says so, instead of "Saving…" for good.
const NO_SITE_DATA = "Not saved for offline use: this browser keeps no site data for this site here (site data blocked). The downloadable copy below works without it.";

async function cachesUsable() {
  try { await caches.keys(); return true; } catch (err) { return false; }
}

async function cacheHas(name) {
  try { return await caches.has(name); } catch (err) { return false; }
}

async function lastFailure() {
  try { return await (await caches.match(FAILURE, { cacheName: STATUS_CACHE }))?.json() ?? null; } catch (err) { return null; }
}

async function servedInfo() {
  try { return await (await fetch(new URL("offline.json", ROOT))).json(); } catch (err) { return null; }
}

function showFailure(failure, earlier) {
  const lead = earlier ? "This update of the site was not saved for offline use (the earlier version stays)" : "Not saved for offline use";
  show(`${lead}: ${BECAUSE[failure.reason] || BECAUSE.network}`, failure.reason === "storage");
}

async function status(registration) {
  // Always ends on a final message unless a worker is still installing: "Available offline", or why not.
  if (!(await cachesUsable())) return show(NO_SITE_DATA);
  const info = await servedInfo();
  if (info && info.cache && await cacheHas(info.cache)) return show(`Available offline · ${formatSize(info.bytes)}`);
  const failure = await lastFailure();
  const kept = await Promise.resolve().then(() => caches.match(new URL("offline.json", ROOT).href)).then((r) => r && r.json()).catch(() => null);
  const earlier = Boolean(kept && kept.cache && await cacheHas(kept.cache));
  if (failure && (!info || failure.cache === info.cache)) return showFailure(failure, earlier);
  if (registration && (registration.installing || registration.waiting)) return show("Saving for offline use…");
  if (earlier) return show(`Available offline · ${formatSize(kept.bytes)}`);   // the copy kept is of another build than the served list
  if (failure) return showFailure(failure, false);
  return show("Not saved for offline use: the server's list of the site's files (offline.json) does not match what it serves. Reloading the page later tries again.");
}

function backingOff(failure, info) {
  // The worker refuses to download the copy again for the same build while storage was full
  // (until failure.retry_at); the page does not even register it then.
  return failure && failure.reason === "storage" && Date.now() < failure.retry_at && (!info || info.cache === failure.cache);
}

async function tryAgain() {
  // The user asks: forget the full storage, and register (install) the worker again.
  try { await (await caches.open(STATUS_CACHE)).delete(FAILURE); } catch (err) { /* nothing recorded */ }
  try {
    if (await caches.has(STATUS_CACHE) && (await (await caches.open(STATUS_CACHE)).keys()).length === 0) await caches.delete(STATUS_CACHE);
  } catch (err) { /* site data blocked: status() says so */ }
  show("Saving for offline use…");
  const registration = await navigator.serviceWorker.getRegistration(ROOT.href);
  if (registration && registration.active) {
    await registration.update().catch(() => {});
    if (!registration.installing && !registration.waiting) await status(registration);
  } else {
    await register();
  }
}

async function register() {
  // The downloadable copy, opened from files, is already offline: no worker, no status, no link to itself.
  if (location.protocol === "file:") return;
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  if (typeof window.livereload === "function") {
    // `mkdocs serve` previews rebuild on every save; a cached site would hide the edits.
    const regs = await navigator.serviceWorker.getRegistrations();
    await Promise.all(regs.map((r) => r.unregister()));
    show("Offline use is off in the mkdocs serve preview");
    return;
  }
  if (!(await cachesUsable())) return show(NO_SITE_DATA);   // nothing could be saved: no "Saving…", no worker
  show("Saving for offline use…");
  const failure = await lastFailure();
  if (failure && failure.reason === "storage" && backingOff(failure, await servedInfo())) {
    const existing = await navigator.serviceWorker.getRegistration(ROOT.href);
    if (!existing || !existing.active) return showFailure(failure, false);   // no download on every page load
  }
  let registration;
  try {
    registration = await navigator.serviceWorker.register(new URL("sw.js", ROOT), { scope: ROOT.href, updateViaCache: "none" });
  } catch (err) {
    show("Offline use is not available in this browser");
    return;
  }
  sayWhenSavingFails(registration);
  if (!registration?.active) {
    // With no worker active, ready waits for an install that may fail: watch the installing one instead.
    const worker = registration?.installing || registration?.waiting;
    if (worker) await new Promise((done) => {
      const check = () => { if (worker.state === "activated" || worker.state === "redundant") done(); };
      worker.addEventListener("statechange", check);
      check();
    });
  }
  if (!registration?.active) return status(registration);
  await status(registration);
  navigator.serviceWorker.addEventListener("controllerchange", () => status(registration));
  takeOverWhenInstalled(registration);
}

function sayWhenSavingFails(registration) {
  // The worker stores every file as it installs, each pack checked; if one cannot be stored (a
  // file damaged or missing, the storage full, the connection dropped) the install fails and the
  // worker is discarded, having recorded why. Say so, instead of "Saving…" for good. A reload
  // registers the worker again, and so tries again (a page reached by instant navigation does
  // not: this script runs once per load), except after a full storage: see backingOff.
  if (!registration) return;   // a browser that blocks workers (an automated one) may answer register() with nothing
  const watch = (worker) => worker?.addEventListener("statechange", () => {
    if (worker.state === "redundant") status(registration);
  });
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
}

function takeOverWhenInstalled(registration) {
  // A new build's worker waits once installed (sw.js): this page asks it to take over once it
  // has been loaded and left alone for a moment, so the switch never falls in the middle of a
  // load (a load under way through the old worker at the switch went unanswered for minutes).
  const ask = () => setTimeout(() => {
    if (registration.waiting && navigator.serviceWorker.controller) registration.waiting.postMessage("take-over");
  }, TAKE_OVER_AFTER_MS);
  const askWhenLoaded = () => (document.readyState === "complete" ? ask() : window.addEventListener("load", ask, { once: true }));
  askWhenLoaded();
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (worker) worker.addEventListener("statechange", () => { if (worker.state === "installed") askWhenLoaded(); });
  });
}

function onPage() {
  footerBox();
  if (message) show(message, retry);
}

if (window.document$) window.document$.subscribe(onPage);
else onPage();
// Whatever a blocking browser answers, the page never throws from here: the footer says why.
register().catch(() => show("Offline use is not available in this browser"));
