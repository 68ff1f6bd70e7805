"""The search's fields (`cost<9`, `pantheon:greek`, `is:unknown`), read from the schemas and the records.

Nothing here names a record field one by one: every property of every kind's schema is
classified by the shape of its value, so a field added to a schema becomes searchable at
the next build. A property whose shape says nothing a player could filter on (a paragraph,
a list of structures) is not a field; `skipped_properties` says which and why, and
`python -m generator search-fields` prints both lists.

    line, enum, list of lines   -> keyword  (`pantheon:greek`, `phase:combat`, `code:ege`)
    id of another record        -> keyword  (`civilization:atlantis`: the record's name or id)
    number, amount, cost        -> number   (`cost<9`, `count>=10`, `cost:unknown`)
    yes/no                      -> flag     (`is:optional`)
    *_type                      -> one field `type` (hero_type, card_type, place_type...)

Beside them, from the model rather than a schema: `game` (with the short forms players use:
the id prefix 'mn', the initials '7wm', the first word 'mosaic', the game's aliases), `kind`
(singular, plural and the list's heading), `age` (7 Wonders Myths: I to III as 1 to 3),
`rulings` (how many rulings concern a record), and the flags `rulings` and `unknown`
(`has:rulings`, `is:unknown`).

In the index each value lists its documents (numbers, as gaps like the postings), so the
browser evaluates a field as a set without reading any record.
"""
from __future__ import annotations

import json
import re
from collections import defaultdict

from generator.model.derived import AGES, derived_fields
from generator.model.records import KIND_PAGES, Model, display_name
from generator.model.reader_text import plain
from generator.model.search_text import words
from generator.validate.schema.schemas import load_schemas

# Properties that are found by the search's words, or are fields under another name.
BY_WORDS = {
    "id": "an identifier: in the result's link", "name": "found by its words", "aliases": "found by their words",
    "summary": "found by its words", "text": "found by its words", "question": "found by its words",
    "answer": "found by its words", "notes": "found by their words (and `is:unknown`)",
    "former_ids": "old identifiers: links only", "source": "where the record comes from, not about the game",
    "plain_words": "an editing aid, not shown", "related": "links to records, found by their names",
    "search_words": "found by their words, which stand for the record's name in its game's documents",
    "concerns": "links to records, found by their names", "kind": "the field `kind`", "game": "the field `game`",
    "short": "the game's short name: a value of `game`", "source_title": "the rulebook's title: a value of `game`",
}
# Other names a player types for a field (the field's own name always works).
FIELD_ALIASES = {"civilization": ["civ", "people", "nation"], "type": [], "kind": ["k", "is-a"], "game": ["g"],
                 "pantheon": ["pan"], "combat_factor": ["cf", "factor"], "phase": [], "topic": []}
TYPE_SUFFIX = "_type"
_REF = "common.schema.json#/$defs/ref"
_NUMBER_REFS = {"common.schema.json#/$defs/amount", "common.schema.json#/$defs/number_field"}   # the latter: a number, or from: resolved to one
_COST_REF = "common.schema.json#/$defs/cost"
_LINE_REFS = {"common.schema.json#/$defs/line"}
_ROMAN = {a: i + 1 for i, a in enumerate(AGES)}


def _shape(spec: dict) -> str | None:
    """keyword, ref, number, cost, flag, lines, or None (nothing to filter on)."""
    ref = spec.get("$ref")
    if ref == _REF:
        return "ref"
    if ref in _NUMBER_REFS:
        return "number"
    if ref == _COST_REF:
        return "cost"
    if ref in _LINE_REFS or "enum" in spec:
        return "keyword"
    if spec.get("type") in ("integer", "number"):
        return "number"
    if spec.get("type") == "boolean":
        return "flag"
    alternatives = spec.get("oneOf") or spec.get("anyOf") or []
    if alternatives and all(a.get("type") == "boolean" or a.get("const") == "unknown" for a in alternatives):
        return "flag"
    if spec.get("type") == "array" and _shape(spec.get("items") or {}) in ("keyword", "ref"):
        return "lines"
    return None


