"""The printable one-page player aid of each game, chosen by its game record."""
from __future__ import annotations

from .model import Model, display_name
from .views import esc, table_view, value_html


def _item(m: Model, rid: str, page: str) -> dict:
    rec = m.records[rid]
    cost = rec.get("cost")
    return {"name": esc(display_name(rec)), "href": m.link(page, rid), "summary": esc(rec.get("summary", "")),
            "cost": value_html(cost) if cost else "", "table": table_view(rec) if rec["kind"] == "table" else None}


def aid_view(m: Model, game: str) -> dict | None:
    g = m.games[game]
    if not g.get("player_aid"):
        return None
    page = f"{game}/player-aid.md"
    return {"title": esc(f"Player aid: {g['name']}"), "source": esc(g["source"]["file"]),
            "sections": [{"heading": esc(s["heading"]), "entries": [_item(m, rid, page) for rid in s["records"]]}
                         for s in g["player_aid"]]}
