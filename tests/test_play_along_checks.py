"""Play along as data (generator/validate/blocking/play_along_checks.py): a game's
play_along block and its rules' setup steps name records of the game, keep to its player range
and options, list every setup rule, and give the turn steps; a setup count's from resolves to a
whole number (check_value_sources). Each message is path:line: field: problem (fix).

One test runs the real command on a copy of data/ with one line broken (what a contributor
sees); the rest edit a deep copy of the loaded records in memory. The last ones check what the
pages and the export make of the data: the facts box's player range, the Setup list, and the
counts' values filled in beside their from.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest

from record_copies import LINE, copy_of, data_of, messages_of

from generator.paths import DATA, ROOT
from generator.validate.blocking.checks import check_value_sources
from generator.validate.run import cross_record

MN_GAME = "mn-mare-nostrum-mythology"
DIP_GAME = "dip-diplomacy-variant"


@pytest.fixture
def recs(loaded):
    return copy_of(loaded)


def messages(recs) -> list[str]:
    """Every cross-record line, the engines' last, as `generator check` gives them (the play-along
    engine's reader judges play_along and the setup steps; a game whose turn is in doubt is left to its own line)."""
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
    assert [str(p) for p in check_value_sources(recs)] == []


# --- names in play_along -------------------------------------------------------------------

def test_an_option_naming_no_record_fails(recs):
    play(recs)["options"][0] = "mn-longer-gam"
    only(messages(recs), r"data/mare-nostrum/game/mn-mare-nostrum-mythology\.yaml:\d+: play_along\.options\[0\]: "
                         r"no record has id 'mn-longer-gam' \(did you mean 'mn-longer-game'\?\)$")


def test_a_setup_entry_that_is_no_rule_fails(recs):
    play(recs)["setup"].append("mn-ajax")
    only(messages(recs), r"data/mare-nostrum/game/.*: play_along\.setup\[5\]: 'mn-ajax' is a hero, not a rule record")


def test_an_end_record_of_another_game_fails(recs):
    play(recs)["end"].append("dip-victory-condition")
    only(messages(recs), r"data/mare-nostrum/game/.*: play_along\.end\[3\]: 'dip-victory-condition' is a record of "
                         r"diplomacy-variant, not of mare-nostrum")


def test_a_turn_naming_no_record_fails(recs):
    play(recs)["turn"] = "mn-phases-of-a-tern"
    only(messages(recs), r"data/mare-nostrum/game/.*: play_along\.turn: no record has id 'mn-phases-of-a-tern' "
                         r"\(did you mean 'mn-phases-of-a-turn'\?\)")


def test_a_seat_kind_the_game_lacks_fails(recs):
    play(recs)["seats"]["kind"] = "people"
    only(messages(recs), r"data/mare-nostrum/game/.*: play_along\.seats\.kind: mare-nostrum has no people records")


def test_a_seat_field_no_record_has_fails(recs):
    play(recs)["seats"]["by"] = "group"
    only(messages(recs), r"data/mare-nostrum/game/.*: play_along\.seats\.by: no civilization record of mare-nostrum "
                         r"has a field 'group'")


def test_an_in_play_kind_the_game_lacks_fails(recs):
    play(recs)["in_play"].append("technology")
    only(messages(recs), r"data/mare-nostrum/game/.*: play_along\.in_play\[4\]: mare-nostrum has no technology records")


# --- player counts -------------------------------------------------------------------------

def test_a_range_running_downwards_fails(recs):
    play(recs)["players"].update(min=6, max=3)
    # One line, not one more for every step and count 'outside' a range with no inside.
    only(messages(recs), r"data/mare-nostrum/game/.*: play_along\.players: min 6 is above max 3")


def test_a_step_for_a_player_count_the_game_does_not_allow_fails(recs):
    data_of(recs, "mn-fewer-than-six-players")["setup"][0]["players"] = [2, 3]
    only(messages(recs), r"data/mare-nostrum/rule/mn-fewer-than-six-players\.yaml:\d+: setup\[0\]\.players\[0\]: "
                         r"2 players is outside the game's 3 to 6")


