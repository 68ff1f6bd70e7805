"""The engines' answers held per game (generator/validate/bridges/engine_answers.py): a pass asks
Node only about the games whose view of the records changed, and a held answer is never stale.
Each test starts with nothing held and records which units every Node process is asked about."""
from __future__ import annotations

import json

import pytest

from record_copies import copy_of, data_of

from generator.validate.bridges import engine_answers, scenarios
from generator.validate.bridges.scenarios import engine_checks

MN_GAME = "mn-mare-nostrum-mythology"


@pytest.fixture
def asked(monkeypatch):
    """[(game, full) of each unit] per Node process, from an empty store."""
    monkeypatch.setattr(engine_answers, "_held", {})
    calls = []
    real = scenarios._node_answer

    def spy(node, payload):
        calls.append([(u["game"], u["full"]) for u in json.loads(payload)["units"]])
        return real(node, payload)
    monkeypatch.setattr(scenarios, "_node_answer", spy)
    return calls


def lines(problems, word: str) -> list[str]:
    return [str(p) for p in problems if word in str(p)]


def test_a_pass_asks_node_about_the_changed_game_only(loaded, asked):
    recs = copy_of(loaded)
    with_engines = {r.data["game"] for r in recs if r.data.get("kind") == "game"
                    and (r.data.get("play_along") or r.data.get("tools"))}
    assert engine_checks(recs) == []
    assert len(asked) == 1 and {game for game, _ in asked[0]} == with_engines, asked   # every such game, in one process
    assert engine_checks(copy_of(loaded)) == [] and len(asked) == 1   # the same records: all held
    recs = copy_of(loaded)
    data_of(recs, "dip-rome")["name"] += " (renamed)"
    assert engine_checks(recs) == []
    assert asked[1:] == [[("diplomacy-variant", False)]], asked


def test_a_change_to_a_held_game_is_read_again(loaded, asked):
    engine_checks(copy_of(loaded))
    recs = copy_of(loaded)
    data_of(recs, MN_GAME)["play_along"]["turn"] = "mn-no-such-turn"
    assert lines(engine_checks(recs), "mn-no-such-turn") == [
        f"data/mare-nostrum/game/{MN_GAME}.yaml:{next(r for r in recs if r.data['id'] == MN_GAME).line_of(['play_along', 'turn'])}: "
        "play_along.turn: no record has id 'mn-no-such-turn' (name a rule record of mare-nostrum)"]
    assert asked[1:] == [[("mare-nostrum", False)]], asked


def test_another_games_id_is_part_of_what_a_game_reads(loaded, asked):
    """A game's engines see every other record's id, game and kind: renaming a record of
    Seven Wonders changes what the play-along engine says of a Mare Nostrum record naming it."""
    recs = copy_of(loaded)
    data_of(recs, "mn-rome")["brings"][0]["record"] = "swm-zeus"
    said = lines(engine_checks(recs), "mn-rome.yaml")
    assert len(said) == 1 and "'swm-zeus' is a record of seven-wonders-myths, not of mare-nostrum" in said[0], said
    data_of(recs, "swm-zeus")["id"] = "swm-zeus-of-olympus"
    said = lines(engine_checks(recs), "mn-rome.yaml")
    assert len(said) == 1 and "no record has id 'swm-zeus'" in said[0], said


