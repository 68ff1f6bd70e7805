"""Each game's player aid prints on one A4 page in Chromium, with the site chrome hidden."""
import re

import pytest

GAMES = ["mare-nostrum", "seven-wonders-myths", "mosaic-wars-disasters", "ancient-conquest", "diplomacy-variant"]


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


@pytest.mark.parametrize("game", GAMES)
def test_player_aid_prints_on_one_page(page, site_url, game):
    page.goto(f"{site_url}{game}/player-aid/")
    assert page.locator(".cmp-aid-section").count() >= 2
    page.emulate_media(media="print")
    assert not page.locator(".md-header").is_visible()
    assert pdf_pages(page.pdf(format="A4", print_background=True)) == 1


def test_page_counter_counts_pages(page, site_url):
    page.goto(f"{site_url}mare-nostrum/rulings/")
    page.emulate_media(media="print")
    assert pdf_pages(page.pdf(format="A4")) > 1   # a long page really is counted as several
