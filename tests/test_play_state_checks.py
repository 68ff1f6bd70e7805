"""The state of a table as data (judged by the play-along reader, content/assets/play/engine/state-rules.js,
and play_state_checks.py's uses facts): what a
seat brings, which records one seat alone may hold, what leaves by rule, uses, enters,
timing.lines, wins, and closing steps of some rounds only. Each test plants one break in a deep
copy of the loaded records and asserts exactly one line, path:line: field: problem (fix), from
these checks and the play-along and timing checks beside them (a follow-on line from either
would fail it). The real command on a copy of data/ is tests/test_play_hostile_data.py (two of its
breaks are these fields'); the last ones here check the export (the fields passed through, a win's holds.count filled in beside its from).
"""
from __future__ import annotations

import re

import pytest

from record_copies import LINE, copy_of, data_of

from generator.validate.run import cross_record

MN_GAME = "mn-mare-nostrum-mythology"
SWM_GAME = "swm-seven-wonders-myths"
MN = r"data/mare-nostrum/"


@pytest.fixture
def recs(loaded):
    return copy_of(loaded)


def messages(recs) -> list[str]:
    """Every cross-record line, the engines' last, as `generator check` gives them (the play-along
    engine's reader judges the play-state fields; a game whose turn is in doubt is left to its own line)."""
    out = [str(p) for p in cross_record(recs, [])]
    assert all(LINE.match(m) for m in out), out
    return out


def play(recs, gid=MN_GAME) -> dict:
    return data_of(recs, gid)["play_along"]


def only(msgs, pattern) -> str:
    """The one message, asserted to match `pattern` (a regex from the start of the line)."""
    assert len(msgs) == 1 and re.match(pattern, msgs[0]), msgs
    return msgs[0]


def test_real_data_passes(recs):
    assert messages(recs) == []


# --- brings and owns ----------------------------------------------------------------------

def test_a_brought_record_naming_nothing_fails(recs):
    data_of(recs, "mn-rome")["brings"][0]["record"] = "mn-julius-caeser"
    only(messages(recs), MN + r"civilization/mn-rome\.yaml:\d+: brings\[0\]\.record: no record has id "
                              r"'mn-julius-caeser' \(did you mean 'mn-julius-caesar'\?\)$")


def test_a_brought_record_of_another_game_fails(recs):
    data_of(recs, "mn-rome")["brings"][0]["record"] = "swm-zeus"
    only(messages(recs), MN + r"civilization/mn-rome\.yaml:\d+: brings\[0\]\.record: 'swm-zeus' is a record of "
                              r"seven-wonders-myths, not of mare-nostrum")


def test_a_brought_record_of_a_kind_never_in_play_fails(recs):
    data_of(recs, "mn-rome")["brings"][0]["record"] = "mn-combat"
    only(messages(recs), MN + r"civilization/mn-rome\.yaml:\d+: brings\[0\]\.record: 'mn-combat' is a rule, and no "
                              r"rule is ever in play at a mare-nostrum table")


def test_brings_on_a_record_that_is_no_seat_fails(recs):
    data_of(recs, "mn-ajax")["brings"] = [{"record": "mn-ajax"}]
    only(messages(recs), MN + r"hero/mn-ajax\.yaml:\d+: brings: a hero is no seat of mare-nostrum")


def test_a_seat_kind_the_game_lacks_is_one_line_not_one_per_seat(recs):
    play(recs, "mos-mosaic-wars-disasters")["seats"]["kind"] = "creature"
    only(messages(recs), r"data/mosaic-wars-disasters/game/.*: play_along\.seats\.kind: mosaic-wars-disasters has no "
                         r"creature records")


def test_a_brought_option_the_game_lacks_fails(recs):
    data_of(recs, "mn-greece")["brings"][0]["without"] = ["mn-free-set-up"]
    only(messages(recs), MN + r"civilization/mn-greece\.yaml:\d+: brings\[0\]\.without\[0\]: 'mn-free-set-up' is not "
                              r"one of mare-nostrum's options \(did you mean 'mn-free-setup'\?\)")


def test_an_option_in_both_with_and_without_fails(recs):
    data_of(recs, "mn-greece")["brings"][0]["with"] = ["mn-free-setup"]
    only(messages(recs), MN + r"civilization/mn-greece\.yaml:\d+: brings\[0\]\.without: mn-free-setup is in both with "
                              r"and without")


