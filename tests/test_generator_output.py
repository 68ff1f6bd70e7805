"""The generator's output for sample records, without any site engine."""
import json
import re
from pathlib import Path

import pytest
import yaml

from generator.build import build_site_files
from generator.load.files import load_tree
from generator.model.records import rel_href

MINI = Path(__file__).parent / "fixtures" / "mini" / "data"
HERO = "mare-nostrum/heroes/mn-penthesilee.md"


@pytest.fixture(scope="module")
def files():
    records, problems = load_tree(MINI)
    assert not problems
    return build_site_files(records)


def front(page: str) -> dict:
    return yaml.safe_load(page.split("---\n")[1])


def test_every_record_has_its_own_page(files):
    records = json.loads(files["api/records.json"])["records"]
    for rec in records:
        if rec["kind"] == "game":
            continue
        page = files[rec["url"].rstrip("/") + ".md"]
        assert f'<h1 id="{rec["id"]}"' in page


def test_record_page(files):
    page = files[HERO]
    assert front(page) == {"title": "Penthesilee", "description": "Enemies need 6 points, not 5, to kill one of your units."}
    assert '<h1 id="mn-penthesilee" class="cmp-record__name">Penthesilee</h1>' in page
    assert '<a href="../../">Mare Nostrum</a> › <a href="../">Heroes and characters</a>' in page
    assert "Also known as: Penthesilea, Penthésilée" in page
    assert '<span id="mn-penthesilea" class="cmp-old-anchor"></span>' in page      # a former id stays an anchor
    # ... and the in-play note reads it (a table stored before the rename holds it)
    assert '<div class="cmp-record" data-cmp-record="mn-penthesilee" data-cmp-game="mare-nostrum" data-cmp-former="mn-penthesilea">' in page
    assert '<p class="cmp-related"><strong>Related:</strong> <a href="../../gods/mn-athena/">Athena</a></p>' in page
    assert '<span class="cmp-figure__label">Cost</span> 3 cards' in page
    assert "section “Effects of the Mythological Heroes”" in page
    assert "Source: Mare Nostrum: Mythology Expansion — Rules Manual" in page    # the document's title, not its file


def test_a_records_rulings_are_printed_in_full_on_its_page(files):
    page = files[HERO]
    assert '<h2 id="rulings" class="cmp-section">Rulings (1)</h2>' in page
    assert "Does the fixture ruling attach to Penthesilee?" in page
    assert "Yes, it is listed under her entry." in page                           # the answer, not just a link
    assert 'Also concerns <a href="../../gods/mn-athena/">Athena</a>' in page
    assert '<a href="../../rulings/mn-q-fixture/">Ruling page</a>' in page


def test_a_reference_in_text_is_a_link_with_a_preview(files):
    page = files[HERO]
    link = re.search(r'<a class="cmp-ref" data-cmp-preview-n="(\d+)" href="([^"]*)">([^<]*)</a>', page)
    assert link, page
    assert link.group(2) == "../../gods/mn-athena/" and link.group(3) == "Athena"
    previews = json.loads(re.search(r'<script type="application/json" class="cmp-previews">(.*?)</script>', page).group(1))
    assert previews[int(link.group(1))] == "Mare Nostrum · God: Fixture god that shares a name with a 7 Wonders Myths card."
    assert "{mn-athena}" not in page and "&#123;mn-athena&#125;" not in page


def test_record_text_is_inert(files):
    page = files[HERO]
    assert "<script>" not in page
    assert "&lt;script&gt;alert" in page
    assert "<em>emphasis</em>" in page          # Markdown layout is kept


def test_kind_page_lists_records_and_keeps_their_old_anchors(files):
    page = files["mare-nostrum/heroes.md"]
    entry = re.search(r'<li id="mn-penthesilee"[^>]*data-cmp-record-url="mn-penthesilee/"[^>]*>.*?</li>', page)
    assert entry
    assert 'id="mn-penthesilea" class="cmp-old-anchor" data-cmp-record-url="mn-penthesilee/"' in entry.group(0)
    assert '<a class="cmp-entry__name" href="mn-penthesilee/">Penthesilee</a>' in entry.group(0)
    assert "Enemies need 6 points" in entry.group(0) and "1 ruling" in entry.group(0)
    assert "Fixture text about" not in page                                       # a list, not the full text


def test_a_renamed_record_leaves_a_page_at_its_old_address(files):
    page = files["mare-nostrum/heroes/mn-penthesilea.md"]
    assert 'data-cmp-redirect="../mn-penthesilee/"' in page


def test_unknown_is_shown_with_its_note(files):
    table = files["mare-nostrum/tables/mn-fixture-table.md"]
    assert 'class="cmp-unknown-cell"' in table and "Row 2 is missing from the fixture." in table
    god = files["mare-nostrum/gods/mn-athena.md"]
    assert "cmp-unknown" in god and "Not in the source / unclear" in god
    assert "cmp-unknown" in files["mare-nostrum/gods.md"]                      # flagged in the list too


