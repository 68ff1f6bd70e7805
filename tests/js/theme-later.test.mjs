// The theme held on Play along (content/assets/shared/theme-later.js, holdThemeFor), in a DOM in
// Node (tests/js/dom.mjs). What the theme's start would change in the whole page (the header's
// "no-js", each stylesheet's link written again as an absolute URL) is changed before the table is
// drawn, while the page is small; and the start takes nothing out of the page. On a phone each of
// these restyles every element of the drawn table (tests/benchmarks/README.md, Lighthouse).
// test_start_theme_later.py keeps what only a browser shows: when the theme's scripts are asked
// for, and that the theme then works.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { open, closePage, until, HEADER_SEARCH } from "./dom.mjs";

after(closePage);

const ROOT_ID = "play-along";
const STYLES = "../assets/page/site.css";   // as the built page links it: relative
const PAGE = `<div id="${ROOT_ID}" class="th-helper pa-page"></div>`
  + `<template data-cmp-theme-later><script src="../assets/javascripts/bundle.js"></script></template>`;

test("the held theme's whole-page changes come before the table's first drawing, and its start takes nothing out", async () => {
  let atFirstDrawing = null;
  const page = await open(`play-along/?g=mare-nostrum&n=4&s=mn-rome`, {
    root: PAGE, module: "play/page/index.js", width: 375,
    settings: { handleDisabledFileLoadingAsSuccess: true },   // the stylesheet's twin and the held script load
    setUp(win) {
      const doc = win.document;
      doc.documentElement.className = "no-js";
      doc.head.insertAdjacentHTML("beforeend", `<link rel="stylesheet" href="${STYLES}">`);
      doc.body.insertAdjacentHTML("afterbegin", HEADER_SEARCH);
      const root = doc.getElementById(ROOT_ID);
      new win.MutationObserver((changes, watch) => {
        watch.disconnect();
        atFirstDrawing = {
          className: doc.documentElement.className,
          styles: [...doc.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute("href")),
        };
      }).observe(root, { childList: true });
    },
  });
  assert.equal(page.root.dataset.ready, "true");
  assert.ok(atFirstDrawing, "the table was drawn");
  assert.equal(atFirstDrawing.className, "js", "the header's no-js was still there at the table's first drawing");
  assert.deepEqual(atFirstDrawing.styles, [new URL(STYLES, page.window.location.href).href],
    "the stylesheet was still linked by its relative URL at the table's first drawing");

  const children = [...page.document.body.querySelectorAll("*")].length;
  await until(() => page.document.documentElement.dataset.cmpTheme === "failed", "the theme to start (its script is never run here)");
  const template = page.$("main > template");
  assert.ok(template, "the held scripts' template was taken out of the page");
  assert.ok(!template.hasAttribute("data-cmp-theme-later"), "the template still says the theme is held");
  assert.ok([...page.document.body.querySelectorAll("*")].length >= children, "the theme's start took elements out");
  assert.deepEqual(page.errors, []);
});
