// Service worker body. generator/export/offline.py writes it to the site root as sw.js,
// preceded by two generated lines: const CACHE (named after a hash of the built
// files) and const PRECACHE (every built file, relative to the site root).
// Cache first: the whole site is stored on install, so a page opened with no
// signal is the same page as online. A new build has a new CACHE name, so the
// browser installs the new worker, which stores the new files and deletes the
// old cache when it takes over.

const SCOPE = self.registration.scope;
const PREFIX = "compendium-";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(PRECACHE.map((url) => new Request(new URL(url, SCOPE), { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

function cacheKeys(url) {
  // Pages are stored under their directory URL; queries and fragments never change the file.
  const path = url.pathname.replace(/\/index\.html$/, "/");
  const keys = [url.origin + path];
  if (!path.endsWith("/") && !/\.[a-z0-9]+$/i.test(path)) keys.push(url.origin + path + "/");
  return keys;
}

async function respond(request, url) {
  const cache = await caches.open(CACHE);
  for (const key of cacheKeys(url)) {
    const hit = await cache.match(key);
    if (hit) return hit;
  }
  try {
    return await fetch(request);
  } catch (err) {
    const fallback = request.mode === "navigate" && await cache.match(new URL("404.html", SCOPE).href);
    if (fallback) return fallback;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(SCOPE)) return;
  event.respondWith(respond(request, url));
});
