"""Phone-first, at 375x667 in Chromium with touch: on every page type nothing scrolls
sideways, every tap target is at least 44 px (both read in the one visit of every page type
that axe reads too: tests/page_tour.py), wide tables scroll inside their own box, and
the search is one tap away."""
from __future__ import annotations

import pytest

from page_tour import reading
from site_pages import open_settled

MIN = 44
# Collects every visible tap target that is too small. A link inside a sentence is exempt,
# as in WCAG 2.5.5/2.5.8 ("inline" targets): making it 44 px tall would break the lines of
# text. A link is inline when its block holds more text than the link itself.
SMALL_TARGETS_JS = """
(min) => {
  const sel = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], label[for]';
  const out = [];
  const blockOf = (el) => { let b = el.parentElement;
    while (b && getComputedStyle(b).display.startsWith('inline')) b = b.parentElement; return b; };
  for (const el of document.querySelectorAll(sel)) {
    const st = getComputedStyle(el);
    if (st.visibility === 'hidden' || st.display === 'none' || parseFloat(st.opacity) === 0) continue;
    if (el.closest('[hidden], .md-search, .md-sidebar, [aria-hidden=true]')) continue;
    let r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= 0 || r.left >= innerWidth) continue;
    if ((el.type === 'checkbox' || el.type === 'radio') && el.labels && el.labels.length) {
      r = el.labels[0].getBoundingClientRect();
    }
    if (r.width >= min && r.height >= min) continue;
    if (el.tagName === 'A' && st.display.startsWith('inline')) {
      const block = blockOf(el);
      if (block && block.textContent.trim().length > el.textContent.trim().length + 1) continue;
    }
    if (el.tagName === 'LABEL' && el.control && el.control.getBoundingClientRect().height >= min) continue;
    const name = (el.getAttribute('aria-label') || el.textContent || el.title || el.name || '').trim().slice(0, 40);
    out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${name}" ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return out;
}
"""


_open = open_settled


# Read on every page type in the one tour at 375 px touch (tests/page_tour.py), which axe reads too.
@reading("phone", "page width", order=0)
def _page_width(pg) -> tuple[int, list[str]]:
    """(the page's width, up to three elements past the screen's edge when it is wider than the screen)."""
    width = pg.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    culprits = []
    if width > 375:
        culprits = pg.evaluate("""() => [...document.querySelectorAll('article *')]
          .filter(e => e.getBoundingClientRect().right > innerWidth + 1 && !e.closest('.cmp-scroll, .md-typeset__scrollwrap, [class*=scroll]'))
          .slice(0, 3).map(e => e.tagName + '.' + e.className)""")
    return width, culprits


@reading("phone", "small tap targets", order=1)
def _small_targets(pg) -> list[str]:
    return pg.evaluate(SMALL_TARGETS_JS, MIN)


def test_no_page_type_scrolls_sideways(phone_tour):
    wide = []
    for label, read in phone_tour.pages.items():
        width, culprits = read["page width"]
        if width > 375:
            wide.append(f"{label} ({phone_tour.paths[label]}): {width}px wide, e.g. {culprits}")
    assert wide == []
    assert not phone_tour.errors, f"JavaScript errors on the page: {phone_tour.errors}"


# The widest the page and the search panel get while the search opens and its results
# appear: sampled every frame for 0.8 s, longer than the theme's 0.4 s opening transition.
WIDEST_WHILE_OPEN_JS = """async () => {
  let page = 0, panel = 0;
  const end = performance.now() + 800;
  while (performance.now() < end) {
    page = Math.max(page, document.documentElement.scrollWidth, document.body.scrollWidth);
    panel = Math.max(panel, document.querySelector('.md-search__inner').getBoundingClientRect().width);
    await new Promise(requestAnimationFrame);
  }
  return {page, panel};
}"""
SEARCH_OPEN_PAGES = ("home", "record: hero", "list: ruling", "calculator: Mare Nostrum")


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_no_page_scrolls_sideways_with_the_search_open(browser, site_url, types, scale):
    # Chromium 156 counted the theme's scaled backdrop circle in the page's width (up to
    # 1,247 px), and a phone's layout viewport grew with it: the results were cut off.
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                  device_scale_factor=scale)
    pg = context.new_page()
    wide = []
    for label in SEARCH_OPEN_PAGES:
        _open(pg, site_url + dict(types)[label])
        pg.locator("label.md-header__button[for='__search']").tap()
        pg.keyboard.type("athena")
        pg.locator(".cmp-search__list a").nth(1).wait_for()
        widest = pg.evaluate(WIDEST_WHILE_OPEN_JS)
        if widest["page"] > 375 or widest["panel"] > 375:
            wide.append(f"{label}: page {widest['page']} px, search panel {widest['panel']} px")
    context.close()
    assert wide == [], f"device scale factor {scale}: " + "; ".join(wide)


def test_tap_targets_are_at_least_44px(phone_tour):
    small = [f"{label}: {t}" for label, read in phone_tour.pages.items() for t in read["small tap targets"]]
    assert small == [], f"{len(small)} small target(s):\n" + "\n".join(small[:80])
    assert not phone_tour.errors, f"JavaScript errors on the page: {phone_tour.errors}"


def test_drawer_links_are_at_least_44px(phone_page, site_url):
    _open(phone_page, site_url)
    phone_page.locator("label.md-header__button[for='__drawer']").tap()
    # wait for the drawer to finish sliding in, not for a fixed time
    phone_page.wait_for_function("""() => { const s = document.querySelector('.md-sidebar--primary');
        return document.getElementById('__drawer').checked && s && s.getBoundingClientRect().left >= 0
          && s.getAnimations({subtree: true}).every(a => a.playState !== 'running'); }""", timeout=10000)
    heights = phone_page.locator(".md-nav--primary .md-nav__link:visible").evaluate_all(
        "els => els.filter(e => e.getBoundingClientRect().left >= 0).map(e => e.getBoundingClientRect().height)")
    assert heights and min(heights) >= MIN, heights


def test_wide_tables_scroll_inside_their_own_box(phone_page, site_url, types):
    tables = dict(types)["record: table"]
    _open(phone_page, site_url + tables)
    boxes = phone_page.evaluate("""() => [...document.querySelectorAll('article .cmp-scroll, article .md-typeset__scrollwrap')]
        .map(b => ({overflow: getComputedStyle(b).overflowX, client: b.clientWidth, scroll: b.scrollWidth,
                    right: b.getBoundingClientRect().right}))""")
    assert boxes
    assert all(b["overflow"] in ("auto", "scroll") and b["right"] <= 376 for b in boxes), boxes
    assert any(b["scroll"] > b["client"] for b in boxes), "expected at least one table wider than a phone"
    phone_page.evaluate("""() => { const b = [...document.querySelectorAll('article .cmp-scroll')]
        .find(b => b.scrollWidth > b.clientWidth); b.scrollLeft = 200; }""")
    assert phone_page.evaluate("scrollX") == 0
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 375


def test_search_is_one_tap_away(phone_page, site_url, types):
    _open(phone_page, site_url + dict(types)["list: rule"])
    button = phone_page.locator("label.md-header__button[for='__search']")
    assert button.is_visible()
    box = button.bounding_box()
    assert box["width"] >= MIN and box["height"] >= MIN
    button.tap()
    field = phone_page.locator("input.md-search__input")
    field.wait_for(state="visible")
    assert phone_page.evaluate("document.activeElement.classList.contains('md-search__input')")
    phone_page.keyboard.type("combat")
    phone_page.locator(".md-search-result__list a").first.wait_for(timeout=15000)
