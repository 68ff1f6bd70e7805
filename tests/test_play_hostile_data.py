"""Hostile play-along data (a game in doubt is skipped silently): each break a contributor could make
in the play-along data is one true `path:line: field: problem (fix)` line at the edit, and
nothing else: no follow-on line about a record that is fine, no second line for the same
mistake, no fix that would make it worse.

One copy of data/ holds every break at once, one per game or record so they cannot explain
each other, and one `generator check` runs over it (about a second), as a contributor sees it
("all problems in one run"). The in-memory checks of each play-along field are
tests/test_play_along_checks.py; the form of every line is asserted here as in
tests/test_hostile_data.py.
"""
from __future__ import annotations

import shutil

from hostile_cases import REAL
from test_hostile_data import assert_only_problem_lines, check, line_of

# (file, text replaced, by, the field of the one line expected, words in its problem, words no line may hold)
BREAKS = [
    # a setup count's from: a fact its record lacks
    ("mare-nostrum/rule/mn-longer-game.yaml", "fact: Heroes and/or wonders needed}", "fact: Heroes needed}",
     "setup[0].counts[0].from.fact", "has no fact labelled 'Heroes needed'", None),
    # a step's players outside the game's 3 to 6
    ("mare-nostrum/rule/mn-fewer-than-six-players.yaml", "    players: [3, 4, 5]\n", "    players: [3, 4, 7]\n",
     "setup[0].players[2]", "7 players is outside the game's 3 to 6", None),
    # opens_with naming a record that is no step of the turn
    ("seven-wonders-myths/game/swm-seven-wonders-myths.yaml", "opens_with: [swm-prayer-phase]", "opens_with: [swm-team-play]",
     "play_along.rounds.opens_with[0]", "'swm-team-play' is not a step of swm-myths-gameplay", None),
    # a seat kind the game has no records of
    ("mosaic-wars-disasters/game/mos-mosaic-wars-disasters.yaml", "    kind: civilization\n", "    kind: creature\n",
     "play_along.seats.kind", "no creature records for a player to pick", None),
    # a turn that is no rule: said once, not again as 'has no steps'
    ("mare-nostrum/game/mn-mare-nostrum-mythology.yaml", "turn: mn-phases-of-a-turn", "turn: mn-ajax",
     "play_along.turn", "'mn-ajax' is a hero, not a rule record", "has no steps"),
    # a step_of going in a circle (each record of it links the other, so no link line explains it):
    # the player turns and their combat and movement would drop out of the turn unsaid
    ("ancient-conquest/rule/ac-player-turns.yaml", "step_of: ac-turn-sequence", "step_of: ac-combat",
     "step_of", "go in a circle", "does not link"),
]
# the state fields (the play-along reader, content/assets/play/engine/state-rules.js): another seat's own hero brought
# from setup; a line for a step its record's timing does not name
BREAKS += [
    ("mare-nostrum/civilization/mn-rome.yaml", "  - record: mn-julius-caesar\n", "  - record: mn-hannibal\n",
     "brings[0].record", "mn-hannibal may be held only by mn-carthage's player", None),
    ("mare-nostrum/hero/mn-moses.yaml", "    - {at: mn-movement, do:", "    - {at: mn-combat, do:",
     "timing.lines[2].at", "'mn-combat' is not one of this record's timing.at", None),
]
LINKED = ("ancient-conquest/rule/ac-combat.yaml", "text: |\n", "text: |\n  Combat comes in the {ac-player-turns}.\n")