def test_a_game_whose_engines_read_more_than_the_stubs_is_asked_on_every_record(loaded, asked):
    """The battle calculator of Mare Nostrum asked in Diplomacy's unit reads Mare Nostrum's
    records, which that unit holds as stubs only: the unit comes back wide and is asked again on
    every record whole, with the answer Mare Nostrum's own unit gives."""
    recs = copy_of(loaded)
    node, cannot = scenarios._node()
    assert cannot is None
    resolved, _ = scenarios._resolved([r for r in recs if r.data.get("kind") != "ruling"])
    views = engine_answers.Views(resolved, [])
    dip = engine_answers.unit("diplomacy-variant", ["mn-battle"], [])
    got = engine_answers.answers(node, views, [dip], scenarios._ask)
    assert asked == [[("diplomacy-variant", False)], [("diplomacy-variant", True)]], asked
    own = engine_answers.answers(node, views, [engine_answers.unit("mare-nostrum", ["mn-battle"], [])], scenarios._ask)
    assert got["diplomacy-variant"]["engines"] == own["mare-nostrum"]["engines"] == {"mn-battle": {"gaps": []}}
    engine_answers.answers(node, views, [dip], scenarios._ask)
    assert len(asked) == 3, asked   # held: the wide view goes straight to the whole records


def test_a_few_answers_are_held_per_game(loaded, asked):
    recs = copy_of(loaded)
    for i in range(engine_answers.PER_GAME + 2):
        data_of(recs, "dip-rome")["name"] = f"Rome {i}"
        engine_checks(recs)
    assert len(engine_answers._held[("diplomacy-variant", False)]) == engine_answers.PER_GAME


def test_one_pass_walks_each_records_strings_and_reads_the_records_for_the_engines_once(loaded, asked, monkeypatch):
    """The text checks share one walk of each record (content_checks.record_strings), and the
    early start and the engines' check share the records as the engines read them (scenarios._read)."""
    from generator.validate.blocking import content_checks
    from generator.validate.run import cross_record
    walks, reads = [], []
    real_walk, real_resolved = content_checks.string_list, scenarios._resolved
    monkeypatch.setattr(content_checks, "string_list", lambda value, path=(): walks.append(path) or real_walk(value, path))
    monkeypatch.setattr(scenarios, "_resolved", lambda *a: reads.append(1) or real_resolved(*a))
    recs = copy_of(loaded)
    assert cross_record(recs, []) == []
    assert walks.count(()) == len(recs) and len(reads) == 1, (walks.count(()), len(recs), len(reads))


def test_one_node_process_is_kept_while_the_engines_code_is_unchanged(loaded, asked, monkeypatch):
    """The kept process (node_worker.py) answers check after check; a change to the engines'
    scripts (their hash) starts a new one, and a question it cannot answer stops it and is said."""
    from generator.validate.bridges import node_worker
    recs = copy_of(loaded)
    engine_checks(recs)
    first = node_worker._worker.proc.pid
    data_of(recs, "dip-rome")["name"] = "Rome, again"
    engine_checks(recs)
    assert node_worker._worker.proc.pid == first and len(asked) == 2
    monkeypatch.setattr(node_worker, "code_key", lambda: "the engines' scripts, edited")
    data_of(recs, "dip-rome")["name"] = "Rome, once more"
    engine_checks(recs)
    assert node_worker._worker.proc.pid != first and len(asked) == 3
    node, _ = scenarios._node()
    with pytest.raises(RuntimeError, match="scenario_check.mjs failed"):
        node_worker.answer(node, str(scenarios.CHECKER), "{not json", 10)
    assert node_worker._worker is None
    assert node_worker.answer(node, str(scenarios.CHECKER), '{"records": [], "units": []}', 10) == {"units": []}


def test_a_stub_holds_the_same_fields_in_python_and_node():
    """Python sends other games' records as stubs of STUB_KEYS; scenario_check.mjs lets an engine
    read those fields of a stub without asking again on every record whole. A field on one side only
    would be read as missing, silently."""
    import re
    from generator.paths import ROOT
    text = (ROOT / "generator" / "validate" / "bridges" / "scenario_check.mjs").read_text(encoding="utf-8")
    found = re.search(r"const STUB_KEYS = new Set\(\[([^\]]*)\]\)", text)
    assert found, "scenario_check.mjs no longer declares STUB_KEYS as a Set of strings"
    assert tuple(json.loads(f"[{found.group(1)}]")) == engine_answers.STUB_KEYS
