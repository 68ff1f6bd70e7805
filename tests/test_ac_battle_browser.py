"""Chromium drives the Ancient Conquest battle and siege calculator on the built site."""
from __future__ import annotations

import re
import shutil

import pytest

from conftest import serve
from site_pages import wait_until_landed

PAGE = "calculators/ancient-conquest-battle/"
HEADLINE = "[data-testid=acb-headline]"
ALERT = "#ac-battle [role=alert]"


def open_calc(page, site_url, query=""):
    page.goto(site_url + PAGE + query)
    page.wait_for_selector(f"{HEADLINE}, {ALERT}:not(:empty)", timeout=15000)


def headline(page) -> str:
    return page.locator(HEADLINE).inner_text()


def set_factor(page, key, value):
    field = page.locator(f'[data-k="{key}-factor"]')
    field.fill(str(value))


def test_drive_the_page_and_reload_from_the_url(page, site_url):
    open_calc(page, site_url)
    set_factor(page, "attacker-0", 11)
    set_factor(page, "defender-0", 6)
    assert headline(page) == "Combat Table, column 1:1"
    assert "11 : 6 is 1:1" in page.locator("[data-testid=acb-steps]").inner_text()

    # A siege with a machine: 18 v 6 is 3:1, shifted to 4:1.
    set_factor(page, "attacker-0", 18)
    page.select_option('[data-k="city"]', "red-dot")
    page.check('[data-k="siege-machine"]')
    assert headline(page) == "Siege Table, column 4:1"
    rows = page.locator("[data-testid=acb-rows] tbody tr")
    assert rows.count() == 6
    assert "not in the source" in rows.nth(5).inner_text()
    outcomes = page.locator("[data-testid=acb-outcomes]").inner_text()
    assert "Not in the source" in outcomes
    assert re.search(r"\d/6 \(\d+\.\d%\) to \d/6 \(\d+\.\d%\)", outcomes), outcomes

    # Readings and an optional rule, then the URL carries all of it.
    page.check('[data-k="reddot-optional"]')
    assert headline(page).startswith("Combat Table")  # red-dot city under optional rule 14
    page.check('[data-k="opt-cap"]')
    url = page.url
    assert "a=i18" in url and "c=red-dot" in url and "reddot=optional" in url and "o=cap" in url and "sm" in url

    before = headline(page)
    page.reload()
    page.wait_for_selector(HEADLINE)
    assert headline(page) == before
    assert page.locator('[data-k="attacker-0-factor"]').input_value() == "18"
    assert page.locator('[data-k="siege-machine"]').is_checked()
    assert page.locator('[data-k="reddot-optional"]').is_checked()
    assert page.locator('[data-k="opt-cap"]').is_checked()
    assert page.locator('[data-k="city"]').input_value() == "red-dot"

    # The same link in a fresh page gives the same result.
    other = page.context.new_page()
    other.goto(url)
    other.wait_for_selector(HEADLINE)
    assert other.locator(HEADLINE).inner_text() == before
    other.close()


def test_bad_input_and_forbidden_attacks_show_an_inline_message(page, site_url):
    open_calc(page, site_url)
    alert = page.locator(ALERT)
    set_factor(page, "attacker-0", 0)
    assert "1 or more" in alert.inner_text()
    assert page.locator(HEADLINE).count() == 0
    set_factor(page, "attacker-0", -4)
    assert "1 or more" in alert.inner_text()
    set_factor(page, "attacker-0", "")
    assert "must be a number" in alert.inner_text()
    # No units at all.
    page.click('[data-k="attacker-0-remove"]')
    assert "no units" in alert.inner_text()
    page.click('[data-k="add-attacker"]')
    set_factor(page, "attacker-0", 5)
    set_factor(page, "defender-0", 6)
    page.select_option('[data-k="city"]', "fortified")
    assert "not allowed" in alert.inner_text()
    text = page.locator("#ac-battle").inner_text()
    assert "NaN" not in text and "undefined" not in text
    # Fixing the input clears the message.
    set_factor(page, "attacker-0", 12)
    assert alert.inner_text() == ""
    assert headline(page) == "Siege Table, column 2:1"


def test_the_oracle_table_is_one_click_away(page, site_url):
    open_calc(page, site_url, "?a=i6&d=i6")
    link = page.locator("[data-testid=acb-oracle] a")
    assert link.count() == 1
    assert link.get_attribute("href").endswith("/ancient-conquest/tables/#ac-oracle-table")
    link.click()
    wait_until_landed(page, "ac-oracle-table", "/ancient-conquest/tables/")


@pytest.fixture(scope="module")
def instant_site_url(site_dir, tmp_path_factory):
    """A copy of the built site whose sitemap.xml lists every page at the test server's origin.

    Material's instant navigation only intercepts links listed in sitemap.xml, matched with
    the port of `site_url`. In production the sitemap comes from `site_url`; a test server on
    a random port needs its own, so this writes one (nothing else in the copy changes).
    """
    copy = tmp_path_factory.mktemp("instant") / "site"
    shutil.copytree(site_dir, copy)
    url, server = serve(copy)
    pages = sorted(p.parent.relative_to(copy).as_posix() for p in copy.rglob("index.html"))
    locs = "".join(f"<url><loc>{url}{'' if p == '.' else p + '/'}</loc></url>" for p in pages)
    (copy / "sitemap.xml").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{locs}</urlset>',
        encoding="utf-8")
    yield url
    server.shutdown()


def test_works_after_instant_navigation(page, instant_site_url):
    page.goto(instant_site_url)
    page.wait_for_load_state("networkidle")
    page.evaluate("window.__acb_marker = 1")
    page.get_by_role("link", name="Ancient Conquest battle and siege odds").first.click()
    page.wait_for_selector(HEADLINE, timeout=15000)
    assert page.evaluate("window.__acb_marker") == 1, "the page was fully reloaded: instant navigation did not run"
    set_factor(page, "attacker-0", 30)
    set_factor(page, "defender-0", 5)
    assert "automatic elimination" in headline(page)
    # Away and back again, still without a reload: the calculator starts again from the URL.
    page.get_by_role("link", name="Mare Nostrum battle odds").first.click()
    page.wait_for_url(re.compile(r"mare-nostrum-battle"))
    page.wait_for_selector("#mn-battle[data-ready=true]")  # that page's script has settled its URL
    page.go_back()
    page.wait_for_selector(HEADLINE, timeout=15000)
    assert page.evaluate("window.__acb_marker") == 1
    assert page.locator('[data-k="attacker-0-factor"]').input_value() == "30"
    assert "automatic elimination" in headline(page)


def test_phone_width_no_horizontal_scroll_and_44px_targets(phone_page, site_url):
    page = phone_page
    open_calc(page, site_url, "?a=c12rs.i8&d=i6.m4&t=mountain&c=capital&o=enc.cap.dei.chg.fle.dg&f=enc.god.sm&dg=attacker")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    sizes = page.evaluate("""() => [...document.querySelectorAll(
        '#ac-battle button, #ac-battle select, #ac-battle input[type=number], #ac-battle label.acb-check, #ac-battle label.acb-radio, #ac-battle .acb-oracle a')]
        .filter((el) => el.offsetParent !== null)
        .map((el) => [el.dataset.k || el.textContent.trim().slice(0, 30), el.getBoundingClientRect().height, el.getBoundingClientRect().right])""")
    assert len(sizes) > 20
    small = [s for s in sizes if s[1] < 44]
    assert not small, f"tap targets under 44 px: {small}"
    wide = [s for s in sizes if s[2] > 375]
    assert not wide, f"controls past the screen edge: {wide}"
