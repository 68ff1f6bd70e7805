"""The content lints for the audit's classes (generator/validate/lints/audit_checks.py): run over data/
(so `make test` finds the next one), and each shown to catch the mistake the audit found.
Without ../shared the place-word check reads fingerprints/place-pairs.txt; nothing here needs
the sources."""
from __future__ import annotations

import pytest

import copy

from generator.load.aliases import typed_aliases
from generator.paths import PLACE_PAIRS
from generator.validate.lints.audit_checks import (alias_names_another_record, generic_reference_words,
                                             link_words_name_another_record, name_key, place_pairs, read_pairs,
                                             report_line, source_pairs, unsupported_place_phrases)
from generator.paths import SEEDS

AC = "004_fbe8c053f9a5701f.txt"


def by_id(records):
    return {r["id"]: r for r in records}


def edited(records, rid, **fields):
    recs = copy.deepcopy(records)
    by_id(recs)[rid].update(fields)
    return recs


@pytest.fixture(scope="module")
def typed(loaded):
    """(record id, alias) -> the typed alias entry, as the records write them."""
    return typed_aliases(loaded[0])


def test_the_data_has_none_of_the_audits_mistakes(records, typed):
    pairs, basis = place_pairs(SEEDS, PLACE_PAIRS)
    found = (alias_names_another_record(records, typed) + link_words_name_another_record(records)
             + generic_reference_words(records) + unsupported_place_phrases(records, pairs))
    assert found == [], f"checked against {basis}:\n" + "\n".join(map(str, found))


def _with_alias(records, rid, alias):
    rec = by_id(records)[rid]
    return edited(records, rid, aliases=list(rec.get("aliases") or []) + [alias])


def test_an_alias_that_is_another_games_figure_is_found(records, typed):
    found = [str(f) for f in alias_names_another_record(_with_alias(records, "swm-hephaestus", "Vulcan"), typed)]
    assert len(found) == 1 and "swm-hephaestus" in found[0] and "'Vulcan' is also a name of mn-vulcan in another game" in found[0]


def test_an_alias_that_is_another_records_name_in_the_same_game_is_found(records, typed):
    # The audit's case: the City-States people aliased by the names of their own cities.
    found = [str(f) for f in alias_names_another_record(_with_alias(records, "ac-city-states", "Aleppo"), typed)]
    assert found == [f for f in found if "ac-city-states" in f] and len(found) == 1
    assert "'Aleppo' is also a name of ac-aleppo in the same game" in found[0]


def test_a_typed_alias_cannot_excuse_a_same_game_name(records, typed):
    planted = {**typed, ("ac-kassites-and-babylonians", "Babylon"): {"name": "Babylon", "aka": "short", "spells": "Babylon"}}
    found = [str(f) for f in alias_names_another_record(_with_alias(records, "ac-kassites-and-babylonians", "Babylon"), planted)]
    assert any("'Babylon' is also a name of ac-babylon in the same game" in f for f in found)


def test_two_records_aliasing_each_other_across_games_are_not_exempt(records, typed):
    # Babylon (Mare Nostrum) and the Kassites and Babylonians would each pass by naming the
    # other; only a typed alias (its own name in another language or form) stands.
    recs = _with_alias(_with_alias(records, "mn-babylon", "Kassites and Babylonians"), "ac-kassites-and-babylonians", "Babylon")
    found = {(f.record, f.problem) for f in alias_names_another_record(recs, typed)}
    assert ("mn-babylon", "alias 'Kassites and Babylonians' is also a name of ac-kassites-and-babylonians in another game") in found
    assert any(r == "ac-kassites-and-babylonians" and "'Babylon'" in p for r, p in found)