def test_a_count_for_a_player_count_its_step_skips_fails(recs):
    step = data_of(recs, "mn-starting-setup")["setup"][1]
    step["players"] = [3, 4, 5]
    msgs = messages(recs)
    assert [re.sub(r"^.*?:\d+: ", "", m) for m in msgs] == [     # the 6-player caravans, cities, markets, temples
        f"setup[1].counts[{j}].players[0]: 6 players is not among the step's players (3, 4, 5) "
        "(give the count only player counts the step applies to)" for j in (3, 7, 11, 15)], msgs
    assert all(m.startswith("data/mare-nostrum/rule/mn-starting-setup.yaml:") for m in msgs)


def test_a_count_outside_the_range_fails(recs):
    data_of(recs, "mn-starting-setup")["setup"][1]["counts"][0]["players"] = [7]
    only(messages(recs), r"data/mare-nostrum/rule/mn-starting-setup\.yaml:\d+: setup\[1\]\.counts\[0\]\.players\[0\]: "
                         r"7 players is outside the game's 3 to 6")


# --- setup steps ---------------------------------------------------------------------------

def test_a_step_with_an_unlisted_option_fails(recs):
    data_of(recs, "mn-free-setup")["setup"][1]["with"] = ["mn-free-setp"]
    only(messages(recs), r"data/mare-nostrum/rule/mn-free-setup\.yaml:\d+: setup\[1\]\.with\[0\]: 'mn-free-setp' is not "
                         r"one of mare-nostrum's options \(did you mean 'mn-free-setup'\?\)")


def test_a_step_with_and_without_one_option_fails(recs):
    data_of(recs, "mn-free-setup")["setup"][1]["without"] = ["mn-free-setup"]
    only(messages(recs), r"data/mare-nostrum/rule/mn-free-setup\.yaml:\d+: setup\[1\]\.without: mn-free-setup is in both "
                         r"with and without, so the step never applies")


def test_a_count_of_no_record_fails(recs):
    data_of(recs, "mn-starting-setup")["setup"][1]["counts"][0]["of"] = "mn-carvan"
    only(messages(recs), r"data/mare-nostrum/rule/mn-starting-setup\.yaml:\d+: setup\[1\]\.counts\[0\]\.of: "
                         r"no record has id 'mn-carvan' \(did you mean 'mn-caravan'\?\)")


def test_a_step_id_used_twice_fails(recs):
    steps = data_of(recs, "mn-free-setup")["setup"]
    steps[2]["id"] = steps[1]["id"]
    only(messages(recs), r"data/mare-nostrum/rule/mn-free-setup\.yaml:\d+: setup\[2\]\.id: step id 'building-order' "
                         r"is used twice in this record")


def test_a_listed_rule_without_steps_fails(recs):
    play(recs)["setup"].append("mn-object-of-the-game")
    only(messages(recs), r"data/mare-nostrum/game/.*: play_along\.setup\[5\]: mn-object-of-the-game has no setup steps")


def test_a_rule_with_steps_that_is_not_listed_fails(recs):
    play(recs)["setup"].remove("mn-free-setup")
    only(messages(recs), r"data/mare-nostrum/rule/mn-free-setup\.yaml:\d+: setup: this rule's setup steps are not listed "
                         r"in mn-mare-nostrum-mythology's play_along\.setup")


# --- the turn ------------------------------------------------------------------------------

def test_a_turn_without_steps_needs_gaps(recs):
    del play(recs, DIP_GAME)["gaps"]
    only(messages(recs), r"data/diplomacy-variant/game/.*: play_along\.turn: dip-game-length has no steps")


def test_a_turn_record_with_no_steps_fails(recs):
    play(recs)["turn"] = "mn-object-of-the-game"
    only(messages(recs), r"data/mare-nostrum/game/.*: play_along\.turn: mn-object-of-the-game has no steps")


def test_a_round_opening_with_no_step_of_the_turn_fails(recs):
    play(recs)["rounds"]["opens_with"] = ["mn-object-of-the-game"]
    only(messages(recs), r"data/mare-nostrum/game/.*: play_along\.rounds\.opens_with\[0\]: 'mn-object-of-the-game' "
                         r"is not a step of mn-phases-of-a-turn")


