"""Timing as data (generator/validate/blocking/timing_checks.py): every effect record says
when it acts, every timing names a phase or step record of its game, turns lie within the game,
and the free-text phase line agrees. Each message is path:line: field: problem (fix).

One test runs the real command on a copy of data/ with one record's timing line removed (what a
contributor sees); the rest edit a deep copy of the loaded records in memory.
"""
from __future__ import annotations

import copy
import re
import shutil
import subprocess
import sys

import pytest

from record_copies import LINE, copy_of, data_of, messages_of  # noqa: F401 (LINE used by some tests)

from generator.paths import DATA, ROOT
from generator.validate.blocking.timing_checks import TIMING_CHECKS

@pytest.fixture
def recs(loaded):
    return copy_of(loaded)


def messages(recs) -> list[str]:
    return messages_of(TIMING_CHECKS, recs)


def test_real_data_passes(recs):
    assert messages(recs) == []


def test_every_effect_kind_and_objective_carries_timing_or_no_timing(recs):
    from generator.validate.blocking.timing_checks import EFFECT_KINDS
    for r in recs:
        if r.data.get("kind") in EFFECT_KINDS:
            assert ("timing" in r.data) != ("no_timing" in r.data), r.rel
        for obj in r.data.get("objectives") or []:
            assert ("timing" in obj) != ("no_timing" in obj), (r.rel, obj["text"])


