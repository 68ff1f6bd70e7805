"""The content checks: references name records, gaps are structured, mentions are linked."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.validate.blocking.content_checks import (check_placeholder_gaps, check_text_references, stale_plain_words,
                                      unlinked_mentions)
from generator.export.records import records_payload
from generator.load.files import RawRecord
from generator.model.records import build_model


def rec(data: dict) -> RawRecord:
    data = {"game": "mare-nostrum", "kind": "rule", **data}
    return RawRecord(Path(f"/x/{data['id']}.yaml"), f"data/{data['game']}/{data['kind']}/{data['id']}.yaml", data)


AJAX = {"id": "mn-ajax", "kind": "hero", "name": "Ajax", "aliases": ["Aias"]}
PHASE = {"id": "mn-military-phase", "name": "Military Phase", "aliases": ["Military", "war phase"]}
HERCULES = {"id": "mn-hercules", "kind": "hero", "name": "Hercules"}
PILLARS = {"id": "mn-pillars-of-hercules", "kind": "place", "name": "Pillars of Hercules"}


def messages(problems):
    return [f"{p.field}: {p.problem} ({p.fix})" for p in problems]


# ------------------------------------------------------------------ references

def test_reference_to_a_missing_record_suggests_the_closest_id():
    found = messages(check_text_references([rec(AJAX), rec({"id": "mn-combat", "text": "See {mn-ajx|Ajax's reroll}."})]))
    assert found == ["text: reference {mn-ajx|Ajax's reroll} names no record (did you mean {mn-ajax}?)"]


def test_malformed_braces_and_self_references_are_reported():
    found = messages(check_text_references([rec({**AJAX, "summary": "Reroll {Ajax} once.",
                                                 "notes": ["See {mn-ajax}.", "Unclosed {mn-ajax"]})]))
    assert any("summary: '{Ajax}' is not a reference" in m for m in found)
    assert any("notes[0]: reference {mn-ajax} points at this record itself" in m for m in found)
    assert any("notes[1]: '{mn-ajax' is not a reference" in m for m in found)


def test_well_formed_references_pass():
    assert check_text_references([rec(AJAX), rec({"id": "mn-combat", "text": "{mn-ajax} or {mn-ajax|his reroll}."})]) == []


# ------------------------------------------------------------------ gaps

@pytest.mark.parametrize("field,value", [
    ("affects", "Player(s) with the fewest [icon]"),
    ("text", "Costs [?] coins."),
    ("cost", "unknown resources; must be built with an age I card"),
    ("requirement", "TBD"),
    ("requirement", "?"),
])
def test_placeholder_prose_is_reported(field, value):
    problems = check_placeholder_gaps([rec({"id": "mos-x", "game": "mosaic-wars-disasters", field: value})])
    assert [p.field for p in problems] == [field]
    assert "unknown" in problems[0].fix


def test_structured_unknowns_and_quoted_placeholders_in_notes_pass():
    record = rec({"id": "mos-x", "game": "mosaic-wars-disasters", "affects": "unknown",
                  "notes": ["The transcription replaces the card's icon with '[icon]'.",
                            "Unknown whether the loss is repeated."]})
    assert check_placeholder_gaps([record]) == []
    assert [p.field for p in check_placeholder_gaps([rec({"id": "mos-y", "notes": ["Costs [icon] Stone."]})])] == ["notes[0]"]


GAP_RECORDS = ["mos-civil-war", "mos-cultural-dark-age", "mos-earthquake", "mos-economic-collapse", "mos-famine",
               "mos-flood", "mos-plague", "mos-technological-dark-age", "swm-the-pit-of-tartaros", "mos-unrest"]


def test_export_marks_every_former_prose_gap_as_unknown(records):
    """The card browser's "unknowns" filter reads has_unknowns from the export."""
    exported = {r["id"]: r for r in records_payload(build_model(records))["records"]}
    assert [rid for rid in GAP_RECORDS if not exported[rid]["has_unknowns"]] == []


