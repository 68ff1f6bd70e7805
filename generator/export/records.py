"""The JSON export that calculators and outside tools read, and its part per game.

It carries every field of every record, plus its URL, so nothing that reads it
needs a second copy of the data. Each tool page (a calculator, a helper, play along) reads its
own game's part of the same payload, api/games/<game>.json: the battle calculator waited for
209 KB gzipped of every game, and a phone that scanned a table's QR code for 200 KB.
"""
from __future__ import annotations

import json

from generator.model.derived import derived_fields
from generator.model.records import Model
from generator.validate.schema.schemas import load_schemas

EXPORT_VERSION = 1


def records_payload(m: Model) -> dict:
    records = []
    for rid in sorted(m.records):
        rec = dict(m.records[rid])
        rec["url"] = m.url(rid)
        rec.update(derived_fields(m, rec))   # kind_label, ruling_count, has_rulings, has_unknowns, ages
        records.append(rec)
    return {"version": EXPORT_VERSION, "count": len(records), "records": records}


# The card browser's file (content/assets/browse/browse.js): every record, with only the fields the
# browser reads (a fifth of the bytes of api/records.json), in the same {version, count, records} shape.
BROWSE_FILE = "api/browse.json"
BROWSE_FIELDS = ("id", "name", "question", "summary", "game", "kind", "kind_label", "short", "aliases", "cost",
                 "ages", "pantheon", "phase", "ruling_count", "has_rulings", "has_unknowns", "url")


def browse_payload(payload: dict) -> dict:
    """The export with each record cut to BROWSE_FIELDS."""
    records = [{k: rec[k] for k in BROWSE_FIELDS if k in rec} for rec in payload["records"]]
    return {"version": payload["version"], "count": len(records), "records": records}


# One game's records, and the list of games with each one's tool pages: the one place their
# names and layout are defined (content/assets/shared/load-records.js reads them).
GAMES_DIR = "api/games"
GAMES_INDEX = "index"


def game_file(name: str) -> str:
    """The site path of a game's file (`name`: its slug), or of the list (GAMES_INDEX)."""
    return f"{GAMES_DIR}/{name}.json"


def game_list(records: list[dict]) -> list[dict]:
    """Every game, in the order of their names (play along's choice of games): `{game, name,
    play_along, tools}`, `play_along` whether its record has one, `tools` its tool pages (the
    `page` of each entry of its record's `tools`), which is how a tool page finds its game."""
    games = [{"game": r["game"], "name": r["name"], "play_along": r.get("play_along") is not None,
              "tools": [t["page"] for t in r.get("tools") or []]}
             for r in records if r.get("kind") == "game"]
    return sorted(games, key=lambda x: (x["name"], x["game"]))


def game_payloads(payload: dict) -> dict[str, dict]:
    """{site path: content} of the files per game: one per game, `{version, game, games, count,
    records}` with the records of that game alone, exactly as records.json holds them (so an
    engine reads either alike), and the list alone, `{version, games}`, for a page with no game
    yet and for a tool page looking up its game. `games` is game_list's in every file."""
    records = payload["records"]
    games = game_list(records)
    out = {game_file(GAMES_INDEX): {"version": EXPORT_VERSION, "games": games}}
    for item in games:
        own = [r for r in records if r.get("game") == item["game"]]
        out[game_file(item["game"])] = {"version": EXPORT_VERSION, "game": item["game"], "games": games,
                                        "count": len(own), "records": own}
    return out


# The card browser's page (content/browse.md), which reads BROWSE_FILE.
BROWSE_PAGE = "browse.md"


def tool_files(m: Model) -> dict[str, list[str]]:
    """{tool page (its path under content/): the files it reads}: for a game's tool, the list,
    where its script finds its game, and its game's file; for the card browser, its cut of the
    export. The page's head asks for them early (partials/tool-early.html)."""
    files = {page: [game_file(GAMES_INDEX), game_file(item["game"])]
             for item in game_list(list(m.records.values())) for page in item["tools"]}
    return {**files, BROWSE_PAGE: [BROWSE_FILE]}


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def export_files(m: Model) -> dict[str, str]:
    """{site path: JSON text}: records, the card browser's cut of them, the file per game, and the schemas they follow."""
    payload = records_payload(m)
    files = {"api/records.json": _json(payload), BROWSE_FILE: _json(browse_payload(payload))}
    files.update({path: _json(value) for path, value in game_payloads(payload).items()})
    for name, schema in load_schemas().items():
        files[f"api/schemas/{name}"] = json.dumps(schema, ensure_ascii=False, indent=2)
    return files
