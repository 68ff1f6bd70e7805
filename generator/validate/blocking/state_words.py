"""A table's state against the record's own words: a record that says how often it may be used,
or what it gives as it is built, while the fields the play-along engine reads say nothing.

The engine reads `uses` and `enters` only. A record in play whose text says "once per game" but
has no `uses` is never marked used, so a table can play it again; one whose text says "when you
build it" but has no `enters` is never prompted as it enters, so its gain is missed. So, for a
record that can be in play at a table of its game (a kind of play_along.in_play or always, or
brought by a seat, as check_uses_and_enters reads it):

- check_uses_words: no `uses`, while its summary, text or activation line limits its use to a
  number of times in a period: "once per game", "once a turn", "twice per age", "usable once",
  "use him once", "one function per turn" (one thing in a period), or "(once)";
- check_enters_words: no `enters`, while its summary, text or activation line names the moment it
  is built, bought, placed or taken, saying "it": "when you build it", "as it is built", "when it is
  placed", "placing it gives" (a bare "when built" is as often said of another card: Bastet's
  "a structure with an effect when built").

One problem per record and class, at the first line that says so, quoting the words. Notes are
not read (they discuss what the source leaves open). What it cannot see: a limit or a moment
written in other words ("only the first time", "on arrival"); a limit or a moment said of another
record in the same line (it is read as this record's, so such a line is reworded); and whether an
existing `uses` or `enters` says what the words say.
"""
from __future__ import annotations

import re

from generator.load.files import RawRecord
from generator.problems import Problem
from generator.refs import replace_refs
from generator.validate.blocking.play_along_checks import PLAY, problem_at, play_along_games
from generator.validate.blocking.play_state_checks import has_uses_fact, play_kinds, seated_ids
from generator.validate.blocking.doubt import outside_doubt

FIELDS = ("summary", "text", "activation")

# A period: a game, turn, round, age, year, or a named phase ("Construction phase").
PERIOD = r"(?:game|turn|round|age|phase|year|[\w-]+(?: [\w-]+)? phase)"
# A limit on how often a power may be used: "once per game", "twice a turn", "usable once",
# "one function per turn" (one thing named in one to five words, none of them 'of' or 'each': "one
# item of each type each round" counts items, not uses), "(once)".
USES_WORDS = re.compile(
    r"\b(?:once|twice|(?:three|four|five) times)\s+(?:per|a|an|each|every)\s+" + PERIOD + r"\b"
    r"|\b(?:usable|used|used only|only|use (?:it|him|her|them))\s+once(?:\s+(?:per|a|an|each|every)\s+" + PERIOD + r")?\b"
    r"|\bone\s+(?:(?!(?:per|a|an|each|every|of)\b)[\w-]+\s+){1,5}?(?:per|a|each|every)\s+" + PERIOD + r"\b"
    r"|\(once\)",
    re.IGNORECASE)
# The moment a record enters play, as the record's own words name it.
ENTERS_WORDS = re.compile(
    r"\b(?:when|as|once)\s+(?:you\s+)?(?:build|buy|place|purchase|take|acquire)\s+it\b"
    r"|\b(?:when|as)\s+it\s+is\s+(?:built|bought|placed|purchased|acquired)\b"
    r"|\b(?:placing|building|buying)\s+it\s+(?:gives|grants|brings|adds)\b",
    re.IGNORECASE)


def _shown(line: str) -> str:
    """The words a reader sees: {id|words} as its words, {id} as a stand-in word."""
    return replace_refs(line, lambda rid, words: words if words is not None else "it")


def _in_play(records: list[RawRecord]):
    """(record, game record) for each record that can be in play at a table of its game."""
    games = play_along_games(records)
    seated = {game: seated_ids(records, game) for game in games}
    for r in records:
        g = games.get(r.data.get("game"))
        if g is None:
            continue
        if r.data.get("kind") in play_kinds(g.data[PLAY]) or r.data.get("id") in seated[r.data.get("game")]:
            yield r, g


def _first_words(r: RawRecord, pattern: re.Pattern):
    """(field, the words) of the first of the record's lines that match, by line number."""
    found = []
    for field in FIELDS:
        value = r.data.get(field)
        if isinstance(value, str) and (m := pattern.search(_shown(value))):
            found.append((r.line_of([field]), field, " ".join(m.group(0).split())))
    return min(found)[1:] if found else None


def _missing(records, field: str, pattern, problem: str, fix: str, said=lambda r: False) -> list[Problem]:
    """Records in play without `field` whose own words `pattern` finds: one line each, at those
    words, unless another check already says it of the record (`said`)."""
    problems = []
    for r, _ in _in_play(records):
        hit = None if field in r.data or said(r) else _first_words(r, pattern)
        if hit:
            where, words = hit
            problems.append(problem_at(r, [where], f"says {words!r}, {problem}", fix))
    return problems


def check_uses_words(records: list[RawRecord]) -> list[Problem]:
    """A record in play whose own words limit how often it is used, with no uses."""
    return _missing(records, "uses", USES_WORDS,
                    "a limit on its use, but the record has no uses, so the table never marks it used",
                    "add uses: {per: <step|phase|turn|round|game|entry>, times: <count>, note: ...} as the "
                    "source says, or reword this line if the limit is not this record's",
                    said=has_uses_fact)


def check_enters_words(records: list[RawRecord]) -> list[Problem]:
    """A record in play whose own words give something as it is built or placed, with no enters."""
    return _missing(records, "enters", ENTERS_WORDS,
                    "a moment it acts as it enters play, but the record has no enters, so the table is never prompted then",
                    "add enters: {do: <what the player does, in your words>} as the source says, "
                    "or reword this line if nothing happens as it enters")


STATE_WORDS_CHECKS = [outside_doubt(c) for c in (check_uses_words, check_enters_words)]
