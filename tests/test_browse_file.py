"""The card browser's file, api/browse.json: every record cut to the fields the browser reads
(generator/export/records.py BROWSE_FIELDS). A field the browser reads that the cut leaves out
would empty a filter or a line silently; this test reads the browser's code for every field it
takes from a record, and holds the cut to the export."""
from __future__ import annotations

import json
import re

from conftest import ROOT

from generator.export.records import BROWSE_FIELDS, browse_payload

BROWSER = [ROOT / "content" / "assets" / "browse" / name for name in ("browse.js", "as-query.js")]
# A record is `rec` or `r` in the browser's code (`r.doc` is a search result, not a record).
FIELD = re.compile(r"\b(?:rec|r)\.([a-z_]+)")
NOT_RECORDS = {"doc"}


def test_every_field_the_browser_reads_is_in_its_file():
    read = {m for path in BROWSER for m in FIELD.findall(path.read_text(encoding="utf-8"))} - NOT_RECORDS
    assert read, "no field found: the pattern no longer matches the browser's code"
    assert sorted(read - set(BROWSE_FIELDS)) == []


def test_the_cut_keeps_those_fields_as_the_export_has_them_and_nothing_else():
    payload = {"version": 1, "count": 2, "records": [
        {"id": "mn-ajax", "name": "Ajax", "game": "mare-nostrum", "kind": "hero", "kind_label": "Hero", "text": "long",
         "facts": [{"label": "x", "value": 1}], "cost": {"amount": 3, "unit": "gold"}, "url": "mare-nostrum/heroes/mn-ajax/"},
        {"id": "mn-q-x", "question": "Can I?", "game": "mare-nostrum", "kind": "ruling", "answer": "Yes."}]}
    cut = browse_payload(payload)
    assert cut["version"] == 1 and cut["count"] == 2
    assert cut["records"][0] == {"id": "mn-ajax", "name": "Ajax", "game": "mare-nostrum", "kind": "hero", "kind_label": "Hero",
                                 "cost": {"amount": 3, "unit": "gold"}, "url": "mare-nostrum/heroes/mn-ajax/"}
    assert cut["records"][1] == {"id": "mn-q-x", "question": "Can I?", "game": "mare-nostrum", "kind": "ruling"}


def test_the_built_file_holds_every_record_of_the_export(records_json_path):
    """The session's export (conftest.records_json_path: every generated file, as a build writes it)."""
    out = records_json_path.parent.parent
    full = json.loads((out / "api" / "records.json").read_text(encoding="utf-8"))
    cut = json.loads((out / "api" / "browse.json").read_text(encoding="utf-8"))
    assert [r["id"] for r in cut["records"]] == [r["id"] for r in full["records"]]
    assert cut["records"] == [{k: r[k] for k in BROWSE_FIELDS if k in r} for r in full["records"]]
    assert (out / "api" / "browse.json").stat().st_size * 3 < (out / "api" / "records.json").stat().st_size
