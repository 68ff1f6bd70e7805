"""The Mare Nostrum sets helper in Chromium at 375 px with touch: the manual's Example of
Sets entered through the page, a shopping list, a card held, then a reload from the URL."""
from __future__ import annotations

from helper_browser import assert_fits_phone, assert_no_nan, open_helper, query, wait_state

PAGE = "calculators/mare-nostrum-sets/"
BLANK = "?start=blank"   # the empty form (content/assets/tools/opening.js), not the opening example
ROOT = "mn-sets"
EXAMPLE = {"tax": "3", "h-grain": "2", "h-perfume": "1", "h-livestock": "1", "h-gold": "1", "h-slaves": "1"}


def _sets(pg) -> list[str]:
    return pg.eval_on_selector_all("#mns-sets li", "els => els.map(e => e.dataset.type + ': ' + e.textContent)")


def test_example_of_sets_through_the_page_then_reload(phone_page, site_url):
    pg = phone_page
    open_helper(pg, site_url + PAGE + BLANK, ROOT)   # typed in from a blank form
    for field, value in EXAMPLE.items():
        pg.fill(f"#mns-{field}", value)
    sizes = pg.eval_on_selector_all("#mns-sizes tbody tr", "rows => rows.map(r => [r.dataset.size, r.querySelector('[data-sets]').textContent])")
    assert ["3", "3"] in sizes and ["6", "0"] in sizes, sizes   # three sets of 3, no set of 6
    assert "5 different commodities" in pg.inner_text("#mns-largest")

    pg.fill("#mns-b-legion", "2")
    pg.fill("#mns-b-trireme", "1")
    wait_state(pg, "#mns-results", "can")
    sets = _sets(pg)
    assert len(sets) == 3 and sum(s.startswith("tax: Tax card ×3") for s in sets) == 1, sets
    assert sum("Grain" in s for s in sets) == 2, sets
    q = query(pg)
    assert "tax=3" in q and "h.grain=2" in q and "b.legion=2" in q and "b.trireme=1" in q, q

    # A temple needs a set of 6: the page says no, and keeps the list in the URL.
    pg.fill("#mns-b-temple", "1")
    wait_state(pg, "#mns-results", "cannot")
    assert "cannot pay" in pg.inner_text("#mns-verdict")
    pg.fill("#mns-b-temple", "")
    wait_state(pg, "#mns-results", "can")

    # Julius Caesar: legions cost 2; the chip is a toggle button.
    pg.locator("#mns-hold-mn-julius-caesar").tap()
    pg.wait_for_function("document.querySelector('#mns-hold-mn-julius-caesar').getAttribute('aria-pressed') === 'true'")
    pg.wait_for_function("location.search.includes('hold=mn-julius-caesar')")
    assert "2 instead of 3, Julius Caesar" in pg.inner_text("#mns-sets")
    first = pg.inner_text("#mns-results")
    assert_no_nan(pg, ROOT)
    assert_fits_phone(pg, ROOT)

    url = pg.url
    open_helper(pg, url, ROOT)
    assert pg.inner_text("#mns-results") == first
    assert pg.input_value("#mns-h-grain") == "2" and pg.input_value("#mns-b-legion") == "2"
    assert pg.get_attribute("#mns-hold-mn-julius-caesar", "aria-pressed") == "true"
    pg.reload()
    pg.wait_for_selector(f"#{ROOT}[data-ready=true]")
    assert pg.inner_text("#mns-results") == first

