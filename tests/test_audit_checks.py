"""The content lints for the audit's classes (generator/validate/audit_checks.py): run over data/
(so `make test` finds the next one), and each shown to catch the mistake the audit found.
Without ../shared the place-word check reads fingerprints/place-pairs.txt; nothing here needs
the sources."""
from __future__ import annotations

import copy

from generator.paths import PLACE_PAIRS
from generator.validate.audit_checks import (alias_names_other_game, generic_reference_words, place_pairs,
                                             read_pairs, source_pairs, unsupported_place_phrases)
from generator.paths import SEEDS

AC = "004_fbe8c053f9a5701f.txt"


def by_id(records):
    return {r["id"]: r for r in records}


def edited(records, rid, **fields):
    recs = copy.deepcopy(records)
    by_id(recs)[rid].update(fields)
    return recs


def test_the_data_has_none_of_the_audits_mistakes(records):
    pairs, basis = place_pairs(SEEDS, PLACE_PAIRS)
    found = alias_names_other_game(records) + generic_reference_words(records) + unsupported_place_phrases(records, pairs)
    assert found == [], f"checked against {basis}:\n" + "\n".join(map(str, found))


def test_an_alias_that_is_another_games_figure_is_found(records):
    heph = by_id(records)["swm-hephaestus"]
    recs = edited(records, "swm-hephaestus", aliases=list(heph.get("aliases") or []) + ["Vulcan"])
    found = [str(f) for f in alias_names_other_game(recs)]
    assert len(found) == 1 and "swm-hephaestus" in found[0] and "'Vulcan' is the name of mn-vulcan" in found[0]


def test_a_spelling_both_games_use_is_not_a_finding(records):
    # Heracles and Hercules call each other by name: one figure, two spellings.
    assert "Hercules" in by_id(records)["swm-heracles"]["aliases"]
    assert [f for f in alias_names_other_game(records) if f.record == "swm-heracles"] == []


def test_a_link_showing_generic_words_its_target_is_not_called_is_found(records):
    gaps = list(by_id(records)["ac-ancient-conquest"]["source_gaps"])
    gaps.append("A {ac-combat-tripling-limit|Leader} appears once.")
    recs = edited(records, "ac-ancient-conquest", source_gaps=gaps)
    ajax = by_id(recs)["mn-ajax"]
    ajax["notes"] = ["New in the {mn-principles-of-the-expansion|Mythology expansion}."]
    found = {(f.record, f.problem.split(" shows")[0]) for f in generic_reference_words(recs)}
    assert found == {("ac-ancient-conquest", "{ac-combat-tripling-limit|Leader}"),
                     ("mn-ajax", "{mn-principles-of-the-expansion|Mythology expansion}")}
    ajax["notes"] = ["New in the {mn-mare-nostrum-mythology|Mythology expansion}."]    # the game is called that
    assert [f for f in generic_reference_words(recs) if f.record == "mn-ajax"] == []


def test_a_place_word_no_source_sentence_supports_is_found_from_the_fingerprint(records):
    pairs = read_pairs(PLACE_PAIRS)             # what a public clone has
    recs = copy.deepcopy(records)
    ids = by_id(recs)
    ids["ac-kadesh"]["summary"] = "Fortress city-state in {ac-syria}, fought over by Egypt and the Hittites."
    ids["ac-ur"]["summary"] = "Sumerian city in Elam's objective."
    ids["ac-king-saul"]["summary"] = "Israelite king named in a Philistine objective."
    ids["ac-ugarit"]["summary"] = "Syrian city the Hittites must hold."         # the source says so
    found = {(f.record, f.problem.split("'")[1]) for f in unsupported_place_phrases(recs, pairs)}
    assert found == {("ac-kadesh", "Syria"), ("ac-ur", "Sumerian"), ("ac-king-saul", "Israelite")}


def test_source_pairs_read_a_sentence_with_its_heading():
    text = "Hittite Empire\n\n8. Occupy the Syrian cities of Ugarit and Alalakh.\n\nCity-States\n\n1. Aleppo. Eliminate 6.\n"
    pairs = source_pairs(AC, text)
    recs = [{"id": "ac-ugarit", "name": "Ugarit", "summary": "Syrian city.", "source": {"file": AC}},
            {"id": "ac-aleppo", "name": "Aleppo", "summary": "Syrian city-state.", "source": {"file": AC}},
            {"id": "ac-hittite-empire", "name": "Hittite Empire", "summary": "Holds Syrian cities.", "source": {"file": AC}}]
    assert {f.record for f in unsupported_place_phrases(recs, pairs)} == {"ac-aleppo"}


def test_the_committed_place_pairs_match_the_sources_when_they_are_here():
    """Where ../shared is present the fingerprint must be current; in a clone it is what there is."""
    pairs, basis = place_pairs(SEEDS, PLACE_PAIRS)
    if "sources" in basis:
        assert pairs == read_pairs(PLACE_PAIRS), "rebuild it: python -m generator fingerprint"
    else:
        assert pairs and "absent" in basis
