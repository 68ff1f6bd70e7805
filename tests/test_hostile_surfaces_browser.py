"""Issue 18's hostile input on the new surfaces, in Chromium on the session's site.

A removed record's old anchor on a list page; a malformed or newer export on the card browser
and a calculator; a search with no word in it; a loss order of '__proto__' from a link; a
repeated key on a calculator; 3,000 unknown keys on a helper. Each checks what the player sees.
"""
from __future__ import annotations

import json

import pytest

from helper_browser import open_helper

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


@pytest.mark.parametrize("body, words", [
    ('{"version": 1, "records": {"records": []}}', "has an object where its list of records belongs"),
    ('{"version": 2, "records": []}', "has version 2; this page reads version 1"),
    ("[1, 2]", "holds a list, not the compendium's export"),
    ("{oops", "is not valid JSON"),
])
def test_the_card_browser_names_a_malformed_or_newer_export(browser, site_url, body, words):
    context = browser.new_context(service_workers="block")
    pg = context.new_page()
    pg.route("**/api/records.json", lambda route: route.fulfill(status=200, content_type="application/json", body=body))
    pg.goto(site_url + "browse/")
    problem = pg.locator(".cmp-browse__problem")
    problem.wait_for(timeout=15000)
    text = problem.inner_text()
    assert words in text and "is not a function" not in text and "undefined" not in text, text
    context.close()


def test_a_calculator_names_a_newer_export(browser, site_url):
    context = browser.new_context(service_workers="block")
    pg = context.new_page()
    pg.route("**/api/games/mare-nostrum.json",   # the calculator's game's records
             lambda route: route.fulfill(status=200, content_type="application/json",
                                         body=json.dumps({"version": 2, "records": []})))
    pg.goto(site_url + "calculators/mare-nostrum-battle/")
    pg.wait_for_selector("#mn-battle[data-ready=failed]", timeout=15000)
    text = pg.inner_text("#mn-battle")
    assert "has version 2; this page reads version 1" in text and "is missing" not in text, text
    context.close()


def test_a_search_with_no_letter_says_so(page, site_url):
    page.goto(site_url)
    page.fill("#cmp-search-query", "🙂?!")
    page.wait_for_function("document.getElementById('cmp-search-status').textContent.includes('no letter or digit')",
                           timeout=15000)
    assert "too common" not in page.inner_text("#cmp-search-status")
    page.fill("#cmp-search-query", "a\u200bjax")
    page.wait_for_selector("#cmp-search-results a[href*='mn-ajax']", timeout=15000)


def test_a_loss_order_from_a_link_shows_words_and_a_repeated_key_says_which_value(phone_page, site_url):
    pg = phone_page
    pg.goto(site_url + "calculators/mare-nostrum-battle/?a.legions=2&a.legions=5&d.legions=2&a.loss=__proto__,constructor")
    pg.wait_for_selector("#mn-battle[data-ready=true]", timeout=20000)
    options = pg.eval_on_selector_all("#mnb-attacker-loss option", "os => os.map(o => o.textContent)")
    linked = [o for o in options if o.startswith("As in the link")]
    assert linked == ["As in the link: “__proto__”, then “constructor”"], options
    assert not any("object" in o or "function" in o for o in options), options
    assert "the first value, “2”, was used" in pg.inner_text("#mnb-attacker-legions-error")


def test_thousands_of_unknown_keys_give_a_few_lines(phone_page, site_url):
    pg = phone_page
    junk = "&".join(f"junk{i}=1" for i in range(3000))
    open_helper(pg, site_url + f"calculators/ancient-conquest-victory/?{junk}&cities=table&cities=none", "ac-victory")
    lines = pg.eval_on_selector_all("#acv-errors p", "ps => ps.map(p => p.textContent)")
    assert len(lines) <= 8, lines
    assert any("2,997 more keys in the link" in line for line in lines), lines
    assert "“cities” is in the link 2 times; the first value, “table”, was used." in pg.inner_text("#ac-victory")


def test_the_ac_calculator_says_which_value_a_repeated_key_gave(page, site_url):
    page.goto(site_url + "calculators/ancient-conquest-battle/?a=i11&d=i6&t=hills&t=clear")
    notice = page.locator("[data-testid=acb-link-notice]")
    notice.wait_for(timeout=20000)
    assert "“t” is in the link 2 times; the first value, “hills”, was used." in notice.inner_text()
