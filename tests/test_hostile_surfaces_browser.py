"""Hostile input on the site's surfaces, in Chromium on the session's site: a removed record's old
anchor on a list page, and a search with no word in it. Each checks what the player sees.

A malformed or newer export on the card browser and a calculator, a loss order of '__proto__' from
a link, a repeated key on a calculator and 3,000 unknown keys on a helper are checked in a DOM in
Node (tests/js/hostile-surfaces.test.mjs).
"""
from __future__ import annotations

HEROES = "mare-nostrum/heroes/"


def test_a_removed_records_old_anchor_says_so_and_offers_a_search(phone_page, site_url):
    pg = phone_page
    pg.goto(site_url + HEROES + "#mn-long-gone-hero")
    notice = pg.locator("#cmp-gone")
    notice.wait_for(state="visible", timeout=15000)
    assert "no record “mn-long-gone-hero” any more" in notice.inner_text()
    assert pg.url.endswith("#mn-long-gone-hero"), "the address stays: nothing to land on"
    notice.locator("button").tap()
    pg.wait_for_function("document.getElementById('cmp-search-query').value === 'long gone hero'")
    pg.wait_for_function("document.getElementById('cmp-search-status').textContent.trim() !== ''")
    # An anchor that is no record id (the theme's own) says nothing; the notice goes with the hash.
    pg.evaluate("location.hash = '__md_top'")
    pg.wait_for_function("!document.getElementById('cmp-gone')")


def test_a_search_with_no_letter_says_so(page, site_url):
    page.goto(site_url)
    page.fill("#cmp-search-query", "🙂?!")
    page.wait_for_function("document.getElementById('cmp-search-status').textContent.includes('no letter or digit')",
                           timeout=15000)
    assert "too common" not in page.inner_text("#cmp-search-status")
    page.fill("#cmp-search-query", "a\u200bjax")
    page.wait_for_selector("#cmp-search-results a[href*='mn-ajax']", timeout=15000)
