"""The generator's output for sample records, without any site engine."""
import json
from pathlib import Path

import pytest

from generator.build import build_site_files
from generator.load import load_tree

MINI = Path(__file__).parent / "fixtures" / "mini" / "data"


@pytest.fixture(scope="module")
def files():
    records, problems = load_tree(MINI)
    assert not problems
    return build_site_files(records)


def test_record_section(files):
    page = files["mare-nostrum/heroes.md"]
    assert "## Penthesilee { #mn-penthesilee .cmp-record }" in page
    assert "Also known as: Penthesilea, Penthésilée" in page
    assert '<span id="mn-penthesilea" class="cmp-old-anchor"></span>' in page      # former id still resolves
    assert "[Does the fixture ruling attach to Penthesilee?](rulings.md#mn-q-fixture)" in page
    assert "**Related:** [Athena](gods.md#mn-athena)" in page
    assert "<strong>Cost:</strong> 3 cards" in page
    assert "section “Effects of the Mythological Heroes”" in page


def test_record_text_is_inert(files):
    page = files["mare-nostrum/heroes.md"]
    assert "<script>" not in page
    assert "&lt;script&gt;alert" in page


def test_unknown_is_shown_with_its_note(files):
    tables = files["mare-nostrum/tables.md"]
    assert 'class="cmp-unknown-cell"' in tables and "Row 2 is missing from the fixture." in tables
    gods = files["mare-nostrum/gods.md"]
    assert "cmp-unknown" in gods and "Not in the source / unclear" in gods


def test_rulings_grouped_by_topic(files):
    assert "## Combat { #topic-combat }" in files["mare-nostrum/rulings.md"]
    assert "### Does the fixture ruling attach to Penthesilee? { #mn-q-fixture" in files["mare-nostrum/rulings.md"]


def test_cross_game_links(files):
    assert "[Athena (7 Wonders Myths)](../seven-wonders-myths/cards.md#swm-athena)" in files["mare-nostrum/gods.md"]
    cross = files["cross-game.md"]
    assert "## Athena" in cross and "mare-nostrum/gods.md#mn-athena" in cross and "seven-wonders-myths/cards.md#swm-athena" in cross


def test_export_has_every_field_and_url(files):
    data = json.loads(files["api/records.json"])
    by_id = {r["id"]: r for r in data["records"]}
    assert data["count"] == len(by_id) == 7
    hero = by_id["mn-penthesilee"]
    assert hero["url"] == "mare-nostrum/heroes/#mn-penthesilee"
    assert hero["aliases"] == ["Penthesilea", "Penthésilée"] and hero["cost"] == {"amount": 3, "unit": "cards"}
    assert "api/schemas/hero.schema.json" in files


def test_search_index_is_written(files):
    index = json.loads(files["search/index.json"])
    assert {row[0] for row in index["docs"]} == {r["id"] for r in json.loads(files["api/records.json"])["records"]}
    assert "penthesilea" in index["terms"] and "tartaros" not in index["terms"]   # folded; the fixture has no Tártaros


def test_player_aid_sheet(files):
    sheet = files["mare-nostrum/player-aid.md"]
    assert "### Combat" in sheet
    assert "**[Penthesilee](heroes.md#mn-penthesilee)** (3 cards): Enemies need 6 points" in sheet
    assert "cmp-aid-table" in sheet and "Row 2 is missing from the fixture." in sheet
    assert "player-aid.md" in files["mare-nostrum/index.md"]
