// A classic script, so it runs as soon as the page is parsed: module scripts (the rest of
// the search) wait until all their imports have loaded, which on a slow phone is after the
// player may already have tapped the magnifier. That tap must still put the cursor in the
// box, so what they type is kept; page.js searches it once it runs.
(function () {
  "use strict";
  var toggle = document.getElementById("__search");
  var input = document.getElementById("cmp-search-query");
  if (!toggle || !input) return;
  toggle.addEventListener("change", function () {
    if (toggle.checked && document.activeElement !== input) input.focus();
  });
})();
