// After a result is followed, the record must end up on screen and stay there. On a narrow
// screen the theme fixes the page while the search is open (body[data-md-scrolllock]) and,
// when the search closes, puts the old page's offset back, which can happen after instant
// navigation has drawn the new page; and scripts that add to each record once a page is
// drawn (copy-link buttons) push a section down after the browser scrolled to it. So once
// the new page is drawn and the lock is gone, the record (its section, or the heading of a
// page of its own) is held under the header for a moment: whenever the page scrolls or
// grows by itself and the record leaves the screen, it is put back. The first touch, wheel
// or key of the player ends this, so it never fights them.
const EXPIRES_MS = 8000;   // a navigation slower than this is not the one the result started
const HOLD_MS = 2500;      // how long the record is held after the page is drawn
const PLAYER = ["pointerdown", "touchstart", "wheel", "keydown"];
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

function bringIntoView(el) {
  const header = document.querySelector(".md-header");
  const top = header ? header.getBoundingClientRect().bottom : 0;
  const box = el.getBoundingClientRect();
  if (box.top >= top - 1 && box.bottom <= innerHeight) return;   // on screen
  scrollBy(0, box.top - top - 16);
}

function hold(target) {
  const el = target.id ? document.getElementById(target.id) : document.querySelector("article h1");
  if (!el) return;
  const place = () => bringIntoView(el);
  const grows = new ResizeObserver(place);
  const end = () => {
    grows.disconnect();
    removeEventListener("scroll", place);
    for (const type of PLAYER) removeEventListener(type, end, true);
    clearTimeout(timer);
  };
  const timer = setTimeout(end, HOLD_MS);
  place();
  grows.observe(document.body);
  addEventListener("scroll", place, { passive: true });
  for (const type of PLAYER) addEventListener(type, end, { capture: true, passive: true });
}

/** Subscribed to document$: runs once per page drawn. */
export function landOnPage() {
  const target = expected;
  if (!target || location.pathname !== target.path || Date.now() - target.at > EXPIRES_MS) return;
  expected = null;
  afterUnlock(() => hold(target));
}