def test_a_sub_step_may_open_a_round(recs):
    play(recs)["rounds"]["opens_with"] = ["mn-collect-revenues"]   # step_of mn-commerce-phase, itself a step
    assert messages(recs) == []


def test_a_scoring_page_that_is_no_tool_fails(recs):
    play(recs, DIP_GAME)["scoring"] = "calculators/diplomacy-scor.md"
    only(messages(recs), r"data/diplomacy-variant/game/.*: play_along\.scoring: calculators/diplomacy-scor\.md is not "
                         r"one of diplomacy-variant's tools \(name one of its tools' pages: calculators/diplomacy-score\.md\)")


def test_a_tool_offered_at_no_step_of_the_turn_fails(recs):
    data_of(recs, MN_GAME)["tools"][0]["at"] = ["mn-combt"]
    only(messages(recs), r"data/mare-nostrum/game/mn-mare-nostrum-mythology\.yaml:\d+: tools\[0\]\.at\[0\]: 'mn-combt' is not "
                         r"a step of mn-phases-of-a-turn \(did you mean 'mn-combat'\?\)")


def test_a_game_whose_turn_is_in_doubt_gets_no_lines(recs):
    """A refused Mare Nostrum rule file (what a turn and a setup are made of) would make every list
    naming it look wrong: the game's play along is read once that file loads."""
    from generator.problems import Problem
    play(recs)["options"][0] = "mn-longer-gam"
    assert messages(recs)
    refused = Problem("data/mare-nostrum/rule/mn-some-refused-file.yaml", 1, "id", "refused", "fix it", "schema")
    assert [str(p) for p in cross_record(recs, [refused])] == []


# --- counts read from where they live (check_value_sources) --------------------------------

def value_messages(recs) -> list[str]:
    return messages_of([check_value_sources], recs)


def test_a_count_from_a_missing_fact_fails_at_its_path(recs):
    data_of(recs, "mn-free-setup")["setup"][2]["counts"][0]["from"]["fact"] = "Construction points"
    only(value_messages(recs), r"data/mare-nostrum/rule/mn-free-setup\.yaml:\d+: setup\[2\]\.counts\[0\]\.from\.fact: "
                               r"record mn-free-setup has no fact labelled 'Construction points'")


def test_a_count_from_a_missing_row_fails_at_its_path(recs):
    data_of(recs, "mn-starting-setup")["setup"][1]["counts"][0]["from"]["row"] = "Caravans"
    only(value_messages(recs), r"data/mare-nostrum/rule/mn-starting-setup\.yaml:\d+: setup\[1\]\.counts\[0\]\.from\.row: "
                               r"table mn-building-tokens-by-player-count has no row 'Caravans'")


def test_a_count_from_text_fails(recs):
    data_of(recs, "dip-game-length")["setup"][0]["counts"][0]["from"]["fact"] = "End"
    only(value_messages(recs), r"data/diplomacy-variant/rule/dip-game-length\.yaml:\d+: setup\[0\]\.counts\[0\]\.from: "
                               r"names 'after the adjustments of 6 AD', not a whole number")


def test_a_rounds_count_from_a_missing_fact_fails(recs):
    play(recs, DIP_GAME)["rounds"]["count"]["from"]["fact"] = "Years"
    only(value_messages(recs), r"data/diplomacy-variant/game/dip-diplomacy-variant\.yaml:\d+: "
                               r"play_along\.rounds\.count\.from\.fact: record dip-game-length has no fact labelled 'Years'")


def test_a_count_with_a_value_beside_its_from_fails(recs):
    data_of(recs, "mn-starting-setup")["setup"][2]["counts"][0]["value"] = 8
    only(value_messages(recs), r"data/mare-nostrum/rule/mn-starting-setup\.yaml:\d+: setup\[2\]\.counts\[0\]\.value: "
                               r"value is written beside from")


# --- what a contributor sees ---------------------------------------------------------------

