"""The Diplomacy final-score helper in Chromium at 375 px with touch: powers entered through
the page, a tie shown as unknown until a reading is chosen, a solo, then a reload from the URL."""
from __future__ import annotations

from helper_browser import assert_fits_phone, assert_no_nan, open_helper, query, wait_state

PAGE = "calculators/diplomacy-score/"
BLANK = "?start=blank"   # the empty form (content/assets/tools/opening.js), not the opening example
ROOT = "dip-score"


def _points(pg) -> dict:
    return pg.eval_on_selector_all("#dps-table tbody tr",
                                   "rows => Object.fromEntries(rows.map(r => [r.dataset.power, r.querySelector('[data-points]').textContent]))")


def test_score_through_the_page_then_reload(phone_page, site_url):
    pg = phone_page
    open_helper(pg, site_url + PAGE + BLANK, ROOT)   # the empty form, not the opening sample
    # The three powers the fragment's examples name are offered first.
    names = [pg.input_value(f"#dps-name-{i}") for i in range(3)]
    assert sorted(names) == ["Egypt", "Greece", "Rome"]
    for i, n in enumerate(["10", "8", "8"]):
        pg.fill(f"#dps-centres-{i}", n)
    pg.locator("#dps-add").tap()
    pg.fill("#dps-name-3", "Carthage")
    pg.fill("#dps-centres-3", "5")
    wait_state(pg, "#dps-results", "largest")
    pts = _points(pg)
    tied = [name for name, p in pts.items() if p.startswith("unknown")]
    assert len(tied) == 2 and all(pts[n] == "unknown: 17 to 24" for n in tied), pts
    assert pts["Carthage"] == "6"
    assert "The fragment does not say" in pg.inner_text("#dps-open-ties")

    pg.select_option("#dps-r-ties", "share")
    pg.wait_for_function("document.querySelector('#dps-table [data-points]') && !document.querySelector('#dps-open-ties')")
    pts = _points(pg)
    assert all(pts[n] == "20.50" for n in tied), pts
    q = query(pg)
    assert "r.ties=share" in q and "p=5%3ACarthage" in q, q
    first = pg.inner_text("#dps-results")
    assert_no_nan(pg, ROOT)
    assert_fits_phone(pg, ROOT)

    open_helper(pg, pg.url, ROOT)
    assert pg.inner_text("#dps-results") == first
    assert pg.input_value("#dps-name-3") == "Carthage" and pg.input_value("#dps-r-ties") == "share"

    # A solo replaces the table; removing a power renumbers the rows.
    pg.fill("#dps-centres-0", "18")
    wait_state(pg, "#dps-results", "solo")
    assert "solo" in pg.inner_text("#dps-verdict")
    pg.locator("#dps-powers .th-power").nth(3).locator("button").tap()
    pg.wait_for_function("document.querySelectorAll('#dps-powers .th-power').length === 3")
    assert "Carthage" not in query(pg)

