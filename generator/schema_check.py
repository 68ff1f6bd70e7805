"""The schema pass: each record against its kind's schema, errors made readable."""
from __future__ import annotations

import difflib

from jsonschema.exceptions import ValidationError

from .load import RawRecord
from .problems import Problem, field_path
from .schemas import kinds, load_schemas, validators


def _did_you_mean(word, options) -> str:
    close = difflib.get_close_matches(str(word), list(options), n=1)
    return f"; did you mean '{close[0]}'?" if close else ""


def _explain(err: ValidationError, kind: str) -> tuple[list, str, str]:
    """(field path, problem, fix) for one schema error."""
    path = list(err.absolute_path)
    v = err.validator
    if v == "required":
        missing = err.message.split("'")[1]
        return path + [missing], "required field is missing", f"add '{missing}:' to the record"
    if v == "additionalProperties":
        allowed = err.schema.get("properties", {})
        extras = [k for k in err.instance if k not in allowed]
        name = extras[0] if extras else "?"
        return (path + [name], "unknown field",
                f"remove it, or add it to schemas/{kind}.schema.json with a description" + _did_you_mean(name, allowed))
    if v in ("enum", "const"):
        opts = err.validator_value if v == "enum" else [err.validator_value]
        return path, f"{err.instance!r} is not allowed", "use one of: " + ", ".join(map(str, opts)) + _did_you_mean(err.instance, map(str, opts))
    if v == "type":
        return path, f"expected {err.validator_value}, found {type(err.instance).__name__}", f"write a {err.validator_value} here"
    if v == "pattern":
        return path, f"{err.instance!r} does not match the required form", "ids look like 'mn-julius-caesar': game prefix, then lowercase words joined by hyphens"
    if v in ("oneOf", "anyOf"):
        desc = err.schema.get("description", "")
        return path, f"{err.instance!r} is not an accepted value", desc or "see the field's description in the schema"
    if v == "minItems":
        return path, "list is empty", "add at least one item, or remove the field"
    if v == "minLength":
        return path, "text is empty", "write the text, or remove the field"
    if v == "uniqueItems":
        return path, "list has duplicate entries", "remove the repeated entry"
    return path, err.message, "see the field's description in the schema"


def check_schema(rec: RawRecord) -> list[Problem]:
    kind = rec.data.get("kind")
    if kind not in kinds():
        return [Problem(rec.rel, rec.line_of(["kind"]), "kind", f"unknown kind {kind!r}",
                        "use one of: " + ", ".join(kinds()) + _did_you_mean(kind, kinds()))]
    problems = []
    for err in validators()[kind].iter_errors(rec.data):
        path, problem, fix = _explain(err, kind)
        line = rec.line_of(path if err.validator != "required" else path[:-1])
        problems.append(Problem(rec.rel, line, field_path(path), problem, fix))
    return problems


def known_kinds() -> list[str]:
    return kinds()


__all__ = ["check_schema", "known_kinds", "load_schemas"]
