"""What the table helpers' browser tests share: opening a helper, and checking that a page
fits a 375 px phone (nothing wider than the screen, tap targets of 44 px)."""
from __future__ import annotations

from urllib.parse import urlsplit

# Root element id of each helper page, by page path.
HELPERS = {
    "calculators/mare-nostrum-sets/": "mn-sets",
    "calculators/diplomacy-score/": "dip-score",
    "calculators/mosaic-disasters/": "mos-disaster",
    "calculators/ancient-conquest-victory/": "ac-victory",
}


def open_helper(pg, url: str, root: str) -> None:
    """Load a helper page and wait until its script has drawn the form and the first result."""
    pg.goto(url)
    pg.wait_for_selector(f"#{root}[data-ready=true]", timeout=30000)


def query(pg) -> str:
    """The page's query string as the address bar holds it (without a tracked hash)."""
    return urlsplit(pg.url).query


def wait_state(pg, results: str, state: str, timeout: int = 15000) -> None:
    pg.wait_for_function("([sel, s]) => document.querySelector(sel) && document.querySelector(sel).dataset.state === s",
                         arg=[results, state], timeout=timeout)


OVERFLOW_JS = """(root) => [...document.querySelectorAll('#' + root + ' *')]
    .filter(e => e.offsetParent !== null && !e.closest('.th-scroll') && e.getBoundingClientRect().right > innerWidth + 0.5)
    .map(e => e.tagName + '#' + e.id + '.' + e.className)"""

SMALL_JS = """(root) => [...document.querySelectorAll('#' + root + ' button, #' + root + ' input, #' + root + ' select, #' + root + ' summary')]
    .filter(e => e.offsetParent !== null)
    .map(e => { let r = e.getBoundingClientRect();
                if ((e.type === 'checkbox' || e.type === 'radio') && e.labels && e.labels.length) r = e.labels[0].getBoundingClientRect();
                return [e.tagName + '#' + (e.id || e.textContent.trim().slice(0, 30)), Math.round(r.width), Math.round(r.height)]; })
    .filter(([, w, h]) => w < 44 || h < 44)"""


def assert_fits_phone(pg, root: str) -> None:
    width = pg.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"horizontal scrolling: page is {width}px wide"
    assert pg.evaluate(OVERFLOW_JS, root) == [], "elements wider than the screen"
    assert pg.evaluate(SMALL_JS, root) == [], "tap targets under 44 px"


def assert_no_nan(pg, root: str) -> None:
    text = pg.inner_text(f"#{root}")
    for bad in ("NaN", "undefined", "null", "[object"):
        assert bad not in text, f"{bad!r} shown on the page"
