"""The play-along manual's Node example (content/assets/play/README.md) runs and prints what it says.

The example ends with a "// Prints:" comment; the lines after it are the exact output, against the
real export (a table from a query and back, the setup steps with their ids, counts and source, the
moment at a position: step, reminders, rulings, due and arrivals, and a bad value's message).
"""
from __future__ import annotations

import re

from readme_examples import js_examples, run_example

PLAY_MANUAL = "content/assets/play/README.md"


def promised(code: str) -> list[str]:
    tail = code.split("// Prints:\n", 1)[1]
    return [re.sub(r"^// ?", "", line) for line in tail.strip("\n").splitlines()]


def test_readme_example_prints_what_it_says(records_json_path):
    (code,) = js_examples("content/assets/play/engine/index.js", PLAY_MANUAL)
    expected = promised(code)
    assert len(expected) >= 8
    res = run_example(code, records_json_path)
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines() == expected
