"""A table's state against the record's own words (generator/validate/blocking/state_words.py): a record in
play whose summary, text or activation limits its use ("once per game", "one function per turn")
while it has no `uses`, or names the moment it is built or placed ("when you build it", "as it is
built") while it has no `enters`.

Each plant takes out, in a copy of data/ on disk, a `uses` or `enters` the fifth content reading
found missing (Mosaic's war tiles, Hereditary Bureaucracy, the Ancient Conquest slave, the Garrison
and Amphitheatre Towns) or one of the same class; the copy is loaded as `generator check` loads it,
so the lines are the file's.
"""
from __future__ import annotations

import shutil

from record_copies import LINE, copy_of, messages_of

from generator.load.files import load_tree
from generator.paths import DATA
from generator.validate.blocking.all_checks import ALL_CHECKS
from generator.validate.blocking.state_words import STATE_WORDS_CHECKS, check_enters_words, check_uses_words
from generator.validate.blocking.play_state_checks import check_uses_facts


def test_real_data_passes(loaded):
    assert messages_of(STATE_WORDS_CHECKS, copy_of(loaded)) == []


def test_the_checks_run_with_generator_check():
    assert all(c in ALL_CHECKS for c in STATE_WORDS_CHECKS)


def _line(path, start: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1) if line.startswith(start))


def _drop(data, file, start):
    """The copy's file without its one line that starts with `start` (a flow mapping on one line)."""
    path = data / file
    lines = path.read_text(encoding="utf-8").split("\n")
    i = next(i for i, line in enumerate(lines) if line.startswith(start))
    assert lines[i].rstrip().endswith("}"), lines[i]
    del lines[i]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def _copy(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    return data


def _found(data, check):
    records, problems = load_tree(data)
    assert not problems
    msgs = sorted(str(p) for p in check(records))
    assert all(LINE.match(m) for m in msgs), msgs
    return msgs


def _assert_each_once(msgs, want):
    assert len(msgs) == len(want), msgs
    for w in want:
        assert sum(m.startswith(w) for m in msgs) == 1, (w, msgs)


# (file, the field whose words say it, the words quoted)
USES_PLANTS = [
    ("mosaic-wars-disasters/card/mos-siege.yaml", "text", "Usable once per game"),
    ("mosaic-wars-disasters/technology/mos-hereditary-bureaucracy.yaml", "text", "(once)"),
    ("ancient-conquest/unit/ac-slave.yaml", "text", "one function per turn"),
    ("mare-nostrum/hero/mn-jason.yaml", "summary", "Once a turn"),
]


def test_a_use_limit_in_the_records_words_without_uses_fails_at_their_line(tmp_path):
    data = _copy(tmp_path)
    want = []
    for file, field, words in USES_PLANTS:
        path = _drop(data, file, "uses:")
        want.append(f"data/{file}:{_line(path, field + ':')}: {field}: says {words!r}, a limit on its use, but the "
                    "record has no uses, so the table never marks it used (add uses: {per: ")
    _assert_each_once(_found(data, check_uses_words), want)


def test_a_use_limit_a_uses_fact_states_is_said_once_by_the_fact(tmp_path):
    """Mars's words say 'use him once' and his fact 'Uses per ...' gives the count: without uses,
    the fact's check says it (at the fact), and the words' check says nothing more."""
    data = _copy(tmp_path)
    _drop(data, "mare-nostrum/god/mn-mars.yaml", "uses:")
    assert _found(data, check_uses_words) == []
    found = _found(data, check_uses_facts)
    assert len(found) == 1 and "mn-mars.yaml" in found[0] and "limits a use, but the record has no uses" in found[0], found


def test_an_entering_moment_in_the_records_words_without_enters_fails_at_their_line(tmp_path):
    data = _copy(tmp_path)
    want = []
    for file, words in (("mosaic-wars-disasters/card/mos-garrison-town.yaml", "When you build it"),
                        ("mosaic-wars-disasters/card/mos-amphitheatre-town.yaml", "Placing it gives")):
        path = _drop(data, file, "enters:")
        want.append(f"data/{file}:{_line(path, 'text:')}: text: says {words!r}, a moment it acts as it enters play, "
                    "but the record has no enters, so the table is never prompted then (add enters: {do: ")
    # "as it is built", written into a wonder that has no enters.
    file = "mosaic-wars-disasters/wonder/mos-circus-maximus.yaml"
    path = data / file
    path.write_text(path.read_text(encoding="utf-8").replace("\ntext: |\n", "\ntext: |\n  As it is built, take 2 Ideas.\n", 1),
                    encoding="utf-8")
    want.append(f"data/{file}:{_line(path, 'text:')}: text: says 'As it is built', a moment it acts as it enters play")
    _assert_each_once(_found(data, check_enters_words), want)


def test_words_about_counts_or_another_card_are_no_limit_and_no_moment(loaded):
    """What the patterns leave alone: a count per period of things ('one item of each type each
    round', 'one per nation per game'), a bare 'when built' said of another card (Bastet), and a
    record that is never in play (the War Tiles rule says 'once per game' of the tiles)."""
    recs = copy_of(loaded)
    by_id = {r.data.get("id"): r for r in recs}
    by_id["mn-minos"].data["summary"] = "Build on islands at 1 less for one item of each type each round."
    by_id["ac-queen-consort-counter"].data["summary"] = "One per nation per game."
    by_id["swm-bastet"].data["text"] = "If a structure has an effect when built, the player who receives it triggers it again."
    assert "once per game" in by_id["mos-war-tiles"].data["text"]
    assert messages_of(STATE_WORDS_CHECKS, recs) == []
