"""The outside-name alias lint: an alias its record's source does not print, that is a
fuller name ("Pyramids of Giza") or another name ("Kalhu"), unless the record types it (its own
name in another language or form) with the source's words it spells. In-memory copies of the records; without ../shared the lint
reads fingerprints/alias-phrases.txt, which must then be current where the sources are present."""
from __future__ import annotations

import copy

import pytest

from generator.load.aliases import typed_aliases
from generator.paths import ALIAS_PHRASES, DATA, SEEDS
from generator.validate.lints.outside_names import (alias_phrases, outside_names, phrases_from_sources, read_phrases, source_phrases,
                                              unprinted_spells)
from generator.validate.run import load_and_validate


@pytest.fixture(scope="module")
def loaded_here():
    recs, problems = load_and_validate(DATA)
    assert not problems
    return recs


@pytest.fixture(scope="module")
def records(loaded_here):
    return [r.data for r in loaded_here]


@pytest.fixture(scope="module")
def typed(loaded_here):
    return typed_aliases(loaded_here)


@pytest.fixture(scope="module")
def phrases():
    return alias_phrases(SEEDS, ALIAS_PHRASES)[0]


def by_id(records):
    return {r["id"]: r for r in records}


def test_the_real_data_has_no_untyped_outside_name_and_every_typed_alias_spells_printed_words(records, phrases, typed):
    assert len(typed) >= 90
    found = outside_names(records, phrases, typed) + unprinted_spells(records, phrases, typed)
    assert found == [], "\n".join(map(str, found))


def test_the_outside_names_the_reading_found_are_found(records, phrases, typed):
    recs = copy.deepcopy(records)
    ids = by_id(recs)
    for rid, alias in [("mn-the-pyramids", "Pyramids of Giza"), ("mn-minos", "King Minos"), ("ac-calakh", "Kalhu"),
                       ("mn-lighthouse", "Pharos"), ("mn-hanging-gardens", "Hanging Gardens of Babylon")]:
        ids[rid]["aliases"] = list(ids[rid].get("aliases") or []) + [alias]
    found = {(f.record, f.problem.split("'")[1]) for f in outside_names(recs, phrases, typed)}
    assert found == {("mn-the-pyramids", "Pyramids of Giza"), ("mn-minos", "King Minos"), ("ac-calakh", "Kalhu"),
                     ("mn-lighthouse", "Pharos"), ("mn-hanging-gardens", "Hanging Gardens of Babylon")}


def test_a_spelling_stands_only_while_typed_with_words_a_source_prints(records, phrases, typed):
    assert typed[("mn-circe", "Kirke")] == {"name": "Kirke", "loc": "grc", "spells": "Circe"}
    untyped = {k: v for k, v in typed.items() if k != ("mn-circe", "Kirke")}
    found = outside_names(records, phrases, untyped)
    assert [(f.record, f.field, f.check) for f in found] == [("mn-circe", "aliases[1]", "audit/outside-names")]
    assert "type it: {name: ..., loc: or aka: ..., spells: the source's words}" in found[0].fix
    # Typed, but spelling words no source prints (the sources, or their fingerprint where absent).
    unprinted = {**typed, ("mn-circe", "Kirke"): {"name": "Kirke", "loc": "grc", "spells": "Kirkeia"}}
    assert [str(f) for f in unprinted_spells(records, phrases, unprinted)] == [
        "mn-circe: aliases[1].spells: typed alias 'Kirke' spells 'Kirkeia', which no source prints "
        "(give the source's own words it spells (at most five, one capitalised)) [audit/unprinted-spells]"]


def test_everyday_words_and_initials_are_not_outside_names(records, phrases, typed):
    recs = copy.deepcopy(records)
    ids = by_id(recs)
    ids["ac-oracles"]["aliases"] = list(ids["ac-oracles"].get("aliases") or []) + ["Plague"]   # printed lowercase
    assert ids["mn-director-of-commerce"]["aliases"].count("DoC") == 1                          # the name's initials
    assert outside_names(recs, phrases, typed) == []


def test_the_fingerprint_is_current_where_the_sources_are_present(records):
    """With the sources, the committed fingerprint is exactly theirs. Without them (a public clone)
    it is still checked, never skipped: it is a fingerprint of these records' sources, not a stub,
    since the records' own names (each as its source file prints it) are found in it: 576 of the 611
    names of five words or fewer today; the rest are the project's headings, not printed words."""
    committed = read_phrases(ALIAS_PHRASES)
    if any(SEEDS.glob("*.txt")):
        assert phrases_from_sources(SEEDS) == committed, "rebuild it: python -m generator fingerprint"
    named = [(r["source"]["file"], r["name"]) for r in records
             if r.get("name") and len(r["name"].split()) <= 5 and (r.get("source") or {}).get("file")]
    found = [pair for pair in named if source_phrases(*pair) & committed]
    assert len(committed) > 10_000 and len(found) >= 0.9 * len(named), (len(committed), len(found), len(named))
