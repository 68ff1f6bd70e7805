// After a result is followed, the record must end up on screen. On a narrow screen the
// theme fixes the page while the search is open (body[data-md-scrolllock]) and, when the
// search closes, puts the old page offset back, which can land after instant navigation
// has drawn the new page. So once the new page is drawn and that lock is gone, this looks
// at the record (its section, or the page's heading for a record page of its own) and
// brings it under the header if it is not there.
const EXPIRES_MS = 8000;
let expected = null;   // {path, id, at}

export function expectLanding(href) {
  const url = new URL(href, location.href);
  expected = { path: url.pathname, id: decodeURIComponent(url.hash.slice(1)), at: Date.now() };
}

function afterUnlock(then) {
  const body = document.body;
  if (!body.hasAttribute("data-md-scrolllock")) {
    requestAnimationFrame(then);
    return;
  }
  const watch = new MutationObserver(() => {
    if (body.hasAttribute("data-md-scrolllock")) return;
    watch.disconnect();
    requestAnimationFrame(then);   // the theme scrolls right after it drops the lock
  });
  watch.observe(body, { attributes: true, attributeFilter: ["data-md-scrolllock"] });
}

function bringIntoView(target) {
  const el = target.id ? document.getElementById(target.id) : document.querySelector("article h1");
  if (!el) return;
  const header = document.querySelector(".md-header");
  const top = header ? header.getBoundingClientRect().bottom : 0;
  const box = el.getBoundingClientRect();
  if (box.top >= top - 1 && box.bottom <= innerHeight) return;   // already on screen
  el.style.scrollMarginTop = `${top + 16}px`;
  el.scrollIntoView({ block: "start" });
  el.style.scrollMarginTop = "";
}

/** Subscribed to document$: runs once per page drawn. */
export function landOnPage() {
  const target = expected;
  if (!target || location.pathname !== target.path || Date.now() - target.at > EXPIRES_MS) return;
  expected = null;
  afterUnlock(() => bringIntoView(target));
}
