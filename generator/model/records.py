"""The checked model: records indexed the ways pages need them.

Built only from records that passed validation, so pages never have to guard
against a missing id or a wrong type.
"""
from __future__ import annotations

import posixpath
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field

from generator.model.ruling_tests import tested_rulings
from generator.validate.blocking.value_sources import resolve_values

KIND_PAGES = {  # kind -> (page file stem, heading), in navigation order
    "rule": ("rules", "Rules"),
    "civilization": ("civilizations", "Civilizations and nations"),
    "people": ("peoples", "Peoples"),
    "hero": ("heroes", "Heroes and characters"),
    "god": ("gods", "Gods and deities"),
    "creature": ("creatures", "Creatures"),
    "wonder": ("wonders", "Wonders"),
    "role": ("roles", "Roles"),
    "card": ("cards", "Cards and tiles"),
    "technology": ("technologies", "Technologies"),
    "disaster": ("disasters", "Disasters"),
    "unit": ("units", "Units and pieces"),
    "place": ("places", "Places and map"),
    "component": ("components", "Components, tokens and icons"),
    "table": ("tables", "Tables"),
    "ruling": ("rulings", "Rulings and examples"),
}


def fold(text: str) -> str:
    """Lowercase without accents: how players type names."""
    text = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in text if not unicodedata.combining(c))


def rel_url(from_page: str, to_page: str, anchor: str = "") -> str:
    """Relative Markdown link between two generated pages (the site engine turns it into a URL)."""
    rel = posixpath.relpath(to_page, posixpath.dirname(from_page) or ".")
    return rel + (f"#{anchor}" if anchor else "")


def page_url(page: str) -> str:
    """Site URL (directory style) of a Markdown page path."""
    if page == "index.md":
        return ""
    stem = page.removesuffix(".md")
    return (stem.removesuffix("/index") if stem.endswith("/index") else stem) + "/"


def rel_href(from_page: str, to_page: str, anchor: str = "") -> str:
    """Relative URL from one page to another, for links written as HTML.

    Record content reaches the site engine as HTML, which no engine rewrites, so these
    links are final URLs (directory style: 'x.md' is served at 'x/').
    """
    here = [p for p in page_url(from_page).split("/") if p]
    there = [p for p in page_url(to_page).split("/") if p]
    common = 0
    while common < min(len(here), len(there)) and here[common] == there[common]:
        common += 1
    rel = "/".join([".."] * (len(here) - common) + there[common:])   # pure: no file system, no cwd
    return (rel + "/" if rel else "./") + (f"#{anchor}" if anchor else "")


def list_page_path(game: str, kind: str) -> str:
    """The page listing every record of a kind in a game: <game>/<stem>.md."""
    return f"{game}/{KIND_PAGES[kind][0]}.md"


def record_page_path(game: str, kind: str, rid: str) -> str:
    """A record's own page, under its kind's list: <game>/<stem>/<id>.md."""
    return f"{game}/{KIND_PAGES[kind][0]}/{rid}.md"


def display_name(rec: dict) -> str:
    return rec.get("name") or rec.get("question") or rec["id"]


@dataclass
class Model:
    records: dict[str, dict]
    games: dict[str, dict] = field(default_factory=dict)               # game folder -> game record
    by_game_kind: dict = field(default_factory=lambda: defaultdict(lambda: defaultdict(list)))
    rulings_for: dict = field(default_factory=lambda: defaultdict(list))
    also_in: dict = field(default_factory=lambda: defaultdict(list))
    page_of: dict[str, str] = field(default_factory=dict)              # id -> its own page's path
    tested_rulings: frozenset = frozenset()                            # rulings the calculators' tests check

    def href(self, from_page: str, rid: str) -> str:
        """Relative URL of a record's page, from a page."""
        return rel_href(from_page, self.page_of[rid])

    def url(self, rid: str) -> str:
        """URL of a record's page, relative to the site root."""
        return page_url(self.page_of[rid])

    def kinds_of(self, game: str) -> list[str]:
        return [k for k in KIND_PAGES if self.by_game_kind[game].get(k)]


def _sort_key(rec: dict):
    return (rec.get("order", 10**6), rec.get("topic", ""), fold(display_name(rec)))


def _names(rec: dict) -> set[str]:
    return {fold(n) for n in [rec.get("name", "")] + list(rec.get("aliases") or []) if n}


def build_model(raw_records: list[dict]) -> Model:
    raw_records = resolve_values(raw_records)      # every `from` becomes its value, once, here
    m = Model(records={r["id"]: r for r in raw_records}, tested_rulings=tested_rulings())
    for rec in raw_records:
        game, kind = rec["game"], rec["kind"]
        if kind == "game":
            m.games[game] = rec
            m.page_of[rec["id"]] = f"{game}/index.md"
            continue
        m.by_game_kind[game][kind].append(rec)
        m.page_of[rec["id"]] = record_page_path(game, kind, rec["id"])
        if kind == "ruling":
            for target in rec["concerns"]:
                m.rulings_for[target].append(rec)
    for kinds in m.by_game_kind.values():
        for recs in kinds.values():
            recs.sort(key=_sort_key)
    _link_same_names(m)
    return m


def _link_same_names(m: Model) -> None:
    """Records of different games that share a name or alias (Athena, Ishtar...)."""
    by_name = defaultdict(list)
    for rec in m.records.values():
        if rec["kind"] in ("game", "ruling", "rule", "table", "component"):  # shared words, not shared things
            continue
        for n in sorted(_names(rec)):   # sorted: a set's order changes with the hash seed
            by_name[n].append(rec)
    for recs in by_name.values():
        games = {r["game"] for r in recs}
        if len(games) < 2:
            continue
        for r in recs:
            for other in recs:
                if other["game"] != r["game"] and other not in m.also_in[r["id"]]:
                    m.also_in[r["id"]].append(other)
    for others in m.also_in.values():   # a defined order, whatever order the names were met in
        others.sort(key=_game_then_id)


def _game_then_id(rec: dict) -> tuple[str, str]:
    return rec["game"], rec["id"]


def shared_names(m: Model) -> list[tuple[str, list[dict]]]:
    """(name, records) for every name used by more than one game, for the cross-game page."""
    groups: dict[frozenset, list[dict]] = {}
    for rid, others in m.also_in.items():
        members = frozenset([rid] + [o["id"] for o in others])
        groups.setdefault(members, [m.records[i] for i in sorted(members)])
    out = []
    for recs in groups.values():
        common = set.intersection(*(_names(r) for r in recs))
        label = min((r["name"] for r in recs if fold(r["name"]) in common), default=recs[0]["name"])
        out.append((label, sorted(recs, key=_game_then_id)))
    # Two groups may share a label (Egypt the place, Egypt the people): their ids settle the order.
    return sorted(out, key=lambda t: (fold(t[0]), t[0], [r["id"] for r in t[1]]))
