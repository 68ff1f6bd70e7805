"""The end of an Ancient Conquest game in Chromium, at 375 px touch: play along's "Turn ›" reaches
the end of the last turn, the player marks an objective met on the now card, and the scoring link
opens the victory helper (through instant navigation) filled from the table: who plays each
group, the objectives met ticked, the one judged missed said so, and no sample. The link's
contents and the helper's reading of them are Node tests (tests/js/play-objectives.test.mjs)."""
from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from helper_browser import assert_fits_phone

PHONE = {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
# Player 1 plays group 2, player 2 group 1, player 3 group 4, player 4 group 3; Egypt's
# objective 7 was judged missed during play.
TABLE = "g=ancient-conquest&n=4&s=2&s=1&s=4&s=3&e=jegyptian-empire.7.x&at=15.ac-placement-of-units"


def test_the_end_of_an_ancient_conquest_game_opens_the_victory_helper_filled_from_the_table(browser, site_url):
    context = browser.new_context(service_workers="block", **PHONE)
    try:
        pg = context.new_page()
        errors = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.goto(site_url + "play-along/?" + TABLE)
        pg.wait_for_selector("#play-along[data-ready=true]")
        # The theme's "Back to top" never covers the card (it showed as the page scrolled up).
        pg.evaluate("window.scrollTo(0, 900)")
        pg.evaluate("window.scrollTo(0, 300)")
        assert pg.evaluate("getComputedStyle(document.querySelector('.md-top')).display") == "none"
        pg.tap("#pa-next-round")
        assert pg.get_attribute("#pa-now", "data-pos") == "15.ac-advance-turn-marker", "Turn › stops at the end of the last turn"
        # The end: every objective of the table, open to be marked before the count.
        assert pg.locator("#pa-objectives[open]").count() == 1
        egypt3 = "#pa-objectives button[data-objective='ac-egyptian-empire.3'][data-verdict=met]"
        pg.locator(egypt3).tap()
        pg.wait_for_selector("#pa-objectives li[data-objective='ac-egyptian-empire.3'][data-verdict=met]")
        assert pg.get_attribute(egypt3, "aria-pressed") == "true"
        assert_fits_phone(pg, "pa-now")
        link = pg.locator("#pa-end a")
        query = parse_qs(urlsplit(link.get_attribute("href")).query)
        assert query["o"] == ["egyptian-empire.3"] and query["x"] == ["egyptian-empire.7"], query
        pg.evaluate("window.__cmpNoReload = 1")
        link.tap()
        pg.wait_for_selector("#ac-victory[data-ready=true]")
        assert pg.evaluate("window.__cmpNoReload") == 1, "the helper opened through instant navigation"
        assert pg.is_checked("#acv-o-egyptian-empire-3")
        assert pg.is_visible("[data-missed='egyptian-empire.7']")
        assert pg.inner_text("#acv-group-1 legend") == "Group 1 (player 2)"
        assert "(player" in pg.inner_text("#acv-verdict")
        assert pg.locator("[data-opening]").count() == 0, "the table's count, not the helper's sample"
        assert pg.inner_text("#acv-errors").strip() == ""
        assert not errors, errors
    finally:
        context.close()
