"""The JSON export that calculators and outside tools read.

It carries every field of every record, plus its URL, so nothing that reads it
needs a second copy of the data.
"""
from __future__ import annotations

import json

from generator.model.derived import derived_fields
from generator.model.records import Model
from generator.validate.schemas import load_schemas

EXPORT_VERSION = 1


def records_payload(m: Model) -> dict:
    records = []
    for rid in sorted(m.records):
        rec = dict(m.records[rid])
        rec["url"] = m.url(rid)
        rec.update(derived_fields(m, rec))   # kind_label, ruling_count, has_rulings, has_unknowns, ages
        records.append(rec)
    return {"version": EXPORT_VERSION, "count": len(records), "records": records}


def export_files(m: Model) -> dict[str, str]:
    """{site path: JSON text}: records and the schemas they follow."""
    files = {"api/records.json": json.dumps(records_payload(m), ensure_ascii=False, separators=(",", ":"))}
    for name, schema in load_schemas().items():
        files[f"api/schemas/{name}"] = json.dumps(schema, ensure_ascii=False, indent=2)
    return files
