"""The page a development server shows while the data has problems.

MkDocs' `serve` holds every request while its last build failed ("the server will
appear stuck until build errors are resolved"), so a contributor's browser waits
with no word of why. Instead, when serving, the site is built as this one page,
listing every problem; it is written as the site's index and as its 404 page, so
every URL shows it, and it reloads itself once the data is fixed. Engine-neutral:
a folder and the problems in, two files written. `mkdocs build` never gets here:
it fails on invalid data.
"""
from __future__ import annotations

import hashlib
from urllib.parse import urlsplit
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from generator.paths import TEMPLATES

PAGES = ("index.html", "404.html")


def problems_html(problems, site_name: str, root: str = "/") -> str:
    """The page; root is the site's path on the server (its home page)."""
    lines = [p.report() for p in problems]
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined)
    return env.get_template("problems.html.j2").render(
        problems=lines, count=len(lines), site_name=site_name, root=root,
        signature=hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16],
        stylesheet=_trusted("problems.css"), script=_trusted("problems-reload.js"))


def write_problems_page(site_dir: Path, problems, site_name: str, site_url: str | None = None) -> None:
    html = problems_html(problems, site_name, urlsplit(site_url or "/").path or "/")
    for name in PAGES:
        (site_dir / name).write_text(html, encoding="utf-8")


def _trusted(name: str):
    """A file of ours, put into the page as it is (autoescaping is for the problems, which quote data)."""
    return Markup((TEMPLATES / name).read_text(encoding="utf-8"))