# ------------------------------------------------------------------ unlinked mentions

def test_a_mention_of_another_record_is_reported_with_the_reference_to_write():
    found = messages(unlinked_mentions([rec(AJAX), rec(PHASE), rec({"id": "mn-combat", "text": "In the Military phase Aias rerolls."})]))
    assert found == [
        "text: 'Military phase' names mn-military-phase but is not a reference "
        "(write {mn-military-phase|Military phase}, or add 'Military phase' to plain_words if it means something else here)",
        "text: 'Aias' names mn-ajax but is not a reference "
        "(write {mn-ajax|Aias}, or add 'Aias' to plain_words if it means something else here)"]


def test_a_mention_in_play_along_prose_is_reported_too():
    """Setup steps' `do` and `unknown`, and a game's play_along `gaps`, are prose players read."""
    setup = rec({"id": "mn-combat", "setup": [{"id": "a", "do": "Give Aias a card.", "unknown": "When Aias comes is not given."}],
                 "play_along": {"gaps": ["Aias is not placed."]}})
    found = messages(unlinked_mentions([rec(AJAX), setup]))
    assert [m.split(":")[0] for m in found] == ["setup[0].do", "setup[0].unknown", "play_along.gaps[0]"], found


def test_matching_rules_keep_the_check_quiet_where_no_link_is_due():
    others = [rec(AJAX), rec(PHASE), rec(HERCULES), rec(PILLARS)]
    quiet = rec({"id": "mn-combat", "name": "Combat",
                 "text": ("{mn-ajax} rerolls; later Ajax rerolls again. "
                          "A war phase is lowercase, so is ajax. Combat is this record's own name. Ajaxes is another word."),
                 "summary": "Military men march.", "question": "Does Ajax reroll?", "phase": "Military Phase",
                 "plain_words": ["Military"]})
    assert unlinked_mentions(others + [quiet]) == []


def test_the_longest_name_at_a_place_wins():
    found = unlinked_mentions([rec(HERCULES), rec(PILLARS), rec({"id": "mn-combat", "text": "Ships pass the Pillars of Hercules."})])
    assert [p.problem for p in found] == ["'Pillars of Hercules' names mn-pillars-of-hercules but is not a reference"]


def test_each_field_needs_its_own_link():
    found = unlinked_mentions([rec(AJAX), rec({"id": "mn-combat", "summary": "{mn-ajax} rerolls.",
                                                "notes": ["Ajax and Ajax again."]})])
    assert [p.field for p in found] == ["notes[0]"]


def test_other_games_names_are_not_mentions():
    assert unlinked_mentions([rec(AJAX), rec({"id": "swm-x", "game": "seven-wonders-myths", "text": "Ajax"})]) == []


def test_a_name_shared_by_two_records_offers_both():
    rome, province = {"id": "mn-rome", "name": "Rome"}, {"id": "mn-rome-province", "name": "Rome", "kind": "place"}
    found = unlinked_mentions([rec(rome), rec(province), rec({"id": "mn-combat", "text": "Rome attacks."})])
    assert len(found) == 1 and "one of mn-rome, mn-rome-province" in found[0].problem
    assert "{mn-rome} or {mn-rome-province}" in found[0].fix


def test_plain_words_that_hide_nothing_are_stale():
    found = stale_plain_words([rec(AJAX), rec({"id": "mn-combat", "text": "{mn-ajax} rerolls.", "plain_words": ["Ajax", "Zeus"]})])
    assert [p.field for p in found] == ["plain_words[0]", "plain_words[1]"]


def test_data_has_no_unlinked_mentions(loaded):
    raw, _ = loaded
    found = unlinked_mentions(raw) + stale_plain_words(raw)
    assert found == [], (f"{len(found)} mention(s) of other records are not references "
                         "(python -m generator mentions lists them):\n" + "\n".join(map(str, found[:60])))
