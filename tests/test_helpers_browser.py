"""All four table helpers: each starts after Material's instant navigation, and fits a
desktop and a tablet screen as well as the phone (the per-helper tests cover 375 px)."""
from __future__ import annotations

import pytest

from helper_browser import HELPERS, open_helper
from site_pages import follow_instantly, reloaded

PAGES = list(HELPERS.items())


@pytest.mark.parametrize("path,root", PAGES, ids=[r for _, r in PAGES])
def test_starts_after_instant_navigation(page, site_url, path, root):
    follow_instantly(page, site_url, path)
    page.wait_for_selector(f"#{root}[data-ready=true]", timeout=30000)
    assert not reloaded(page), "the page was fully reloaded: instant navigation did not run"
    assert page.locator(f"#{root} input, #{root} select").count() > 0


@pytest.mark.parametrize("width", [800, 1280])
def test_fits_wider_screens(browser, site_url, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        for path, root in PAGES:
            open_helper(pg, site_url + path, root)
            assert pg.evaluate("document.documentElement.scrollWidth") <= width, path
            wide = pg.evaluate("""(root) => [...document.querySelectorAll('#' + root + ' *')]
                .filter(e => e.offsetParent !== null && e.getBoundingClientRect().right > innerWidth + 0.5).length""", root)
            assert wide == 0, path
    finally:
        context.close()
    assert errors == []
