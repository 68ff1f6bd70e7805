"""The printable one-page player aid of each game, chosen by its game record."""
from __future__ import annotations

from .model import Model
from .page_links import PageLinks
from .values import esc, table_view, value_html
from .views import source_view


def _item(links: PageLinks, rid: str) -> dict:
    rec = links.m.records[rid]
    cost = rec.get("cost")
    return {"name": esc(links.name(rid)), "href": links.href(rid), "summary": links.inline(rec.get("summary", "")),
            "cost": value_html(links, cost) if cost else "",
            "table": table_view(links, rec) if rec["kind"] == "table" else None}


def _blocks(entries: list[dict]) -> list[dict]:
    """The entries in their order, consecutive one-line entries gathered into one list."""
    blocks: list[dict] = []
    for e in entries:
        if e["table"]:
            blocks.append({"table": e, "lines": []})
        elif blocks and not blocks[-1]["table"]:
            blocks[-1]["lines"].append(e)
        else:
            blocks.append({"table": None, "lines": [e]})
    return blocks


def aid_view(m: Model, game: str) -> dict | None:
    g = m.games[game]
    if not g.get("player_aid"):
        return None
    links = PageLinks(m, f"{game}/player-aid.md")
    sections = []
    for s in g["player_aid"]:
        entries = [_item(links, rid) for rid in s["records"]]
        sections.append({"heading": esc(s["heading"]), "blocks": _blocks(entries),
                         "has_table": any(e["table"] for e in entries)})
    return {"title": esc(f"Player aid: {g['name']}"), "source": source_view(links, g)["title"], "sections": sections}
