"""Record text containing HTML or a script tag renders as inert text, in a real browser: on
the record's page, in the search results and in the card browser (which builds its list
from the export). The fixture tests/fixtures/mini has a <script> in a record's text; this
test adds tags with event handlers to every kind of text field of a copy of it."""
from __future__ import annotations

import shutil

import pytest

from conftest import MINI_DATA, build_site, own_folder, serve

PAYLOAD = '<img src=x onerror="window.__pwned=1"><b onmouseover="window.__pwned=2">bold</b>'
MARK = 'window.__pwned=3'


@pytest.fixture(scope="module")
def hostile_site(request, tmp_path_factory):
    tmp = own_folder(request, tmp_path_factory, "hostile")
    data = tmp / "data"
    shutil.copytree(MINI_DATA, data)
    hero = data / "mare-nostrum" / "hero" / "mn-penthesilee.yaml"
    text = hero.read_text()
    assert '<script>alert("x")</script>' in text     # the fixture's own script tag stays
    text = text.replace("summary: Enemies need", f"summary: >-\n  {PAYLOAD} Enemies need")
    text = text.replace("aliases: [Penthesilea, Penthésilée]",
                        f"aliases: [Penthesilea, Penthésilée, '<script>{MARK}</script>']")
    text = text.replace("hero_type: general", f"hero_type: general\nphase: '<script>{MARK}</script>'")
    hero.write_text(text)
    ruling = data / "mare-nostrum" / "ruling" / "mn-q-fixture.yaml"
    ruling.write_text(ruling.read_text().replace("question: Does", f"question: '<i onclick=x>Does</i>"))
    ruling.write_text(ruling.read_text().replace("Penthesilee?", "Penthesilee?'"))
    result = build_site(tmp / "site", data)
    assert result.returncode == 0, result.stdout + result.stderr
    url, server = serve(tmp / "site")
    yield url
    server.shutdown()


def _assert_inert(page):
    page.wait_for_timeout(300)
    assert page.evaluate("window.__pwned") is None
    # The page's own scripts in the article: the start box's, and the list of link previews
    # (inert JSON, generator/render/shared_previews.py). Any other script there came from data.
    hostile = ("article script:not([data-cmp-start-script]):not(script.cmp-previews[type='application/json']), article img, article [onerror], article [onmouseover], article [onclick], "
               ".md-search-result img, .md-search-result [onerror], .md-search-result [onclick]")
    assert page.evaluate("sel => document.querySelectorAll(sel).length", hostile) == 0


def test_record_page_shows_markup_as_text(page, hostile_site):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(hostile_site + "mare-nostrum/heroes/mn-penthesilee/")
    card = page.locator(".cmp-record")
    text = card.inner_text()
    assert '<script>alert("x")</script>' in text
    assert '<img src=x onerror="window.__pwned=1">' in text
    assert f"<script>{MARK}</script>" in text
    page.locator("#mn-penthesilee").hover()
    _assert_inert(page)
    page.goto(hostile_site + "mare-nostrum/rulings/")
    assert "<i onclick=x>Does</i>" in page.locator("article").inner_text()
    _assert_inert(page)
    page.goto(hostile_site + "mare-nostrum/heroes/")
    assert PAYLOAD in page.locator("article").inner_text()       # the list shows the summary as text
    _assert_inert(page)
    assert dialogs == []


def test_search_results_show_markup_as_text(page, hostile_site):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(hostile_site)
    page.locator("input.md-search__input").click()
    page.locator("input.md-search__input").press_sequentially("Penthesilea")
    result = page.locator("#cmp-search-results a[data-id='mn-penthesilee']")
    result.wait_for(timeout=15000)
    assert PAYLOAD in result.locator(".cmp-search__line").inner_text()   # shown as text, not parsed
    page.locator("input.md-search__input").fill("fixture ruling")   # the ruling whose question holds a tag
    page.locator("#cmp-search-results a[data-id='mn-q-fixture']").wait_for(timeout=15000)
    assert "<i onclick=x>Does</i>" in page.locator("#cmp-search-results").inner_text()
    _assert_inert(page)
    assert dialogs == []


def test_card_browser_shows_markup_as_text(page, hostile_site):
    page.goto(hostile_site + "browse/?q=penthesilee")
    page.wait_for_selector("#cmp-browse[data-ready]:not([data-ready='loading'])")
    item = page.locator(".cmp-browse__item[data-id='mn-penthesilee']")
    assert PAYLOAD in item.inner_text()
    page.goto(hostile_site + "browse/?kind=ruling")
    page.wait_for_selector("#cmp-browse[data-ready]:not([data-ready='loading'])")
    assert "<i onclick=x>Does</i>" in page.locator(".cmp-browse__list").inner_text()
    _assert_inert(page)
