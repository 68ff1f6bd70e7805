"""The search's field syntax in real Chromium, as a player uses it, at 375 px touch, 800 and
1280 px on the site served at its own site_url: the chips and a correction laid out at each
width, the guide's examples run where they stand, the card browser opened on a query, a shared
search in the downloadable copy and offline. What a query typed or shared becomes in the box (its
chips, a chip removed, a correction followed, a hostile or cold-opened shared query) is checked
on the theme's markup in a DOM in Node (tests/js/search-page.test.mjs), and so is the card
browser opened on a query with its facets set (tests/js/browse-page.test.mjs)."""
from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest

from test_search_browser import SCREENS, open_search, press, screen  # noqa: F401 (screen: the fixture)

STATUS = ".cmp-search__status"


@pytest.fixture(scope="module")
def guide(site_dir):
    return json.loads((site_dir / "search" / "guide-examples.json").read_text())


def wait_status(pg, text):
    pg.wait_for_function("([sel, text]) => document.querySelector(sel)?.textContent.includes(text)", arg=[STATUS, text],
                         timeout=20000)


def no_sideways_scroll(pg):
    assert pg.evaluate("document.documentElement.scrollWidth <= innerWidth + 1"), "the page scrolls sideways"


def test_chips_and_a_correction_fit_at_every_width(screen, site_url):
    """Styled as chips at every width: in a row, each × a 44 px target (on desktops the stylesheet
    once held them inside an unclosed phone-only block, and they were bare text and buttons there),
    and a correction's line, neither scrolling the page sideways. What the chips and corrections
    are, and what removing one or following one does, is checked in Node
    (tests/js/search-page.test.mjs)."""
    screen.goto(site_url)
    open_search(screen)
    screen.keyboard.type("game:mn kind:heroes")
    wait_status(screen, "records match")
    assert screen.locator("[data-cmp-search-chips]").evaluate("e => getComputedStyle(e).display") == "flex"
    for box in screen.locator("[data-cmp-search-chips] .cmp-search__chip-remove").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect()).map(r => [r.width, r.height])"):
        assert min(box) >= 44, box
    no_sideways_scroll(screen)
    screen.locator("input.md-search__input").fill("kind:god cots<9")
    screen.locator(".cmp-search__problem a.cmp-search__fix").first.wait_for(timeout=20000)
    no_sideways_scroll(screen)


def guide_sample(examples):
    """One example of each kind the guide has (its first with results, its first with a problem,
    its first that finds nothing without one): what the box does with a tapped example does not
    depend on which example it is, and every example's own outcome is checked in Node
    (tests/js/search-guide.test.mjs) and its link in the built page without a browser
    (test_every_guide_example_has_its_link_in_the_guide)."""
    kinds = {}
    for e in examples:
        kind = "problem" if e["expect"].get("problem") else "none" if e["expect"].get("none") else "results"
        if "'" not in e["query"]:   # (the selector below quotes with it)
            kinds.setdefault(kind, e)
    return list(kinds.values())


def test_every_guide_example_has_its_link_in_the_guide(site_dir, guide):
    """Each example of the guide is a link in search/ that carries its query (data-cmp-query, as the
    page script reads it): the half of the guide's browser test that differs from example to example
    (the 1280 px run once tapped all 23 in Chromium, 19 s)."""
    import html
    page = (site_dir / "search" / "index.html").read_text(encoding="utf-8")
    carried = [html.unescape(q) for q in re.findall(r'<a [^>]*data-cmp-query="([^"]*)"', page)]
    examples = [e["query"] for s in guide for e in s["examples"]]
    assert len(examples) >= 10
    assert [q for q in examples if q not in carried] == [], "a guide example without its link"


