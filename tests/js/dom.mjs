// A page of the site in Node: a happy-dom Window at the page's address (query included), made the
// global document, window, location, history, localStorage and the rest, with the page's root
// element, and a fetch that answers from the export the Node suites are given (helper-records.mjs:
// COMPENDIUM_RECORDS, or a fresh `python -m generator write`). Then the page's own module is
// imported, as the browser would run it, and `open` resolves once the tool has drawn (its root's
// data-ready). What a page does with a link, a field or stored state is checked here in
// milliseconds; Chromium keeps what only a browser shows (layout, axe, tap targets, the service
// worker, offline, instant navigation, print, file://, the camera).
//
// A page that needs the site's own markup takes it as the build writes it: the start page's body
// from the export's index.md (`pageMarkup`, the markdown page `generator write` renders from
// generator/templates/home.md.j2, all HTML), and the header's search box from the theme's partial
// with Material's toggle before it (`HEADER_SEARCH`: generator/mkdocs_theme/partials/search.html,
// its Jinja comments, icons and url filter taken out). Their scripts are the page's `module`s.
//
// Each `open` is a fresh page load: a new Window, and a fresh copy of every module under
// content/assets (a resolve hook gives each page's imports a query of their own), so no module's
// state (the records asked for once, a page's own caches) carries from one page to the next.
// Pages open one at a time (node --test runs a file's tests in turn); `close` the last one.
import { readFile } from "node:fs/promises";
import { registerHooks } from "node:module";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Window } from "happy-dom";
import { readFileSync } from "node:fs";
import { realData, siteJson, siteText } from "./helper-records.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const CONTENT = pathToFileURL(join(ROOT, "content")).href + "/";   // what the modules take as the site root
const ASSETS = `${CONTENT}assets/`;
export const SITE = "https://compendium.test/";                   // the page's own address
const PAGE_KEY = "dom-page";

// The page's module and everything it imports from content/assets carry the page's number.
registerHooks({
  resolve(specifier, context, nextResolve) {
    const found = nextResolve(specifier, context);
    const parent = context.parentURL && URL.canParse(context.parentURL) ? new URL(context.parentURL) : null;
    const page = parent && parent.href.startsWith(ASSETS) ? parent.searchParams.get(PAGE_KEY) : null;
    if (page && found.url.startsWith(ASSETS) && !found.url.includes("?")) return { ...found, url: `${found.url}?${PAGE_KEY}=${page}` };
    return found;
  },
});

// Names the window gives and Node has its own of, taken from the window anyway: the page's DOM
// must be one (its events dispatched on its elements, its storage, its navigator).
const FROM_WINDOW = ["window", "self", "document", "location", "history", "navigator", "localStorage", "sessionStorage",
  "Event", "EventTarget", "CustomEvent", "MessageEvent", "DOMException", "performance", "matchMedia",
  "requestAnimationFrame", "cancelAnimationFrame", "getComputedStyle", "scrollTo", "innerWidth", "innerHeight"];
// Node's own, kept: the page's fetch is ours, and its answers are Node's Responses.
const FROM_NODE = new Set(["fetch", "Response", "Request", "Headers", "URL", "URLSearchParams", "setTimeout", "clearTimeout",
  "setInterval", "clearInterval", "queueMicrotask", "structuredClone", "console", "crypto", "TextEncoder", "TextDecoder",
  "AbortController", "AbortSignal", "Blob", "FormData", "ReadableStream", "WritableStream", "TransformStream", "atob", "btoa"]);
const NODE_GLOBALS = new Set(Object.getOwnPropertyNames(globalThis));
let pages = 0;
let current = null;
let installed = [];

function windowNames(win) {
  const names = new Set();
  for (let o = win; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) for (const n of Object.getOwnPropertyNames(o)) names.add(n);
  return names;
}

function install(win) {
  for (const name of installed) delete globalThis[name];
  installed = [];
  for (const name of windowNames(win)) {
    if (name === "constructor" || FROM_NODE.has(name) || name.startsWith("_")) continue;
    if (NODE_GLOBALS.has(name) && !FROM_WINDOW.includes(name)) continue;
    let value;
    try { value = win[name]; } catch { continue; }
    if (typeof value === "function" && /^[a-z]/.test(name)) value = value.bind(win);
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true, enumerable: false });
    installed.push(name);
  }
}

/**
 * happy-dom 21.0.4 chooses the wrong option when a select is given options of which two are
 * selected (the default first, then one marked selected, as a page builds a select with
 * `option.selected = true` before it is attached): it takes the option at the index of the count
 * of selected ones. The HTML standard keeps the last selected option in tree order; so does this.
 */
