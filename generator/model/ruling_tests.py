"""Which rulings the calculators' tests check, so a ruling's page says so only when it is true.

The list is tests/js/ruling-tests.json, kept complete by the tests themselves
(tests/js/rulings.test.mjs fails when a test has no entry or an entry has no test). A copy
of the site built without the tests folder claims no ruling is checked.
"""
from __future__ import annotations

import json

from generator.paths import RULING_TESTS


def tested_rulings(path=RULING_TESTS) -> frozenset[str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return frozenset()
    ids = data.get("rulings") if isinstance(data, dict) else None
    return frozenset(i for i in ids or [] if isinstance(i, str))
