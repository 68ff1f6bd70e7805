"""What each record is to the site search: the words it is found by and the lines its result shows.

One document per record (and per hand-written page the site engine passes in), and one
per named row of a table (generator/model/table_rows.py): a search for 'Aqueduct' finds
the row 'Aqueduct — Cards and elements ...' and lands on its anchor on the table's page.
A row is found by its name (the title field) and its cells (the text field); the table's
name is only context, so a word of a table's name does not bring up every row. Its fields
are plain text: a record reference ({mn-ajax} or {mn-ajax|words}) becomes its
words or the record's name, and Markdown markers are dropped, so neither braces nor
asterisks reach a result or a term. Pure: the checked model in, dicts out.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from generator.model.reader_text import plain
from generator.model.records import Model, display_name
from generator.model.table_rows import named_rows

SNIPPET_CHARS = 140   # the start of a ruling's answer shown under its question

_SPACE = re.compile(r"\s+")


def snippet(text: str, limit: int = SNIPPET_CHARS) -> str:
    """The start of a text, cut at a word and marked as cut."""
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0].rstrip(",;:.-–—")
    return cut + "…"


@dataclass
class SearchDoc:
    """One result: what it shows (title, game, kind, line, url), what it is found by (fields), and
    the names a query that matched nothing is compared with (a named record's name and aliases;
    none for a ruling, whose title is a question, or a page)."""
    id: str
    title: str
    game: str
    kind: str
    line: str
    url: str
    names: list[str] = field(default_factory=list)
    fields: dict[str, str] = field(default_factory=dict)   # field name -> plain text


def _facts(rec: dict) -> str:
    """Fact labels and their values, so 'prisoner strength' finds the rule that holds it."""
    parts = []
    for fact in rec.get("facts") or []:
        parts += [str(fact.get("label", "")), str(fact.get("value", "")), str(fact.get("unit", ""))]
    return " ".join(p for p in parts if p and p != "unknown")


def record_doc(m: Model, rec: dict) -> SearchDoc:
    def name_of(rid: str) -> str:
        return display_name(m.records[rid]) if rid in m.records else rid

    game = m.games.get(rec["game"], {})
    game_label = game.get("short") or game.get("name") or rec["game"]
    aliases = [a for a in rec.get("aliases") or [] if isinstance(a, str)]
    if rec["kind"] == "ruling":
        answer = plain(rec.get("answer", ""), name_of)
        title, line = plain(rec.get("question", ""), name_of), snippet(answer)
        body, about, names = answer, rec.get("topic", ""), []
    else:
        text = plain(rec.get("text", ""), name_of)
        title, line = display_name(rec), plain(rec.get("summary", ""), name_of) or snippet(text)
        body, about, names = text + " " + _facts(rec), rec.get("topic", ""), [title] + aliases
    kind = "Game overview" if rec["kind"] == "game" else rec["kind"].capitalize()
    return SearchDoc(
        id=rec["id"], title=title, game=game_label, kind=kind, line=line, url=m.url(rec["id"]), names=names,
        fields={"title": title, "aliases": " ".join(aliases), "summary": line, "text": body,
                "context": " ".join(x for x in (game.get("name", ""), game_label, kind, about) if x)})


def page_doc(title: str, url: str, text: str) -> SearchDoc:
    """A hand-written page (the card browser, a calculator): found by its title and opening words."""
    line = snippet(_SPACE.sub(" ", text).strip())
    return SearchDoc(id="page:" + url, title=title, game="", kind="Page", line=line, url=url,
                     fields={"title": title, "aliases": "", "summary": line, "text": text, "context": ""})


ROW_KIND = "Table row"


def _cell_text(cell, name_of) -> str:
    value = cell.get("value") if isinstance(cell, dict) else cell
    if value is None or value == "unknown" or isinstance(value, bool):
        return "" if value is None else ("unknown" if value == "unknown" else ("yes" if value else "no"))
    return plain(str(value), name_of)


def row_docs(m: Model, table: dict) -> list[SearchDoc]:
    """A document per named row of a table: 'Row name — Table name', its other cells as the line,
    the table page's row anchor as the URL."""
    def name_of(rid: str) -> str:
        return display_name(m.records[rid]) if rid in m.records else rid

    game = m.games.get(table["game"], {})
    game_label = game.get("short") or game.get("name") or table["game"]
    table_name = display_name(table)
    columns = table.get("columns") or []
    out = []
    for position, name, anchor in named_rows(table):
        row = table["rows"][position]
        cells = [(plain(c.get("label", ""), name_of), _cell_text(row["cells"].get(c.get("id")), name_of))
                 for c in columns[1:]]
        shown = " · ".join(f"{label}: {value}" for label, value in cells if value)
        body = " ".join(value for _, value in cells if value) + " " + plain(row.get("note", ""), name_of)
        title = plain(name, name_of)
        out.append(SearchDoc(
            id=f"{table['id']}#{anchor}", title=f"{title} — {table_name}", game=game_label, kind=ROW_KIND,
            line=snippet(shown), url=f"{m.url(table['id'])}#{anchor}", names=[title],
            fields={"title": title, "aliases": "", "summary": "", "text": body.strip(),
                    "context": " ".join(x for x in (game.get("name", ""), game_label, "Table", table_name) if x)}))
    return out


def search_docs(m: Model, pages=()) -> list[SearchDoc]:
    """Every record's document, by id, then the pages given as (title, url, plain text), then the
    named rows of every table (tables by id, rows in order). Records come first and in that
    order because the index's fields number them so (search_fields.py); rows and pages are in
    no field, so `kind:table` and `game:7wm` select the table, not its rows."""
    rows = [d for rid in sorted(m.records) if m.records[rid]["kind"] == "table" for d in row_docs(m, m.records[rid])]
    return [record_doc(m, m.records[rid]) for rid in sorted(m.records)] + [page_doc(*p) for p in pages] + rows
