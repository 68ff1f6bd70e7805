"""All four table helpers: each starts after Material's instant navigation, and fits a
desktop and a tablet screen as well as the phone (the per-helper tests cover 375 px).

The instant navigation is the theme's and the helper's script, the same at every width: each
helper is reached that way once, at 1280 px, in one desktop context. What the width changes is
what is drawn: each helper, once started, is read at 1280 px and again resized to 800 px."""
from __future__ import annotations

from helper_browser import HELPERS
from screens import at_width
from site_pages import follow_instantly, reloaded

PAGES = list(HELPERS.items())
# Elements of the helper past the screen's right edge.
WIDE_JS = """(root) => [...document.querySelectorAll('#' + root + ' *')]
    .filter(e => e.offsetParent !== null && e.getBoundingClientRect().right > innerWidth + 0.5).length"""


def fits(pg, path, root):
    width = pg.viewport_size["width"]
    assert pg.evaluate("document.documentElement.scrollWidth") <= width, f"{path}: the page scrolls sideways"
    assert pg.evaluate(WIDE_JS, root) == 0, f"{path}: elements wider than the screen"


def test_each_helper_starts_after_instant_navigation_and_fits_wider_screens(page, site_url):
    for path, root in PAGES:
        with at_width(page, "1280"):
            follow_instantly(page, site_url, path)
            page.wait_for_selector(f"#{root}[data-ready=true]", timeout=30000)
            assert not reloaded(page), f"{path}: the page was fully reloaded: instant navigation did not run"
            assert page.locator(f"#{root} input, #{root} select").count() > 0, f"{path}: no form drawn"
            fits(page, path, root)
        with at_width(page, "800"):
            fits(page, path, root)
