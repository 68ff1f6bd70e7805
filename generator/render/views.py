"""Turn records into display-ready values, so templates hold no logic.

Every value leaves here as escaped HTML (record text through text_html, which keeps its
Markdown layout but no links other than to records): a record containing '<script>' or
'[x](javascript:...)' shows as those characters, never as markup.
"""
from __future__ import annotations

import json

from generator.model.records import KIND_PAGES, Model, display_name, list_page_path
from generator.render.page_links import KIND_LABEL, PageLinks, clip
from generator.model.derived import has_unknown
from generator.render.values import esc, from_html, label, setup_html, table_view, value_html

from generator.render.values import esc, label, table_view, value_html
from generator.render.share import record_description

# Fields shown by the template itself, not in the generic field list.
SHOWN_ELSEWHERE = {"id", "name", "aliases", "former_ids", "game", "kind", "summary", "text", "facts",
                   "related", "source", "notes", "question", "answer", "concerns", "columns", "rows",
                   "topic", "order", "ruling_type", "short", "sections", "source_gaps", "player_aid",
                   "tools", "source_title", "plain_words", "search_words",
                   "payments", "scenario", "no_scenario",
                   "not_the_same",   # a note for the numbers lint (generator/validate/blocking/number_exceptions.py), on no page
                   "value_from"}   # where a number field read through `from` lives: shown beside that field   # a disaster's losses again, structured for its helper: the page shows `losses`
REF_FIELDS = {"civilization", "hero", "creature"}
# Figures a player scans a list for, in this order; the list shows the first three present.
KEY_FIELDS = ("cost", "invocation_cost", "phase", "hero_type", "card_type", "tech_type", "pantheon",
              "unit_type", "place_type", "component_type", "group", "combat_factor", "vp", "ruling_type")
KEY_FIGURES = 3
RULING_TYPES = {"qa": "Q&amp;A", "example": "Worked example", "clarification": "Clarification"}   # HTML


def front_matter(**meta) -> str:
    """YAML front matter written as JSON (valid YAML), so no value can break out of it."""
    lines = [f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in meta.items()]
    return "---\n" + "\n".join(lines) + "\n---\n"


def source_view(links: PageLinks, rec: dict) -> dict:
    """The citation: the document's title (from its game record) and the section. Never the
    source's file name: players know a rulebook by its title."""
    file = rec["source"]["file"]
    title = next((g.get("source_title") for g in links.m.games.values() if g["source"]["file"] == file), None)
    return {"title": esc(title or "the game's rulebook"), "section": esc(rec["source"]["section"]),
            "position": esc(rec["source"].get("position", ""))}


def key_figures(links: PageLinks, rec: dict, with_source: bool = False) -> list[tuple[str, str, str]]:
    """(field, label, HTML) of the first few figures a player scans for: cost, age, phase...
    A record's own page (with_source) also links a figure read through `from` to where it lives;
    a list shows the bare figure."""
    drop = {"detail"} if with_source else {"detail", "from"}
    out = []
    for key in KEY_FIELDS:
        value = rec.get(key)
        if value in (None, "", [], {}) or isinstance(value, list):
            continue
        if key == "ruling_type":
            shown = RULING_TYPES.get(value, esc(value))
        elif isinstance(value, dict) and "amount" in value:      # a figure, not its explanation
            shown = value_html(links, {k: v for k, v in value.items() if k not in drop}, key)
        elif isinstance(value, dict) and "amount" not in value:       # e.g. an invocation cost per age
            shown = ", ".join(f"{esc(k)}: {value_html(links, v)}" for k, v in value.items())
        else:
            shown = value_html(links, value, key)
            if with_source:
                shown += from_html(links, (rec.get("value_from") or {}).get(key))
        out.append((key, esc(label(key)), shown))
    ages = [a for a in ("I", "II", "III") if isinstance(rec.get("powers_by_age"), dict) and a in rec["powers_by_age"]]
    if ages:
        out.insert(1, ("powers_by_age", "Age", esc(", ".join(ages))))
    return out[:KEY_FIGURES]


def scenario_view(links: PageLinks, ruling: dict) -> dict | None:
    """"Work it out": the calculator's page with the ruling's battle entered (the query is
    checked by the engine and limited by the schema to URL-safe characters)."""
    sc = ruling.get("scenario")
    if not sc:
        return None
    return {"href": esc(f'{links.page_href(sc["calculator"])}?{sc["query"]}'),
            "note": links.inline(sc["note"]) if sc.get("note") else ""}


def ruling_view(links: PageLinks, ruling: dict, for_record: str | None = None) -> dict:
    """A ruling in full: question, answer, and the other records it concerns."""
    return {
        "work": scenario_view(links, ruling),
        "tested": ruling["id"] in links.m.tested_rulings,
        "id": ruling["id"],
        "href": links.href(ruling["id"]),
        "type": RULING_TYPES.get(ruling["ruling_type"], ruling["ruling_type"]),
        "question": links.inline(ruling["question"]),
        "answer": links.block(ruling["answer"]),
        "others": [links.link(c) for c in ruling["concerns"] if c != for_record],
        "source": source_view(links, ruling),
    }