def test_another_seats_own_hero_brought_fails(recs):
    data_of(recs, "mn-rome")["brings"][0]["record"] = "mn-hannibal"
    only(messages(recs), MN + r"civilization/mn-rome\.yaml:\d+: brings\[0\]\.record: mn-hannibal may be held only by "
                              r"mn-carthage's player \(its civilization names mn-carthage\) \(move it to mn-carthage's brings\)$")


def test_one_record_brought_by_two_seats_fails(recs):
    data_of(recs, "mn-egypt")["brings"][2]["record"] = "mn-high-priest"
    only(messages(recs), MN + r"civilization/mn-greece\.yaml:\d+: brings\[2\]\.record: mn-high-priest is also brought "
                              r"by mn-egypt")


def test_two_seats_bringing_one_record_under_exclusive_options_pass(recs):
    egypt = data_of(recs, "mn-egypt")["brings"][2]
    egypt.update(record="mn-high-priest", **{"with": ["mn-free-setup"]})
    del egypt["without"]
    assert messages(recs) == []


def test_an_owns_field_no_record_in_play_carries_fails(recs):
    play(recs)["seats"]["owns"] = "civilisation"
    only(messages(recs), MN + r"game/mn-mare-nostrum-mythology\.yaml:\d+: play_along\.seats\.owns: no record of "
                              r"mare-nostrum in play \(creature, god, hero, wonder\) has a field 'civilisation'")


def test_an_owned_record_naming_no_seat_fails(recs):
    data_of(recs, "mn-atlas")["civilization"] = "mn-poseidonis"
    only(messages(recs), MN + r"hero/mn-atlas\.yaml:\d+: civilization: 'mn-poseidonis' is no civilization of mare-nostrum")


# --- leaves -------------------------------------------------------------------------------

def test_leaving_at_no_step_of_the_turn_fails(recs):
    play(recs)["leaves"][0]["at"] = "mn-offering-phse"
    only(messages(recs), MN + r"game/.*: play_along\.leaves\[0\]\.at: 'mn-offering-phse' is not a step of "
                              r"mn-phases-of-a-turn \(did you mean 'mn-offering-phase'\?\)")


def test_a_leaving_kind_never_in_play_fails(recs):
    play(recs)["leaves"][0]["kinds"] = ["god", "unit"]
    only(messages(recs), MN + r"game/.*: play_along\.leaves\[0\]\.kinds\[1\]: no unit is ever in play at a mare-nostrum table")


def test_a_leaving_record_of_a_kind_never_in_play_fails(recs):
    play(recs)["leaves"][0]["records"] = ["mn-combat"]
    only(messages(recs), MN + r"game/.*: play_along\.leaves\[0\]\.records\[0\]: 'mn-combat' is a rule")


def test_leaving_in_rounds_needs_a_game_with_rounds(recs):
    play(recs, "mos-mosaic-wars-disasters")["leaves"][0]["rounds"] = [1]
    only(messages(recs), r"data/mosaic-wars-disasters/game/.*: play_along\.leaves\[0\]\.rounds: mosaic-wars-disasters has no rounds")


def test_a_round_outside_the_games_count_fails(recs):
    play(recs, SWM_GAME).setdefault("leaves", [{"kinds": ["card"], "at": "swm-cleanup-phase"}])[0]["rounds"] = [1, 4]
    only(messages(recs), r"data/seven-wonders-myths/game/.*: play_along\.leaves\[0\]\.rounds\[1\]: round 4 is outside "
                         r"rounds 1 to 3")


# --- uses, enters, timing.lines -----------------------------------------------------------

def test_uses_on_a_record_never_in_play_fails(recs):
    data_of(recs, "mn-trireme")["uses"] = {"per": "turn", "times": 1}
    only(messages(recs), MN + r"unit/mn-trireme\.yaml:\d+: uses: a unit is never in play at a mare-nostrum table")


def test_enters_on_a_record_never_in_play_fails(recs):
    data_of(recs, "mn-trireme")["enters"] = {"do": "Place it."}
    only(messages(recs), MN + r"unit/mn-trireme\.yaml:\d+: enters: a unit is never in play")


def test_a_uses_count_the_fact_contradicts_fails(recs):
    data_of(recs, "mn-ulysses")["uses"]["times"] = 2
    only(messages(recs), MN + r"hero/mn-ulysses\.yaml:\d+: uses\.times: 2 uses, but the fact 'Uses per Commerce phase' says 1")


