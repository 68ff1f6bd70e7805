// Service worker body. generator/export/offline.py writes it to the site root as sw.js,
// preceded by four generated lines: const CACHE (named after a hash of the built files),
// const PRECACHE (what is stored: scripts, styles and images as built, and the packs),
// const PACKS ({folder: pack URL}: the pages and JSON of each folder, gzipped together) and
// const PACK_CONTENT ({pack URL: sha256 of its unzipped content}, checked at install).
// Cache first: everything is stored on install, so a page opened with no signal is the
// same page as online, byte for byte: a page is cut from its pack, unzipped on the device.
// A new build has a new CACHE name, so the browser installs the new worker, which stores
// the new files and waits until a loaded page asks it to take over. The pages open then keep
// the build they were loaded from (a module one of them imports later is of that build) until
// they are closed or reloaded; the earlier build's copy is deleted once no open page uses it.

const SCOPE = self.registration.scope;
const PREFIX = "compendium-";
const KEEP_UNPACKED = 4;          // packs held unzipped in memory, most recently used last
const unpacked = new Map();       // pack URL -> Promise<{index, bytes}>

self.addEventListener("install", (event) => {
  // No skipWaiting here: a new build's worker that took over the moment it was installed left
  // a page load then under way through the old worker unanswered for minutes (seen in
  // Chromium; tests/test_offline_update.py). It waits, and a page asks it to take over once
  // that page has loaded (content/assets/offline/offline.js), when no load of that page is under way.
  event.waitUntil(install());
});

class SaveError extends Error {
  // Why an install stored nothing, as the footer names it: "damaged", "missing", "network", "mismatch", "storage".
  constructor(reason, detail) { super(detail); this.reason = reason; }
}

async function install() {
  const last = await lastFailure();
  if (last && last.reason === "storage" && last.cache === CACHE && Date.now() < last.retry_at) {
    // Storage was full for this very build a moment ago: downloading the whole copy again on every
    // page load (180 requests) would only be thrown away again. A new build, the time, or the
    // page's "Try again" (which deletes the record) lets it try.
    throw new SaveError("storage", "backing off after a full storage");
  }
  try {
    const cache = await caches.open(CACHE);
    const files = await fetchAll(PRECACHE, 6);   // every file fetched and checked before any is stored
    for (const [url, body, type] of files) {
      await cache.put(new URL(url, SCOPE).href, new Response(body, { headers: { "Content-Type": type } }));
    }
    await forgetFailure();
  } catch (err) {
    const reason = err.reason || (err.name === "QuotaExceededError" ? "storage" : "network");
    await caches.delete(CACHE);                   // nothing half-stored
    await recordFailure(reason, String(err.message || err));
    throw err;
  }
}

async function fetchAll(urls, parallel) {
  const out = new Array(urls.length);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const i = next++;
      out[i] = await fetchChecked(urls[i]);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return out;
}

async function fetchChecked(url) {
  let response;
  try {
    response = await fetch(new Request(new URL(url, SCOPE), { cache: "reload" }));
  } catch (err) {
    throw new SaveError("network", `${url}: ${err.message}`);
  }
  if (!response.ok) throw new SaveError("missing", `${url}: HTTP ${response.status}`);
  let body;
  try { body = new Uint8Array(await response.arrayBuffer()); } catch (err) { throw new SaveError("network", `${url}: ${err.message}`); }
  const type = response.headers.get("Content-Type") || "application/octet-stream";
  if (Object.hasOwn(PACK_CONTENT, url)) return [url, await checkedPack(url, body), "application/gzip"];
  if (url === "offline.json") checkManifest(body);
  return [url, body, type];
}

async function checkedPack(url, body) {
  // A pack is stored only whole: its gzip bytes hash to its content-named file name, they unzip,
  // the content hashes as offline.py recorded, and its index points inside it. A server that
  // labels .gz files "Content-Encoding: gzip" (a common setting) has the browser unzip the pack on
  // the way: the body is then the content itself, checked by its own hash and zipped again here.
  const zipped = body[0] === 0x1f && body[1] === 0x8b;
  let content;
  if (zipped) {
    const name = url.slice(url.lastIndexOf("/") + 1).replace(/\.gz$/, "");
    if ((await sha256(body)).slice(0, name.length) !== name) throw new SaveError("damaged", `${url}: its bytes do not match its name`);
    try { content = await gunzip(body); } catch (err) { throw new SaveError("damaged", `${url}: it does not unzip`); }
  } else {
    content = body;
  }
  if ((await sha256(content)) !== PACK_CONTENT[url]) throw new SaveError("damaged", `${url}: its content does not match its hash`);
  checkIndex(url, content);
  return zipped ? body : await gzip(content);
}