function keepLastSelected(win) {
  const proto = win.HTMLSelectElement.prototype;
  const update = Object.getOwnPropertySymbols(proto).find((k) => k.description === "updateSelectedness");
  const sample = win.document.createElement("option");
  const selectedness = Object.getOwnPropertySymbols(sample).find((k) => k.description === "selectedness");
  if (!update || !selectedness) throw new Error("dom.mjs: happy-dom's select changed; check keepLastSelected");
  if (proto[update].keepsLast) return;   // the classes are happy-dom's own, shared by every window
  const original = proto[update];
  const patched = function (selectedOption) {
    if (!selectedOption && !this.hasAttribute("multiple")) {
      const chosen = [...this.querySelectorAll("option")].filter((o) => o[selectedness]);
      for (const o of chosen.slice(0, -1)) o[selectedness] = false;
    }
    return original.call(this, selectedOption);
  };
  patched.keepsLast = true;
  proto[update] = patched;
}

/** A fetch that reads the export's files (their site paths, under the site's root or content/), with
 * `files` ({site path: content, or null for a 404}) answered first, and every URL asked kept in `asked`. */
function fakeFetch(files, asked, base) {
  return async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), base);   // a string, a URL or a Request
    asked.push(url.href);
    const path = url.href.startsWith(CONTENT) ? url.href.slice(CONTENT.length)
      : url.href.startsWith(SITE) ? url.href.slice(SITE.length) : null;
    if (path === null) return new Response("not this site", { status: 404 });
    if (Object.hasOwn(files, path)) {
      const body = files[path];
      if (body === null) return new Response("missing", { status: 404 });
      return new Response(typeof body === "string" ? body : JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    }
    if (path === "api/records.json") return new Response(JSON.stringify(realData()), { status: 200 });
    try {
      return new Response(JSON.stringify(siteJson(path)), { status: 200, headers: { "content-type": "application/json" } });
    } catch {
      return new Response("missing", { status: 404 });
    }
  };
}

/** A page the generator writes as markdown of HTML ("index.md": the start page), as its body holds
 * it: the front matter taken off, and its scripts (the page's `module`s are run instead). */
export function pageMarkup(path) {
  return siteText(path).replace(/^---\n[\s\S]*?\n---\n/, "").replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
}

/** The header's search box: Material's toggle (base.html) and the theme's partial, as the built
 * page has them. Run by search/page.js. */
