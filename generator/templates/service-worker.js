// Service worker body. generator/export/offline.py writes it to the site root as sw.js,
// preceded by three generated lines: const CACHE (named after a hash of the built files),
// const PRECACHE (what is stored: scripts, styles and images as built, and the packs) and
// const PACKS ({folder: pack URL}: the pages and JSON of each folder, gzipped together).
// Cache first: everything is stored on install, so a page opened with no signal is the
// same page as online, byte for byte: a page is cut from its pack, unzipped on the device.
// A new build has a new CACHE name, so the browser installs the new worker, which stores
// the new files, waits until a loaded page asks it to take over, and deletes the old cache then.

const SCOPE = self.registration.scope;
const PREFIX = "compendium-";
const KEEP_UNPACKED = 4;          // packs held unzipped in memory, most recently used last
const unpacked = new Map();       // pack URL -> Promise<{index, bytes}>

self.addEventListener("install", (event) => {
  // No skipWaiting here: a new build's worker that took over the moment it was installed left
  // a page load then under way through the old worker unanswered for minutes (issue 18, seen in
  // Chromium; tests/test_offline_update.py). It waits, and a page asks it to take over once
  // that page has loaded (content/assets/offline/offline.js), when no load of that page is under way.
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(PRECACHE.map((url) => new Request(new URL(url, SCOPE), { cache: "reload" })));
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
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

function siteFiles(url) {
  // The built files a URL may name, relative to the site root: 'x/' is 'x/index.html'.
  const scopePath = new URL(SCOPE).pathname;
  if (!url.pathname.startsWith(scopePath)) return [];
  let rel;
  try { rel = decodeURIComponent(url.pathname.slice(scopePath.length)); } catch (err) { return []; }
  if (rel === "" || rel.endsWith("/")) return [rel + "index.html"];
  return /\.[a-z0-9]+$/i.test(rel) ? [rel] : [rel, rel + "/index.html"];
}

function packKey(rel) {
  // The same rule as offline.py's pack_key: the first two folders of the file's path.
  return rel.split("/").slice(0, -1).slice(0, 2).join("/");
}

async function unpack(cache, packUrl) {
  const bytes = new Uint8Array(await new Response(
    (await cache.match(new URL(packUrl, SCOPE).href)).body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  const newline = bytes.indexOf(10);
  return { index: JSON.parse(new TextDecoder().decode(bytes.subarray(0, newline))), bytes: bytes.subarray(newline + 1) };
}

async function fromPack(cache, rel) {
  const packUrl = Object.hasOwn(PACKS, packKey(rel)) ? PACKS[packKey(rel)] : null;
  if (!packUrl) return null;
  let pack = unpacked.get(packUrl);
  if (!pack) {
    pack = unpack(cache, packUrl);
    unpacked.set(packUrl, pack);
    pack.catch(() => unpacked.delete(packUrl));
  }
  unpacked.delete(packUrl);               // most recently used last; drop the oldest beyond the limit
  unpacked.set(packUrl, pack);
  while (unpacked.size > KEEP_UNPACKED) unpacked.delete(unpacked.keys().next().value);
  const { index, bytes } = await pack;
  if (!Object.hasOwn(index, rel)) return null;
  const [offset, length, type] = index[rel];
  return new Response(bytes.slice(offset, offset + length), { headers: { "Content-Type": type } });
}

async function stored(cache, url) {
  for (const key of cacheKeys(url)) {
    const hit = await cache.match(key);
    if (hit) return hit;
  }
  for (const rel of siteFiles(url)) {
    const page = await fromPack(cache, rel);
    if (page) return page;
  }
  return null;
}

async function respond(request, url) {
  const cache = await caches.open(CACHE);
  let hit = null;
  try { hit = await stored(cache, url); } catch (err) { hit = null; }   // a damaged pack: ask the network
  if (hit) return hit;
  try {
    return await fetch(request);
  } catch (err) {
    const fallback = request.mode === "navigate" && await stored(cache, new URL("404.html", SCOPE)).catch(() => null);
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
