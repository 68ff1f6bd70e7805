"""Pages as {path: Markdown}: the generator's whole output to a site engine."""
from __future__ import annotations

import re
from itertools import groupby

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from .player_aid import aid_view
from .model import KIND_PAGES, Model, display_name, rel_url, shared_names
from .paths import TEMPLATES
from .views import esc, prose, record_view

KIND_INTROS = {
    "rule": "Rules sections in rulebook order, restated.",
    "ruling": "Official Q&A answers and worked examples, grouped by topic. Each also appears under the records it concerns.",
    "table": "Tables from the rulebook. A cell marked unknown is not given by the source; the numbered notes say why.",
}


def _env() -> Environment:
    # Autoescape is off because views.py escapes every value for Markdown+HTML.
    return Environment(loader=FileSystemLoader(TEMPLATES), undefined=StrictUndefined,
                       autoescape=False, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)


def _tidy(md: str) -> str:
    return re.sub(r"\n{3,}", "\n\n", md)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "other"


def kind_page_path(game: str, kind: str) -> str:
    return f"{game}/{KIND_PAGES[kind][0]}.md"


def _record_sections(env, m: Model, recs, page: str, level: str = "##") -> list[str]:
    tpl = env.get_template("record.md.j2")
    return [tpl.render(r=record_view(m, rec, page), level=level) for rec in recs]


def _kind_page(env, m: Model, game: str, kind: str) -> str:
    page = kind_page_path(game, kind)
    recs = m.by_game_kind[game][kind]
    title = f"{KIND_PAGES[kind][1]}: {m.games[game]['name']}"
    if kind == "ruling":
        topics = []
        for topic, group in groupby(sorted(recs, key=lambda r: (r["topic"], r["id"])), key=lambda r: r["topic"]):
            topics.append(({"label": esc(topic), "anchor": "topic-" + _slug(topic)},
                           _record_sections(env, m, list(group), page, level="###")))
        return env.get_template("rulings_page.md.j2").render(title=esc(title), intro=KIND_INTROS["ruling"], topics=topics)
    return env.get_template("kind_page.md.j2").render(
        title=esc(title), intro=KIND_INTROS.get(kind, ""), sections=_record_sections(env, m, recs, page))


def _game_page(env, m: Model, game: str) -> str:
    g = m.games[game]
    page = f"{game}/index.md"
    pages = [(KIND_PAGES[k][1], rel_url(page, kind_page_path(game, k)), len(m.by_game_kind[game][k]))
             for k in m.kinds_of(game)]
    if g.get("player_aid"):
        pages.append(("Player aid (one page, for printing)", "player-aid.md", len(g["player_aid"])))
    view = {"id": g["id"], "heading": esc(g["name"]), "summary": esc(g["summary"]), "text": prose(g["text"]),
            "source_file": esc(g["source"]["file"]), "notes": [esc(n) for n in g.get("notes") or []]}
    return env.get_template("game_index.md.j2").render(g=view, pages=pages, gaps=[esc(x) for x in g.get("source_gaps") or []])


def _home(env, m: Model, extra_pages) -> str:
    games = [(esc(g["name"]), f"{gid}/index.md", sum(len(v) for v in m.by_game_kind[gid].values()), g["source"]["file"])
             for gid, g in sorted(m.games.items(), key=lambda kv: kv[1]["source"]["file"])]
    return env.get_template("home.md.j2").render(games=games, extra_pages=extra_pages)


def _cross_game(env, m: Model) -> str:
    page = "cross-game.md"
    groups = []
    for name, recs in shared_names(m):
        entries = [(esc(m.games[r["game"]]["name"]), f"{esc(display_name(r))} ({KIND_PAGES[r['kind']][1].lower()})",
                    esc(r.get("summary", "")), m.link(page, r["id"])) for r in recs]
        groups.append((esc(name), entries))
    return env.get_template("cross_game.md.j2").render(groups=groups)


def render_pages(m: Model, extra_pages: list[tuple[str, str]] = ()) -> dict[str, str]:
    """Every generated page. extra_pages: (title, path) of hand-written pages to list on the home page."""
    env = _env()
    pages = {"index.md": _home(env, m, list(extra_pages)), "cross-game.md": _cross_game(env, m)}
    for game in m.games:
        pages[f"{game}/index.md"] = _game_page(env, m, game)
        for kind in m.kinds_of(game):
            pages[kind_page_path(game, kind)] = _kind_page(env, m, game, kind)
        aid = aid_view(m, game)
        if aid:
            pages[f"{game}/player-aid.md"] = env.get_template("player_aid.md.j2").render(aid=aid)
    return {path: _tidy(md) for path, md in pages.items()}


def nav(m: Model, extra: list = ()) -> list:
    """MkDocs-style nav: home, one section per game, then hand-written pages."""
    out = [{"Home": "index.md"}]
    for gid, g in sorted(m.games.items(), key=lambda kv: kv[1]["source"]["file"]):
        items = [{"Overview": f"{gid}/index.md"}] + [{KIND_PAGES[k][1]: kind_page_path(gid, k)} for k in m.kinds_of(gid)]
        if g.get("player_aid"):
            items.append({"Player aid (print)": f"{gid}/player-aid.md"})
        out.append({g.get("short") or g["name"]: items})
    out.append({"Same name, different game": "cross-game.md"})
    return out + list(extra)
