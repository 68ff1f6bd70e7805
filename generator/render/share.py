"""What a page says of itself when its link is pasted into a chat: Open Graph and summary-card meta.

A group chat is where rules arguments happen, and a bare address settles none. So every page
gets a title, a plain-text description and its absolute URL: a record's description is its
summary; a ruling's is its question and the start of its answer, so the preview itself
answers. Pure: the checked model and page paths in, plain strings out. The site engine's
adapter attaches the result to its pages and a theme partial prints it (escaped there).
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass

from generator.model.reader_text import opening_words, plain
from generator.model.records import KIND_PAGES, Model, display_name, list_page_path, page_url, record_page_path
from generator.render.search_guide import GUIDE_PATH

DESCRIPTION_CHARS = 200        # what chat previews show before they cut, and what the test holds
ELLIPSIS = "…"
SEARCH_GUIDE = ("How to search the records of every game here by game, kind, cost, age, phase and other fields, "
                "with examples that run.")
CROSS_GAME = "Names that appear in more than one game here, with what each one is and does in each game."
# What the build leaves out of every page when it does not know the site's address.
NEEDS_SITE_URL = ("og:url", 'link rel="canonical"', "the player aids' QR codes")


def describe(text: str, limit: int = DESCRIPTION_CHARS) -> str:
    """One line of at most `limit` characters, ellipsis included, cut at a word when too long."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit - len(ELLIPSIS) + 1]
    head, space, _ = cut.rpartition(" ")
    return (head if space and head else cut[:-1]).rstrip(",;:.-–—") + ELLIPSIS


# A number opening a line stays: in a preview "18. Encamping adds..." is the answer, not a list marker.
_LINE_NUMBER = re.compile(r"^(\s*\d+)([.)])(?=\s)", re.M)


def _words(m: Model, text: str) -> str:
    """Record text as a reader sees it: references become their words, Markdown markers go."""
    kept = _LINE_NUMBER.sub(r"\1\\\2", text or "")     # escaped, so plain() leaves it as written
    return plain(kept, lambda rid: display_name(m.records[rid]) if rid in m.records else rid)


def record_description(m: Model, rec: dict) -> str:
    """A record's summary; a ruling's question followed by the start of its answer."""
    if rec["kind"] == "ruling":
        return describe(f"{_words(m, rec['question'])} {_words(m, rec['answer'])}")
    return describe(_words(m, rec.get("summary") or rec.get("text") or display_name(rec)))


def _kind_description(m: Model, game: str, kind: str) -> str:
    recs = m.by_game_kind[game][kind]
    names = ", ".join(_words(m, display_name(r)) for r in recs[:6] if r["kind"] != "ruling")
    head = f"{KIND_PAGES[kind][1]} of {m.games[game]['name']}: {len(recs)}"
    return describe(f"{head}, each on its own page with its rulings. {names}".strip())


def _aid_description(m: Model, game: str) -> str:
    headings = ", ".join(s["heading"] for s in m.games[game]["player_aid"])
    return describe(f"One printable page for the table: {m.games[game]['name']} in summary. {headings}.")


def page_descriptions(m: Model, hand_pages: dict[str, str], site_description: str) -> dict[str, str]:
    """{page path: plain description} for every page: generated ones from the model,
    hand-written ones ({path: Markdown}) from their first paragraph."""
    out = {"index.md": describe(site_description), "cross-game.md": describe(CROSS_GAME),
           GUIDE_PATH: describe(SEARCH_GUIDE)}
    for game, g in m.games.items():
        out[f"{game}/index.md"] = describe(_words(m, g.get("summary") or g["name"]))
        if g.get("player_aid"):
            out[f"{game}/player-aid.md"] = _aid_description(m, game)
        for kind in m.kinds_of(game):
            out[list_page_path(game, kind)] = _kind_description(m, game, kind)
    for rid, rec in m.records.items():
        if rid not in m.page_of:
            continue
        out[m.page_of[rid]] = record_description(m, rec)
        for old in rec.get("former_ids") or []:
            name = _words(m, display_name(rec))
            out[record_page_path(rec["game"], rec["kind"], old)] = describe(f"Renamed: {name}. {out[m.page_of[rid]]}")
    for path, markdown in hand_pages.items():
        out.setdefault(path, describe(opening_words(markdown)))
    return out


@dataclass(frozen=True)
class ShareMeta:
    """The tags one page carries, as plain text (the template escapes them)."""
    title: str
    description: str
    site_name: str
    type: str
    url: str | None          # absolute; None when the site's address is not known

    def tags(self) -> list[tuple[str, str, str]]:
        """(attribute, name, content) of each meta tag, in a fixed order (reproducible pages)."""
        og = [("og:title", self.title), ("og:description", self.description), ("og:site_name", self.site_name),
              ("og:type", self.type)] + ([("og:url", self.url)] if self.url else [])
        card = [("twitter:card", "summary"), ("twitter:title", self.title), ("twitter:description", self.description)]
        return [("property", k, v) for k, v in og] + [("name", k, v) for k, v in card]


def share_meta(path: str, title: str, description: str, site_url: str | None, site_name: str) -> ShareMeta:
    """The meta of the page at `path` (a Markdown page path). `title` may hold the entities a
    site engine's title carries; it leaves here as plain text."""
    plain_title = " ".join(html.unescape(title or "").split()) or site_name
    if path == "index.md":
        plain_title = site_name
    url = site_url.rstrip("/") + "/" + page_url(path) if site_url else None
    kind = "website" if path == "index.md" else "article"
    return ShareMeta(plain_title, description or describe(site_name), site_name, kind, url)


def left_out(site_url: str | None) -> str | None:
    """What the build says when it cannot make absolute URLs; None when it can."""
    if site_url:
        return None
    return ("site_url is not set, so the site is built without " + ", ".join(NEEDS_SITE_URL)
            + " (links shared from this site show no address); set site_url in mkdocs.yml or COMPENDIUM_SITE_URL")
