"""Each game's player aid prints on one A4 page in Chromium, with the site chrome hidden, and
fills most of it; phones get a print button."""
import re

import pytest
from generator.validate.games import games_of

GAMES = games_of().slugs
A4_CONTENT = {"width": 726, "height": 1054}   # A4 less the 9 mm print margins, in CSS pixels
# How much of the page each aid must fill: what a game's source offers. Before the aids listed
# heroes, cards, technologies and peoples they filled 60%, 21%, 27%, 104% (two pages) and 30%;
# the Diplomacy fragment is two pages of rules, all of which fit in 58%.
MIN_FILL = {"mare-nostrum": 0.8, "seven-wonders-myths": 0.65, "mosaic-wars-disasters": 0.6,
            "ancient-conquest": 0.8, "diplomacy-variant": 0.55}


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


@pytest.mark.parametrize("game", GAMES)
def test_player_aid_prints_on_one_page_and_fills_it(page, site_url, game):
    page.goto(f"{site_url}{game}/player-aid/")
    assert page.locator(".cmp-aid-section").count() >= 2
    page.emulate_media(media="print")
    assert not page.locator(".md-header").is_visible()
    assert pdf_pages(page.pdf(format="A4", print_background=True)) == 1
    page.set_viewport_size(A4_CONTENT)
    bottom = page.evaluate("Math.max(...[...document.querySelectorAll('.cmp-aid-page *')].map(e => e.getBoundingClientRect().bottom))")
    assert bottom / A4_CONTENT["height"] >= MIN_FILL[game], f"{game}: the aid fills {bottom / A4_CONTENT['height']:.0%} of the page"


def test_mare_nostrum_aid_has_what_players_glance_at(page, site_url, records):
    page.goto(f"{site_url}mare-nostrum/player-aid/")
    text = page.locator("article").inner_text()
    for kind in ("hero", "god", "creature"):
        names = [r["name"] for r in records if r["game"] == "mare-nostrum" and r["kind"] == kind]
        assert names and all(n in text for n in names), kind


def test_phones_get_a_print_button(phone_page, site_url):
    phone_page.add_init_script("window.print = () => { window.__printed = (window.__printed || 0) + 1; }")
    phone_page.goto(f"{site_url}mare-nostrum/player-aid/")
    button = phone_page.locator("[data-cmp-print]")
    button.wait_for(state="visible")
    box = button.bounding_box()
    assert box["height"] >= 44 and box["x"] + box["width"] <= 375
    button.tap()
    assert phone_page.evaluate("window.__printed") == 1


def test_page_counter_counts_pages(page, site_url):
    page.goto(f"{site_url}mare-nostrum/rulings/")
    page.emulate_media(media="print")
    assert pdf_pages(page.pdf(format="A4")) > 1   # a long page really is counted as several