def field_name(prop: str) -> str:
    return "type" if prop.endswith(TYPE_SUFFIX) else prop


def schema_fields() -> tuple[dict[str, dict], list[tuple[str, list[str], str]]]:
    """({property: {shape, kinds}}, [(property, kinds, why it is not a field)]) over every kind's schema."""
    found: dict[str, dict] = {}
    skipped: dict[str, tuple[list[str], str]] = {}
    for name, schema in sorted(load_schemas().items()):
        kind = name.split(".")[0]
        if kind not in KIND_PAGES and kind != "game":
            continue
        for prop, spec in (schema.get("properties") or {}).items():
            if prop in BY_WORDS:
                continue
            shape = _shape(spec)
            if shape is None:
                kinds, _ = skipped.get(prop, ([], ""))
                skipped[prop] = (kinds + [kind], "a list of structures or paragraphs, not one value to compare")
            else:
                entry = found.setdefault(prop, {"shape": shape, "kinds": []})
                entry["kinds"].append(kind)
    return found, [(p, k, why) for p, (k, why) in sorted(skipped.items())]


def skipped_properties() -> list[tuple[str, list[str], str]]:
    return schema_fields()[1]


def _gaps(docs) -> list[int]:
    out, previous = [], 0
    for d in sorted(set(docs)):
        out.append(d - previous)
        previous = d
    return out


def _key(text: str) -> str:
    return " ".join(words(str(text)))


def _number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return value
    return None


def _game_keys(gid: str, g: dict) -> list[str]:
    name, short = g.get("name", gid), g.get("short", "")
    prefix = g["id"].split("-")[0]
    keys = [gid, prefix, name, short, *(g.get("aliases") or []), g.get("source_title", "")]
    for full in (name, short):
        parts = words(full.split(":")[0])
        if parts:
            keys.append(parts[0] if len(parts[0]) > 2 else "")
            keys.append("".join(w[0] for w in parts))   # 7 Wonders Myths -> 7wm
    return keys


class _Field:
    def __init__(self, name: str, label: str, ftype: str):
        self.name, self.label, self.type = name, label, ftype
        self.values: dict = defaultdict(set)     # value (label or number) -> docs
        self.keys: dict = defaultdict(set)       # value -> extra folded keys
        self.unknown: set = set()
        self.aliases: set = set(FIELD_ALIASES.get(name, []))

    def add(self, value, doc: int, *keys):
        if value == "unknown":
            self.unknown.add(doc)
            return
        self.values[value].add(doc)
        self.keys[value].update(k for k in (_key(x) for x in keys) if k)

    def as_json(self) -> dict:
        out = {"name": self.name, "label": self.label, "type": self.type,
               "aliases": sorted(self.aliases - {self.name})}
        if self.type == "flag":
            out["docs"] = _gaps(self.values.get(True, ()))
            return out
        values = sorted(self.values, key=lambda v: (v if self.type == "number" else _key(v), str(v)))
        if self.type == "number":
            out["values"] = [[v, _gaps(self.values[v])] for v in values]
        else:
            out["values"] = [[v, sorted(self.keys[v] | {_key(v)} - {""}), _gaps(self.values[v])] for v in values]
        if self.unknown:
            out["unknown"] = _gaps(self.unknown)
        return out


def _label(prop: str) -> str:
    return prop.replace("_", " ").capitalize()


