"""Schemas are valid draft 2020-12, describe every field and reject unknown ones."""
import pytest
from jsonschema import Draft202012Validator

from generator.validate.schemas import kinds, load_schemas

SCHEMAS = load_schemas()


def walk(node, path=()):
    """Yield (path, schema) for every subschema."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            if key in ("properties", "$defs"):
                for name, sub in value.items():
                    yield from walk(sub, path + (key, name))
            elif key in ("items", "additionalProperties", "then", "else") and isinstance(value, dict):  # "if"/"not" only test values
                yield from walk(value, path + (key,))
            elif key in ("oneOf", "anyOf", "allOf"):
                for i, sub in enumerate(value):
                    yield from walk(sub, path + (key, i))


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_schema_is_valid_2020_12(name):
    schema = SCHEMAS[name]
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_every_field_has_a_description(name):
    missing = ["/".join(map(str, p)) for p, sub in walk(SCHEMAS[name])
               if len(p) >= 2 and p[-2] in ("properties", "$defs") and not sub.get("description")]
    assert missing == []


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_objects_reject_unknown_fields(name):
    open_objects = ["/".join(map(str, p)) or "(root)" for p, sub in walk(SCHEMAS[name])
                    if "properties" in sub and sub.get("additionalProperties") is not False]
    assert open_objects == []


def test_one_schema_per_kind():
    assert set(kinds()) == {"card", "civilization", "component", "creature", "disaster", "game", "god", "hero",
                            "people", "place", "role", "rule", "ruling", "table", "technology", "unit", "wonder"}