def test_a_spelling_both_games_use_is_typed_in_the_data_and_accepted(records, typed):
    assert "Athene" in by_id(records)["swm-athena"]["aliases"]       # readers see the name only
    assert typed[("swm-athena", "Athene")] == {"name": "Athene", "aka": "spelling", "spells": "ATHENA"}
    assert typed[("mn-athena", "Athene")]["aka"] == "spelling"
    assert [f for f in alias_names_another_record(records, typed) if f.record in ("swm-athena", "mn-athena")] == []


def test_a_name_of_another_tradition_is_no_alias(records, typed):
    """CONTRIBUTING's rule: the Roman Hercules and Ulysses are other names of the Greek
    Heracles and Odysseus, as Vulcan is of Hephaestus, in either game; no typing excuses them."""
    ids = by_id(records)
    for rid, alias in [("swm-heracles", "Hercules"), ("swm-odysseus", "Ulysses"), ("swm-hephaestus", "Vulcan"),
                       ("mn-hercules", "Heracles"), ("mn-hercules", "Herakles"), ("mn-ulysses", "Odysseus")]:
        assert alias not in ids[rid].get("aliases", []), (rid, alias)
        assert (rid, alias) not in typed, (rid, alias)


def test_an_untyped_cross_game_spelling_is_one_line_naming_its_check_with_a_fix(loaded, records, typed):
    untyped = {k: v for k, v in typed.items() if k != ("swm-athena", "Athene")}
    found = alias_names_another_record(records, untyped)
    assert [str(f) for f in found] == [
        "swm-athena: aliases[0]: alias 'Athene' is also a name of mn-athena in another game (if it is this record's own "
        "name written another way, type it in the record: {name: ..., loc: en|fr|la|grc|he, spells: ...} for another "
        "language, {name: ..., aka: short|singular|plural|adjective|people|place|spelling|heading, spells: ...} for "
        "another form; else remove it) [audit/alias-names-another-record]"]
    athena = next(r for r in loaded[0] if r.data["id"] == "swm-athena")
    line = report_line(athena, found[0])
    assert line.startswith("data/seven-wonders-myths/card/swm-athena.yaml:5: aliases[0]: alias 'Athene' is also")
    assert line.endswith(" [audit/alias-names-another-record]") and "\n" not in line


def test_a_typed_alias_that_needs_no_typing_is_found(records, typed):
    # mn-legion's "Legions" is its own plural, which no other game's record carries.
    planted = {**typed, ("mn-legion", "Legions"): {"name": "Legions", "aka": "plural", "spells": "Legions"}}
    found = [str(f) for f in alias_names_another_record(records, planted)]
    assert len(found) == 1 and found[0].startswith("mn-legion: aliases[0]: alias 'Legions' is typed, but")
    assert "(write it as a plain string: Legions)" in found[0]


def test_a_category_word_alias_is_found(records, typed):
    recs = _with_alias(_with_alias(records, "mn-legion", "ground unit"), "ac-talent-counter", "Gold coins")
    recs = _with_alias(recs, "mos-confederation", "Government Tiles")
    found = {(f.record, f.problem.split(" is")[0]) for f in alias_names_another_record(recs, typed) if "category" in f.problem}
    assert found == {("mn-legion", "alias 'ground unit'"), ("mos-confederation", "alias 'Government Tiles'")}


def test_a_short_form_of_the_own_name_is_no_category_word(records, typed):
    # "Combat" on "Combat – Battles – Sieges", "Cities" on City: the record's own words.
    assert not [f for f in alias_names_another_record(records, typed) if f.record in ("mn-city", "ac-combat")]


def test_name_key_folds_case_accents_plurals_and_articles():
    assert name_key("the Cities expansion") == name_key("City Expansion") == "city expansion"
    assert name_key("Égypte") == name_key("egypte")
    assert name_key("Athènes", plurals=False) != name_key("Athene", plurals=False)