def search_fields(m: Model) -> list[dict]:
    """The index's "fields": every searchable field with its values and their documents (numbered
    as the records are in the index: sorted by id)."""
    props, _ = schema_fields()
    ids = sorted(m.records)
    fields: dict[str, _Field] = {}

    def field(name, label, ftype):
        return fields.setdefault(name, _Field(name, label, ftype))

    game = field("game", "Game", "keyword")
    kind = field("kind", "Kind", "keyword")
    age = field("age", "Age", "number")
    rulings = field("rulings", "Rulings", "number")
    has_rulings = _Field("rulings", "Has rulings", "flag")
    unknown = _Field("unknown", "A value the source does not give", "flag")
    def name_of(rid: str) -> str:
        return display_name(m.records[rid]) if rid in m.records else rid

    for d, rid in enumerate(ids):
        rec = m.records[rid]
        derived = derived_fields(m, rec)
        g = m.games.get(rec["game"], {})
        game.add(g.get("short") or g.get("name") or rec["game"], d, *_game_keys(rec["game"], g))
        stem, heading = KIND_PAGES.get(rec["kind"], (rec["kind"], "Game overview"))
        kind.add(rec["kind"].capitalize(), d, rec["kind"], stem, heading, rec["kind"] + "s")
        for a in derived["ages"]:
            age.add(_ROMAN[a], d)
        rulings.add(derived["ruling_count"], d)
        if derived["has_rulings"]:
            has_rulings.add(True, d)
        if derived["has_unknowns"]:
            unknown.add(True, d)
        for prop, info in props.items():
            if prop not in rec:
                continue
            value, shape, name = rec[prop], info["shape"], field_name(prop)
            if name != prop:
                field(name, _label(name), "keyword").aliases.add(prop)
            if shape == "flag":
                if value is True:
                    field(name, _label(name), "flag").add(True, d)
                elif value == "unknown":
                    field(name, _label(name), "flag").unknown.add(d)
            elif shape in ("number", "cost"):
                amount = value.get("amount") if shape == "cost" and isinstance(value, dict) else value
                if amount == "unknown":
                    field(name, _label(name), "number").add("unknown", d)
                elif _number(amount) is not None:
                    field(name, _label(name), "number").add(amount, d)
            else:
                for item in (value if isinstance(value, list) else [value]):
                    if not isinstance(item, str):
                        continue
                    if shape in ("ref",) or (shape == "lines" and item in m.records):
                        target = m.records.get(item)
                        shown = display_name(target) if target else item
                        field(name, _label(name), "keyword").add(shown, d, item, *(target or {}).get("aliases", []))
                    else:
                        field(name, _label(name), "keyword").add(plain(item, name_of), d)
    out = [f.as_json() for f in fields.values() if f.values or f.unknown]
    flags = [has_rulings, unknown] + [f for f in fields.values() if f.type == "flag"]
    return sorted(out, key=lambda f: (f["type"] == "flag", f["name"])), flags


def index_fields(m: Model) -> dict:
    """{"fields": [...], "flags": [...]} for the index file."""
    fields, flags = search_fields(m)
    flag_json = [{"name": f.name, "label": f.label, "docs": _gaps(f.values.get(True, ()))} for f in flags
                 if f.values.get(True)]
    return {"fields": [f for f in fields if f["type"] != "flag"], "flags": flag_json}


def describe(m: Model) -> str:
    """What `python -m generator search-fields` prints: the fields, their values, and what is not a field."""
    data = index_fields(m)
    lines = ["Fields (name, other names: values):"]
    for f in data["fields"]:
        vals = [str(v[0]) for v in f["values"]]
        shown = ", ".join(vals[:8]) + (f", ... ({len(vals)} values)" if len(vals) > 8 else "")
        extra = " (or unknown)" if f.get("unknown") else ""
        names = ", ".join([f["name"], *f["aliases"]])
        lines.append(f"  {names} [{f['type']}]: {shown}{extra}")
    lines.append("Flags (is:NAME or has:NAME): " + ", ".join(f["name"] for f in data["flags"]))
    lines.append("Schema properties that are not fields:")
    for prop, kinds, why in skipped_properties():
        lines.append(f"  {prop} ({', '.join(kinds)}): {why}")
    return "\n".join(lines)


if __name__ == "__main__":   # pragma: no cover
    print(json.dumps(schema_fields()[0], indent=1))
