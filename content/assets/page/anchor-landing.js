// A link to another page must land where it points: on its section, or at the top of the
// page. With instant navigation the theme sometimes restores an old scroll offset instead:
// it records the offset 100 ms after each scroll (history.replaceState), and when a link is
// followed within those 100 ms, the record lands on the new page's history entry, which the
// theme then takes for a back/forward visit. A quick tap after a flick on a phone does
// exactly that, and a record's page opened that way showed its middle, not its name. This
// arms on such a click and, once the new page is drawn, puts the page where the link points
// if the theme did not.
// A page may take many seconds to come on a phone with poor signal; the click is spent at the
// next page drawn, whichever it is, so a long wait misplaces nothing.
const EXPIRES_MS = 60000;
let armed = null;   // {path, id, at}

document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a[href]");
  if (!link || link.hasAttribute("data-copy-link") || event.button !== 0
      || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || url.pathname === location.pathname || link.target) return;
  let id = "";
  try {
    id = decodeURIComponent(url.hash.slice(1));
  } catch (err) {
    return;   // a malformed hash names nothing
  }
  armed = { path: url.pathname, id, at: Date.now() };
}, true);   // capture: before the theme's own handler on <body> has changed the location

function land() {
  const target = armed;
  armed = null;
  if (!target || Date.now() - target.at > EXPIRES_MS || location.pathname !== target.path) return;
  requestAnimationFrame(() => {
    if (!target.id) {
      if (scrollY > 0) scrollTo(0, 0);   // a page, not a section: its top
      return;
    }
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
