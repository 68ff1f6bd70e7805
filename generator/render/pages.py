"""Pages as {path: Markdown}: the generator's whole output to a site engine.

Every record has its own page (<game>/<kind stem>/<id>.md) with its rulings in full; a
kind's page lists its records; the game's page says what is where. Record content is
HTML made in views.py; the Markdown around it is fixed text from the templates.
"""
from __future__ import annotations

import re
from itertools import groupby

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from generator.model.script_paths import classic_path
from generator.model.records import KIND_PAGES, Model, list_page_path, record_page_path, shared_names
from generator.render.page_links import KIND_LABEL, PageLinks
from generator.paths import TEMPLATES
from generator.render.player_aid import aid_view
from generator.render.search_guide import GUIDE_PATH, render_search_guide
from generator.render.shared_previews import share_previews
from generator.render.values import esc, md_text, players_fact
from generator.render.views import entry_view, former_id_view, front_matter, record_view, source_view, tool_views

KIND_INTROS = {
    "rule": "Rules sections in rulebook order, restated. Each opens on its own page.",
    "ruling": "Official Q&A answers and worked examples, grouped by topic. Each is also printed in full on the page of every record it concerns.",
    "table": "Tables from the rulebook. A cell marked unknown is not given by the source; the table's page says why.",
}
DEFAULT_INTRO = "Each entry opens on its own page, with its rulings in full."


def _env() -> Environment:
    # Autoescape is off because views.py escapes every value for HTML.
    return Environment(loader=FileSystemLoader(TEMPLATES), undefined=StrictUndefined,
                       autoescape=False, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)


def _tidy(md: str) -> str:
    return re.sub(r"\n{3,}", "\n\n", md)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "other"


kind_page_path = list_page_path   # the name other modules and tests know


def _kind_page(env, m: Model, game: str, kind: str) -> str:
    page = list_page_path(game, kind)
    recs = m.by_game_kind[game][kind]
    title = f"{KIND_PAGES[kind][1]}: {m.games[game]['name']}"
    if kind == "ruling":
        groups = [{"heading": md_text(topic), "anchor": "topic-" + _slug(topic),
                   "entries": [entry_view(m, r, page) for r in group]}
                  for topic, group in groupby(sorted(recs, key=lambda r: (r["topic"], r["id"])), key=lambda r: r["topic"])]
    else:
        groups = [{"heading": "", "anchor": "", "entries": [entry_view(m, r, page) for r in recs]}]
    return env.get_template("kind_list.md.j2").render(
        front=front_matter(title=esc(title)), title=md_text(title), intro=KIND_INTROS.get(kind, DEFAULT_INTRO), groups=groups)


def _record_page(env, m: Model, rec: dict) -> str:
    view = record_view(m, rec, m.page_of[rec["id"]])
    return env.get_template("record_page.md.j2").render(
        r=view, front=front_matter(title=esc(view["title"]), description=esc(view["description"])))


def _renamed_pages(env, m: Model, rec: dict) -> dict[str, str]:
    out = {}
    for old in rec.get("former_ids") or []:
        page = record_page_path(rec["game"], rec["kind"], old)
        view = former_id_view(m, rec["id"], old, page)
        out[page] = env.get_template("renamed_page.md.j2").render(r=view, front=front_matter(title=esc(view["title"])))
    return out


def _game_page(env, m: Model, game: str) -> str:
    g = m.games[game]
    page = f"{game}/index.md"
    links = PageLinks(m, page)
    pages = [(KIND_PAGES[k][1], links.page_href(list_page_path(game, k)), len(m.by_game_kind[game][k]))
             for k in m.kinds_of(game)]
    if g.get("player_aid"):
        pages.append(("Player aid (one page, for printing)", links.page_href(f"{game}/player-aid.md"), len(g["player_aid"])))
    view = {"id": g["id"], "heading": esc(g["name"]), "summary": links.inline(g["summary"]), "text": links.block(g["text"]),
            "source": source_view(links, g), "notes": [links.inline(n) for n in g.get("notes") or []],
            "facts": players_fact(links, g) + [(esc(f["label"]), esc(f["value"])) for f in g.get("facts") or []]}
    return env.get_template("game_index.md.j2").render(
        front=front_matter(title=esc(g["name"])), g=view, pages=pages, tools=tool_views(links, game),
        gaps=[links.inline(x) for x in g.get("source_gaps") or []])


