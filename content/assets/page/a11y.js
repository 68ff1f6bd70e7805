// Accessibility fix to the theme's markup, found by axe-core (tests/test_accessibility.py):
// a table wider than its box scrolls sideways, and a keyboard user can scroll it only if
// the box can take focus. (The search dialog is named in its own template,
// generator/mkdocs_theme/partials/search.html.)
const SCROLL_BOXES = "article .cmp-scroll, article .md-typeset__scrollwrap, article .cmp-kv";
const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";

function focusableScrollBoxes() {
  for (const box of document.querySelectorAll(SCROLL_BOXES)) {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    if (scrolls && box.getAttribute("tabindex") === null && !box.querySelector(FOCUSABLE)) {
      box.setAttribute("tabindex", "0");
      box.dataset.cmpFocusable = "";
    } else if (!scrolls && box.dataset.cmpFocusable !== undefined) {
      box.removeAttribute("tabindex");
      delete box.dataset.cmpFocusable;
    }
  }
}

let timer = 0;
addEventListener("resize", () => {
  clearTimeout(timer);
  timer = setTimeout(focusableScrollBoxes, 150);
});

function onPage() {
  // After layout, once the theme has wrapped the tables.
  requestAnimationFrame(() => requestAnimationFrame(focusableScrollBoxes));
}

if (window.document$) window.document$.subscribe(onPage);
else onPage();
