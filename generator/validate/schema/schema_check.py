"""The schema pass: each record against its kind's schema, errors made readable.

Every explanation names the problem this value actually has and a fix that fits it:
a two-line summary is told it has a line break, not how ids are spelled.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from generator.validate.games import data_dir_of, games_of
from generator.validate.schema.ids import suggest_id
from generator.load.files import RawRecord
from generator.problems import Problem, closest, field_path, non_ascii, shown
from generator.validate.schema.schema_compiled import compiled
from generator.validate.schema.schemas import kinds, load_schemas, validators

if TYPE_CHECKING:   # jsonschema is imported only for a record the compiled test refuses (schemas.py)
    from jsonschema.exceptions import ValidationError

_TYPE_WORDS = {"object": "a mapping of fields", "array": "a list", "string": "text", "integer": "a whole number",
               "number": "a number", "boolean": "true or false", "null": "nothing"}


def _type_word(value) -> str:
    if isinstance(value, bool):
        return _TYPE_WORDS["boolean"]
    if isinstance(value, dict):
        return _TYPE_WORDS["object"]
    if isinstance(value, list):
        return _TYPE_WORDS["array"]
    if isinstance(value, str):
        return _TYPE_WORDS["string"]
    if isinstance(value, int):
        return _TYPE_WORDS["integer"]
    if isinstance(value, float):
        return _TYPE_WORDS["number"]
    return _TYPE_WORDS["null"] if value is None else type(value).__name__


def _common_def(name: str) -> dict:
    return load_schemas()["common.schema.json"]["$defs"][name]


def _length_fixes() -> dict:
    return {_common_def("line")["maxLength"]: "shorten it; a longer explanation belongs in 'text' or 'notes'",
            _common_def("paragraph")["maxLength"]: "shorten it, or split it into several entries",
            _common_def("prose")["maxLength"]: "shorten it: a record restates the source, it does not transcribe it"}


def _did_you_mean(word, options) -> str:
    close = closest(word, options)
    return f"; did you mean '{close}'?" if close else ""


def _common_pattern(name: str) -> str:
    return _common_def(name)["pattern"]


def _explain_pattern(err: ValidationError, game) -> tuple[str, str]:
    """`game`: (the record's game, the list of games)."""
    value = err.instance
    if err.validator_value in (_common_pattern("id"), _common_pattern("ref")):
        slug, games = game
        wanted = suggest_id(value, games.prefixes.get(slug) if isinstance(slug, str) else None, games.prefixes.values())
        prefixes = ", ".join(games.prefixes.values()) or "of data/games.yaml"
        fix = (f"an id is a game prefix ({prefixes}), a hyphen, then lowercase ASCII words joined by hyphens"
               + (f": write '{wanted}'" if wanted else ", like 'mn-julius-caesar'"))
        char = non_ascii(value)
        return f"{shown(value)} is not an id" + (f": it holds the non-ASCII character {char}" if char else ""), fix
    if err.validator_value in (_common_pattern("line"), _common_pattern("paragraph")):
        separator = next((c for c in "\u2028\u2029" if c in value), None)
        if separator:
            return (f"has the line separator U+{ord(separator):04X}, which breaks the line on a page; this field is one line",
                    "delete it, or write a space")
        if "\n" in value or "\r" in value:
            return ("has a line break; this field is one line",
                    "join the lines into one; in YAML '>-' folds a long line into one; longer text belongs in 'text'")
        return "has a tab; this field is one line of plain text", "replace the tab with a space"
    form = err.schema.get("description", "")
    return f"{shown(value)} is not in the required form", f"write it as described: {form}" if form else "see the schema"


def _explain_choice(err: ValidationError):
    """(problem, fix) for a mapping that must hold one of several sets of fields (a fact's value
    or from; a from's table, row and column or record and fact), or None for other choices."""
    sets = [alt.get("required") for alt in err.validator_value if isinstance(alt, dict)]
    if not sets or not all(sets) or not isinstance(err.instance, dict):
        return None
    have = set(err.instance)
    options = " or ".join(", ".join(fields) for fields in sets)
    complete = [fields for fields in sets if set(fields) <= have]
    if not complete:
        return f"needs {options}", f"add {options}"
    if len(complete) > 1:       # oneOf: two whole alternatives at once
        return (f"has both {' and '.join(', '.join(f) for f in complete)}",
                f"keep {options}, not both")
    extra = sorted(have & set().union(*(set(f) for f in sets if f not in complete)) - set(complete[0]))
    if extra:
        return (f"mixes {', '.join(complete[0])} with {', '.join(extra)}",
                f"write {options}, not both")
    return None

UNKNOWN_FIELDS_LISTED = 10   # per mapping; a file of thousands of junk keys gets one more line for the rest


def _unknown_fields(err: ValidationError, kind: str) -> list[tuple[list, str, str]]:
    """One (field path, problem, fix) per unknown field of the mapping: three junk keys, three
    problems. Past UNKNOWN_FIELDS_LISTED, the rest are counted in one problem at the next one."""
    path = list(err.absolute_path)
    allowed = err.schema.get("properties", {})
    extras = [k for k in err.instance if k not in allowed] or ["?"]
    out = [(path + [name], "unknown field",
            f"remove it, or add it to schemas/{kind}.schema.json with a description" + _did_you_mean(name, allowed))
           for name in extras[:UNKNOWN_FIELDS_LISTED]]
    rest = extras[UNKNOWN_FIELDS_LISTED:]
    if rest:
        out.append((path + [rest[0]], f"{len(rest):,} more unknown fields from this one on",
                    f"remove them, or add them to schemas/{kind}.schema.json with a description"))
    return out


def _explain(err: ValidationError, kind: str, game) -> tuple[list, str, str]:
    """(field path, problem, fix) for one schema error."""
    path = list(err.absolute_path)
    v = err.validator
    if v == "required":
        missing = err.message.split("'")[1]
        return path + [missing], "required field is missing", f"add '{missing}:' to the record"
    if v in ("enum", "const"):
        opts = err.validator_value if v == "enum" else [err.validator_value]
        return (path, f"{shown(err.instance)} is not allowed",
                "use one of: " + ", ".join(map(str, opts)) + _did_you_mean(err.instance, map(str, opts)))
    if v == "type":
        want = err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
        words = " or ".join(_TYPE_WORDS.get(w, w) for w in want)
        return path, f"expected {words}, found {_type_word(err.instance)}", f"write {words} here"
    if v == "pattern":
        problem, fix = _explain_pattern(err, game)
        return path, problem, fix
    if v in ("oneOf", "anyOf") and (choice := _explain_choice(err)):
        return (path, *choice)
    if v in ("oneOf", "anyOf"):
        desc = err.schema.get("description", "")
        return path, f"{shown(err.instance)} is not an accepted value", desc or "see the field's description in the schema"
    if v == "minItems":
        return path, "list is empty", "add at least one item, or remove the field"
    if v == "maxItems":
        return path, f"list has {len(err.instance)} items, more than {err.validator_value}", "shorten the list"
    if v == "minLength":
        return path, "text is empty", "write the text, or remove the field"
    if v == "maxLength":
        return (path, f"text is {len(err.instance):,} characters long, more than {err.validator_value:,}",
                _length_fixes().get(err.validator_value, "shorten it"))
    if v == "uniqueItems":
        return path, "list has duplicate entries", "remove the repeated entry"
    if v in ("minimum", "maximum"):
        side = "below the minimum" if v == "minimum" else "above the maximum"
        return path, f"{shown(err.instance)} is {side} {err.validator_value}", "write the value the source gives"
    return path, err.message if len(err.message) < 200 else err.message[:199] + "…", "see the field's description in the schema"


def check_schema(rec: RawRecord) -> list[Problem]:
    kind = rec.data.get("kind")
    if kind is None:
        return [Problem(rec.rel, rec.line_of([]), "kind", "required field is missing",
                        "add 'kind:', one of: " + ", ".join(kinds()))]
    tests = compiled()   # one entry per kind (kinds()), read once per record rather than built
    if not isinstance(kind, str) or kind not in tests:
        return [Problem(rec.rel, rec.line_of(["kind"]), "kind", f"unknown kind {shown(kind)}",
                        "use one of: " + ", ".join(kinds()) + _did_you_mean(kind, kinds()))]
    valid = tests[kind]
    written = rec.as_written()   # typed aliases as the file writes them (generator/load/aliases.py)
    if valid is not None and valid(written):
        return []    # valid: nothing to explain (jsonschema would find no error; schema_compiled.py)
    problems = []
    for err in validators()[kind].iter_errors(written):
        explained = (_unknown_fields(err, kind) if err.validator == "additionalProperties"
                     else [_explain(err, kind, (rec.data.get("game"), games_of(data_dir_of(rec.rel, rec.path))))])
        for path, problem, fix in explained:
            line = rec.line_of(path if err.validator != "required" else path[:-1])
            problems.append(Problem(rec.rel, line, field_path(path), problem, fix))
    return problems


def known_kinds() -> list[str]:
    return kinds()


__all__ = ["check_schema", "known_kinds", "load_schemas"]
