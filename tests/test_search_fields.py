"""The search's fields come from the schemas and records (generator/model/search_fields.py):
every schema property is a field, found by words, or left out with a reason; a property
added to a schema is searchable without a code change; the index carries the catalogue."""
from __future__ import annotations

import copy
import json

from generator.model.records import build_model
from generator.model import search_fields
from generator.model.search_fields import BY_WORDS, index_fields, schema_fields, skipped_properties
from generator.validate.schema.schemas import load_schemas


def test_every_schema_property_is_a_field_words_or_left_out_with_a_reason():
    found, skipped = schema_fields()
    left_out = {p for p, _, why in skipped if why}
    for name, schema in load_schemas().items():
        if "/" in name or name == "common.schema.json":
            continue
        for prop in schema.get("properties", {}):
            assert prop in found or prop in BY_WORDS or prop in left_out, f"{name}: {prop} is neither a field nor explained"
    for prop in ("cost", "pantheon", "phase", "civilization", "hero_type", "card_type", "optional"):
        assert prop in found, prop


def test_a_property_added_to_a_schema_becomes_a_field(monkeypatch, records):
    schemas = copy.deepcopy(load_schemas())
    schemas["hero.schema.json"]["properties"]["nickname_in_play"] = {"$ref": "common.schema.json#/$defs/line"}
    schemas["hero.schema.json"]["properties"]["range"] = {"type": "integer"}
    schemas["hero.schema.json"]["properties"]["odd_shape"] = {"type": "array", "items": {"type": "object"}}
    monkeypatch.setattr(search_fields, "load_schemas", lambda: schemas)
    model = build_model(records)
    ajax = dict(model.records["mn-ajax"], nickname_in_play="The Bulwark", range=3, odd_shape=[{}])
    model.records["mn-ajax"] = ajax
    fields = {f["name"]: f for f in index_fields(model)["fields"]}
    assert [v[0] for v in fields["nickname_in_play"]["values"]] == ["The Bulwark"]
    assert [v[0] for v in fields["range"]["values"]] == [3]
    assert "odd_shape" not in fields
    assert any(p == "odd_shape" and "not one value" in why for p, _, why in search_fields.skipped_properties())


def test_the_index_carries_the_catalogue(site_dir):
    index = json.loads((site_dir / "search" / "index.json").read_text())
    names = {f["name"] for f in index["fields"]}
    assert {"game", "kind", "cost", "age", "pantheon", "phase", "civilization", "type", "rulings"} <= names
    assert {f["name"] for f in index["flags"]} >= {"rulings", "unknown"}
    civ = next(f for f in index["fields"] if f["name"] == "civilization")
    assert {"people", "civ"} <= set(civ["aliases"])
    game = next(f for f in index["fields"] if f["name"] == "game")
    keys = {k for v in game["values"] for k in v[1]}
    assert {"mn", "7wm", "myths", "dip", "mosaic", "ac"} <= keys
    assert skipped_properties(), "the left-out properties are listed"