def test_rulings_grouped_by_topic(files):
    page = files["mare-nostrum/rulings.md"]
    assert "## Combat { #topic-combat }" in page
    assert '<li id="mn-q-fixture"' in page


def test_cross_game_links(files):
    assert '<a href="../../../seven-wonders-myths/cards/swm-athena/">Athena</a> (7 Wonders Myths)' in files["mare-nostrum/gods/mn-athena.md"]
    cross = files["cross-game.md"]
    assert "## Athena" in cross
    assert 'href="../mare-nostrum/gods/mn-athena/"' in cross and 'href="../seven-wonders-myths/cards/swm-athena/"' in cross


def test_export_has_every_field_and_url(files):
    data = json.loads(files["api/records.json"])
    by_id = {r["id"]: r for r in data["records"]}
    assert data["count"] == len(by_id) == 7
    hero = by_id["mn-penthesilee"]
    assert hero["url"] == "mare-nostrum/heroes/mn-penthesilee/"
    assert hero["aliases"] == ["Penthesilea", "Penthésilée"] and hero["cost"] == {"amount": 3, "unit": "cards"}
    assert "api/schemas/hero.schema.json" in files


def test_search_index_is_written(files):
    index = json.loads(files["search/index.json"])
    assert {row[0] for row in index["docs"]} == {r["id"] for r in json.loads(files["api/records.json"])["records"]}
    assert "penthesilea" in index["terms"] and "tartaros" not in index["terms"]   # folded; the fixture has no Tártaros


def test_player_aid_sheet(files):
    sheet = files["mare-nostrum/player-aid.md"]
    assert '<h2 class="cmp-aid-heading">Combat</h2>' in sheet
    assert '<strong><a href="../heroes/mn-penthesilee/">Penthesilee</a></strong> (3 cards): Enemies need 6 points' in sheet
    assert "cmp-aid-table" in sheet and "Row 2 is missing from the fixture." in sheet
    assert "data-cmp-print" in sheet
    assert 'href="player-aid/"' in files["mare-nostrum/index.md"]


def test_home_page_title_is_the_site_name_once(files):
    home = files["index.md"]
    assert "title:" not in home.split("---\n")[1]        # the theme then titles it with the site name alone
    assert home.count("<h1") == 1 and '<h1 class="cmp-start__title"><label for="cmp-start-query">' in home   # it labels the box


@pytest.mark.parametrize("from_page,to_page,expected", [
    ("mare-nostrum/heroes/mn-ajax.md", "mare-nostrum/gods/mn-athena.md", "../../gods/mn-athena/"),
    ("mare-nostrum/heroes/mn-ajax.md", "index.md", "../../../"),
    ("index.md", "mare-nostrum/index.md", "mare-nostrum/"),
    ("mare-nostrum/heroes.md", "mare-nostrum/heroes/mn-ajax.md", "mn-ajax/"),
    ("mare-nostrum/heroes.md", "mare-nostrum/heroes.md", "./"),
])
def test_links_between_pages_are_relative_urls(from_page, to_page, expected):
    assert rel_href(from_page, to_page) == expected


HOSTILE_TEXT = [
    ("a javascript: link", "[x](javascript:alert(1))"),
    ("a data: link", "[x](data:text/html;base64,PHNjcmlwdD4=)"),
    ("a third-party image", "![x](https://tracker.example/p.png)"),
    ("an autolink", "<https://tracker.example/>"),
    ("an e-mail autolink", "<someone@tracker.example>"),
    ("raw HTML", '<a href="javascript:alert(2)">y</a><img src="https://tracker.example/i.png">'),
    ("a reference definition", "[r][evil]\n\n[evil]: javascript:alert(3)"),
    ("a link around a name", "x](javascript:alert(4)) [y"),
    ("a heading", "# Heading\n\nSub\n---"),
    ("a raw HTML block", '<div>\n<a href="javascript:alert(5)">z</a>\n</div>'),
]


@pytest.mark.parametrize("label,text", HOSTILE_TEXT, ids=[label for label, _ in HOSTILE_TEXT])
def test_record_text_makes_no_link_image_or_markup(label, text):
    from generator.render.text_html import block, inline
    for html in (block(text, lambda rid: None), inline(text.replace("\n", " "), lambda rid: None)):
        assert not re.search(r"<(a|img|h[1-6]|script)\b", html), (label, html)
        assert "tracker.example" not in html or "&lt;" in html or "](" in html or "[" in html   # still there, as text


def test_a_reference_definition_stays_visible():
    """Markdown would consume '[evil]: url' lines silently; the reader must see what was typed."""
    from generator.render.text_html import block
    assert "[evil]: javascript:alert(3)" in block("[r][evil]\n\n[evil]: javascript:alert(3)", lambda rid: None)
