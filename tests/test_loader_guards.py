"""Guards of the loader and validator that the hostile-data cases cannot reach through the CLI:
the pure-Python YAML fallback, a check that raises, a lone surrogate, and the two schema
keywords read as the specification means them."""
from __future__ import annotations

import shutil
import threading

import pytest
import yaml

from generator.validate import run as validate_run
from generator.validate.record_set import RecordSet, known_ids
from generator.validate.schemas import Validator
from generator.validate.run import load_and_validate
from generator.load.value_checks import value_findings
from generator.load.yaml_bounded import Refused, parse
from hostile_cases import MINI, _deep_aliases, _laughs, _nested


def bounded(fn, timeout: float = 20.0):
    """fn() in a thread, failing the test if it has not returned within timeout seconds."""
    result = {}

    def run():
        try:
            result["value"] = fn()
        except BaseException as err:  # noqa: BLE001 - handed to the test
            result["error"] = err
    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        pytest.fail(f"did not finish within {timeout:.0f} s")
    if "error" in result:
        raise result["error"]
    return result.get("value")


@pytest.mark.parametrize("text, words", [
    (_nested(10_000), "nested more than 20 levels deep"),
    (_laughs(), "holds more than 10,000 values"),
    (_deep_aliases(), "nested more than 20 levels deep (through aliases)"),
    ("loop: &loop [*loop]\n", "refers to a value that contains it"),
], ids=["10,000 brackets", "billion laughs", "depth through aliases", "cycle"])
def test_pure_python_loader_is_bounded_too(text, words):
    """Without libyaml the same limits hold (PyYAML's own reader and composer)."""
    with pytest.raises(Refused) as refused:
        bounded(lambda: parse(text, yaml.SafeLoader))
    assert words in refused.value.finding.problem


def test_lone_surrogate_is_refused():
    """libyaml refuses "\\ud800"; PyYAML's pure reader makes a string that cannot be written as UTF-8."""
    (finding,) = value_findings({"summary": "half \ud800 a pair"}, lambda path: 8)
    assert finding.path == ("summary",) and "U+D800" in finding.problem


def test_a_check_that_raises_is_a_problem_not_a_traceback(monkeypatch, tmp_path):
    def check_that_breaks(records):
        raise TypeError("unhashable type: 'list'")
    monkeypatch.setattr(validate_run, "ALL_CHECKS", [check_that_breaks])
    shutil.copytree(MINI, tmp_path / "data")
    _, problems = load_and_validate(tmp_path / "data")
    (problem,) = problems
    assert str(problem).startswith("tests/test_loader_guards.py:")
    assert "check_that_breaks: the check failed with TypeError: unhashable type: 'list' (a generator bug" in str(problem)


def test_references_may_name_a_file_that_failed():
    assert known_ids(RecordSet([], unchecked_ids={"mn-athena"})) == {"mn-athena"}


@pytest.mark.parametrize("instance, valid", [
    ("mn-ajax", True), ("mn-ajax\n", False), ("x\nmn-ajax", False),
])
def test_pattern_end_is_the_end_of_the_text(instance, valid):
    assert Validator({"pattern": "^mn-[a-z]+$"}).is_valid(instance) is valid


@pytest.mark.parametrize("items, unique", [
    ([1, 1.0], False), ([True, 1], True), ([{"a": [1, 2]}, {"a": [1, 2]}], False),
    ([{"a": 1}, {"a": 2}], True), (["x", "y", "x"], False), ([None, False, 0, ""], True),
])
def test_unique_items_keeps_json_schema_equality(items, unique):
    assert Validator({"uniqueItems": True}).is_valid(items) is unique