function checkIndex(url, content) {
  const newline = content.indexOf(10);
  let index;
  try { index = JSON.parse(new TextDecoder().decode(content.subarray(0, newline))); } catch (err) { index = null; }
  if (newline < 0 || !index || typeof index !== "object") throw new SaveError("damaged", `${url}: its index is not whole`);
  const size = content.length - newline - 1;
  for (const entry of Object.values(index)) {
    if (!Array.isArray(entry) || !(entry[0] >= 0) || !(entry[1] >= 0) || entry[0] + entry[1] > size) {
      throw new SaveError("damaged", `${url}: its index points outside it`);
    }
  }
}

function checkManifest(body) {
  // offline.json is the footer's account of the copy: one from another build than this worker's
  // (a deploy under way, a stale cache in front of the server) would describe a copy never stored.
  let info;
  try { info = JSON.parse(new TextDecoder().decode(body)); } catch (err) { info = null; }
  if (!info || info.cache !== CACHE) throw new SaveError("mismatch", "offline.json names another build than sw.js");
}

async function sha256(bytes) {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function gunzip(bytes) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}

async function gzip(bytes) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
}

// What went wrong last, for offline.js's footer and the back-off above: {reason, detail, cache, at, retry_at}.
const STATUS_CACHE = "compendium-status";
const FAILURE = new URL("offline/last-failure", SCOPE).href;
const CLIENT_BUILDS = new URL("offline/client-builds", SCOPE).href;
const RETRY_STORAGE_AFTER_MS = 24 * 3600 * 1000;

async function lastFailure() {
  try { return await (await caches.match(FAILURE, { cacheName: STATUS_CACHE }))?.json() ?? null; } catch (err) { return null; }
}

async function recordFailure(reason, detail) {
  const at = Date.now();
  const record = { reason, detail, cache: CACHE, at, retry_at: reason === "storage" ? at + RETRY_STORAGE_AFTER_MS : at };
  try { await (await caches.open(STATUS_CACHE)).put(FAILURE, new Response(JSON.stringify(record))); } catch (err) { /* storage too full even for this */ }
}

async function forgetFailure() {
  await setStatus(FAILURE, null);
}

async function setStatus(key, value) {
  // The status cache exists only while it holds something, so a device with its copy stored keeps one cache.
  if (!(await caches.has(STATUS_CACHE))) {
    if (value === null) return;
  }
  const cache = await caches.open(STATUS_CACHE);
  if (value === null) await cache.delete(key);
  else await cache.put(key, new Response(JSON.stringify(value)));
  if ((await cache.keys()).length === 0) await caches.delete(STATUS_CACHE);
}

self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(activate());
});

// In a build's own cache: when its worker took over (so the next build knows which copy the open
// pages were served from).
const ACTIVE_SINCE = new URL("offline/active-since", SCOPE).href;

async function activate() {
  // The pages open now were loaded from the build before this one: each keeps that build (its
  // cache, its packs) until it is left, so a module it imports later is of its own build, never
  // the next one's: a page of one build must not run the next build's modules. A page
  // loaded from now on is of this build. A copy no open page uses is deleted now, the rest once
  // their pages are gone (forgetLeftPages).
  await (await caches.open(CACHE)).put(ACTIVE_SINCE, new Response(String(Date.now())));
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE && n !== STATUS_CACHE);
  const previous = await previousBuild(names);
  const before = await storedClientBuilds();      // what the worker before this one kept for its own earlier pages
  const builds = new Map();
  if (previous) {
    for (const client of await pagesInScope()) {
      const kept = before.get(client.id);
      builds.set(client.id, kept && names.includes(kept) ? kept : previous);
    }
  }
  clientBuilds = Promise.resolve(builds);
  await setStatus(CLIENT_BUILDS, builds.size ? Object.fromEntries(builds) : null);
  const used = new Set(builds.values());
  await Promise.all(names.filter((n) => !used.has(n)).map((n) => caches.delete(n)));
  await self.clients.claim();
}