# The start page's script: a classic build of content/assets/start/start.js with everything it
# imports (generator/export/classic_scripts.py, written by the build), loaded async by the page
# right after the box. A classic async script runs as soon as it arrives, while the page is still
# being parsed; a module script, even async, waits for the whole page, and the box must answer at once.
START_SCRIPT = "assets/start/start.js"
PLAY_PAGE = "play-along.md"   # the start page offers it, and the table this device keeps, on its first screen


def _start_game(m: Model, links: PageLinks, gid: str, g: dict) -> dict:
    """A game on the start page: what a player reaches for in play, all read from the model
    (its kinds' lists with their counts, its player aid, its calculators and helpers)."""
    lists = [(KIND_PAGES[k][1], links.page_href(list_page_path(gid, k)), len(m.by_game_kind[gid][k])) for k in m.kinds_of(gid)]
    tools = [(t["title"], t["href"]) for t in tool_views(links, gid)]
    if g.get("player_aid"):
        tools.append(("Player aid (print)", links.page_href(f"{gid}/player-aid.md")))
    return {"name": esc(g["name"]), "slug": esc(g["game"]), "href": links.page_href(f"{gid}/index.md"), "source": source_view(links, g)["title"],
            "count": sum(len(v) for v in m.by_game_kind[gid].values()), "lists": lists, "tools": tools}


def _home(env, m: Model, extra_pages) -> str:
    links = PageLinks(m, "index.md")
    games = [_start_game(m, links, gid, g) for gid, g in sorted(m.games.items(), key=lambda kv: kv[1]["source"]["file"])]
    extra = [(esc(title), links.page_href(path)) for title, path in extra_pages]
    return env.get_template("home.md.j2").render(games=games, extra_pages=extra, script=classic_path(START_SCRIPT),
                                                 play_href=links.page_href(PLAY_PAGE))


def _cross_game(env, m: Model) -> str:
    links = PageLinks(m, "cross-game.md")
    groups = []
    for name, recs in shared_names(m):
        entries = [(esc(links.game_name(r["game"], short=False)), links.link(r["id"]),
                    esc(KIND_LABEL.get(r["kind"], r["kind"]).lower()), links.inline(r.get("summary", ""))) for r in recs]
        groups.append((md_text(name), entries))
    return env.get_template("cross_game.md.j2").render(groups=groups)


def render_pages(m: Model, extra_pages: list[tuple[str, str]] = (), site_url: str | None = None) -> dict[str, str]:
    """Every generated page. extra_pages: (title, path) of hand-written pages to list on the home page;
    site_url: the site's address, for what must be absolute (the player aids' QR codes)."""
    env = _env()
    pages = {"index.md": _home(env, m, list(extra_pages)), "cross-game.md": _cross_game(env, m),
             GUIDE_PATH: render_search_guide(env, m)}
    for game in m.games:
        pages[f"{game}/index.md"] = _game_page(env, m, game)
        for kind in m.kinds_of(game):
            pages[list_page_path(game, kind)] = _kind_page(env, m, game, kind)
            for rec in m.by_game_kind[game][kind]:
                pages[m.page_of[rec["id"]]] = _record_page(env, m, rec)
                pages.update(_renamed_pages(env, m, rec))
        aid = aid_view(m, game, site_url)
        if aid:
            pages[f"{game}/player-aid.md"] = env.get_template("player_aid.md.j2").render(aid=aid, front=front_matter(title=aid["title"]))
    return {path: share_previews(_tidy(md)) for path, md in pages.items()}


def nav(m: Model, extra: list = ()) -> list:
    """MkDocs-style nav: home, one section per game with its kind lists, then hand-written pages.

    Titles are escaped: the theme prints them as HTML. Record pages are left out on purpose: a nav listing every record would be copied into
    every page, making the site grow with the square of the number of records.
    """
    out = [{"Home": "index.md"}]
    for gid, g in sorted(m.games.items(), key=lambda kv: kv[1]["source"]["file"]):
        items = [{"Overview": f"{gid}/index.md"}] + [{KIND_PAGES[k][1]: list_page_path(gid, k)} for k in m.kinds_of(gid)]
        if g.get("player_aid"):
            items.append({"Player aid (print)": f"{gid}/player-aid.md"})
        out.append({esc(g.get("short") or g["name"]): items})
    out.append({"Same name, different game": "cross-game.md"})
    return out + list(extra)
