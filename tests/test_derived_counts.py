"""Derived counts that stand as facts: each is checked against what it counts.

CONTRIBUTING's rule on derived numbers says they are not written; these few stand because a page
or the play-along reads them as a figure and the source prints only their parts (or nothing), and
each record's note says what it counts. A record added or removed without the count changing
fails here, so the figure cannot drift from the records or the source's ends it sums.
"""
from __future__ import annotations

import re

import pytest

from generator.paths import DATA
from generator.validate.run import load_and_validate


@pytest.fixture(scope="module")
def records():
    recs, problems = load_and_validate(DATA)
    assert not problems
    return {r.data["id"]: r.data for r in recs}


def fact(records, rid, label):
    return next(f for f in records[rid]["facts"] if f.get("label") == label)["value"]


def of(records, game, **fields):
    return [r for r in records.values() if r.get("game") == game and all(r.get(k) == v for k, v in fields.items())]


def test_peoples_with_objectives_counts_the_people_records_with_objectives(records):
    peoples = [r for r in of(records, "ancient-conquest", kind="people") if r.get("objectives")]
    assert fact(records, "ac-ancient-conquest", "Peoples with objectives") == len(peoples)


def test_mosaic_counts_its_national_powers_and_war_tiles(records):
    assert fact(records, "mos-mosaic-wars-disasters", "National powers") == len(of(records, "mosaic-wars-disasters", kind="civilization"))
    assert fact(records, "mos-mosaic-wars-disasters", "War Tiles described") == len(of(records, "mosaic-wars-disasters", card_type="war tile"))


def test_the_expansion_hero_cards_are_its_mythological_heroes_and_atlas(records):
    mythological = of(records, "mare-nostrum", kind="hero", hero_type="mythological")
    assert records["mn-atlas"]["hero_type"] == "civilization"
    assert fact(records, "mn-hero-card", "Hero cards in the expansion box") == len(mythological) + 1


def test_the_diplomacy_years_run_from_the_first_year_to_the_last(records):
    last = int(re.search(r"(\d+) AD", fact(records, "dip-game-length", "End")).group(1))
    assert fact(records, "dip-game-length", "Game years") == last - fact(records, "dip-game-length", "First year") + 1