async function previousBuild(names) {
  // The copy whose worker took over last: the one the open pages were served from. A copy whose
  // worker never took over (installed, then passed over by a later build) served no page. Copies
  // stored before this mark existed: the newest (caches.keys() lists them in creation order).
  let found = null;
  let latest = -1;
  for (const name of names) {
    const mark = await caches.match(ACTIVE_SINCE, { cacheName: name }).then((r) => (r ? r.text() : null)).catch(() => null);
    const at = mark === null ? -1 : Number(mark);
    if (at > latest) { latest = at; found = name; }
  }
  return latest >= 0 ? found : names[names.length - 1];
}

function pagesInScope() {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true })
    .then((list) => list.filter((c) => c.url.startsWith(SCOPE)));
}

let clientBuilds = null;          // Promise<Map client id -> cache name of the earlier build it was loaded from>

function storedClientBuilds() {
  return caches.match(CLIENT_BUILDS, { cacheName: STATUS_CACHE })
    .then((r) => (r ? r.json() : {})).then((o) => new Map(Object.entries(o))).catch(() => new Map());
}

function loadClientBuilds() {
  if (!clientBuilds) clientBuilds = storedClientBuilds();   // the worker was stopped and started again since
  return clientBuilds;
}

let forgetting = null;
let forgetAgain = false;

function forgetLeftPages() {
  // Once the pages of an earlier build are closed or reloaded, its copy goes. Asked on every
  // request while such pages exist; a request that comes while a pass runs gets one more pass
  // (a reload's own request comes while the page it replaces is still open).
  if (forgetting) { forgetAgain = true; return forgetting; }
  forgetting = (async () => {
    do {
      forgetAgain = false;
      const builds = await loadClientBuilds();
      if (!builds.size) break;
      const open = new Set((await pagesInScope()).map((c) => c.id));
      const left = [...builds.keys()].filter((id) => !open.has(id));
      if (!left.length) continue;
      for (const id of left) builds.delete(id);
      await setStatus(CLIENT_BUILDS, builds.size ? Object.fromEntries(builds) : null);
      const used = new Set(builds.values());
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE && n !== STATUS_CACHE && !used.has(n))
        .map((n) => caches.delete(n)));
    } while (forgetAgain);
  })().finally(() => { forgetting = null; });
  return forgetting;
}

const packsOf = new Map();        // cache name -> Promise<PACKS of that build, from its offline.json>

function buildPacks(name) {
  if (name === CACHE) return Promise.resolve(PACKS);
  if (!packsOf.has(name)) {
    packsOf.set(name, caches.match(new URL("offline.json", SCOPE).href, { cacheName: name })
      .then((r) => r.json()).then((info) => info.packs || {}).catch(() => ({})));
  }
  return packsOf.get(name);
}

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

async function fromPack(cache, packs, rel) {
  const packUrl = Object.hasOwn(packs, packKey(rel)) ? packs[packKey(rel)] : null;
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

async function stored(cache, packs, url) {
  for (const key of cacheKeys(url)) {
    const hit = await cache.match(key);
    if (hit) return hit;
  }
  for (const rel of siteFiles(url)) {
    const page = await fromPack(cache, packs, rel);
    if (page) return page;
  }
  return null;
}

async function respond(event, request, url) {
  const builds = await loadClientBuilds();
  let name = CACHE;
  if (builds.size) {
    // A request of a page of the earlier build gets that build's files. A navigation makes a new
    // page, of this build, even when Chromium names the page it replaces (a reload) as its client.
    const own = request.mode === "navigate" ? undefined : builds.get(event.clientId);
    if (own && await caches.has(own)) name = own;
    event.waitUntil(forgetLeftPages());
  }
  const cache = await caches.open(name);
  const packs = await buildPacks(name);
  let hit = null;
  try { hit = await stored(cache, packs, url); } catch (err) { hit = null; }   // a damaged pack: ask the network
  if (hit) return hit;
  try {
    return await fetch(request);
  } catch (err) {
    const fallback = request.mode === "navigate" && await stored(cache, packs, new URL("404.html", SCOPE)).catch(() => null);
    if (fallback) return fallback;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(SCOPE)) return;
  event.respondWith(respond(event, request, url));
});
