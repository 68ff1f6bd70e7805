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


def test_readings_switch_from_the_page(phone_page, site_url):
    pg = phone_page
    open_helper(pg, site_url + PAGE + "?tax=4&b.legion=1&b.city-token=1&hold=mn-julius-caesar&hold=mn-mausoleum", ROOT)
    wait_state(pg, "#mns-results", "can")
    pg.select_option("#mns-r-reductions", "one-card")
    wait_state(pg, "#mns-results", "cannot")
    assert "r.reductions=one-card" in query(pg)
    pg.select_option("#mns-r-sets", "several")
    pg.select_option("#mns-r-reductions", "per-item")
    wait_state(pg, "#mns-results", "can")
    assert len(pg.locator("#mns-sets li").all()) == 1, "one tax set pays for both items under the 'several' reading"


def test_hostile_link_gives_messages_beside_the_fields(phone_page, site_url):
    pg = phone_page
    open_helper(pg, site_url + PAGE + "?tax=lots&h.grain=-1&b.legion=9&h.banana=3&hold=%3Cscript%3E&r.sets=maybe", ROOT)
    assert "not a whole number" in pg.inner_text("#mns-tax-error")
    assert pg.get_attribute("#mns-tax", "aria-invalid") == "true"
    assert pg.get_attribute("#mns-tax", "aria-describedby") == "mns-tax-error"
    assert "more than 8 (the box has 8)" in pg.inner_text("#mns-b-legion-error")
    assert "below 0" in pg.inner_text("#mns-h-grain-error")
    assert "h.banana" in pg.inner_text("#mns-errors")          # no field for it: the message is at the top
    assert "<script>" in pg.inner_text("#mns-hold-error")      # shown as text beside the cards held
    assert pg.locator(f"#{ROOT} script").count() == 0
    assert_no_nan(pg, ROOT)
    # The bad values are dropped from the address; typing a good one clears the message.
    assert "lots" not in query(pg) and "banana" not in query(pg)
    pg.fill("#mns-tax", "3")
    assert pg.locator("#mns-tax-error").count() == 0
    assert pg.get_attribute("#mns-tax", "aria-invalid") is None