def test_the_guide_examples_run_in_the_box(screen, site_url, guide):
    """The phone taps one example of each kind, in turn, back to the guide between them; the wider
    screens, where the box is in the header, tap the first: the box fills and answers at every
    width, and what it answers is the example's own, the same at every width."""
    screen.goto(site_url + "search/")
    examples = guide_sample([e for s in guide for e in s["examples"]])
    assert len(examples) == 3, [e["query"] for e in examples]
    for example in examples if screen.touch else examples[:1]:
        link = screen.locator(f"article a[data-cmp-query='{example['query']}']")
        if screen.locator("#__search").is_checked():   # back to the guide, as a player closes the search
            screen.locator("input.md-search__input").focus()
            screen.keyboard.press("Escape")
            screen.wait_for_function("!document.querySelector('#__search').checked")
        link.scroll_into_view_if_needed()
        press(screen, link)
        screen.wait_for_function("(q) => document.querySelector('input.md-search__input').value === q", arg=example["query"])
        expect = example["expect"]
        if expect.get("includes"):
            screen.locator(f".cmp-search__list a[data-id='{expect['includes'][0]}']").wait_for(timeout=20000)
        elif expect.get("problem"):
            screen.locator(".cmp-search__problem", has_text=expect["problem"]).wait_for(timeout=20000)
        else:
            wait_status(screen, "No record matches" if expect.get("none") else "match")
    assert screen.url.startswith(site_url + "search/")


def test_the_card_browsers_facets_written_as_a_query_give_the_same_records(page, site_url):
    page.goto(f"{site_url}browse/?game=seven-wonders-myths&pantheon=Greek&unknowns=1")
    page.wait_for_selector("#cmp-browse[data-ready]:not([data-ready='loading'])", timeout=20000)
    shown = sorted(page.locator(".cmp-browse__item").evaluate_all("els => els.map(e => e.dataset.id)"))
    link = page.locator(".cmp-browse__as-query a")
    assert link.inner_text() == "game:seven-wonders-myths pantheon:Greek is:unknown"
    link.click()
    page.wait_for_function("document.querySelector('#__search').checked")
    page.wait_for_function("document.querySelector('.cmp-search__status').textContent.includes('match')", timeout=20000)
    total = int(page.locator(".cmp-search__status").inner_text().split()[0])
    assert total == len(shown)
    # a search with words as well keeps them as a filter beside the facets
    page.goto(f"{site_url}browse/?search={quote('kind:ruling trireme')}")
    page.wait_for_selector("#cmp-browse[data-ready]:not([data-ready='loading'])", timeout=20000)
    assert page.locator("#cmp-browse-kind").input_value() == "ruling"
    assert "trireme" in page.locator(".cmp-browse__search").inner_text()
    assert page.locator(".cmp-browse__item[data-id='mn-q-trireme-in-port']").count() == 1


def test_a_shared_search_opens_in_the_downloadable_copy(browser, mini_site_dir, tmp_path):
    import zipfile
    with zipfile.ZipFile(mini_site_dir / "downloads" / "ancient-games-compendium-offline.zip") as zf:
        zf.extractall(tmp_path)
    copy = tmp_path / "ancient-games-compendium"
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto((copy / "search" / "index.html").as_uri() + "?q=" + quote("kind:heroes game:mn"))
        result = page.locator(".cmp-search__list a[data-id='mn-penthesilee']")
        result.wait_for(timeout=20000)
        assert result.get_attribute("href").startswith(copy.as_uri())
        assert page.locator(".cmp-search__chip-label").all_inner_texts() == ["Kind: Hero", "Game: Mare Nostrum"]
    finally:
        context.close()
    assert errors == []


def test_a_shared_search_opens_offline(browser, site_dir):
    from test_offline import offline_after_one_visit
    with offline_after_one_visit(browser, site_dir, **SCREENS["375 touch"]) as (page, url, errors):
        page.goto(f"{url}search/?q={quote('kind:hero game:mn has:rulings')}")
        page.locator(".cmp-search__list a").first.wait_for(timeout=20000)
        assert page.locator(".cmp-search__chip-label").all_inner_texts() == ["Kind: Hero", "Game: Mare Nostrum", "has rulings"]
    assert errors == []
