"""What the cross-record check tests share: a copy of the real records to break in memory,
a record's data by id, and the problem-line form every message must have."""
from __future__ import annotations

import pickle
import re

LINE = re.compile(r"^data/[^:]+\.yaml:\d+: [^:]+: .+ \(.+\)$")


def copy_of(loaded):
    """The checked records, deep-copied so a test may edit them; the real data must be valid.
    A pickle round trip copies as deepcopy does (shared objects stay shared), in a seventh of its time."""
    records, problems = loaded
    assert not problems
    return pickle.loads(pickle.dumps(records, pickle.HIGHEST_PROTOCOL))


def data_of(recs, rid: str) -> dict:
    return next(r for r in recs if r.data.get("id") == rid).data


def messages_of(checks, recs) -> list[str]:
    """Every problem the checks find, each asserted to be a path:line: field: problem (fix) line."""
    out = [str(p) for check in checks for p in check(recs)]
    assert all(LINE.match(m) for m in out), out
    return out