def test_a_record_without_timing_fails_at_its_line(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    ajax = data / "mare-nostrum" / "hero" / "mn-ajax.yaml"
    lines = ajax.read_text(encoding="utf-8").split("\n")
    assert any(line.startswith("timing:") for line in lines)
    ajax.write_text("\n".join(line for line in lines if not line.startswith("timing:")), encoding="utf-8")
    kind_line = next(i for i, line in enumerate(lines, 1) if line.startswith("kind:"))
    run = subprocess.run([sys.executable, "-m", "generator", "check", "--data", str(data)],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode != 0
    out = [line for line in run.stdout.splitlines() + run.stderr.splitlines() if "mn-ajax" in line]
    print("\n".join(out))
    assert out == [f"data/mare-nostrum/hero/mn-ajax.yaml:{kind_line}: timing: this hero record has no timing "
                   "(add timing: {at: [<phase or step record ids>]} (at: unknown with a note where the source "
                   "does not say), or no_timing: <why it acts at no point of the turn>) [timing/timing-present]"], out


def test_an_objective_without_timing_fails(recs):
    obj = data_of(recs, "ac-egyptian-empire")["objectives"][0]
    del obj["timing"]
    msgs = messages(recs)
    assert len(msgs) == 1 and re.match(
        r"data/ancient-conquest/people/ac-egyptian-empire\.yaml:\d+: objectives\[0\]\.timing: this objective has no timing", msgs[0]), msgs


def test_both_timing_and_no_timing_fail(recs):
    data_of(recs, "mn-ajax")["no_timing"] = "A lasting ability."
    msgs = messages(recs)
    assert len(msgs) == 1 and "mn-ajax.yaml" in msgs[0] and "no_timing: both timing and no_timing are written" in msgs[0], msgs


def test_a_timing_naming_a_missing_record_fails(recs):
    data_of(recs, "mn-ajax")["timing"]["at"] = ["mn-combt"]
    msgs = messages(recs)
    assert any(re.match(r"data/mare-nostrum/hero/mn-ajax\.yaml:\d+: timing\.at\[0\]: no record has id 'mn-combt' "
                        r"\(did you mean 'mn-combat'\?\)", m) for m in msgs), msgs


def test_a_timing_naming_a_record_that_is_no_step_fails(recs):
    data_of(recs, "mn-ajax")["timing"]["at"] = ["mn-hamilcar"]
    msgs = [m for m in messages(recs) if ": timing.at[" in m]
    assert len(msgs) == 1 and "'mn-hamilcar' is not a phase or step record of mare-nostrum" in msgs[0], msgs


def test_a_step_of_another_game_fails(recs):
    data_of(recs, "mn-ajax")["timing"]["at"] = ["ac-combat"]
    msgs = [m for m in messages(recs) if ": timing.at[" in m]
    assert len(msgs) == 1 and "'ac-combat' is not a phase or step record of mare-nostrum" in msgs[0], msgs


@pytest.mark.parametrize("turns, problem", [
    ([16], "turn 16 is outside turns 1 to 15 (fact 'Last turn' of ac-end-of-the-game)"),
    ({"from": 0, "to": 3}, "turn 0 is outside turns 1 to 15"),
    ({"from": 9, "to": 4}, "the window opens at turn 9 after it closes at turn 4"),
])
def test_a_bad_turn_fails(recs, turns, problem):
    data_of(recs, "ac-egyptian-empire")["objectives"][0]["timing"]["turns"] = turns
    msgs = messages(recs)
    assert len(msgs) == 1 and "objectives[0].timing.turns:" in msgs[0] and problem in msgs[0], msgs


def test_the_turn_count_is_read_from_its_home(recs):
    end = data_of(recs, "ac-end-of-the-game")
    next(f for f in end["facts"] if f["label"] == "Last turn")["value"] = 12
    msgs = messages(recs)
    assert msgs and all("outside turns 1 to 12" in m for m in msgs), msgs   # turns 13 to 15 now fail


def test_the_end_of_the_game_moves_with_the_turn_count(recs):
    """'At the end of the game' (Lydia 1, 004 l.407) is turns: last, the game's last turn read from
    its one home (ac-end-of-the-game's 'Last turn', l.234): a 12-turn game moves it, and only the
    turns the source numbers (Medes 4's 'end of turn 15', l.351) fall outside."""
    assert data_of(recs, "ac-kingdom-of-lydia")["objectives"][0]["timing"]["turns"] == "last"
    next(f for f in data_of(recs, "ac-end-of-the-game")["facts"] if f["label"] == "Last turn")["value"] = 12
    msgs = messages(recs)
    assert any("ac-kingdom-of-the-medes.yaml" in m and "turn 15 is outside turns 1 to 12" in m for m in msgs), msgs
    at_end = [(r.rel, i) for r in recs for i, o in enumerate(r.data.get("objectives") or [])
              if (o.get("timing") or {}).get("turns") == "last"]
    assert len(at_end) == 5, at_end
    for rel, i in at_end:
        assert not any(m.startswith(f"{rel}:") and f"objectives[{i}].timing" in m for m in msgs), (rel, i, msgs)


def test_the_schema_takes_last_and_no_other_word(recs):
    from generator.validate.schema.schema_check import check_schema
    lydia = next(r for r in recs if r.data.get("id") == "ac-kingdom-of-lydia")
    assert not check_schema(lydia)
    lydia.data["objectives"][0]["timing"]["turns"] = "first"
    assert check_schema(lydia), "turns is a list, a window or last"


def test_turns_in_a_game_without_numbered_turns_fail(recs):
    data_of(recs, "mn-ajax")["timing"]["turns"] = [3]
    msgs = messages(recs)
    assert len(msgs) == 1 and "mare-nostrum has no numbered turns" in msgs[0], msgs


def test_a_phase_line_that_disagrees_fails(recs):
    data_of(recs, "mn-ajax")["timing"]["at"] = ["mn-construction-phase"]
    msgs = messages(recs)
    assert any(re.match(r"data/mare-nostrum/hero/mn-ajax\.yaml:\d+: phase: timing names mn-construction-phase "
                        r"\(Construction Phase\) but the phase line does not", m) for m in msgs), msgs
    assert any("names 'Military Phase' (mn-military-phase) but timing.at does not" in m for m in msgs), msgs


def test_an_unknown_timing_needs_an_unknown_phase_line(recs):
    data_of(recs, "swm-marauders-guild")["phase"] = "Action phase"
    msgs = messages(recs)
    assert len(msgs) == 1 and "phase: says 'Action phase' but timing.at is unknown" in msgs[0], msgs


def test_a_step_its_parent_does_not_list_fails(recs):
    parent = data_of(recs, "mn-phases-of-a-turn")
    parent["steps"] = [s for s in parent["steps"] if "mn-role-assignment" not in s]
    msgs = messages(recs)
    assert any(re.match(r"data/mare-nostrum/rule/mn-role-assignment\.yaml:\d+: step_of: mn-phases-of-a-turn does not "
                        r"link this step", m) for m in msgs), msgs


def test_the_schema_refuses_an_unknown_timing_without_a_note_and_a_bad_when(recs):
    from generator.validate.schema.schema_check import check_schema
    ajax = next(r for r in recs if r.data.get("id") == "mn-ajax")
    ajax.data["timing"] = {"at": "unknown"}
    assert check_schema(ajax), "at: unknown without a note is refused"
    ajax.data["timing"] = {"at": ["mn-combat"], "when": "later"}
    assert check_schema(ajax), "when is one of start, during, end, any"


@pytest.mark.parametrize("turns", [[1], [9, 10], {"from": 8, "to": 10}, None])
def test_a_deadline_needs_one_turn_after_the_first(recs, turns):
    """Egypt's objective 7 ('before turn 10') is checked as turn 10 opens, its last chance turn 9: a
    deadline with no turn, a window, several turns or turn 1 gives the engine no turn to warn at."""
    timing = data_of(recs, "ac-egyptian-empire")["objectives"][6]["timing"]
    assert timing.get("deadline") is True and timing["turns"] == [10]
    if turns is None:
        del timing["turns"]
    else:
        timing["turns"] = turns
    msgs = messages(recs)
    assert len(msgs) == 1 and re.match(
        r"data/ancient-conquest/people/ac-egyptian-empire\.yaml:\d+: objectives\[6\]\.timing\.deadline: a deadline needs "
        r"turns with exactly one turn after turn 1", msgs[0]), msgs


def test_the_schema_allows_only_deadline_true(recs):
    from generator.validate.schema.schema_check import check_schema
    egypt = next(r for r in recs if r.data.get("id") == "ac-egyptian-empire")
    assert not check_schema(egypt)
    egypt.data["objectives"][6]["timing"]["deadline"] = False
    assert check_schema(egypt), "deadline is true or left out"


def _all_messages(recs) -> list[str]:
    """The timing checks' lines and every other cross-record line, the play-along reader's among them."""
    from generator.validate.run import cross_record
    out = [str(p) for p in cross_record(recs, [])]
    assert all(LINE.match(m) for m in out), out
    return out


@pytest.mark.parametrize("step, home", [
    ("mos-disasters", "mos-moments-of-play"),       # 13 timings named it: 13 lines advising to name another step
    ("mn-combat", "mn-military-phase"),             # a step its phase links in its text only
    ("ac-combat", "ac-player-turns"),               # a step with a phase line: it was 'a rule record with no timing'
    ("ac-placement-of-units", "ac-turn-sequence"),  # named by play_along.arrivals.at
    ("swm-cleanup-phase", "swm-myths-gameplay"),    # named by play_along.rounds.closes_with
    ("mn-military-phase", "mn-phases-of-a-turn"),   # a phase holding steps: it passed with no word
    ("mn-commerce-phase", "mn-phases-of-a-turn"),   # linked from the turn's steps, and from the Offering phase's text
])
def test_a_lost_step_of_is_one_line_at_the_step(recs, step, home):
    """A step whose step_of line is gone gives one true line, at the step, naming its
    phase; none at the healthy records whose timings name it (their advice would damage them)."""
    del data_of(recs, step)["step_of"]
    msgs = _all_messages(recs)
    print("\n".join(msgs))
    assert len(msgs) == 1, msgs
    assert re.match(rf"data/[a-z-]+/rule/{step}\.yaml:\d+: step_of: .* \(add step_of: {home}\)$", msgs[0]), msgs


def test_a_single_timing_at_a_linked_rule_keeps_its_own_line(recs):
    """One timing naming a rule that a phase links (but that is no step) is that timing's mistake:
    its own line stays, and its fix names both readings."""
    data_of(recs, "mn-ajax")["timing"]["at"] = ["mn-greek-blockade"]
    msgs = [m for m in messages(recs) if "timing.at[" in m]
    assert len(msgs) == 1 and "mn-ajax.yaml" in msgs[0] and "'mn-greek-blockade' is not a phase or step record" in msgs[0], msgs
    assert "add step_of: mn-military-phase to it" in msgs[0], msgs


@pytest.mark.parametrize("value", [0, -3])
def test_a_turn_count_below_one_is_one_line_at_the_number(recs, value):
    """Ancient Conquest's last turn set to 0 is one line at the number, not 61 (every objective's
    turn 'outside turns 1 to 0') with none at the cause (a negative count is the value
    check's line, at the rounds count reading it; tests/test_play_along_checks.py has that one)."""
    end = data_of(recs, "ac-end-of-the-game")
    next(f for f in end["facts"] if f["label"] == "Last turn")["value"] = value
    msgs = messages(recs)
    print("\n".join(msgs))
    if value == 0:
        assert len(msgs) == 1, msgs
        assert re.match(r"data/ancient-conquest/rule/ac-end-of-the-game\.yaml:\d+: facts\[\d+\]\.value: ancient-conquest has 0 "
                        r"turns by this number .*turns up to 15\)$", msgs[0]), msgs
    else:
        assert msgs == [], msgs


def test_the_command_gives_one_line_per_cause(tmp_path):
    """The real command (the engines' checks included) on a copy of data/ with two breaks: Mosaic's
    disasters step without its step_of, and Ancient Conquest's last turn 0: exactly
    the two lines, not 13 + 61 with none at either cause."""
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    step = data / "mosaic-wars-disasters" / "rule" / "mos-disasters.yaml"
    step.write_text("".join(l for l in step.read_text(encoding="utf-8").splitlines(True) if not l.startswith("step_of:")),
                    encoding="utf-8")
    end = data / "ancient-conquest" / "rule" / "ac-end-of-the-game.yaml"
    text = end.read_text(encoding="utf-8")
    assert "- label: Last turn\n  value: 15\n" in text
    end.write_text(text.replace("- label: Last turn\n  value: 15\n", "- label: Last turn\n  value: 0\n"), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "generator", "check", "--data", str(data)],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    lines = [line for line in run.stdout.splitlines() + run.stderr.splitlines() if ".yaml:" in line]
    print("\n".join(lines))
    assert run.returncode != 0
    assert len(lines) == 2, lines
    value_line = text.split("- label: Last turn\n")[0].count("\n") + 2    # the line of its value, wherever the fact stands
    assert lines[0].startswith(f"data/ancient-conquest/rule/ac-end-of-the-game.yaml:{value_line}: facts[0].value:"), lines
    assert lines[1].startswith("data/mosaic-wars-disasters/rule/mos-disasters.yaml:") and "(add step_of: mos-moments-of-play)" in lines[1], lines


def test_the_page_reads_a_deadline_as_before_the_turn_with_its_last_chance():
    """Egypt 7 on its page: 'before turn 10', checked as it opens, last chance turn 9 (not 'turn 10')."""
    from generator.render.values import timing_html

    class Links:
        def link(self, rid):
            return rid

        def inline(self, text):
            return text

    timing = {"at": ["ac-turn-sequence"], "when": "start", "turns": [10], "deadline": True}
    assert "; before turn 10 (checked as it opens; last chance turn 9)" in timing_html(Links(), timing)
    del timing["deadline"]
    assert timing_html(Links(), timing).endswith("ac-turn-sequence; turn 10</span>")
