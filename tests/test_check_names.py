"""Every check has a name, printed with each of its lines, and the validation manual lists them all
(generator/validate/README.md, "The checks, by name")."""
from __future__ import annotations

import re

from conftest import ROOT

from generator.validate.blocking.all_checks import ALL_CHECKS
from generator.validate.run import _run, check_id
from generator.validate.record_set import RecordSet

MANUAL = ROOT / "generator" / "validate" / "README.md"


def listed() -> list[str]:
    text = MANUAL.read_text(encoding="utf-8")
    section = text.split("## The checks, by name", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^- `([^`]+)`:", section, re.M)


def test_every_check_has_its_own_name_and_the_manual_lists_it():
    names = [check_id(c) for c in ALL_CHECKS]
    assert len(set(names)) == len(names), sorted(n for n in names if names.count(n) > 1)
    assert all(re.fullmatch(r"[a-z0-9-]+/[a-z0-9-]+", n) for n in names), names
    assert sorted(set(names) - set(listed())) == [], "checks the manual does not list"


def engine_names() -> set[str]:
    """The names the play-along engine's reader gives its judgments (check: "play-state/leaves")."""
    sources = (ROOT / "content" / "assets" / "play" / "engine").glob("*.js")
    return {n for f in sources for n in re.findall(r'"((?:play-state|play)/[a-z-]+)"', f.read_text(encoding="utf-8"))}


def test_the_manual_lists_no_check_that_is_gone():
    from generator.validate.audit_words import WORDS_CHECK
    from generator.validate.blocking.number_exceptions import SYNONYMS_CHECK
    named = {check_id(c) for c in ALL_CHECKS} | {"load", "registry", "schema", "engines", "engine/node", "engine/play-along",
                                                 "engine/<engine>", "engine/ruling-scenario", "play/not-a-step", SYNONYMS_CHECK,
                                                 WORDS_CHECK} | engine_names()
    assert sorted(set(listed()) - named) == []


def test_the_manual_lists_every_judgment_of_the_play_along_reader():
    assert sorted(engine_names() - set(listed())) == []


def test_a_check_that_fails_is_a_line_at_its_own_function_under_its_name():
    def check_that_breaks(records):
        raise KeyError("boom")
    wrapped = lambda recs: check_that_breaks(recs)   # noqa: E731 - a wrapper, as the play-along checks have
    wrapped.__wrapped__ = check_that_breaks
    [p] = _run(wrapped, RecordSet([]))
    assert p.file == "tests/test_check_names.py"
    assert p.line == check_that_breaks.__code__.co_firstlineno
    assert p.check == "test_check_names/that-breaks" and "KeyError" in p.problem
