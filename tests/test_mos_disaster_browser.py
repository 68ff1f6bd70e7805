"""The Mosaic disaster helper in Chromium at 375 px with touch: a disaster with a named
trigger decided from the counts, one with an unnamed icon asked, then a reload from the URL."""
from __future__ import annotations

from helper_browser import assert_fits_phone, assert_no_nan, open_helper, query, wait_state

PAGE = "calculators/mosaic-disasters/"
BLANK = "?start=blank"   # the empty form (content/assets/tools/opening.js), not the opening example
ROOT = "mos-disaster"


def _walk(pg) -> list[str]:
    return pg.eval_on_selector_all("#mds-walk li", "els => els.map(e => e.dataset.paid + ' ' + e.textContent)")


def test_disaster_through_the_page_then_reload(phone_page, site_url):
    pg = phone_page
    open_helper(pg, site_url + PAGE + BLANK, ROOT)   # the empty form, not the opening sample
    assert pg.locator("#mds-errors p").count() == 0, "a blank form shows no error"
    pg.select_option("#mds-disaster", "mos-chaos")
    assert pg.locator("#mds-counted").is_visible() and not pg.locator("#mds-asked").is_visible()
    assert "Production Bonus" in pg.inner_text("#mds-counted")
    pg.fill("#mds-h-money", "7")
    wait_state(pg, "#mds-results", "undecided")
    assert "Stone Production" in pg.inner_text("#mds-verdict")
    pg.fill("#mds-h-stone-production", "6")
    wait_state(pg, "#mds-results", "loses")
    walk = _walk(pg)
    assert walk[0].startswith("false 10 Money (you hold 7): cannot pay") and walk[1].startswith("true 6 Stone Production"), walk
    pg.fill("#mds-mine", "5")
    pg.fill("#mds-others", "4")
    pg.wait_for_function("document.querySelector('#mds-verdict').textContent.startsWith('you lose')")
    assert "you lose 6 Stone Production" in pg.inner_text("#mds-verdict")
    q = query(pg)
    assert "d=mos-chaos" in q and "h.money=7" in q and "mine=5" in q, q
    first = pg.inner_text("#mds-results")
    assert_no_nan(pg, ROOT)
    assert_fits_phone(pg, ROOT)

    open_helper(pg, pg.url, ROOT)
    assert pg.inner_text("#mds-results") == first
    assert pg.input_value("#mds-disaster") == "mos-chaos" and pg.input_value("#mds-mine") == "5"

    # An unnamed icon: the page asks, and the counts are not used.
    pg.select_option("#mds-disaster", "mos-famine")
    assert pg.locator("#mds-asked").is_visible() and not pg.locator("#mds-counted").is_visible()
    pg.fill("#mds-h-food", "2")
    pg.fill("#mds-h-farm-town", "1")
    wait_state(pg, "#mds-results", "loses")
    assert pg.inner_text("#mds-verdict").startswith("If it strikes you")
    pg.locator("label[for=mds-struck-yes]").tap()
    pg.wait_for_function("location.search.includes('struck=yes')")
    assert pg.inner_text("#mds-verdict").startswith("you lose A Farm Town")
    pg.locator("label[for='mds-avoid-mos-statue-of-zeus-at-olympia']").tap()
    pg.wait_for_function("document.querySelector('#mds-verdict').textContent.includes('protects you')")

