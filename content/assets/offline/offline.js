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
  box.append(status, link);
  host.append(box);
  return box;
}

function show(text) {
  message = text;
  const box = footerBox();
  if (box) box.querySelector("[data-offline-status]").textContent = text;
}

async function status() {
  try {
    const info = await (await fetch(new URL("offline.json", ROOT))).json();
    if (await caches.has(info.cache)) show(`Available offline · ${formatSize(info.bytes)}`);
    else show("Saving for offline use…");
  } catch (err) {
    show("");
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
  show("Saving for offline use…");
  let registration;
  try {
    registration = await navigator.serviceWorker.register(new URL("sw.js", ROOT), { scope: ROOT.href, updateViaCache: "none" });
  } catch (err) {
    show("Offline use is not available in this browser");
    return;
  }
  sayWhenSavingFails(registration);
  await navigator.serviceWorker.ready;
  await status();
  navigator.serviceWorker.addEventListener("controllerchange", status);
  takeOverWhenInstalled(registration);
}

function sayWhenSavingFails(registration) {
  // The worker stores every file as it installs; if one cannot be stored (the device's storage is
  // full, the connection dropped) the install fails and the worker is discarded. With no worker
  // active before it, nothing is saved, and "Saving…" would stay on screen for good: say so
  // instead. A reload registers the worker again, and so tries again (a page reached by instant
  // navigation does not: this script runs once per load).
  if (!registration) return;   // a browser that blocks workers (an automated one) may answer register() with nothing
  const watch = (worker) => worker?.addEventListener("statechange", () => {
    if (worker.state === "redundant" && !registration.active) {
      show("Not saved for offline use: storing the site failed (storage full, or the connection dropped). Reloading the page tries again.");
    }
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
  if (message) show(message);
}

if (window.document$) window.document$.subscribe(onPage);
else onPage();
register();
