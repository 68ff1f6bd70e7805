"""References inside record text ({mn-ajax}) must name records that exist."""
from __future__ import annotations

import difflib

from .load import RawRecord
from .originality import strings_in
from .problems import Problem, field_path
from .refs import find_refs


def check_text_references(records: list[RawRecord]) -> list[Problem]:
    ids = sorted({r.data.get("id") for r in records if isinstance(r.data.get("id"), str)})
    problems = []
    for r in records:
        for path, text in strings_in(r.data):
            for m in find_refs(text):
                if m.group("id") in ids:
                    continue
                close = difflib.get_close_matches(m.group("id"), ids, n=1)
                problems.append(Problem(r.rel, r.line_of(path), field_path(path),
                                        f"reference {m.group(0)!r} names no record",
                                        f"did you mean '{{{close[0]}}}'?" if close else
                                        "write the id of an existing record between the braces"))
    return problems
