"""The JSON Schemas, one per kind, wired together so $refs resolve offline.

jsonschema is imported only when a validator is asked for: a check of valid data never needs
one (the schema pass asks schema_compiled.py first), and importing it takes about 0.1 s.
"""
from __future__ import annotations

import json
import posixpath
from functools import lru_cache
from pathlib import Path

from generator.paths import SCHEMAS


@lru_cache(maxsize=1)
def _validator_class():
    from jsonschema import Draft202012Validator, validators as jsonschema_validators

    from generator.validate.schema.schema_keywords import pattern, unique_items
    # Draft 2020-12 with `pattern` and `uniqueItems` read as the specification means them (see schema_keywords).
    return jsonschema_validators.extend(Draft202012Validator, {"pattern": pattern, "uniqueItems": unique_items})


def __getattr__(name: str):
    if name == "Validator":   # `from generator.validate.schema.schemas import Validator`, imported on first use
        return _validator_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _schema_files(schema_dir: Path):
    return sorted(schema_dir.rglob("*.schema.json"))


@lru_cache(maxsize=4)
def load_schemas(schema_dir: Path = SCHEMAS) -> dict[str, dict]:
    """Every schema keyed by its path relative to schemas/ (e.g. 'hero.schema.json')."""
    return {p.relative_to(schema_dir).as_posix(): json.loads(p.read_text(encoding="utf-8"))
            for p in _schema_files(schema_dir)}


def kinds(schema_dir: Path = SCHEMAS) -> list[str]:
    """Record kinds are the top-level schema files other than common."""
    return sorted(name.removesuffix(".schema.json") for name in load_schemas(schema_dir)
                  if "/" not in name and name != "common.schema.json")


def _inlined(node, doc: str, schemas: dict[str, dict], seen: tuple[str, ...] = ()):
    """`node` (from schema file `doc`) with every $ref replaced by what it points at.

    Why: resolving a $ref through the registry on every value is most of the schema pass's
    time (about 1.3 s of 2 s for the whole data). The result validates alike: a $ref with
    sibling keywords becomes an allOf beside them; descriptions stay where they were. A
    $ref that would recurse stays, absolute, for the registry (the inlined copy no longer
    sits in the file its relative address was written for).
    """
    if isinstance(node, list):
        return [_inlined(v, doc, schemas, seen) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: _inlined(v, doc, schemas, seen) for k, v in node.items() if k != "$ref"}
    ref = node.get("$ref")
    if not isinstance(ref, str):
        return out
    path, _, pointer = ref.partition("#")
    target_doc = posixpath.normpath(posixpath.join(posixpath.dirname(doc), path)) if path else doc
    if target_doc not in schemas:
        return node   # the registry reports it, as it always did
    if (target_doc, pointer) in seen:   # a recursive schema: leave this one $ref, made absolute
        return {**out, "$ref": f"{schemas[target_doc]['$id']}#{pointer}"}
    target = schemas[target_doc]
    for part in filter(None, pointer.split("/")):
        target = target[part.replace("~1", "/").replace("~0", "~")]
    resolved = _inlined(target, target_doc, schemas, seen + ((target_doc, pointer),))
    if isinstance(resolved, dict):
        resolved = {k: v for k, v in resolved.items() if k not in ("$id", "$schema")}
    checks = {k: v for k, v in out.items() if k not in ("description", "title", "$comment")}
    return {**out, "allOf": [resolved]} if checks else resolved


@lru_cache(maxsize=64)
def inlined_schema(kind: str, schema_dir: Path = SCHEMAS) -> dict:
    """The kind's schema with its $refs inlined (see _inlined), as both validators read it."""
    schemas = load_schemas(schema_dir)
    return _inlined(schemas[f"{kind}.schema.json"], f"{kind}.schema.json", schemas)


@lru_cache(maxsize=4)
def validators(schema_dir: Path = SCHEMAS) -> dict:
    """kind -> its jsonschema validator (Draft 2020-12), which finds and names each error."""
    from referencing import Registry, Resource
    schemas = load_schemas(schema_dir)
    registry = Registry().with_resources(
        (s["$id"], Resource.from_contents(s)) for s in schemas.values())
    validator = _validator_class()
    return {k: validator(inlined_schema(k, schema_dir), registry=registry) for k in kinds(schema_dir)}


def field_titles(kind: str, schema_dir: Path = SCHEMAS) -> dict[str, str]:
    """Top-level field -> its description, for labels and hints."""
    props = load_schemas(schema_dir)[f"{kind}.schema.json"]["properties"]
    return {name: spec.get("description", name) for name, spec in props.items()}
