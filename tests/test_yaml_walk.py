"""The bounded YAML reader's one walk gives what its three passes gave (generator/load/yaml_bounded.py).

It now composes first and refuses nesting in its walk, and builds the values itself for plain
YAML instead of asking PyYAML's constructor: the values must be PyYAML's, to the type (True is
not 1), and a file must be refused for the same reason at the same line as before, nesting
first whatever else is wrong with it.
"""
from __future__ import annotations

import math
from pathlib import Path

import pytest
import yaml

from generator.load.yaml_bounded import MAX_DEPTH, Refused, parse

ROOT = Path(__file__).resolve().parent.parent
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _typed(value):
    """A form in which two values are equal only when PyYAML would give the same types too."""
    if isinstance(value, dict):
        return ("map", [(_typed(k), _typed(v)) for k, v in value.items()])
    if isinstance(value, list):
        return ("seq", [_typed(v) for v in value])
    if isinstance(value, float) and math.isnan(value):
        return ("nan",)
    return (type(value).__name__, value)


TRICKY = [
    "a: .nan\nb: -.inf\nc: 1_000\nd: 1:30\ne: ~\nf: Null\ng: 0o17\nh: 0x1F\ni: +12\nj: 1e3\nk: yes\nl: 'yes'\n",
    "a: &a {b: 1}\nc: *a\nd: [*a, *a]\n",           # aliases: the same value
    "<<: {a: 1}\nb: 2\n",                             # a merge key: PyYAML's constructor builds it
    "a: 2024-01-01\nb: 2024-01-01 10:00:00\n",        # timestamps: the same
    "yes: 1\n1: 2\n~: 3\n",                            # keys that are not text
    "a: !!str 12\nb: !!int '12'\nc: !!float '1'\n",
    "a: b\na: c\n",                                    # the last value kept, as PyYAML keeps it
    "- 1\n- [2, {x: [3]}]\n- null\n", "just text\n", "12\n",
]


@pytest.mark.parametrize("text", TRICKY)
def test_values_are_pyyamls(text):
    assert _typed(parse(text).data) == _typed(yaml.load(text, Loader=LOADER))   # noqa: S506 - a safe loader


def test_values_of_every_data_file_are_pyyamls():
    for path in sorted((ROOT / "data").rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert _typed(parse(text).data) == _typed(yaml.load(text, Loader=LOADER)), path   # noqa: S506


def _refusal(text: str) -> tuple[int, str]:
    with pytest.raises(Refused) as refused:
        parse(text)
    return refused.value.finding.line, refused.value.finding.problem


DEEP = "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5)


@pytest.mark.parametrize("text, line", [
    (f"a: 1\nb: {DEEP}\n", 2),
    (f"a: 1234567890123456789012345678901234\nb: {DEEP}\n", 2),    # nesting before a refused number
    (f"a: &x [*x]\nb: {DEEP}\n", 2),                               # ...and before a cycle
    (f"b: {DEEP}\nc: [oops\n", 1),                                 # ...and before a syntax error further on
    ("a: [" * 1100 + "]" * 1100, 1),                               # past libyaml's own limit
])
def test_nesting_is_the_reason_given_first(text, line):
    assert _refusal(text) == (line, f"values are nested more than {MAX_DEPTH} levels deep")


def test_a_syntax_error_before_the_nesting_is_the_syntax_error():
    with pytest.raises(yaml.YAMLError):
        parse(f"c: [oops\nb: {DEEP}\n")


def test_the_first_other_refusal_in_the_text_is_the_one_given():
    line, problem = _refusal("a: &x [*x]\nb: 1234567890123456789012345678901234\n")
    assert (line, problem) == (1, "an alias refers to a value that contains it")
    line, problem = _refusal("a: 1234567890123456789012345678901234\nb: &x [*x]\n")
    assert (line, problem) == (1, "a number with 34 digits")
