"""The compiled schema test (generator/validate/schema/schema_compiled.py) gives jsonschema's answer.

The schema pass trusts it to say a record is valid without asking jsonschema, so a record it
passes that jsonschema would refuse would lose every message about that record. It is held
to jsonschema's is_valid on every real record and on broken copies of each: every field
removed, replaced by values of each type and by hostile text, unknown fields added, list
items repeated.
"""
from __future__ import annotations

import copy
import random
import subprocess
import sys

import pytest

from generator.validate.schema.schema_compiled import NotCompiled, compile_schema, compiled
from generator.validate.schema.schemas import load_schemas, validators

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent
REPLACEMENTS = [None, True, False, 0, 1, -1, 2.0, 1.5, float("nan"), float("inf"), 10**6, "", "x", "mn-ajax",
                "mn-ajax\n", "Ajax\t", "two\nlines", "A\u2028B", "x" * 5000, "unknown", [], ["x"], [1, 1],
                [{"a": 1}, {"a": 1}], {}, {"x": 1}]
PER_RECORD = 12          # broken copies of each record (seeded: the same copies every run)


def _places(value, path=()):
    """Every path in a record, the record itself first."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _places(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _places(v, path + (i,))


def _at(value, path):
    for step in path:
        value = value[step]
    return value


def _broken(data: dict, rng: random.Random):
    places = list(_places(data))
    for _ in range(PER_RECORD):
        out = copy.deepcopy(data)
        path = rng.choice(places)
        how = rng.randrange(5)
        if not path or how == 3:
            target = _at(out, path)
            if isinstance(target, dict):
                target[rng.choice(["extra", "notes", "kind", "id", "1"])] = rng.choice(REPLACEMENTS)
            elif isinstance(target, list) and target:
                target.append(copy.deepcopy(target[0]))    # a repeated item
            else:
                continue
        elif how == 0:
            del _at(out, path[:-1])[path[-1]]
        else:
            _at(out, path[:-1])[path[-1]] = copy.deepcopy(rng.choice(REPLACEMENTS))
        yield path, out


def test_every_kind_is_compiled():
    """A kind left to jsonschema alone is checked as before, only slower: say so when it happens."""
    assert [k for k, test in compiled().items() if test is None] == []


@pytest.mark.slow   # seconds each (a copy of data/, a subprocess, or a sweep): make test, not make quick (30 s)
def test_it_agrees_with_jsonschema_on_every_record_and_broken_copies(loaded):
    records, _ = loaded
    tests, slow = compiled(), validators()
    rng = random.Random(27)
    disagreements, refused = [], 0
    for rec in records:
        kind = rec.data.get("kind")
        if kind not in tests:
            continue
        assert tests[kind](rec.data) is slow[kind].is_valid(rec.data), rec.rel
        for path, broken in _broken(rec.data, rng):
            fast, full = tests[kind](broken), slow[kind].is_valid(broken)
            refused += not full
            if fast is not full:
                disagreements.append((rec.rel, path, fast, full))
    assert disagreements == []
    assert refused > 2000    # the copies do reach the schemas' refusals


@pytest.mark.parametrize("schema, value, valid", [
    ({"type": "integer"}, 2.0, True), ({"type": "integer"}, True, False), ({"type": "number"}, False, False),
    ({"const": 1}, True, False), ({"enum": [1, "a"]}, 1.0, True), ({"const": [1, {"a": True}]}, [1.0, {"a": True}], True),
    ({"pattern": "^[a-z]+$"}, "ajax\n", False), ({"uniqueItems": True}, [1, 1.0], False),
    ({"uniqueItems": True}, [True, 1], True), ({"minimum": 0}, float("nan"), True), ({"minimum": 0}, "x", True),
    ({"oneOf": [{"type": "integer"}, {"type": "number"}]}, 1, False),
    ({"if": {"required": ["a"]}, "then": {"required": ["b"]}}, {"a": 1}, False),
    ({"dependentRequired": {"a": ["b"]}}, {"a": 1}, False), ({"minProperties": 1}, {}, False),
    ({"properties": {"a": {"type": "string"}}, "additionalProperties": False}, {"a": "x", 1: 2}, False),
    ({"additionalProperties": {"type": "string"}}, {"a": 1}, False), ({"items": {"type": "string"}}, ["a", 2], False),
    ({"not": {"type": "null"}}, None, False), ({"maxLength": 2}, "abc", False), ({"maxItems": 1}, [1, 2], False),
    ({"maximum": 3}, 3.5, False), ({"minItems": 1}, [], False), ({"anyOf": [{"type": "string"}, {"type": "null"}]}, 1, False),
    ({"propertyNames": {"pattern": "^[a-z]+$"}}, {"card_type": "myth"}, False),
    ({"propertyNames": {"pattern": "^[a-z_]+$"}}, {"card_type": "myth"}, True), ({"propertyNames": {"maxLength": 1}}, "ab", True),
])
def test_each_keyword_reads_as_jsonschema_reads_it(schema, value, valid):
    from generator.validate.schema.schemas import Validator
    assert Validator(schema).is_valid(value) is valid                 # what jsonschema says...
    assert compile_schema(schema, load_schemas())(value) is valid    # ...and the compiled test


@pytest.mark.parametrize("schema", [{"prefixItems": [{}]}, {"patternProperties": {"^x": {}}},
                                    {"exclusiveMinimum": 0}, {"format": "date"}, {"minimun": 1},
                                    {"$ref": "#/$defs/x"}, {"type": "date"}])
def test_a_keyword_it_does_not_implement_leaves_the_kind_to_jsonschema(schema):
    with pytest.raises(NotCompiled):
        compile_schema({"properties": {"a": schema}}, load_schemas())


def test_checking_valid_data_never_imports_jsonschema():
    """It is imported for a record the compiled test refuses, to name its errors (about 0.1 s)."""
    code = ("import sys; from generator.validate.run import load_and_validate; "
            "records, problems = load_and_validate(); assert not problems, problems[:3]; "
            "print('jsonschema' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