def test_a_uses_fact_without_uses_fails(recs):
    del data_of(recs, "mn-medusa")["uses"]
    only(messages(recs), MN + r"hero/mn-medusa\.yaml:\d+: facts\[0\]\.label: the fact 'Uses per round' limits a use, "
                              r"but the record has no uses")


def test_a_line_for_a_step_outside_the_timing_fails(recs):
    data_of(recs, "mn-moses")["timing"]["lines"][2]["at"] = "mn-combat"
    only(messages(recs), MN + r"hero/mn-moses\.yaml:\d+: timing\.lines\[2\]\.at: 'mn-combat' is not one of this "
                              r"record's timing\.at \(mn-role-assignment, mn-construction-phase, mn-movement\)")


def test_two_lines_for_one_step_fail(recs):
    data_of(recs, "mn-moses")["timing"]["lines"][2]["at"] = "mn-role-assignment"
    only(messages(recs), MN + r"hero/mn-moses\.yaml:\d+: timing\.lines\[2\]\.at: mn-role-assignment has a line already")


def test_lines_beside_an_unknown_timing_fail(recs):
    data_of(recs, "mn-moses")["timing"]["at"] = "unknown"
    data_of(recs, "mn-moses")["timing"]["note"] = "Not said."
    data_of(recs, "mn-moses")["phase"] = "unknown"
    data_of(recs, "mn-moses")["notes"] = ["The source does not say when."]
    only(messages(recs), MN + r"hero/mn-moses\.yaml:\d+: timing\.lines: lines are given but timing\.at is unknown")


# --- wins ---------------------------------------------------------------------------------

def test_a_win_that_is_no_end_record_fails(recs):
    play(recs)["wins"][0]["record"] = "mn-combat"
    only(messages(recs), MN + r"game/.*: play_along\.wins\[0\]\.record: 'mn-combat' is not one of play_along\.end")


def test_a_win_naming_nothing_fails(recs):
    play(recs)["wins"][0]["record"] = "mn-object-of-the-gme"
    only(messages(recs), MN + r"game/.*: play_along\.wins\[0\]\.record: no record has id 'mn-object-of-the-gme'")


def test_a_win_checked_after_a_kind_never_in_play_fails(recs):
    play(recs)["wins"][0]["check"] = {"after": ["hero", "place"]}
    only(messages(recs), MN + r"game/.*: play_along\.wins\[0\]\.check\.after\[1\]: no place is ever in play")


def test_a_win_checked_after_a_role_changes_hands_is_allowed(recs):
    """A role is always in play and changes hands by entering (Mare Nostrum's three roles, 000 l.931-933)."""
    assert play(recs)["wins"][2]["check"]["after"] == ["role"]
    assert messages(recs) == []


def test_a_win_checked_at_no_step_fails(recs):
    play(recs)["wins"][2]["check"] = {"at": ["mn-role-asignment"]}
    only(messages(recs), MN + r"game/.*: play_along\.wins\[2\]\.check\.at\[0\]: 'mn-role-asignment' is not a step "
                              r"of mn-phases-of-a-turn \(did you mean 'mn-role-assignment'\?\)")


def test_a_win_option_the_game_lacks_fails(recs):
    play(recs)["wins"][1]["with"] = ["mn-longer-gam"]
    only(messages(recs), MN + r"game/.*: play_along\.wins\[1\]\.with\[0\]: 'mn-longer-gam' is not one of "
                              r"mare-nostrum's options \(did you mean 'mn-longer-game'\?\)")


def test_a_holds_count_naming_no_fact_fails(recs):
    play(recs)["wins"][0]["holds"]["count"] = {"from": {"record": "mn-object-of-the-game", "fact": "Heroes needed"}}
    only(messages(recs), MN + r"game/.*: play_along\.wins\[0\]\.holds\.count\.from\.fact: record mn-object-of-the-game "
                              r"has no fact labelled 'Heroes needed'")


def test_a_holds_count_naming_no_whole_number_fails(recs):
    play(recs)["wins"][0]["holds"]["count"] = {"from": {"record": "mn-longer-game", "fact": "Extra playing time"}}
    data_of(recs, "mn-longer-game")["facts"][2]["value"] = "unknown"
    only(messages(recs), MN + r"game/.*: play_along\.wins\[0\]\.holds\.count\.from: names 'unknown', not a whole "
                              r"number, and holds\.count is a number of things")


# --- closing steps of some rounds ---------------------------------------------------------

