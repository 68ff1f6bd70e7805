"""A record's schema turned into plain Python tests that answer one question: is it valid?

Why: jsonschema walks the schema anew for every value of every record, building a validator
object at each step; for 10,000 rulings that is most of the schema pass (about 2 s). Nearly
every record is valid, and a valid record needs no explanation, so the schema pass asks this
compiled test first and runs jsonschema only on a record it refuses: jsonschema then finds
the errors and schema_check.py explains them, as before. So the messages and their lines are
jsonschema's, and this module decides only whether there are any.

That holds only if the two always agree. Each keyword below does what jsonschema 4's
Draft 2020-12 keyword does (its own `pattern` and `uniqueItems` are schema_keywords.py's,
shared), and a schema that uses any keyword not implemented here is not compiled at all
(`compiled()` returns None, and jsonschema checks every record of that kind), so a keyword
added to a schema later can never be skipped silently. tests/test_schema_compiled.py holds
the two to the same answer on every record and on thousands of broken copies.
"""
from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path

from generator.paths import SCHEMAS
from generator.validate.schema.schema_keywords import canonical, compiled_pattern

# Read by no validator: descriptions, the schema's own names, and definitions reached by $ref.
# ("then" and "else" are read through "if".)
_ANNOTATIONS = frozenset({"description", "title", "$comment", "$schema", "$id", "$defs", "examples", "default",
                          "then", "else", "deprecated", "readOnly", "writeOnly"})


class NotCompiled(Exception):
    """The schema uses something this module does not implement: jsonschema checks it."""


def _is_number(x) -> bool:
    return not isinstance(x, bool) and isinstance(x, numbers.Number)


def _is_integer(x) -> bool:
    if isinstance(x, bool):
        return False
    if isinstance(x, float):
        return x.is_integer()
    return isinstance(x, int)


_TYPES = {
    "array": lambda x: isinstance(x, list),
    "boolean": lambda x: isinstance(x, bool),
    "integer": _is_integer,
    "null": lambda x: x is None,
    "number": _is_number,
    "object": lambda x: isinstance(x, dict),
    "string": lambda x: isinstance(x, str),
}


def _unbool(x, true=object(), false=object()):
    return true if x is True else false if x is False else x


