"""In real Chromium: type what a player remembers, land on the record's section."""
import pytest
from playwright.sync_api import expect

from site_pages import wait_until_landed

CASES = [  # (what a player types, id of the record that must be hit): one or more per game
    ("Penthesilea", "mn-penthesilee"),          # alias, Mare Nostrum
    ("ulysses", "mn-ulysses"),
    ("tartaros", "swm-the-pit-of-tartaros"),    # accent-free for Tártaros, 7 Wonders Myths
    ("byzance", "dip-byzantium"),               # French name, Diplomacy variant
    ("baleares", "dip-balearic-islands"),       # French name without its accent
    ("garrison town", "mos-garrison-town"),     # Mosaic
    ("amun", "ac-amon-ra"),                     # alias, Ancient Conquest
]


def search(page, site_url, query):
    page.goto(site_url)
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(query)   # real keystrokes: Material searches on keyup, not on fill()'s input event
    results = page.locator(".md-search-result__list a")
    results.first.wait_for(timeout=15000)
    return results


@pytest.mark.parametrize("query,rid", CASES, ids=[c[0] for c in CASES])
def test_search_lands_on_section(page, site_url, records, query, rid):
    assert rid in {r["id"] for r in records}, f"test case refers to a missing record {rid}"
    results = search(page, site_url, query)
    hrefs = [results.nth(i).get_attribute("href") for i in range(min(results.count(), 10))]
    match = [i for i, h in enumerate(hrefs) if h.endswith("#" + rid)]
    assert match, f"no result for {query!r} points at #{rid}; got {hrefs}"
    results.nth(match[0]).click()
    wait_until_landed(page, rid)   # ids are unique across the site
    heading = page.locator(f"[id='{rid}']")
    expect(heading).to_be_visible(timeout=10000)
    expect(heading).to_be_in_viewport(timeout=10000)   # the page is scrolled to the section
