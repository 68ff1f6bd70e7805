// A link to a section of another page must land on that section. With instant navigation
// the theme sometimes restores an old scroll offset instead: it records the offset 100 ms
// after each scroll (history.replaceState), and when a link is followed within those
// 100 ms, the record lands on the new page's history entry, which the theme then takes for
// a back/forward visit. A quick tap after a flick on a phone does exactly that. This arms
// on such a click and, once the new page is drawn, scrolls to the section if the theme did
// not.
const EXPIRES_MS = 5000;
let armed = null;   // {path, id, at}

document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a[href*='#']");
  if (!link || link.hasAttribute("data-copy-link") || event.button !== 0
      || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || url.pathname === location.pathname || url.hash.length < 2) return;
  armed = { path: url.pathname, id: decodeURIComponent(url.hash.slice(1)), at: Date.now() };
}, true);   // capture: before the theme's own handler on <body> has changed the location

function land() {
  const target = armed;
  armed = null;
  if (!target || Date.now() - target.at > EXPIRES_MS || location.pathname !== target.path) return;
  requestAnimationFrame(() => {
    const el = document.getElementById(target.id);
    if (!el) return;
    const box = el.getBoundingClientRect();
    const header = document.querySelector(".md-header");
    const top = header ? header.getBoundingClientRect().bottom : 0;
    if (box.top >= top - 1 && box.top <= innerHeight / 2) return;   // the theme got it right
    // The theme's offset under its header applies to :target only, and the hash may be
    // gone by now (navigation.tracking rewrites it), so give the margin here.
    el.style.scrollMarginTop = `${top + 16}px`;
    el.scrollIntoView({ block: "start" });
    el.style.scrollMarginTop = "";
  });
}

if (window.document$) window.document$.subscribe(land);