def _equal(one, two) -> bool:
    """jsonschema's `equal`: 1 and 1.0 are equal, True and 1 are not, lists and mappings by content."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return one == two
    if isinstance(one, Sequence) and isinstance(two, Sequence):
        return len(one) == len(two) and all(_equal(a, b) for a, b in zip(one, two))
    if isinstance(one, Mapping) and isinstance(two, Mapping):
        return len(one) == len(two) and all(key in two and _equal(one[key], two[key]) for key in one)
    return _unbool(one) == _unbool(two)


def _unique(items: list) -> bool:
    seen = set()
    for item in items:
        key = canonical(item)
        if key in seen:
            return False
        seen.add(key)
    return True


class _Compiler:
    """Compiles schema nodes; a $ref left in an inlined schema (a recursive one) is compiled
    once per target and reached through a cell, so recursion in the schema is recursion in
    the test, never in the compiler."""

    def __init__(self, schemas: dict[str, dict]):
        self.by_id = {s["$id"]: s for s in schemas.values() if isinstance(s, dict) and "$id" in s}
        self.refs: dict[str, list] = {}

    def ref(self, ref: str):
        if ref not in self.refs:
            base, _, pointer = ref.partition("#")
            if base not in self.by_id:
                raise NotCompiled(f"$ref {ref} outside the schemas")
            target = self.by_id[base]
            for part in filter(None, pointer.split("/")):
                part = part.replace("~1", "/").replace("~0", "~")
                if not isinstance(target, dict) or part not in target:
                    raise NotCompiled(f"$ref {ref} does not resolve")
                target = target[part]
            if isinstance(target, dict) and any(isinstance(v, str) and k == "$ref" and not v.startswith("http")
                                                for k, v in _nodes(target)):
                raise NotCompiled(f"$ref {ref} holds a relative $ref")
            cell: list = [None]
            self.refs[ref] = cell
            cell[0] = self.node(target)
        cell = self.refs[ref]
        return lambda x: cell[0](x)

    def node(self, schema):
        if schema is True:
            return lambda x: True
        if schema is False:
            return lambda x: False
        if not isinstance(schema, dict):
            raise NotCompiled(f"a schema that is {type(schema).__name__}")
        unknown = set(schema) - _ANNOTATIONS - set(_KEYWORDS)
        if unknown:
            raise NotCompiled("keywords " + ", ".join(sorted(map(str, unknown))))
        tests = [_KEYWORDS[k](self, schema[k], schema) for k in schema if k in _KEYWORDS]
        tests = [t for t in tests if t is not None]
        if not tests:
            return lambda x: True
        if len(tests) == 1:
            return tests[0]
        return lambda x: all(t(x) for t in tests)


def _nodes(schema):
    """(key, value) of every mapping in a schema, for the relative-$ref test."""
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for k, v in node.items():
                yield k, v
                stack.append(v)
        elif isinstance(node, list):
            stack.extend(node)


def _type(c, types, schema):
    names = [types] if isinstance(types, str) else list(types)
    if any(n not in _TYPES for n in names):
        raise NotCompiled(f"type {types!r}")
    checks = [_TYPES[n] for n in names]
    if len(checks) == 1:
        return checks[0]
    return lambda x: any(t(x) for t in checks)


def _properties(c, props, schema):
    if not isinstance(props, dict):
        raise NotCompiled("properties")
    compiled = [(name, c.node(sub)) for name, sub in props.items()]
    return lambda x: not isinstance(x, dict) or all(t(x[name]) for name, t in compiled if name in x)


def _additional(c, extra, schema):
    if "patternProperties" in schema:
        raise NotCompiled("patternProperties")
    known = schema.get("properties", {})
    if extra is False:
        return lambda x: not isinstance(x, dict) or all(k in known for k in x)
    if extra is True:
        return None
    test = c.node(extra)
    return lambda x: not isinstance(x, dict) or all(test(v) for k, v in x.items() if k not in known)


def _required(c, names, schema):
    names = list(names)
    return lambda x: not isinstance(x, dict) or all(n in x for n in names)


def _items(c, items, schema):
    if "prefixItems" in schema:
        raise NotCompiled("prefixItems")
    if items is False:
        return lambda x: not isinstance(x, list) or not x
    test = c.node(items)
    return lambda x: not isinstance(x, list) or all(test(v) for v in x)


def _const(c, value, schema):
    return lambda x: _equal(x, value)


def _enum(c, values, schema):
    values = list(values)
    return lambda x: any(_equal(v, x) for v in values)


def _bound(compare):
    def build(c, limit, schema):
        if not _is_number(limit):
            raise NotCompiled("a bound that is no number")
        return lambda x: not _is_number(x) or compare(x, limit)
    return build


def _size(kind, compare):
    def build(c, limit, schema):
        return lambda x: not isinstance(x, kind) or compare(len(x), limit)
    return build


def _pattern(c, pattern, schema):
    regex = compiled_pattern(pattern)
    return lambda x: not isinstance(x, str) or regex.search(x) is not None


def _unique_items(c, unique, schema):
    if not unique:
        return None
    return lambda x: not isinstance(x, list) or _unique(x)


def _dependent_required(c, deps, schema):
    deps = [(name, list(needed)) for name, needed in deps.items()]
    return lambda x: not isinstance(x, dict) or all(n in x for name, needed in deps if name in x for n in needed)


def _property_names(c, sub, schema):
    test = c.node(sub)
    return lambda x: not isinstance(x, dict) or all(test(k) for k in x)


def _all_of(c, subs, schema):
    tests = [c.node(s) for s in subs]
    return lambda x: all(t(x) for t in tests)


def _any_of(c, subs, schema):
    tests = [c.node(s) for s in subs]
    return lambda x: any(t(x) for t in tests)


def _one_of(c, subs, schema):
    tests = [c.node(s) for s in subs]
    return lambda x: sum(1 for t in tests if t(x)) == 1


def _not(c, sub, schema):
    test = c.node(sub)
    return lambda x: not test(x)


def _if(c, sub, schema):
    test = c.node(sub)
    then = c.node(schema["then"]) if "then" in schema else None
    otherwise = c.node(schema["else"]) if "else" in schema else None
    if then is None and otherwise is None:
        return None
    return lambda x: (then is None or then(x)) if test(x) else (otherwise is None or otherwise(x))


def _ref(c, ref, schema):
    if not isinstance(ref, str) or not ref.startswith(("http://", "https://")):
        raise NotCompiled(f"$ref {ref!r} not made absolute")
    return c.ref(ref)


_KEYWORDS = {
    "type": _type, "properties": _properties, "additionalProperties": _additional, "required": _required,
    "items": _items, "const": _const, "enum": _enum, "pattern": _pattern, "uniqueItems": _unique_items,
    "minimum": _bound(lambda x, m: not x < m), "maximum": _bound(lambda x, m: not x > m),
    "minItems": _size(list, lambda n, m: n >= m), "maxItems": _size(list, lambda n, m: n <= m),
    "minLength": _size(str, lambda n, m: n >= m), "maxLength": _size(str, lambda n, m: n <= m),
    "minProperties": _size(dict, lambda n, m: n >= m), "maxProperties": _size(dict, lambda n, m: n <= m),
    "dependentRequired": _dependent_required, "propertyNames": _property_names, "allOf": _all_of, "anyOf": _any_of, "oneOf": _one_of,
    "not": _not, "if": _if, "$ref": _ref,
}


def compile_schema(schema, schemas: dict[str, dict]):
    """A function record -> bool for an inlined schema (schemas.inlined_schema), or NotCompiled."""
    return _Compiler(schemas).node(schema)


@lru_cache(maxsize=4)
def compiled(schema_dir: Path = SCHEMAS) -> dict:
    """kind -> its test, or None where the kind's schema uses a keyword not compiled here."""
    from generator.validate.schema.schemas import inlined_schema, kinds, load_schemas
    schemas = load_schemas(schema_dir)
    out = {}
    for kind in kinds(schema_dir):
        try:
            out[kind] = compile_schema(inlined_schema(kind, schema_dir), schemas)
        except NotCompiled:
            out[kind] = None
    return out
