"""Schemas are valid draft 2020-12, describe every field and reject unknown ones."""
import pytest
from jsonschema import Draft202012Validator

from generator.validate.schema.schemas import kinds, load_schemas

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


def _wrong_values(value):
    """A few ways a contributor gets a value wrong, of every type."""
    yield from (None, 5, 2.5, True, "", "x" * 3000, "two\nlines", [], ["a", "a"], [5], {}, {"x": 1})
    if isinstance(value, list) and value:
        yield value + value[:1]
        yield [_first_wrong(value[0])]
    if isinstance(value, dict):
        for key in list(value)[:4]:
            yield {**value, key: 5}
            yield {k: v for k, v in value.items() if k != key}


def _first_wrong(item):
    return {"unexpected": 1} if isinstance(item, dict) else {"a": item}


@pytest.mark.slow     # thousands of wrong values through two validators: make test, not make quick
def test_inlined_refs_validate_as_the_registry_does(loaded):
    """validators() inlines every $ref for speed; on the real records (the session's, conftest.py),
    each with each field made wrong in many ways, it finds exactly the errors the plain
    registry-resolved schema finds."""
    from referencing import Registry, Resource

    from generator.validate.schema.schemas import Validator, validators

    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in SCHEMAS.values())
    plain = {k: Validator(SCHEMAS[f"{k}.schema.json"], registry=registry) for k in kinds()}
    fast = validators()
    records, _ = loaded
    by_kind = {}
    for rec in records:
        by_kind.setdefault(rec.data["kind"], []).append(rec.data)

    def errors(validator, data):
        return sorted((tuple(map(str, e.absolute_path)), e.validator, e.message[:300]) for e in validator.iter_errors(data))

    compared = 0
    for kind, datas in by_kind.items():
        for field, data in _a_record_per_field(datas).items():
            for wrong in _wrong_values(data[field]):
                case = {**data, field: wrong}
                assert errors(fast[kind], case) == errors(plain[kind], case), (kind, data["id"], field, wrong)
                compared += 1
    assert compared > 3000, compared


def _a_record_per_field(datas: list[dict]) -> dict[str, dict]:
    """Every field any record of a kind holds, each with the smallest record that holds it (the
    fewest values, so the cheapest to validate whole, each case twice): each field is made wrong
    once, in a real record (the first two records of each kind left 51 fields untried, and made
    the others wrong twice over)."""
    holder: dict[str, dict] = {}
    for data in sorted(datas, key=_values_in):
        for field in data:
            holder.setdefault(field, data)
    return holder


def _values_in(node) -> int:
    """How many values a record holds, counting every mapping, list and scalar."""
    if isinstance(node, dict):
        return 1 + sum(_values_in(v) for v in node.values())
    if isinstance(node, list):
        return 1 + sum(_values_in(v) for v in node)
    return 1


def test_a_ref_beside_other_checks_keeps_both():
    from generator.validate.schema.schemas import Validator, _inlined
    schemas = {"k.schema.json": {"$defs": {"word": {"type": "string", "pattern": "^[a-z]+$"}},
                                 "properties": {"w": {"$ref": "#/$defs/word", "maxLength": 3, "description": "d"},
                                                "o": {"$ref": "defs/o.schema.json"}}},
               "defs/o.schema.json": {"$id": "x", "type": "integer", "minimum": 1}}
    v = Validator(_inlined(schemas["k.schema.json"], "k.schema.json", schemas))
    assert sorted(e.validator for e in v.iter_errors({"w": "abcd", "o": 0})) == ["maxLength", "minimum"]
    assert sorted(e.validator for e in v.iter_errors({"w": "AB", "o": "1"})) == ["pattern", "type"]
    assert v.is_valid({"w": "abc", "o": 2})


def test_a_recursive_ref_in_another_file_still_resolves():
    from referencing import Registry, Resource

    from generator.validate.schema.schemas import Validator, _inlined
    dialect = "https://json-schema.org/draft/2020-12/schema"
    schemas = {"k.schema.json": {"$schema": dialect, "$id": "https://x.example/k.schema.json", "properties": {"t": {"$ref": "defs/tree.schema.json"}}},
               "defs/tree.schema.json": {"$schema": dialect, "$id": "https://x.example/defs/tree.schema.json", "type": "object",
                                         "properties": {"kids": {"type": "array", "items": {"$ref": "#"}}},
                                         "additionalProperties": False}}
    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas.values())
    v = Validator(_inlined(schemas["k.schema.json"], "k.schema.json", schemas), registry=registry)
    assert v.is_valid({"t": {"kids": [{"kids": []}]}})
    assert [e.validator for e in v.iter_errors({"t": {"kids": [{"kids": [], "x": 1}]}})] == ["additionalProperties"]


def _descriptions(node, path=()):
    """Yield (path, text) for every description anywhere in a schema."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "description" and isinstance(value, str):
                yield path, value
            else:
                yield from _descriptions(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _descriptions(value, path + (i,))


def test_no_description_lists_the_games_id_prefixes():
    """The games are data/games.yaml's: a description may give one example id, never list the
    games' prefixes (a sixth game would make every such list wrong)."""
    import json
    import re

    from generator.paths import DATA, SCHEMAS as SCHEMA_DIR
    from generator.validate.games import games_of
    prefixes = sorted(games_of(DATA).prefixes.values())
    assert len(prefixes) >= 2
    named = re.compile(r"(?<![a-z0-9-])(%s)(?=-[a-z0-9]|[,):;/ ]|$)" % "|".join(map(re.escape, prefixes)))
    lists = []
    for path in sorted(SCHEMA_DIR.rglob("*.json")):
        for where, text in _descriptions(json.loads(path.read_text(encoding="utf-8"))):
            games = {m.group(1) for m in named.finditer(text)}
            if len(games) >= 2:
                lists.append(f"{path.relative_to(SCHEMA_DIR)} {'/'.join(map(str, where))}: {sorted(games)}")
    assert lists == [], "\n".join(lists)
