"""The Mosaic disaster helper in Chromium at 375 px with touch: the form filled (a disaster with a
named trigger decided from the counts) fits the phone, with no sideways scrolling and 44 px tap
targets. The form driven through the page, an unnamed icon asked, a reload from the URL, and a
hostile link, are checked in a DOM in Node (tests/js/helper-pages.test.mjs)."""
from __future__ import annotations

from helper_browser import assert_fits_phone, assert_no_nan, open_helper, wait_state

PAGE = "calculators/mosaic-disasters/"
ROOT = "mos-disaster"
# The form as tests/js/helper-pages.test.mjs leaves it before its reload.
FILLED = "?d=mos-chaos&h.money=7&h.stone-production=6&mine=5&others=4"


def test_the_filled_form_fits_a_phone(phone_page, site_url):
    pg = phone_page
    open_helper(pg, site_url + PAGE + FILLED, ROOT)
    wait_state(pg, "#mds-results", "loses")
    assert_no_nan(pg, ROOT)
    assert_fits_phone(pg, ROOT)
