"""Every tool opens on an answer, in Chromium at 375 px touch and 800 px.

Each calculator and helper, opened from a bare link, shows a verdict and no error, names the
worked example it opened on, and at 375 px holds the verdict and its first inputs on the first
screen; "start blank" works after instant navigation. That a link with its own state wins, that
the note goes at the first change and that "start blank" gives the empty form are checked in a DOM
in Node (tests/js/tool-opening-page.test.mjs).
"""
from __future__ import annotations

import pytest

from screens import CONTEXTS, PHONE, PHONE_LABEL

# page -> (root id, verdict selector, the words the opening verdict holds, the example ruling or None)
TOOLS = {
    "calculators/mare-nostrum-battle/": ("mn-battle", "#mnb-verdict[data-state=ok]", "Still at war 63.7%",
                                         "mare-nostrum/rulings/mn-ex-atlantis-attacks-carthage/"),
    "calculators/ancient-conquest-battle/": ("ac-battle", "#acb-verdict[data-state=ok]", "column 1:1",
                                             "ancient-conquest/rulings/ac-ex-combat-ratio-rounding/"),
    "calculators/mare-nostrum-sets/": ("mn-sets", "#mns-verdict-slot #mns-verdict", "pays for the whole list",
                                       "mare-nostrum/rulings/mn-ex-sets/"),
    "calculators/diplomacy-score/": ("dip-score", "#dps-verdict-slot #dps-verdict", "Rome has a solo", None),
    "calculators/mosaic-disasters/": ("mos-disaster", "#mds-verdict-slot #mds-verdict", "you lose 6 Stone Production", None),
    "calculators/ancient-conquest-victory/": ("ac-victory", "#acv-verdict-slot #acv-verdict", "Group 1 wins", None),
}
# Anything that says a value is wrong, wherever a tool shows it.
PROBLEMS = ".cmp-verdict__problem, .cmp-field-error:not([hidden]), .th-field-error, .th-alert p, .acb-alert, [data-state=error]"
FORM_CONTROLS = "input:not([type=hidden]), select, textarea"


def _open(pg, url: str, root: str, verdict: str) -> None:
    pg.goto(url)
    pg.wait_for_selector(f"#{root}[data-ready=true]", timeout=30000)
    pg.wait_for_selector(verdict, timeout=15000)


@pytest.fixture(params=[PHONE_LABEL, "800"])
def tool_page(request, browser):
    context = browser.new_context(**CONTEXTS[request.param])
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


def test_each_tool_opens_on_a_verdict_and_no_error(tool_page, site_url):
    """Each tool opened in turn from its bare link, in one browser context a width (a page load each)."""
    for path in TOOLS:
        _opens_on_a_verdict(tool_page, site_url, path)


def _opens_on_a_verdict(pg, site_url, path):
    root, verdict, words, example = TOOLS[path]
    _open(pg, site_url + path, root, verdict)
    assert words in pg.inner_text(verdict), path
    shown = [t for t in pg.locator(PROBLEMS).all_inner_texts() if t.strip()]
    assert shown == [], f"{path} opens on a problem: {shown}"
    assert pg.locator(f"#{root} {PROBLEMS}").count() == 0
    note = pg.locator(f"#{root} [data-opening]")
    assert note.is_visible() and note.inner_text().startswith("Opened on")
    if example:
        assert note.locator("a").first.get_attribute("href").rstrip("/").endswith(example.rstrip("/").split("/")[-1])
    box, screen = pg.locator(verdict).bounding_box(), pg.viewport_size
    assert box["y"] >= 0
    if screen == PHONE["viewport"]:
        assert box["y"] + box["height"] <= screen["height"], f"{path}: the verdict ends at {box['y'] + box['height']:.0f} px"
        first = pg.locator(f"#{root} {FORM_CONTROLS}").first.bounding_box()
        assert first["y"] + first["height"] <= screen["height"], f"{path}: the first input ends at {first['y'] + first['height']:.0f} px"
        assert pg.evaluate("document.documentElement.scrollWidth") <= screen["width"]


def test_start_blank_works_after_instant_navigation(phone_page, site_url):
    """Each tool reached through instant navigation (as from play along), one after another in one
    tab: its note's "start blank" opens the empty form. Material fetches a page only when the path
    changes, so a link to the same page with another query only changed the address."""
    from site_pages import follow_instantly, reloaded, wait_for_theme
    pg = phone_page
    paths = list(TOOLS)
    follow_instantly(pg, site_url, paths[0])
    for i, path in enumerate(paths):
        root = TOOLS[path][0]
        if i:
            wait_for_theme(pg)
            pg.evaluate("""href => { window.__cmpNoReload = 1; const a = document.createElement('a');
                a.href = href; a.id = 'cmp-test-link'; a.textContent = 'a link'; a.style.cssText = 'display:block;min-height:44px';
                document.querySelector('article').prepend(a); }""", site_url + path)
            pg.locator("#cmp-test-link").tap()
        pg.wait_for_function(f"location.pathname.endsWith('/{path}') && document.querySelector('#{root}[data-ready=true] [data-opening]')",
                             timeout=30000)
        assert not reloaded(pg), f"{path}: not reached through instant navigation"
        pg.locator(f"#{root} [data-blank]").tap()
        # The empty form: the tool ready again, with no note (the query is the tool's own again).
        pg.wait_for_function(f"document.querySelector('#{root}[data-ready=true]') && !document.querySelector('#{root} [data-opening]')",
                             timeout=10000)