def test_a_closing_step_of_some_rounds_outside_the_count_fails(recs):
    play(recs, SWM_GAME)["rounds"]["closes_with"] = [{"step": "swm-cleanup-phase", "rounds": [1, 2, 5]}]
    only(messages(recs), r"data/seven-wonders-myths/game/.*: play_along\.rounds\.closes_with\[0\]\.rounds\[2\]: "
                         r"round 5 is outside rounds 1 to 3")


def test_a_closing_step_of_some_rounds_that_is_no_step_fails(recs):
    play(recs, SWM_GAME)["rounds"]["closes_with"] = [{"step": "swm-clean-up-phase", "rounds": [1, 2]}]
    only(messages(recs), r"data/seven-wonders-myths/game/.*: play_along\.rounds\.closes_with\[0\]\.step: "
                         r"'swm-clean-up-phase' is not a step of swm-myths-gameplay \(did you mean 'swm-cleanup-phase'\?\)")


# --- the data against its sources ---------------------------------------------------------

def test_every_mare_nostrum_civilization_brings_its_hero_and_creature_outside_the_free_setup(recs):
    """000 line 138 (Predetermined Setup): each player takes the civilization's own hero and places its
    creature pawns; line 140 (Free Setup): those are bought instead."""
    civs = [r.data for r in recs if r.data.get("game") == "mare-nostrum" and r.data.get("kind") == "civilization"]
    assert len(civs) == 6
    for civ in civs:
        brought = {b["record"]: b for b in civ["brings"]}
        for own in (civ["hero"], civ["creature"]):
            assert brought[own]["without"] == ["mn-free-setup"], (civ["id"], own)
        roles = [b["record"] for b in civ["brings"] if b["record"] not in (civ["hero"], civ["creature"])]
        # Rome, Greece and Egypt start with a role card. The Director of Commerce is left for at most one
        # of the other three, which the Player Aid setups (not reproduced) would name: none brings one.
        if civ["id"] in ("mn-atlantis", "mn-babylon", "mn-carthage"):
            assert roles == [] and "at most one of" in " ".join(civ["notes"]), civ["id"]
        else:
            assert len(roles) == 1 and roles[0] != "unknown", civ["id"]


def test_every_myth_card_leaves_at_the_cleanup_of_ages_one_and_two(recs):
    """001 line 174 (Cleanup Phase): all myth cards are discarded at the end of ages I and II, not III."""
    rule, token = play(recs, SWM_GAME)["leaves"]
    assert rule["where"] == {"card_type": "myth"}   # every myth card, whichever the game holds
    assert (rule["at"], rule["rounds"]) == ("swm-cleanup-phase", [1, 2])
    # The Wonder Woman token (001 line 346) serves in the next age: it outlasts its own age's cleanup.
    assert (token["records"], token["at"], token["in_next_round"]) == (["swm-wonder-woman-token"], "swm-cleanup-phase", True)


# --- the export ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def exported(loaded):
    from generator.build import model_from
    from generator.export.records import records_payload
    records, problems = loaded
    assert not problems
    return {r["id"]: r for r in records_payload(model_from(records))["records"]}


def test_the_export_carries_the_play_state_fields(exported):
    assert exported["mn-rome"]["brings"][0] == {
        "record": "mn-julius-caesar", "without": ["mn-free-setup"], "note": exported["mn-rome"]["brings"][0]["note"]}
    assert exported["mn-hannibal"]["enters"]["do"].startswith("Place one legion")
    assert exported["mn-helen-of-troy"]["uses"] == {"per": "phase", "times": 1, "note": exported["mn-helen-of-troy"]["uses"]["note"]}
    assert [line["at"] for line in exported["mn-moses"]["timing"]["lines"]] == \
        ["mn-role-assignment", "mn-construction-phase", "mn-movement"]
    play = exported[MN_GAME]["play_along"]
    assert play["seats"]["owns"] == "civilization"
    assert play["leaves"][0]["kinds"] == ["god"] and play["leaves"][0]["at"] == "mn-offering-phase"


def test_a_holds_count_is_filled_in_beside_its_from(exported):
    wins = exported[MN_GAME]["play_along"]["wins"]
    assert [w["holds"]["count"]["value"] for w in wins] == [4, 5, 3]
    assert wins[0]["holds"]["count"]["from"] == {"record": "mn-object-of-the-game", "fact": "Heroes and/or wonders needed"}
