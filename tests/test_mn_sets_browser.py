"""The Mare Nostrum sets helper in Chromium at 375 px with touch: the form filled (the manual's
Example of Sets, a shopping list, a card held) fits the phone, with no sideways scrolling and 44 px
tap targets. The form driven through the page, a reload from the URL, the readings switched, and a
hostile link, are checked in a DOM in Node (tests/js/helper-pages.test.mjs)."""
from __future__ import annotations

from helper_browser import assert_fits_phone, assert_no_nan, open_helper, wait_state

PAGE = "calculators/mare-nostrum-sets/"
ROOT = "mn-sets"
# The form as tests/js/helper-pages.test.mjs leaves it before its reload.
FILLED = "?tax=3&h.gold=1&h.grain=2&h.livestock=1&h.perfume=1&h.slaves=1&b.legion=2&b.trireme=1&hold=mn-julius-caesar"


def test_the_filled_form_fits_a_phone(phone_page, site_url):
    pg = phone_page
    open_helper(pg, site_url + PAGE + FILLED, ROOT)
    wait_state(pg, "#mns-results", "can")
    assert_no_nan(pg, ROOT)
    assert_fits_phone(pg, ROOT)
