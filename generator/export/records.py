"""The JSON export that calculators and outside tools read, and play along's file per game.

It carries every field of every record, plus its URL, so nothing that reads it
needs a second copy of the data. The play-along page reads one game's part of the same
payload (api/play/<game>.json, issue 31.8): a phone that scanned a table's QR code cold
downloads 70 KB gzipped instead of the whole export's 200 KB.
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


PLAY_DIR = "api/play"


def play_payloads(payload: dict) -> dict[str, dict]:
    """{site path: content} of play along's files: one per game whose record has `play_along`,
    `{version, game, games, count, records}` with the records of that game alone, exactly as
    records.json holds them (so the page's engine reads either alike), and `index.json`,
    `{version, games}` for a page with no game yet. `games` lists every such game, `{game, name}`,
    in the order of their names (the form's game choice)."""
    records = payload["records"]
    games = sorted(({"game": r["game"], "name": r["name"]} for r in records
                    if r.get("kind") == "game" and r.get("play_along") is not None),
                   key=lambda x: (x["name"], x["game"]))
    out = {f"{PLAY_DIR}/index.json": {"version": EXPORT_VERSION, "games": games}}
    for item in games:
        own = [r for r in records if r.get("game") == item["game"]]
        out[f"{PLAY_DIR}/{item['game']}.json"] = {"version": EXPORT_VERSION, "game": item["game"], "games": games,
                                                  "count": len(own), "records": own}
    return out


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def export_files(m: Model) -> dict[str, str]:
    """{site path: JSON text}: records, play along's file per game, and the schemas they follow."""
    payload = records_payload(m)
    files = {"api/records.json": _json(payload)}
    files.update({path: _json(value) for path, value in play_payloads(payload).items()})
    for name, schema in load_schemas().items():
        files[f"api/schemas/{name}"] = json.dumps(schema, ensure_ascii=False, indent=2)
    return files
