"""Turn one record into display-ready values, so templates hold no logic.

All record text is HTML-escaped here: a record containing '<script>' must show
as text, never run.
"""
from __future__ import annotations

import html

from .model import KIND_PAGES, Model, display_name

# Fields shown by the template itself, not in the generic field list.
SHOWN_ELSEWHERE = {"id", "name", "aliases", "former_ids", "game", "kind", "summary", "text", "facts",
                   "related", "source", "notes", "question", "answer", "concerns", "columns", "rows",
                   "topic", "order", "ruling_type", "short", "sections", "source_gaps"}
LABELS = {"hero_type": "Hero type", "tech_type": "Technology type", "card_type": "Card type",
          "powers_by_age": "Power by age", "invocation_cost": "Invocation cost", "setup_symbol": "Setup symbol",
          "combat_factor": "Combat factor", "start_area": "Starting area", "vp": "Victory points",
          "vp_alternative": "Other VP value", "replaces_basic_game": "Replaces a basic-game card",
          "awarded_to": "Held by", "component_type": "Type", "unit_type": "Type", "place_type": "Type",
          "both_ways": "Both ways", "combat": "Battle effect (used by the calculator)"}
ORDERED_LISTS = {"losses", "steps"}
REF_FIELDS = {"civilization", "hero", "creature"}
UNKNOWN_HTML = '<span class="cmp-unknown" title="Not given by the source: see the notes">unknown</span>'


def esc(text) -> str:
    """Escape for Markdown+HTML: inert tags, and no attribute-list syntax."""
    return html.escape(str(text), quote=True).replace("{", "&#123;").replace("}", "&#125;").replace("|", "&#124;")


def label(name: str) -> str:
    return LABELS.get(name, name.replace("_", " ").capitalize())


def value_html(value, key: str = "") -> str:
    """Generic, escaped HTML for any field value."""
    if value == "unknown":
        return UNKNOWN_HTML
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float, str)):
        return esc(value)
    if isinstance(value, dict):
        if set(value) <= {"amount", "unit", "detail"} and "amount" in value:
            parts = [value_html(value["amount"])] + [esc(value[k]) for k in ("unit",) if k in value]
            detail = f" ({esc(value['detail'])})" if value.get("detail") else ""
            return " ".join(parts) + detail
        rows = "".join(f"<tr><th>{esc(label(k))}</th><td>{value_html(v, k)}</td></tr>" for k, v in value.items())
        return f'<table class="cmp-kv"><tbody>{rows}</tbody></table>'
    if isinstance(value, list):
        if all(not isinstance(v, (dict, list)) for v in value):
            items = "".join(f"<li>{value_html(v)}</li>" for v in value)
            tag = "ol" if key in ORDERED_LISTS else "ul"
            return f"<{tag}>{items}</{tag}>"
        keys = list(dict.fromkeys(k for v in value if isinstance(v, dict) for k in v))
        head = "".join(f"<th>{esc(label(k))}</th>" for k in keys)
        body = "".join("<tr>" + "".join(f"<td>{value_html(v.get(k, ''), k)}</td>" for k in keys) + "</tr>"
                       for v in value if isinstance(v, dict))
        return f'<div class="cmp-scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'
    return esc(value)


def prose(text: str) -> str:
    """Record prose keeps its Markdown but loses any HTML."""
    return html.escape(text.strip(), quote=False).replace("{", "&#123;")


def has_unknown(value) -> bool:
    if value == "unknown":
        return True
    if isinstance(value, dict):
        return any(has_unknown(v) for v in value.values())
    if isinstance(value, list):
        return any(has_unknown(v) for v in value)
    return False


def table_view(rec: dict) -> dict:
    cols = rec["columns"]
    notes, rows = [], []
    for row in rec["rows"]:
        cells = []
        for c in cols:
            cell = row["cells"].get(c["id"])
            value, note = (cell.get("value"), cell.get("note")) if isinstance(cell, dict) else (cell, None)
            mark = ""
            if note:
                if note not in notes:  # one number per distinct note, reused by every cell it explains
                    notes.append(note)
                mark = f'<sup class="cmp-note-ref">{notes.index(note) + 1}</sup>'
            cls = ' class="cmp-unknown-cell"' if value == "unknown" else ""
            cells.append(f"<td{cls}>{value_html(value)}{mark}</td>")
        rows.append("".join(cells))
    return {"head": [esc(c["label"]) for c in cols], "rows": rows, "cell_notes": [esc(n) for n in notes],
            "row_notes": [esc(r["note"]) for r in rec["rows"] if r.get("note")]}


def record_view(m: Model, rec: dict, page: str) -> dict:
    rid = rec["id"]
    fields, links = [], []
    for key, value in rec.items():
        if key in SHOWN_ELSEWHERE:
            continue
        if key in REF_FIELDS and isinstance(value, str):
            links.append((label(key), display_name(m.records[value]), m.link(page, value)))
        else:
            html_value = value_html(value, key)
            fields.append((label(key), html_value, None) if html_value.startswith("<") and not html_value.startswith("<span")
                          else (label(key), None, html_value))
    game = m.games.get(rec["game"], {})
    return {
        "id": rid,
        "heading": esc(display_name(rec)),
        "aliases": [esc(a) for a in rec.get("aliases") or []],
        "summary": esc(rec.get("summary", "")),
        "text": prose(rec.get("text") or rec.get("answer") or ""),
        "question": esc(rec.get("question", "")),
        "ruling_type": rec.get("ruling_type"),
        "inline_fields": [(lab, inline) for lab, block, inline in fields if inline is not None],
        "block_fields": [(lab, block) for lab, block, inline in fields if block is not None],
        "ref_fields": links,
        "facts": [(esc(f["label"]), value_html(f["value"]), esc(f.get("unit", "")), esc(f.get("note", "")))
                  for f in rec.get("facts") or []],
        "table": table_view(rec) if rec["kind"] == "table" else None,
        "rulings": [(esc(r["question"]), m.link(page, r["id"])) for r in m.rulings_for.get(rid, [])],
        "concerns": [(esc(display_name(m.records[c])), m.link(page, c)) for c in rec.get("concerns") or []],
        "related": [(esc(display_name(m.records[r])), m.link(page, r)) for r in rec.get("related") or []],
        "also_in": [(esc(m.games[o["game"]]["name"] if o["game"] in m.games else o["game"]),
                     esc(display_name(o)), m.link(page, o["id"])) for o in m.also_in.get(rid, [])],
        "source_file": esc(rec["source"]["file"]),
        "source_section": esc(rec["source"]["section"]),
        "notes": [esc(n) for n in rec.get("notes") or []],
        "has_unknown": has_unknown({k: v for k, v in rec.items() if k != "notes"}),
        "former_ids": rec.get("former_ids") or [],
        "game_name": esc(game.get("name", rec["game"])),
        "kind_label": KIND_PAGES.get(rec["kind"], (rec["kind"], rec["kind"]))[1],
    }
