"""The Ancient Conquest victory helper in Chromium at 375 px with touch: objectives ticked
through the page, optional points and readings, then a reload from the URL."""
from __future__ import annotations

from helper_browser import assert_fits_phone, assert_no_nan, open_helper, query, wait_state

PAGE = "calculators/ancient-conquest-victory/"
BLANK = "?start=blank"   # the empty form (content/assets/tools/opening.js), not the opening example
ROOT = "ac-victory"


def _totals(pg) -> dict:
    return pg.eval_on_selector_all("#acv-table tbody tr",
                                   "rows => Object.fromEntries(rows.map(r => [r.dataset.group, r.querySelector('[data-total]').textContent]))")


def _tick(pg, people: str, n: int) -> None:
    summary = pg.locator(f"#acv-o-{people}-{n}").locator("xpath=ancestor::details/summary")
    if not pg.locator(f"#acv-o-{people}-{n}").is_visible():
        summary.tap()
    pg.locator(f"label[for=acv-o-{people}-{n}]").tap()


def test_count_through_the_page_then_reload(phone_page, site_url):
    pg = phone_page
    open_helper(pg, site_url + PAGE + BLANK, ROOT)   # the empty form, not the opening sample
    wait_state(pg, "#acv-results", "tie")          # nothing ticked: every group on 0
    _tick(pg, "egyptian-empire", 3)                # 4 VP
    _tick(pg, "assyrian-empire", 6)                # 1 VP, +1 with Sowing
    wait_state(pg, "#acv-results", "winner")
    assert _totals(pg) == {"1": "4", "2": "1", "3": "0", "4": "0"}
    pg.locator("label[for=acv-opt-ac-sowing]").tap()
    pg.fill("#acv-g2-deities", "1")
    pg.wait_for_function("document.querySelector('#acv-table tr[data-group=\"2\"] [data-total]').textContent === '4'")
    assert "tie" in pg.inner_text("#acv-verdict")
    pg.select_option("#acv-cities", "table")
    pg.select_option("#acv-tyre", "2")
    pg.select_option("#acv-sidon", "2")
    pg.wait_for_function("document.querySelector('#acv-table tr[data-group=\"2\"] [data-total]').textContent === '9'")
    assert "Group 2 wins with 9 victory points" in pg.inner_text("#acv-verdict")
    q = query(pg)
    assert "o=egyptian-empire.3" in q and "opt=ac-sowing" in q and "tyre=2" in q and "cities=table" in q, q
    first = pg.inner_text("#acv-results")
    assert_no_nan(pg, ROOT)
    assert_fits_phone(pg, ROOT)

    open_helper(pg, pg.url, ROOT)
    assert pg.inner_text("#acv-results") == first
    assert pg.is_checked("#acv-o-egyptian-empire-3") and pg.is_checked("#acv-opt-ac-sowing")
    assert pg.locator("#acv-o-egyptian-empire-3").is_visible(), "a people with a ticked objective opens on load"

    # The other reading of section 14: the most objectives (1 each: a tie).
    pg.select_option("#acv-r-measure", "objectives")
    wait_state(pg, "#acv-results", "tie")

    # Clear empties the count in place; the rules in play and the readings stay.
    pg.locator("#acv-clear").tap()
    wait_state(pg, "#acv-results", "tie")
    assert _totals(pg) == {"1": "0", "2": "0", "3": "0", "4": "0"}
    assert not pg.is_checked("#acv-o-egyptian-empire-3") and pg.input_value("#acv-g2-deities") == ""
    assert pg.is_checked("#acv-opt-ac-sowing") and pg.input_value("#acv-cities") == "table"
    q = query(pg)
    assert "o=" not in q and "tyre=" not in q and "deities=" not in q and "opt=ac-sowing" in q and "r.measure=objectives" in q, q

