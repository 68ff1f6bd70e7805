"""The rest of the site knows the table, in Chromium at 375 px touch: with a table stored
on the device as the play-along page stores it (localStorage "compendium.table.v1", set here through
page.evaluate with the contract's JSON, so these tests need not drive the play-along page), in:table
narrows the search to the records in play, the chip "In play at my table" adds and removes it, the
card browser's chip narrows the list, and a record page in play says so with a link to the table.
Garbage in storage, or no table, giving a message where the table is asked for (the search, the
card browser, a record page) is checked in a DOM in Node (tests/js/search-page.test.mjs).
in:table is also checked at 800 and 1280 px. One page load per screen the player sees (make
test's time budget is tight)."""
from __future__ import annotations

import json

import pytest

from test_search_browser import open_search, press

KEY = "compendium.table.v1"
QUERY = "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&s=&s=&in=mn-ajax.1&in=mn-colossus.2"
IN_PLAY = [{"id": "mn-ajax", "player": 1}, {"id": "mn-hercules", "player": 2}, {"id": "mn-colossus", "player": 2},
           {"id": "mn-athena", "player": None}]
TABLE = {"v": 1, "game": "mare-nostrum", "query": QUERY, "inPlay": IN_PLAY}
STATUS = ".cmp-search__status"
BOX = "input.md-search__input"
CHIP = "button[data-cmp-table-chip]"


@pytest.fixture(scope="module")
def export(site_dir):
    return {r["id"]: r for r in json.loads((site_dir / "api" / "records.json").read_text())["records"]}


def store(pg, value):
    pg.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, value if isinstance(value, str) else json.dumps(value)])


def result_ids(pg):
    return pg.locator(".cmp-search__list a").evaluate_all("els => els.map(e => e.dataset.id)")


def wait_status(pg, text):
    """The status line begins with text (so "2 records match" is not met by "32 records match")."""
    pg.wait_for_function("([sel, text]) => document.querySelector(sel)?.textContent.trim().startsWith(text)", arg=[STATUS, text],
                         timeout=20000)


def search(pg, query, status):
    pg.locator(BOX).fill(query)
    wait_status(pg, status)


def no_sideways_scroll(pg):
    assert pg.evaluate("document.documentElement.scrollWidth <= innerWidth + 1"), "the page scrolls sideways"


def test_a_stored_table_narrows_search_the_card_browser_and_marks_its_records(phone_page, site_url, export):
    pg = phone_page
    pg.touch = True
    heroes = sorted(i["id"] for i in IN_PLAY if export[i["id"]]["kind"] == "hero")
    # -- the search: in:table, and the chip adding and removing it
    pg.goto(site_url)
    store(pg, TABLE)
    open_search(pg)
    search(pg, "in:table", f"{len(IN_PLAY)} records match")
    assert sorted(result_ids(pg)) == sorted(i["id"] for i in IN_PLAY)
    assert pg.locator(".cmp-search__chip-label").all_inner_texts() == ["In play at my table"]
    chip = pg.locator(CHIP)
    assert chip.is_visible() and chip.get_attribute("aria-pressed") == "true"
    all_heroes = sum(1 for r in export.values() if r["kind"] == "hero")
    search(pg, "kind:hero", f"{all_heroes} records match")
    assert chip.get_attribute("aria-pressed") == "false"
    box = chip.bounding_box()
    assert box["height"] >= 44, box
    no_sideways_scroll(pg)
    press(pg, chip)
    pg.wait_for_function("(q) => document.querySelector('input.md-search__input').value === q", arg="kind:hero in:table")
    wait_status(pg, f"{len(heroes)} records match")
    assert sorted(result_ids(pg)) == heroes
    assert chip.get_attribute("aria-pressed") == "true"
    press(pg, chip)
    pg.wait_for_function("(q) => document.querySelector('input.md-search__input').value === q", arg="kind:hero")
    wait_status(pg, f"{all_heroes} records match")
    assert chip.get_attribute("aria-pressed") == "false"

    # -- the card browser: its chip keeps the records in play, and writes itself as in:table
    pg.goto(site_url + "browse/")
    pg.wait_for_selector("#cmp-browse[data-ready='true']", timeout=20000)
    label = pg.locator("label.cmp-browse__check--table")
    assert label.inner_text().strip() == "In play at my table"
    assert label.bounding_box()["height"] >= 44
    press(pg, label)
    pg.wait_for_function(f"document.querySelector('.cmp-browse__list').dataset.count === '{len(IN_PLAY)}'", timeout=10000)
    shown = pg.locator(".cmp-browse__list > li").evaluate_all("els => els.map(e => e.dataset.id)")
    assert sorted(shown) == sorted(i["id"] for i in IN_PLAY)
    assert "table=1" in pg.url
    assert "in:table" in pg.locator(".cmp-browse__as-query").inner_text()
    no_sideways_scroll(pg)

    # -- a record page in play says so, linked to the table on Play along
    pg.goto(site_url + export["mn-colossus"]["url"])
    note = pg.locator("[data-cmp-in-play='mn-colossus']")
    note.wait_for(timeout=20000)
    assert note.inner_text().strip() == "In play at your table (player 2)"
    link = note.locator("a")
    assert link.get_attribute("href") == site_url + "play-along/?" + QUERY
    assert link.bounding_box()["height"] >= 44
    no_sideways_scroll(pg)


@pytest.mark.parametrize("width", [800, 1280])
def test_in_table_narrows_search_on_wider_screens(browser, site_url, export, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        pg.goto(site_url)
        store(pg, TABLE)
        open_search(pg)
        pg.keyboard.type("in:table kind:hero")   # real keystrokes into the header's box
        heroes = sorted(i["id"] for i in IN_PLAY if export[i["id"]]["kind"] == "hero")
        wait_status(pg, f"{len(heroes)} records match")
        assert sorted(result_ids(pg)) == heroes
        assert pg.locator(CHIP).get_attribute("aria-pressed") == "true"
    finally:
        context.close()
    assert errors == [], errors
