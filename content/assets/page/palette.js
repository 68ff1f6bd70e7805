// The colour toggle in the header (partials/palette.html), in place of the theme's palette
// component. The header's inline script (partials/javascripts/palette.html) has already applied
// the stored palette, else the device's, as the header was read, and its cmpPaletteShow has
// checked that palette's input, shown the toggle to the other and set the browser's bar. So a
// page opening sets nothing here and reads no style: the theme's component sets the body's colour
// attributes again and reads the header's computed style as its bundle starts, which makes the
// phone style the whole page twice more while it opens.
//  - A tap on the toggle (a change of its radio inputs) applies that palette and keeps the choice
//    as the theme keeps it (__md_set("__palette", {index, color})).
//  - Enter on the toggle switches too, as in the theme.
//  - With no stored choice, a change of the device's colour scheme is followed.
//  - A tap made before this script ran (the input checked, the body not yet switched) is applied.
// A classic script (the downloadable copy opens from files, where modules do not load), run once:
// instant navigation keeps the header.
(function () {
  "use strict";
  var KEYS = ["media", "scheme", "primary", "accent"];
  var form = document.querySelector("form[data-cmp-palette]");
  if (!form) return;
  var inputs = Array.prototype.slice.call(form.querySelectorAll("input[type=radio]"));
  if (!inputs.length) return;

  function colorOf(input) {
    var color = {};
    KEYS.forEach(function (key) { color[key] = input.getAttribute("data-md-color-" + key); });
    return color;
  }

  /** The index of the palette the body shows, or -1. */
  function shown() {
    for (var i = 0; i < inputs.length; i++) {
      var color = colorOf(inputs[i]);
      if (["scheme", "primary", "accent"].every(function (key) { return color[key] === document.body.getAttribute("data-md-color-" + key); })) return i;
    }
    return -1;
  }

  function stored() {
    try { return typeof window.__md_get === "function" ? window.__md_get("__palette") : null; } catch (e) { return null; }
  }

  function apply(index, keep) {
    var color = colorOf(inputs[index]);
    // The theme's stylesheet stops every transition while this attribute is on, so nothing fades.
    document.body.setAttribute("data-md-color-switching", "");
    KEYS.forEach(function (key) { document.body.setAttribute("data-md-color-" + key, color[key]); });
    if (typeof window.cmpPaletteShow === "function") window.cmpPaletteShow(index);
    if (keep && typeof window.__md_set === "function") window.__md_set("__palette", { index: index, color: color });
    setTimeout(function () { document.body.removeAttribute("data-md-color-switching"); });
  }

  form.addEventListener("change", function (event) {
    var index = inputs.indexOf(event.target);
    if (index >= 0) apply(index, true);
  });
  form.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    var next = inputs[(Math.max(0, shown()) + 1) % inputs.length];
    next.click();
    next.focus();
  });
  inputs.forEach(function (input, index) {
    var media = input.getAttribute("data-md-color-media");
    if (!media || typeof matchMedia !== "function") return;
    var query = matchMedia(media);
    if (typeof query.addEventListener !== "function") return;
    query.addEventListener("change", function () {
      if (query.matches && stored() === null && shown() !== index) apply(index, false);
    });
  });

  var checked = inputs.findIndex(function (input) { return input.checked; });
  var now = shown();
  if (checked >= 0 && checked !== now) apply(checked, true);
  else if (now >= 0 && checked < 0 && typeof window.cmpPaletteShow === "function") window.cmpPaletteShow(now);
})();
