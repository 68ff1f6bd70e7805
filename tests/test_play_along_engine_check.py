"""The generator's engine check reads play along with the play-along engine itself
(content/assets/play/engine/, through generator/validate/bridges/engine_gaps.mjs): data the engine cannot
read is a problem at the path:line of the field it names, and nothing is said when another
problem already explains it (the rule: a game in doubt is skipped silently).

Each test breaks one field in a deep copy of the loaded records (conftest's `loaded`); the field
exists in the file, so its line is the field's own line.
"""
from __future__ import annotations

import pytest

from record_copies import LINE, copy_of, data_of

from generator.paths import ROOT
from generator.validate.run import cross_record
from generator.validate.bridges.scenarios import engine_checks
from generator.validate.games import games_of

GAME = "mn-mare-nostrum-mythology"
FILE = "data/mare-nostrum/game/mn-mare-nostrum-mythology.yaml"


@pytest.fixture
def recs(loaded):
    return copy_of(loaded)


def rec_of(recs, rid):
    return next(r for r in recs if r.data.get("id") == rid)


def play_lines(problems) -> list[str]:
    return [str(p) for p in problems if "play-along engine" in str(p)]


def test_the_engine_reads_every_game_with_play_along(recs):
    games = [r for r in recs if r.data.get("kind") == "game" and "play_along" in r.data]
    assert {g.data["game"] for g in games} == set(games_of().slugs)
    assert play_lines(engine_checks(recs)) == []


def test_a_turn_the_engine_cannot_read_is_one_line_at_its_field(recs):
    game = data_of(recs, GAME)
    game["play_along"]["turn"] = "mn-no-such-turn"
    line = rec_of(recs, GAME).line_of(["play_along", "turn"])
    problems = engine_checks(recs)
    msgs = [str(p) for p in problems]
    assert all(LINE.match(m) for m in msgs), msgs
    assert [p.report() for p in problems] == [f"{FILE}:{line}: play_along.turn: no record has id 'mn-no-such-turn' "
                                              "(name a rule record of mare-nostrum) [play/play-along-refs]"], msgs
    # The line is the file's own "turn:" line under play_along.
    text = (ROOT / FILE).read_text(encoding="utf-8")
    assert text.split("\n")[line - 1].strip().startswith("turn:")


def test_a_setup_step_the_engine_cannot_read_is_at_the_step(recs):
    game = data_of(recs, GAME)
    rid = game["play_along"]["setup"][0]
    rule = data_of(recs, rid)
    rule["setup"][0]["with"] = ["mn-phases-of-a-turn"]   # a record, but not one of the game's options
    line = rec_of(recs, rid).line_of(["setup", 0, "with", 0])
    msgs = [p.report() for p in engine_checks(recs)]
    assert len(msgs) == 1 and msgs[0].startswith(f"data/mare-nostrum/rule/{rid}.yaml:{line}: setup[0].with[0]: "), msgs
    assert "'mn-phases-of-a-turn' is not one of mare-nostrum's options" in msgs[0] and msgs[0].endswith("[play/setup-steps]"), msgs


def test_silent_when_the_game_is_in_doubt(recs):
    game = data_of(recs, GAME)
    game["play_along"]["turn"] = "mn-no-such-turn"
    assert play_lines(engine_checks(recs, doubtful_games={"mare-nostrum"})) == []


def test_the_whole_check_says_the_true_line_once(recs):
    """Through every cross-record check: the play_along check names the missing turn, and the
    engine, whose reading that problem explains, says nothing more."""
    game = data_of(recs, GAME)
    game["play_along"]["turn"] = "mn-no-such-turn"
    msgs = [str(p) for p in cross_record(recs, [])]
    assert msgs and all(LINE.match(m) for m in msgs), msgs
    assert play_lines(msgs) == [], msgs
    line = rec_of(recs, GAME).line_of(["play_along", "turn"])
    assert [m for m in msgs if "mn-no-such-turn" in m and m.startswith(f"{FILE}:{line}: play_along.turn")], msgs
