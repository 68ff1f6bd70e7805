"""The search's syntax guide (search/index.md): the examples from templates/search_guide.yaml,
each a link that runs it, and the field list read from the index's field catalogue, so the
guide names exactly the fields and values the search knows.

The examples are data so that tests/js/search-guide.test.mjs can run every one against the
built index and check what the guide says it gives.
"""
from __future__ import annotations

from urllib.parse import quote

import yaml

from generator.model.search_fields import index_fields, skipped_properties
from generator.model.records import Model
from generator.paths import TEMPLATES
from generator.render.values import esc

GUIDE_PATH = "search/index.md"
EXAMPLES = TEMPLATES / "search_guide.yaml"
SHOWN_VALUES = 8


def guide_examples() -> list[dict]:
    """The guide's sections: [{heading, text, examples: [{query, says, expect}]}]."""
    data = yaml.safe_load(EXAMPLES.read_text(encoding="utf-8"))
    return data["sections"]


def _example_view(example: dict) -> dict:
    query = example["query"]
    return {"query": esc(query), "href": esc("?q=" + quote(query, safe="")), "says": esc(example["says"])}


def _field_view(field: dict) -> dict:
    values = [str(v[0]) for v in field["values"]]
    shown = ", ".join(values[:SHOWN_VALUES]) + (f", … ({len(values)} values)" if len(values) > SHOWN_VALUES else "")
    if field.get("unknown"):
        shown += "; or unknown"
    return {"name": esc(field["name"]), "aliases": esc(", ".join(field["aliases"])),
            "type": "number" if field["type"] == "number" else "words", "shown": esc(shown)}


def render_search_guide(env, m: Model) -> str:
    catalogue = index_fields(m)
    sections = [{"heading": esc(s["heading"]), "text": esc(s["text"]), "examples": [_example_view(e) for e in s["examples"]]}
                for s in guide_examples()]
    return env.get_template("search_guide.md.j2").render(
        sections=sections,
        fields=[_field_view(f) for f in catalogue["fields"]],
        flags=[{"name": esc(f["name"]), "label": esc(f["label"])} for f in catalogue["flags"]],
        skipped=[{"name": esc(p), "kinds": esc(", ".join(k)), "why": esc(w)} for p, k, w in skipped_properties()],
    )
