"""The Diplomacy final-score helper in Chromium at 375 px with touch: the form filled (four powers,
a tie shared) fits the phone, with no sideways scrolling and 44 px tap targets. The form driven
through the page, a tie, a solo and a reload from the URL, and a hostile link, are checked in a DOM
in Node (tests/js/helper-pages.test.mjs)."""
from __future__ import annotations

from helper_browser import assert_fits_phone, assert_no_nan, open_helper, wait_state

PAGE = "calculators/diplomacy-score/"
ROOT = "dip-score"
# The form as tests/js/helper-pages.test.mjs leaves it before its reload.
FILLED = "?p=10:Egypt&p=8:Greece&p=8:Rome&p=5:Carthage&r.ties=share"


def test_the_filled_form_fits_a_phone(phone_page, site_url):
    pg = phone_page
    open_helper(pg, site_url + PAGE + FILLED, ROOT)
    wait_state(pg, "#dps-results", "largest")
    assert_no_nan(pg, ROOT)
    assert_fits_phone(pg, ROOT)