def test_the_command_reports_a_bad_step_at_its_line(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    rule = data / "mare-nostrum" / "rule" / "mn-fewer-than-six-players.yaml"
    text = rule.read_text(encoding="utf-8")
    assert text.count("    players: [3, 4, 5]\n") == 2
    rule.write_text(text.replace("    players: [3, 4, 5]\n", "    players: [2, 3, 4, 5]\n", 1), encoding="utf-8")
    line = text.split("\n").index("    players: [3, 4, 5]") + 1
    run = subprocess.run([sys.executable, "-m", "generator", "check", "--data", str(data)],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode != 0
    out = [x for x in run.stdout.splitlines() + run.stderr.splitlines() if "mn-fewer-than-six-players" in x]
    assert out == [f"data/mare-nostrum/rule/mn-fewer-than-six-players.yaml:{line}: setup[0].players[0]: 2 players is "
                   "outside the game's 3 to 6 (use counts within mn-mare-nostrum-mythology's play_along.players) [play/player-counts]"], out


# --- pages and export ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def model(loaded):
    from generator.build import model_from
    return model_from(loaded[0])


def test_the_export_fills_counts_in_beside_their_from(model):
    step = model.records["mn-starting-setup"]["setup"][1]
    caravans = {tuple(c["players"]): c["value"] for c in step["counts"] if c["label"] == "Caravans"}
    assert caravans == {(3,): 18, (4,): 23, (5,): 28, (6,): 33}             # the chart, 000_*.txt "Caravan 18 23 28 33"
    assert all("from" in c for c in step["counts"])
    rounds = model.records[DIP_GAME]["play_along"]["rounds"]
    assert (rounds["first"]["value"], rounds["count"]["value"]) == (1, 6)   # 1 AD to 6 AD


def test_the_facts_box_shows_the_player_range(model):
    from generator.render.page_links import PageLinks
    from generator.render.values import players_fact
    assert players_fact(PageLinks(model, "mare-nostrum/index.md"), model.records[MN_GAME]) == [("Players", "3-6")]
    (label, shown), = players_fact(PageLinks(model, "diplomacy-variant/index.md"), model.records[DIP_GAME])
    assert label == "Players" and "cmp-unknown" in shown and "never says how many play" in shown
    assert not any(f["label"] == "Players" for f in model.records[MN_GAME].get("facts") or [])   # one home


def test_a_rule_page_lists_its_setup_steps(model):
    from generator.render.views import record_view
    view = record_view(model, model.records["mn-fewer-than-six-players"], "mare-nostrum/rules/mn-fewer-than-six-players.md")
    (label, html), = [(lab, v) for lab, v in view["block_fields"] if lab == "Setup"]
    assert 'id="setup-mn-fewer-than-six-players-neutral-capital"' in html
    assert "3, 4, 5 players; once for each civilization nobody plays" in html
    assert "Legions: 1" in html and "cmp-from" in html
    view = record_view(model, model.records["mn-predetermined-setup"], "mare-nostrum/rules/mn-predetermined-setup.md")
    html = dict(view["block_fields"])["Setup"]
    assert "cmp-unknown" in html and "Player Aid Cards, which the manual does not reproduce" in html


# --- the number lint (generator/validate/lints/number_homes.py) sees setup counts -----------------

@pytest.mark.parametrize("rid, step, count, value, home", [
    ("mn-starting-setup", 1, 0, 18, "{table: mn-building-tokens-by-player-count, row: Caravan, column: p3}"),
    ("mn-starting-setup", 2, 0, 8, "{record: mn-starting-setup, fact: Heroes and wonders removed}"),
    ("mn-free-setup", 2, 0, 45, "{record: mn-free-setup, fact: Construction points per player}"),
    ("mn-fewer-than-six-players", 0, 2, 1, "{record: mn-fewer-than-six-players, fact: Neutral capital - legions}"),
    ("dip-game-length", 0, 1, 6, "{record: dip-game-length, fact: Game years}"),
])
@pytest.mark.slow   # seconds each (a copy of data/, a subprocess, or a sweep): make test, not make quick (30 s)
def test_a_setup_count_written_again_is_found_by_the_number_lint(recs, rid, step, count, value, home):
    from generator.validate.lints.number_homes import find_repeated_numbers
    data = [r.data for r in recs]
    assert find_repeated_numbers(data) == []
    c = data_of(recs, rid)["setup"][step]["counts"][count]
    del c["from"]
    c["value"] = value
    assert [(f.record, f.path, f.use) for f in find_repeated_numbers(data)] == [(rid, ("setup", step, "counts", count), home)]


# --- rounds that close with a step, arrivals -----------------------------------------------

def test_a_round_closing_with_no_step_of_the_turn_fails(recs):
    play(recs)["rounds"]["closes_with"] = ["mn-object-of-the-game"]
    only(messages(recs), r"data/mare-nostrum/game/.*: play_along\.rounds\.closes_with\[0\]: 'mn-object-of-the-game' "
                         r"is not a step of mn-phases-of-a-turn")


def test_a_step_that_opens_and_closes_a_round_fails(recs):
    play(recs)["rounds"].update(opens_with=["mn-role-assignment"], closes_with=["mn-role-assignment"])
    only(messages(recs), r"data/mare-nostrum/game/.*: play_along\.rounds\.closes_with: mn-role-assignment both opens "
                         r"and closes the round")


COLUMNS = {"turn": "turn", "people": "people", "group": "group"}


# arrivals is judged by the play-along engine's reader alone: each break is its one line, at the field, named play/arrivals.
@pytest.mark.slow   # seconds each (a copy of data/, a subprocess, or a sweep): make test, not make quick (30 s)
@pytest.mark.parametrize("gid, arrivals, field, words", [
    (MN_GAME, {"table": "mn-construction-cost-chart", "at": "mn-military-phse", "columns": COLUMNS},
     "play_along.arrivals.at", "the arrivals are placed at mn-military-phse, which is not a step of mn-phases-of-a-turn"),
    (MN_GAME, {"table": "mn-combat", "at": "mn-military-phase", "columns": COLUMNS},
     "play_along.arrivals.table", "mn-combat is a rule, not a table record"),
    (MN_GAME, {"table": "ac-unit-appearance-table", "at": "mn-military-phase", "columns": COLUMNS},
     "play_along.arrivals.table", "the arrivals need the table ac-unit-appearance-table, which is not a table record of this game"),
    ("ac-ancient-conquest", {"table": "ac-unit-appearance-table", "at": "ac-placement-of-units", "columns": {**COLUMNS, "turn": "round"}},
     "play_along.arrivals.columns.turn", "names the column round, which ac-unit-appearance-table does not have"),
])
def test_arrivals_name_a_table_a_step_and_columns_of_the_game(recs, gid, arrivals, field, words):
    play(recs, gid)["arrivals"] = arrivals
    rel = next(r.rel for r in recs if r.data.get("id") == gid)
    only([p.report() for p in cross_record(recs, [])],
         rf"{re.escape(rel)}:\d+: {re.escape(field)}: {re.escape(words)}.* \(.+\) \[play/arrivals\]$")


def test_a_rounds_turns_count_resolves_like_the_others(recs):
    play(recs)["rounds"]["turns"] = {"from": {"record": "mn-free-setup", "fact": "Builds"}}
    only(value_messages(recs), r"data/mare-nostrum/game/.*: play_along\.rounds\.turns\.from\.fact: record mn-free-setup "
                               r"has no fact labelled 'Builds'")


# --- each line names the reader's judgment that printed it ----------------------------------

def _unlist(recs):
    play(recs)["setup"].remove("mn-free-setup")


@pytest.mark.parametrize("edit, check", [
    (lambda recs: play(recs)["options"].__setitem__(0, "mn-longer-gam"), "play/play-along-refs"),
    (lambda recs: data_of(recs, "mn-fewer-than-six-players")["setup"][0].__setitem__("players", [2, 3]), "play/player-counts"),
    (lambda recs: data_of(recs, "mn-free-setup")["setup"][1].__setitem__("with", ["mn-free-setp"]), "play/setup-steps"),
    (_unlist, "play/setup-listed"),
    (lambda recs: play(recs, DIP_GAME).__setitem__("scoring", "calculators/diplomacy-scor.md"), "play/turn"),
    (lambda recs: play(recs)["rounds"].__setitem__("opens_with", ["mn-object-of-the-game"]), "play/not-a-step"),
])
def test_each_line_names_the_readers_judgment(recs, edit, check):
    edit(recs)
    (problem,) = cross_record(recs, [])
    assert problem.check == check, problem.report()