def test_each_break_is_one_true_line_at_its_edit(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(REAL, data)
    for rel, old, new, *_ in [*BREAKS, LINKED]:
        path = data / rel
        text = path.read_text(encoding="utf-8")
        assert text.count(old) >= 1, (rel, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    code, lines, output = check(data, timeout=120)
    assert code == 1 and "Traceback" not in output, output
    assert_only_problem_lines(output)
    for rel, _, new, field, words, never in BREAKS:
        start = f"data/{rel}:{line_of(data, rel, new.strip())}: {field}: "
        mine = [m for m in lines if m.startswith(f"data/{rel}:")]
        assert len(mine) == 1 and mine[0].startswith(start) and words in mine[0], f"{rel}: want one line {start}...{words}:\n" + "\n".join(mine)
        assert never is None or never not in mine[0], mine[0]
    assert len(lines) == len(BREAKS), "\n".join(lines)


def test_a_step_of_circle_through_the_turn_itself_is_said_at_the_turn(tmp_path):
    """The turn's root made a step of one of its own phases (which links it back): one line, at the root."""
    data = tmp_path / "data"
    shutil.copytree(REAL, data)
    turn, phase = "mare-nostrum/rule/mn-phases-of-a-turn.yaml", "mare-nostrum/rule/mn-military-phase.yaml"
    for rel, old, new in [(turn, "kind: rule\n", "kind: rule\nstep_of: mn-military-phase\n"),
                          (phase, "text: |\n", "text: |\n  After the {mn-phases-of-a-turn} comes this.\n")]:
        text = (data / rel).read_text(encoding="utf-8")
        (data / rel).write_text(text.replace(old, new, 1), encoding="utf-8")
    code, lines, output = check(data, timeout=120)
    assert code == 1, output
    assert_only_problem_lines(output)
    assert len(lines) == 1 and lines[0].startswith(f"data/{turn}:{line_of(data, turn, 'step_of:')}: step_of: "), lines
    assert "circle" in lines[0] and "mn-military-phase" in lines[0], lines


def test_seats_owns_naming_a_field_every_record_has_is_one_line_at_the_game_record(tmp_path):
    """seats.owns: kind (a field every record carries, naming no seat): one line at the game record's
    owns, not one on each healthy record with a fix that would damage it."""
    data = tmp_path / "data"
    shutil.copytree(REAL, data)
    game = "mare-nostrum/game/mn-mare-nostrum-mythology.yaml"
    text = (data / game).read_text(encoding="utf-8")
    assert "    owns: civilization\n" in text
    (data / game).write_text(text.replace("    owns: civilization\n", "    owns: kind\n", 1), encoding="utf-8")
    code, lines, output = check(data, timeout=120)
    assert code == 1 and "Traceback" not in output, output
    assert_only_problem_lines(output)
    assert len(lines) == 1, "\n".join(lines)
    assert lines[0].startswith(f"data/{game}:{line_of(data, game, 'owns: kind')}: play_along.seats.owns: names the field 'kind'"), lines


def test_a_refused_record_hides_no_other_problem_of_its_game(tmp_path):
    """A hero refused by its schema leaves the rest of its game checked: the play-along breaks of
    other files of that game are still said, each once, in the same run. Only a refused file of a
    kind the turn is made of (a game record, a rule) leaves its game's turn unread."""
    data = tmp_path / "data"
    shutil.copytree(REAL, data)
    edits = [("mare-nostrum/hero/mn-ajax.yaml", "kind: hero\n", "kind: hero\nbogus: 1\n", "bogus", "unknown field"),
             *[(rel, old, new, field, words) for rel, old, new, field, words, _ in BREAKS if rel.startswith("mare-nostrum/") and "turn:" not in old]]
    for rel, old, new, *_ in edits:
        text = (data / rel).read_text(encoding="utf-8")
        (data / rel).write_text(text.replace(old, new, 1), encoding="utf-8")
    code, lines, output = check(data, timeout=120)
    assert code == 1 and "Traceback" not in output, output
    assert_only_problem_lines(output)
    for rel, _, new, field, words in edits:
        mine = [m for m in lines if m.startswith(f"data/{rel}:")]
        assert len(mine) == 1 and f": {field}: " in mine[0] and words in mine[0], f"{rel}:\n" + "\n".join(lines)
    assert len(lines) == len(edits), "\n".join(lines)
