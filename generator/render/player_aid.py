"""The printable one-page player aid of each game, chosen by its game record.

A section names records (tables print in full) and may list every record of some kinds
(heroes, gods, myth cards: what players glance at most). A cost that every line of a
section shares is printed once, in its heading, to leave room for what differs.
"""
from __future__ import annotations

from generator.model.records import Model, page_url
from generator.render.page_links import PageLinks, clip
from generator.render.qr_codes import qr_svg
from generator.render.values import esc, table_view, value_html
from generator.render.views import source_view


def _cost(rec: dict) -> dict | None:
    cost = rec.get("cost")
    return {k: v for k, v in cost.items() if k not in ("detail", "from")} if isinstance(cost, dict) else None   # the bare figure: an aid is compact


def _item(links: PageLinks, rec: dict, show_cost: bool) -> dict:
    cost = _cost(rec)
    summary = rec.get("summary") or clip(links.plain(rec.get("answer", "")), 140)   # a ruling: the start of its answer
    return {"name": esc(links.name(rec["id"])), "href": links.href(rec["id"]), "summary": links.inline(summary),
            "cost": value_html(links, cost) if cost and show_cost else "",
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


def _section(links: PageLinks, game: str, section: dict, shown: set) -> dict:
    """A section's entries; a kind's records already on the sheet are not listed again."""
    m = links.m
    recs = [m.records[rid] for rid in section.get("records") or []]
    shown.update(r["id"] for r in recs)
    recs += [r for kind in section.get("kinds") or [] for r in m.by_game_kind[game][kind] if r["id"] not in shown]
    shown.update(r["id"] for r in recs)
    costs = {repr(_cost(r)) for r in recs if r["kind"] != "table"}
    shared = _cost(recs[0]) if len(recs) > 2 and len(costs) == 1 and _cost(recs[0]) else None
    heading = esc(section["heading"]) + (f" <span class=\"cmp-aid-cost\">({value_html(links, shared)} each)</span>" if shared else "")
    entries = [_item(links, r, show_cost=shared is None) for r in recs]
    return {"heading": heading, "blocks": _blocks(entries), "has_table": any(e["table"] for e in entries)}


def _codes(m: Model, game: str, site_url: str | None) -> list[dict]:
    """QR codes of the aid's own page and its game's page; none without the site's address."""
    if not site_url:
        return []
    base = site_url.rstrip("/") + "/"
    pages = [("This aid online", f"{game}/player-aid.md"), (m.games[game]["name"], f"{game}/index.md")]
    return [{"caption": esc(caption), "url": esc(base + page_url(path)),
             "svg": qr_svg(base + page_url(path), f"QR code: {caption}, {base + page_url(path)}")}
            for caption, path in pages]


def aid_view(m: Model, game: str, site_url: str | None = None) -> dict | None:
    g = m.games[game]
    if not g.get("player_aid"):
        return None
    links = PageLinks(m, f"{game}/player-aid.md")
    shown: set = set()
    sections = [view for view in (_section(links, game, s, shown) for s in g["player_aid"]) if view["blocks"]]
    return {"title": esc(f"Player aid: {g['name']}"), "source": source_view(links, g)["title"], "sections": sections,
            "codes": _codes(m, game, site_url)}
