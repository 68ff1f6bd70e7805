// The header's colour toggle in a DOM in Node (tests/js/dom.mjs): the theme's palette form as
// partials/palette.html writes it for mkdocs.yml's two palettes, the header's inline scripts as
// the theme's partials hold them (partials/javascripts/base.html's storage helpers and
// partials/javascripts/palette.html, which applies the stored palette, else the device's), then
// content/assets/page/palette.js, which switches. Chromium keeps what only a browser shows: a page
// opening sets its colours once, before its content is read, and a tap then a reload keep the
// choice (tests/test_record_pages.py).
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { open, closePage } from "./dom.mjs";

after(closePage);

const THEME = new URL("../../generator/mkdocs_theme/partials/", import.meta.url);
/** An inline script of the theme's partial, its Jinja comment taken off and its one value given. */
function inlineScript(file) {
  const text = readFileSync(new URL(file, THEME), "utf8").replace(/\{#-[\s\S]*?-#\}/g, "").trim()
    .replace('{{ config.extra.scope | d(base_url, true) }}', "/");
  if (/\{[{%#]/.test(text)) throw new Error(`${file}: Jinja this test does not read`);
  return text;
}
const INPUT = (i, media, scheme) => `<input class="md-option" data-md-color-media="${media}" data-md-color-scheme="${scheme}" data-md-color-primary="brown" data-md-color-accent="deep-orange" aria-label="Switch" type="radio" name="__palette" id="__palette_${i}">`
  + `<label class="md-header__button md-icon" title="Switch" for="__palette_${(i + 1) % 2}" hidden>icon</label>`;
// The browser's bar for a light and a dark device, as partials/app-head.html writes them in the head.
const BARS = '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#795548">'
  + '<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#4e342e">';
const HEADER = `<header data-md-component="header" id="header"><form class="md-header__option" data-cmp-palette>`
  + INPUT(0, "(prefers-color-scheme: light)", "default") + INPUT(1, "(prefers-color-scheme: dark)", "slate")
  + "</form></header>";
// The header's inline scripts, run in the page's globals as the browser runs them while the header
// is read (happy-dom runs no script itself); the names they define are the window's.
const INLINE = ["javascripts/base.html", "javascripts/palette.html"]
  .map((file) => inlineScript(file).replace(/^<script>|<\/script>$/g, ""));
const DEFINED = ["__md_scope", "__md_hash", "__md_memory", "__md_get", "__md_set", "cmpPaletteShow"];
const KEY = "/.__palette";

async function page(storage = {}, beforeScript = () => {}) {
  const p = await open("mare-nostrum/heroes/mn-ajax/", { root: HEADER, module: [], ready: false, storage });
  p.document.head.insertAdjacentHTML("beforeend", BARS);
  for (const script of INLINE) (0, eval)(script);
  for (const name of DEFINED) p.window[name] = globalThis[name];
  beforeScript(p);
  await p.module("page/palette.js");
  return p;
}
const scheme = (p) => p.document.body.getAttribute("data-md-color-scheme");
const shownToggle = (p) => p.$$("form[data-cmp-palette] label").map((l) => !l.hidden);
const bar = (p) => p.$('meta[name="theme-color"]:not([media])')?.content;

test("the header's script applies the device's palette and shows the toggle to the other", async () => {
  const p = await page();
  assert.equal(scheme(p), "default");                      // happy-dom's device is light
  assert.deepEqual(shownToggle(p), [true, false]);
  assert.equal(bar(p), "#795548");
  assert.equal(p.$('meta[name="color-scheme"]').content, "light");
  assert.deepEqual(p.stored(), {}, "nothing stored before a choice");
});

test("a tap on the toggle switches, keeps the choice as the theme keeps it, and the bar follows", async () => {
  const p = await page();
  p.click("#__palette_1");
  assert.equal(scheme(p), "slate");
  assert.deepEqual(shownToggle(p), [false, true]);
  assert.equal(bar(p), "#4e342e");
  assert.equal(p.$('meta[name="color-scheme"]').content, "dark");
  assert.deepEqual(JSON.parse(p.stored()[KEY]),
    { index: 1, color: { media: "(prefers-color-scheme: dark)", scheme: "slate", primary: "brown", accent: "deep-orange" } });
  assert.equal(p.document.body.hasAttribute("data-md-color-switching"), true, "no fade while switching");
  await p.settle();
  assert.equal(p.document.body.hasAttribute("data-md-color-switching"), false);
  assert.deepEqual(p.errors, []);
});

test("a stored choice opens as stored, and Enter on the toggle switches back", async () => {
  const stored = JSON.stringify({ index: 1, color: { media: "(prefers-color-scheme: dark)", scheme: "slate", primary: "brown", accent: "deep-orange" } });
  const p = await page({ [KEY]: stored });
  assert.equal(scheme(p), "slate");
  assert.deepEqual(shownToggle(p), [false, true]);
  assert.equal(bar(p), "#4e342e");
  p.$("form[data-cmp-palette]").dispatchEvent(new p.window.KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
  assert.equal(scheme(p), "default");
  assert.equal(JSON.parse(p.stored()[KEY]).index, 0);
});

test("garbage where the theme keeps the palette is dropped and the device's palette shown", async () => {
  for (const garbage of ["{", '{"index": 7, "color": {}}', '{"index": 0, "color": {"scheme": 1}}', "[]", '"slate"']) {
    const p = await page({ [KEY]: garbage });
    assert.equal(scheme(p), "default", garbage);
    assert.deepEqual(shownToggle(p), [true, false], garbage);
    assert.equal(p.stored()[KEY], undefined, `${garbage} left in storage`);
    assert.deepEqual(p.errors, [], garbage);
  }
});

test("a tap made before the toggle's script ran is applied when it runs", async () => {
  const p = await page({}, (early) => { early.$("#__palette_1").checked = true; });   // the radio checked, the body not switched
  assert.equal(scheme(p), "slate");
  assert.deepEqual(shownToggle(p), [false, true]);
  assert.equal(JSON.parse(p.stored()[KEY]).index, 1);
});
