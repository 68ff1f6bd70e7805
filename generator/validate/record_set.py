"""The records the cross-record checks run on, and the ids they may still refer to."""
from __future__ import annotations


class RecordSet(list):
    """A list of the records that passed the schema pass.

    `unchecked_ids` holds the ids of data files that failed to load or failed the
    schema pass (the id they declare, and the one their file name implies). Another
    record may name them; whether they exist is settled once those files are fixed.
    `unchecked_turn_ids` are those of them that a game's turn or setup may be made of (a game
    record, a rule): while one is refused, its game's turn cannot be read.
    `games` is the list of games the records are held to (generator/validate/games.py).
    `shared` holds what several checks of one pass derive from the records (each record's strings,
    the records as the engines read them): a pass never changes its records, and each pass makes
    its own set.
    """

    def __init__(self, records=(), unchecked_ids=(), unchecked_turn_ids=None, games=None):
        super().__init__(records)
        if games is None:
            from generator.validate.games import games_of
            games = games_of()
        self.games = games
        self.unchecked_ids = frozenset(unchecked_ids)
        self.unchecked_turn_ids = self.unchecked_ids if unchecked_turn_ids is None else frozenset(unchecked_turn_ids)
        self._shared: dict = {}

    def shared(self, name: str, make):
        """make(), computed once for this set of records under `name`."""
        if name not in self._shared:
            self._shared[name] = make()
        return self._shared[name]


def per_key(records, name: str, key, make):
    """make() for `key` (a record's id(), a kind), made once per pass under `name` when `records`
    is the pass's RecordSet (several checks ask), else made at each call."""
    shared = getattr(records, "shared", None)
    if shared is None:
        return make()
    table = shared(name, dict)
    if key not in table:
        table[key] = make()
    return table[key]


def known_ids(records) -> frozenset:
    """Ids a reference may name: every checked record's, plus the unchecked files'; once per pass
    for a RecordSet (ten checks ask)."""
    def make():
        ids = {r.data.get("id") for r in records if isinstance(r.data.get("id"), str)}
        return frozenset(ids | getattr(records, "unchecked_ids", frozenset()))
    shared = getattr(records, "shared", None)
    return shared("known ids", make) if shared else make()