def test_a_link_whose_words_name_another_record_is_found(records):
    # The audit's case: "Cities expansion" shown for the rulebook section on playing with Cities.
    recs = copy.deepcopy(records)
    ids = by_id(recs)
    ids["swm-hera"]["notes"] = list(ids["swm-hera"].get("notes") or []) + ["Removed with the {swm-myths-and-cities|Cities expansion}."]
    ids["mn-ajax"]["notes"] = ["Compare {mn-hercules|the hero cards}."]              # plural and article folded
    ids["ac-gaza"]["notes"] = ["Egypt sets up here ({ac-egyptian-empire|Egypt})."]        # listed in link_words
    found = {(f.record, f.problem.split(" shows")[0]) for f in link_words_name_another_record(recs)}
    assert found == {("swm-hera", "{swm-myths-and-cities|Cities expansion}"), ("mn-ajax", "{mn-hercules|the hero cards}")}


def test_a_link_whose_words_open_with_another_records_name_is_found(records):
    """The Hittite objective's link {ac-syria|Syro-Hittite state}: the words open with
    Syro-Hittites, a record of the same game, not with Syria. Words that only hold another name
    as the thing acted on ('Reassign role cards' for the role assignment) are not a finding."""
    recs = copy.deepcopy(records)
    hittites = by_id(recs)["ac-hittite-empire"]
    objective = next(o for o in hittites["objectives"] if "{ac-syro-hittites|Syro-Hittite state}" in o["text"])
    objective["text"] = objective["text"].replace("{ac-syro-hittites|Syro-Hittite state}", "{ac-syria|Syro-Hittite state}")
    by_id(recs)["mn-ajax"]["notes"] = ["Then {mn-role-assignment|reassign the role cards}."]
    found = [(f.record, f.problem) for f in link_words_name_another_record(recs)]
    assert found == [("ac-hittite-empire", "{ac-syria|Syro-Hittite state} shows words that name ac-syro-hittites, not ac-syria")]


def test_a_link_showing_the_targets_own_name_or_alias_is_not_a_finding(records):
    recs = copy.deepcopy(records)
    by_id(recs)["mn-ajax"]["notes"] = ["Ask {mn-hercules|Hercule}, or {mn-ulysses|Ulixes}, or {mn-hercules|a hero}."]
    assert [f for f in link_words_name_another_record(recs) if f.record == "mn-ajax"] == []


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
    # A place word inside another record's own name is that record's name, not a claim (the setup
    # steps name each people by reference); words written in a reference still count.
    ids["ac-tyre"]["summary"] = "Port the {ac-peoples-of-the-marshes-of-sumer} never reach."
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


@pytest.mark.slow   # seconds each (a copy of data/, a subprocess, or a sweep): make test, not make quick (30 s)
def test_both_lints_fail_on_a_planted_copy_of_data_and_pass_on_the_real_one(tmp_path):
    """The issue's two classes planted as text in a copy of data/, read back through the loader."""
    import shutil

    from generator.paths import DATA
    from generator.validate.run import load_and_validate

    copy_dir = tmp_path / "data"
    shutil.copytree(DATA, copy_dir)
    city_states = copy_dir / "ancient-conquest/people/ac-city-states.yaml"
    city_states.write_text(city_states.read_text().replace("- City States\n", "- City States\n- Aleppo\n", 1))
    hera = copy_dir / "seven-wonders-myths/card/swm-hera.yaml"
    hera.write_text(hera.read_text().replace("{swm-cities-expansion}", "{swm-myths-and-cities|Cities expansion}", 1))
    athena = copy_dir / "seven-wonders-myths/card/swm-athena.yaml"      # the typed spelling written untyped
    athena.write_text(athena.read_text().replace("- {name: Athene, aka: spelling, spells: ATHENA}\n", "- Athene\n", 1))
    for folder, expect in ((DATA, set()), (copy_dir, {"ac-city-states", "swm-hera", "swm-athena"})):
        recs, problems = load_and_validate(folder)
        assert problems == []
        data = [r.data for r in recs]
        found = {f.record for f in alias_names_another_record(data, typed_aliases(recs)) + link_words_name_another_record(data)}
        assert found == expect
