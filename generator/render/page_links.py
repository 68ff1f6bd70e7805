"""Everything a page needs to link to records: URLs from this page, names, previews, text.

One PageLinks per generated page, because every link is relative to the page it sits on
(the site can be served from any folder, or opened as files). It is also where record
text becomes HTML, since references inside text are links too.
"""
from __future__ import annotations

import html

from generator.render import text_html
from generator.model.records import Model, display_name, rel_href
from generator.render.text_html import RefLink

KIND_LABEL = {"rule": "Rule", "civilization": "Civilization", "people": "People", "hero": "Hero",
              "god": "God", "creature": "Creature", "wonder": "Wonder", "role": "Role", "card": "Card",
              "technology": "Technology", "disaster": "Disaster", "unit": "Unit", "place": "Place",
              "component": "Component", "table": "Table", "ruling": "Ruling", "game": "Game"}
PREVIEW_CHARS = 180


def clip(text: str, limit: int = PREVIEW_CHARS) -> str:
    """At most `limit` characters, cut at a word, marked with an ellipsis when cut."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "…"


class PageLinks:
    def __init__(self, m: Model, page: str):
        self.m = m
        self.page = page

    # Plain words -------------------------------------------------------------------------
    def name(self, rid: str) -> str:
        """A record's name as plain text (a ruling's is its question)."""
        return self.plain(display_name(self.m.records[rid]))

    def plain(self, text: str) -> str:
        return text_html.plain(text, lambda rid: display_name(self.m.records[rid]) if rid in self.m.records else rid)

    def last_turn(self) -> int | None:
        """The last turn of this page's game (its game record's fact 'Turns', its `from` already
        resolved by the model), or None where the game numbers no turns. A record's page lives in
        its game's folder, so the page says which game."""
        g = self.m.games.get(self.page.split("/", 1)[0]) or {}
        fact = next((f for f in g.get("facts") or [] if isinstance(f, dict) and f.get("label") == "Turns"), None)
        value = fact.get("value") if fact else None
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def game_name(self, game: str, short: bool = True) -> str:
        g = self.m.games.get(game) or {}
        return (g.get("short") if short else None) or g.get("name") or game

    def preview(self, rid: str) -> str:
        """'Mare Nostrum · Hero: what it does', shown over a link before following it."""
        rec = self.m.records[rid]
        what = rec.get("summary") or rec.get("answer") or ""
        head = f"{self.game_name(rec['game'])} · {KIND_LABEL.get(rec['kind'], rec['kind'])}"
        return head + (": " + clip(self.plain(what)) if what else "")

    # Links -------------------------------------------------------------------------------
    def href(self, rid: str) -> str:
        return self.m.href(self.page, rid)

    def page_href(self, page: str, anchor: str = "") -> str:
        return rel_href(self.page, page, anchor)

    def resolve(self, rid: str) -> RefLink | None:
        if rid not in self.m.records:
            return None
        return RefLink(self.href(rid), self.name(rid), self.preview(rid))

    def link(self, rid: str, text: str | None = None) -> str:
        """An HTML link to a record, showing its name (escaped)."""
        return f'<a href="{html.escape(self.href(rid))}">{html.escape(text if text is not None else self.name(rid))}</a>'

    # Record text as HTML -----------------------------------------------------------------
    def inline(self, text) -> str:
        return text_html.inline(str(text), self.resolve)

    def block(self, text: str) -> str:
        return text_html.block(text, self.resolve)
