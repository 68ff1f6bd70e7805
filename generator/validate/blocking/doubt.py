"""Games in doubt: a game whose turn cannot be read whole is left out of the turn's checks.

A refused game record or rule record (the records a game's turn is made of) would make every
timing, step and play-along line that names a step of it look wrong. Its own problem is the
true one, so the checks of turns, timings and play-along read the other games only, and this
game's once it loads. `outside_doubt` wraps such a check.
"""
from __future__ import annotations

from generator.validate.record_set import RecordSet


def games_in_doubt(records) -> frozenset:
    """Games with a refused file of a kind their turn is made of (a game record, a rule): a refused
    step record would make every timing that names it, and every phase line naming its phase, look
    wrong. Their timing is checked once it loads. A refused hero or card leaves the rest checked.
    Found once per pass when `records` is the pass's RecordSet (every wrapped check asks)."""
    shared = getattr(records, "shared", None)
    return shared("games in doubt", lambda: _games_in_doubt(records)) if shared else _games_in_doubt(records)


def _games_in_doubt(records) -> frozenset:
    unchecked = getattr(records, "unchecked_turn_ids", getattr(records, "unchecked_ids", frozenset()))
    prefix_game = {str(r.data.get("id")).split("-", 1)[0]: r.data.get("game") for r in records
                   if isinstance(r.data.get("id"), str)}
    doubt = {prefix_game.get(str(i).split("-", 1)[0]) for i in unchecked} - {None}
    # A game the list of games does not hold: its one line per record is the registry check's.
    games = getattr(records, "games", None)
    if games is not None and games.games:
        doubt |= {r.data.get("game") for r in records if r.data.get("game") not in games.prefixes}
    return frozenset(doubt)


def _outside(records, doubt: frozenset) -> RecordSet:
    return RecordSet([r for r in records if r.data.get("game") not in doubt],
                     getattr(records, "unchecked_ids", ()), getattr(records, "unchecked_turn_ids", None),
                     getattr(records, "games", None))


def outside_doubt(check):
    """The check, run on the records of the games not in doubt."""
    def run(records):
        doubt = games_in_doubt(records)
        if doubt:   # one set of the other games per pass, so what its checks derive is derived once
            whole, shared = records, getattr(records, "shared", None)
            records = shared("outside doubt", lambda: _outside(whole, doubt)) if shared else _outside(whole, doubt)
        return check(records)
    run.__name__, run.__doc__, run.__wrapped__ = check.__name__, check.__doc__, check
    return run
