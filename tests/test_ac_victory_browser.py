"""The Ancient Conquest victory helper in Chromium at 375 px with touch: the form filled (objectives
ticked, optional points, the city table) fits the phone, with no sideways scrolling and 44 px tap
targets. The form driven through the page, the readings, Clear, a reload from the URL, and a
hostile link, are checked in a DOM in Node (tests/js/helper-pages.test.mjs)."""
from __future__ import annotations

from helper_browser import assert_fits_phone, assert_no_nan, open_helper, wait_state

PAGE = "calculators/ancient-conquest-victory/"
ROOT = "ac-victory"
# The form as tests/js/helper-pages.test.mjs leaves it before its reload.
FILLED = "?o=egyptian-empire.3&o=assyrian-empire.6&g2.deities=1&tyre=2&sidon=2&opt=ac-sowing&cities=table"


def test_the_filled_form_fits_a_phone(phone_page, site_url):
    pg = phone_page
    open_helper(pg, site_url + PAGE + FILLED, ROOT)
    wait_state(pg, "#acv-results", "winner")
    assert_no_nan(pg, ROOT)
    assert_fits_phone(pg, ROOT)
