"""Two JSON Schema keywords implemented as the specification means them, for hostile input.

- `pattern`: JSON Schema patterns are ECMA-262 regular expressions, where `$` matches
  only at the end of the text. Python's `re` also matches `$` before a final line
  break, so `^[^\\t\\n]*$` would accept "Ajax\\n" and the id pattern "mn-ajax\\n".
  A final `$` is read as `\\Z` here, which is what editors (JavaScript) already do.
- `uniqueItems`: jsonschema compares every pair when the items cannot be sorted,
  which takes 40 s on a list of 3,300 mappings. Canonical hashable forms make it linear.
"""
from __future__ import annotations

import re
from functools import lru_cache


@lru_cache(maxsize=256)
def _compiled(pattern: str) -> re.Pattern:
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        pattern = pattern[:-1] + r"\Z"
    return re.compile(pattern)


def pattern(validator, patrn, instance, schema):
    from jsonschema import ValidationError   # here: a check of valid data never imports jsonschema (schemas.py)
    if validator.is_type(instance, "string") and not _compiled(patrn).search(instance):
        yield ValidationError(f"{instance!r} does not match {patrn!r}")


def _canonical(value):
    """A hashable form under which two values are equal exactly when JSON Schema says so."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return (type(value).__name__, value)
    if isinstance(value, (int, float)):
        return ("number", value)            # 1 and 1.0 are the same JSON number
    if isinstance(value, list):
        return ("array", tuple(_canonical(v) for v in value))
    if isinstance(value, dict):
        return ("object", frozenset((k, _canonical(v)) for k, v in value.items()))
    return ("other", repr(value))


def unique_items(validator, unique, instance, schema):
    from jsonschema import ValidationError
    if not unique or not validator.is_type(instance, "array"):
        return
    seen = set()
    for item in instance:
        key = _canonical(item)
        if key in seen:
            yield ValidationError(f"{instance!r} has non-unique elements")
            return
        seen.add(key)


# The same two readings for schema_compiled.py, which must agree with the validator exactly.
compiled_pattern = _compiled
canonical = _canonical
