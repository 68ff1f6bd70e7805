"""The helpers manual's Node examples (content/assets/helpers/README.md) run and print what they say.

Each example ends with a "// Prints:" comment; the lines after it are the exact output.
"""
from __future__ import annotations

import re

import pytest

from readme_examples import HELPERS_MANUAL, js_examples, run_example

ENGINES = ["mn-sets/index.js", "dip-score.js", "mos-disaster.js", "ac-victory.js"]


def promised(code: str) -> list[str]:
    tail = code.split("// Prints:\n", 1)[1]
    return [re.sub(r"^// ?", "", line) for line in tail.strip("\n").splitlines()]


@pytest.mark.parametrize("engine", ENGINES)
def test_readme_example_prints_what_it_says(engine, records_json_path):
    (code,) = js_examples(f"content/assets/helpers/{engine}", HELPERS_MANUAL)
    expected = promised(code)
    assert len(expected) >= 3
    res = run_example(code, records_json_path)
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines() == expected
