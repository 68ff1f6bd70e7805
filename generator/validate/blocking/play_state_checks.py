"""The play-state check that is no engine's: two homes of one fact in one record.

The play-along engine's reader (content/assets/play/engine/state-rules.js) is the one judge of
what it reads: what a seat brings, which records one seat alone may hold, what leaves by rule,
uses and enters on records a table can hold, timing.lines, wins, and the rounds a closing step
names. Its gaps are lines at their path, named play-state/<field>
(generator/validate/bridges/scenarios.py). What is left here reads a fact the engine never reads:
a fact 'Uses per ...' (shown on the record's page) and uses.times (the engine's) agree, and such
a fact has its uses.
"""
from __future__ import annotations

from generator.load.files import RawRecord
from generator.problems import Problem
from generator.validate.blocking.play_along_checks import problem_at
from generator.validate.blocking.doubt import outside_doubt


def play_kinds(play: dict) -> set:
    """The kinds (and single records) a table holds: play_along.in_play and always."""
    return set(play.get("in_play") or []) | set(play.get("always") or [])


def seated_ids(records, game: str) -> set:
    """The records a seat of the game brings."""
    return {i.get("record") for r in records if r.data.get("game") == game
            for i in (r.data.get("brings") if isinstance(r.data.get("brings"), list) else [])}


USES_FACT = "uses per "


def has_uses_fact(r: RawRecord) -> bool:
    """Whether the record has a fact 'Uses per ...' (check_uses_facts holds it to uses)."""
    return any(isinstance(f, dict) and isinstance(f.get("label"), str) and f["label"].casefold().startswith(USES_FACT)
               for f in r.data.get("facts") or [])


def check_uses_facts(records: list[RawRecord]) -> list[Problem]:
    """A fact 'Uses per ...' (shown on the record's page) and uses.times (read by the engine) say
    the same count, and a record with such a fact has uses: two homes in one file must agree."""
    problems = []
    for r in records:
        uses = r.data.get("uses")
        for i, fact in enumerate(r.data.get("facts") or []):
            label = fact.get("label") if isinstance(fact, dict) else None
            if not isinstance(label, str) or not label.casefold().startswith(USES_FACT):
                continue
            value = fact.get("value")
            if not isinstance(uses, dict):
                problems.append(problem_at(r, ["facts", i, "label"], f"the fact {label!r} limits a use, but the record has no uses, "
                                    "so the table never marks it used", "add uses: {per: <period>, times: <count>}"))
            elif isinstance(value, int) and not isinstance(value, bool) and value != uses.get("times"):
                problems.append(problem_at(r, ["uses", "times"], f"{uses.get('times')} uses, but the fact {label!r} says {value}",
                                    "make the two agree with the source"))
    return problems


PLAY_STATE_CHECKS = [outside_doubt(check_uses_facts)]
