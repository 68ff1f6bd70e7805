"""The records the cross-record checks run on, and the ids they may still refer to."""
from __future__ import annotations


class RecordSet(list):
    """A list of the records that passed the schema pass.

    `unchecked_ids` holds the ids of data files that failed to load or failed the
    schema pass (the id they declare, and the one their file name implies). Another
    record may name them; whether they exist is settled once those files are fixed.
    """

    def __init__(self, records=(), unchecked_ids=()):
        super().__init__(records)
        self.unchecked_ids = frozenset(unchecked_ids)


def known_ids(records) -> set:
    """Ids a reference may name: every checked record's, plus the unchecked files'."""
    ids = {r.data.get("id") for r in records if isinstance(r.data.get("id"), str)}
    return ids | getattr(records, "unchecked_ids", frozenset())