export const HEADER_SEARCH = '<input class="md-toggle" data-md-toggle="search" type="checkbox" id="__search" autocomplete="off">'
  + readFileSync(join(ROOT, "generator", "mkdocs_theme", "partials", "search.html"), "utf8")
    .replace(/\{#-?[\s\S]*?-?#\}/g, "")
    .replace(/\{%[^%]*%\}/g, "")
    .replace(/\{\{\s*'([^']*)'\s*\|\s*url\s*\}\}/g, "$1");
if (/\{[{%#]/.test(HEADER_SEARCH)) throw new Error("dom.mjs: the theme's search partial has Jinja this does not read");

/** Storage as a browser can refuse it: "disabled" (asking for localStorage throws, as a blocked
 * site's does) or "full" (every setItem throws QuotaExceededError). */
function breakStorage(win, how) {
  if (how === "full") {
    win.localStorage.setItem = () => { throw new win.DOMException("full", "QuotaExceededError"); };
  } else if (how === "disabled") {
    Object.defineProperty(win, "localStorage", { configurable: true, get() { throw new win.DOMException("denied", "SecurityError"); } });
  } else if (how) throw new Error(`dom.mjs: no storage ${how}`);
}

/** Wait until `test()` is true (polled), or fail after `ms` with `what`. */
export async function until(test, what = "the page", ms = 5000) {
  const end = Date.now() + ms;
  for (;;) {
    const got = test();
    if (got) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/**
 * Open a page: `path` (site path and query, "calculators/diplomacy-score/?p=1:Rome"), its root
 * element (`root`: an id, or HTML, whose first id is the root's), its module (`module`: a path
 * under content/assets/, or a list of them, run in turn), and `storage` ({key: value}) in
 * localStorage first (`storageBroken`: "disabled" or "full" after). `setUp(window)` runs on the
 * written page before its modules; `settings` are happy-dom's, over these. Resolves to the page
 * once its root's data-ready is no longer "loading" (`ready: false` to return at once).
 */
export async function open(path, { root, module, storage = {}, files = {}, ready = true, width = 1280, storageBroken = null,
  setUp = null, settings = {} } = {}) {
  if (current) await current.close();
  const asked = [];
  const win = new Window({
    url: new URL(path, SITE).href,
    width,
    height: 800,
    settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true, disableIframePageLoading: true,
      navigator: { userAgent: "happy-dom (tests/js/dom.mjs)" }, ...settings },
  });
  keepLastSelected(win);
  const html = root.startsWith("<") ? root : `<div id="${root}" class="th-helper cmp-tool"></div>`;
  win.document.write(`<!doctype html><html lang="en"><head><title>test</title></head><body><main>${html}</main></body></html>`);
  for (const [k, v] of Object.entries(storage)) win.localStorage.setItem(k, v);
  breakStorage(win, storageBroken);
  if (setUp) setUp(win);
  install(win);
  if (storageBroken === "disabled") {   // install skips a name that throws: the page's global throws too
    Object.defineProperty(globalThis, "localStorage", { configurable: true, enumerable: false,
      get() { throw new win.DOMException("denied", "SecurityError"); } });
    installed.push("localStorage");
  }
  globalThis.fetch = fakeFetch(files, asked, win.location.href);
  const id = root.startsWith("<") ? /id="([^"]+)"/.exec(root)[1] : root;
  pages += 1;
  const errors = [];   // what the page threw, in its listeners and timers (a browser's "pageerror")
  win.addEventListener("error", (e) => errors.push(String(e.error ? e.error.stack || e.error : e.message)));
  const number = pages;
  const page = {
    window: win, document: win.document, asked, errors,
    /** This page's own instance of a module under content/assets ("start/recent.js"). */
    module: (file) => import(`${ASSETS}${file}?${PAGE_KEY}=${number}`),
    /** The root element. */
    get root() { return win.document.getElementById(id); },
    $: (sel) => win.document.querySelector(sel),
    $$: (sel) => [...win.document.querySelectorAll(sel)],
    /** The text of the element `sel` (its textContent), failing when there is none. */
    text(sel) {
      const e = win.document.querySelector(sel);
      if (!e) throw new Error(`no ${sel} on the page`);
      return e.textContent;
    },
    /** Whether the element `sel` is there and drawn: neither it nor a parent hidden (the hidden
     * attribute, display: none in its style attribute, or inside a closed <details> but for its
     * summary; the site's stylesheets are not loaded). */
    shown(sel) {
      const found = win.document.querySelector(sel);
      for (let e = found, child = null; ; child = e, e = e.parentElement) {
        if (!e) return found !== null;
        if (e.hidden || (e.style && e.style.display === "none")) return false;
        if (e.tagName === "DETAILS" && !e.open && child && child.tagName !== "SUMMARY") return false;
      }
    },
    /** Everything in the page's localStorage, {key: value}: `storage` for the next page of the same device. */
    stored() {
      const out = {};
      for (let i = 0; i < win.localStorage.length; i++) out[win.localStorage.key(i)] = win.localStorage.getItem(win.localStorage.key(i));
      return out;
    },
    /** The query of the address as the page left it (without the "?"). */
    query: () => win.location.search.replace(/^\?/, ""),
    /** Type a value into a text field: its input event, as each key typed sends. */
    fill(sel, value) {
      const e = win.document.querySelector(sel);
      if (!e) throw new Error(`no ${sel} on the page`);
      e.value = value;
      e.dispatchEvent(new win.Event("input", { bubbles: true }));
    },
    /** Choose an option of a select: input then change, as a browser sends them. */
    select(sel, value) {
      const e = win.document.querySelector(sel);
      if (!e) throw new Error(`no ${sel} on the page`);
      if (![...e.options].some((o) => o.value === value)) throw new Error(`${sel} has no option ${value}`);
      e.value = value;
      e.dispatchEvent(new win.Event("input", { bubbles: true }));
      e.dispatchEvent(new win.Event("change", { bubbles: true }));
    },
    click(sel) {
      const e = win.document.querySelector(sel);
      if (!e) throw new Error(`no ${sel} on the page`);
      e.click();
    },
    /** The page's state once the page's timers and answers have settled. */
    settle: () => new Promise((r) => setTimeout(r, 0)).then(() => win.happyDOM.waitUntilComplete()),
    async close() {
      if (current === page) current = null;
      await win.happyDOM.abort();
      await win.happyDOM.close();
    },
  };
  current = page;
  for (const file of [module].flat()) await import(`${ASSETS}${file}?${PAGE_KEY}=${number}`);
  if (ready) await until(() => page.root && page.root.dataset.ready && page.root.dataset.ready !== "loading", `#${id} to be drawn`);
  return page;
}

/** Close the page left open (for an `after` hook). */
export async function closePage() {
  if (current) await current.close();
}

/** What must never show in a tool's text: the words of a number or value gone wrong. */
export function assertNoNan(assert, page, sel) {
  const text = page.text(sel);
  for (const bad of ["NaN", "undefined", "null", "[object"]) assert.ok(!text.includes(bad), `${bad} shown on the page`);
}