def entry_view(m: Model, rec: dict, page: str) -> dict:
    """One line of a kind's list: name, key figures, summary, and its old anchors."""
    links = PageLinks(m, page)
    summary = rec.get("summary") or clip(links.plain(rec.get("answer", "")))
    return {"id": rec["id"], "href": links.href(rec["id"]), "name": esc(links.name(rec["id"])),
            "figures": [(lab, shown) for _, lab, shown in key_figures(links, rec)], "summary": links.inline(summary),
            "rulings": len(m.rulings_for.get(rec["id"], [])), "former_ids": rec.get("former_ids") or [],
            "unknown": has_unknown({k: v for k, v in rec.items() if k != "notes"})}


def tool_views(links: PageLinks, game: str, rid: str | None = None) -> list[dict]:
    """A game's calculators and helpers; for a record, those that use it."""
    tools = links.m.games.get(game, {}).get("tools") or []
    return [{"title": esc(t["title"]), "href": links.page_href(t["page"]), "summary": esc(t["summary"])}
            for t in tools if rid is None or rid in (t.get("records") or [])]


def seat_word(m: Model, game: str) -> str:
    """What the game calls a seat, in lowercase ('civilization'), for 'once for each ... nobody plays'."""
    seats = ((m.games.get(game) or {}).get("play_along") or {}).get("seats") or {}
    return str(seats.get("label") or "seat").lower()


def record_view(m: Model, rec: dict, page: str) -> dict:
    links = PageLinks(m, page)
    rid, game = rec["id"], rec["game"]
    fields, ref_fields = [], []
    figures = key_figures(links, rec, with_source=True)
    in_figures = {key for key, _, _ in figures if key != "powers_by_age"}
    for key, value in rec.items():
        if key in SHOWN_ELSEWHERE or key in in_figures:
            continue
        if key in REF_FIELDS and isinstance(value, str) and value in m.records:
            ref_fields.append((esc(label(key)), links.link(value)))
        elif key == "setup" and isinstance(value, list):
            fields.append((esc(label(key)), setup_html(links, rid, value, seat_word(m, game)), True))
        else:
            html_value = value_html(links, value, key) + from_html(links, (rec.get("value_from") or {}).get(key))
            block = html_value.startswith("<") and not html_value.startswith(("<span", "<a "))
            fields.append((esc(label(key)), html_value, block))
    is_ruling = rec["kind"] == "ruling"
    heading = links.name(rid)
    return {
        "id": rid,
        "game": game,
        "title": heading,                                   # plain: front matter serialises it
        "description": record_description(m, rec),          # plain: what a pasted link shows
        "heading": esc(heading),
        "crumbs": [(esc(links.game_name(game)), links.page_href(f"{game}/index.md")),
                   (esc(KIND_PAGES[rec["kind"]][1]), links.page_href(list_page_path(game, rec["kind"])))],
        "kind_label": KIND_LABEL.get(rec["kind"], rec["kind"]),
        "aliases": [esc(a) for a in rec.get("aliases") or []],
        "former_ids": rec.get("former_ids") or [],
        "figures": [(lab, shown) for _, lab, shown in figures],
        "summary": links.inline(rec["summary"]) if rec.get("summary") else "",
        "text": links.block(rec.get("answer") if is_ruling else rec.get("text") or ""),
        "inline_fields": [(lab, v) for lab, v, block in fields if not block],
        "block_fields": [(lab, v) for lab, v, block in fields if block],
        "ref_fields": ref_fields,
        "facts": [(esc(f["label"]), value_html(links, f["value"]), esc(f.get("unit", "")) + from_html(links, f.get("from")),
                   links.inline(f.get("note", "")))
                  for f in rec.get("facts") or []],
        "table": table_view(links, rec, anchors=True) if rec["kind"] == "table" else None,
        "tools": tool_views(links, game, rid),
        "work": scenario_view(links, rec) if is_ruling else None,
        "tested": is_ruling and rid in m.tested_rulings,
        "rulings": [ruling_view(links, r, rid) for r in m.rulings_for.get(rid, [])],
        "concerns": [links.link(c) for c in rec.get("concerns") or []],
        "related": [links.link(r) for r in rec.get("related") or []],
        "also_in": [(esc(links.game_name(o["game"], short=False)), links.link(o["id"])) for o in m.also_in.get(rid, [])],
        "notes": [links.inline(n) for n in rec.get("notes") or []],
        "has_unknown": has_unknown({k: v for k, v in rec.items() if k != "notes"}),
        "source": source_view(links, rec),
    }


def former_id_view(m: Model, rid: str, old: str, page: str) -> dict:
    """The page left at a renamed record's old address."""
    links = PageLinks(m, page)
    return {"old": old, "title": f"{links.name(rid)} (renamed)", "name": esc(links.name(rid)), "href": links.href(rid)}
