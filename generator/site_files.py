"""Every generated file of the site, given the hand-written pages an engine's config lists.

Engine-neutral: the MkDocs hook and the Zensical build (engines/zensical_build.py) both call
it with the nav of mkdocs.yml (a list of {title: path or list}, the shape both engines read)
and the folder of hand-written pages, and get the same pages, export and search index, and
the full nav (generated sections first, then the hand-written pages).
"""
from __future__ import annotations

from pathlib import Path

from generator.export.app_manifest import MANIFEST_PATH, app_manifest
from generator.export.records import export_files
from generator.model.reader_text import opening_words
from generator.export.search_index import search_files
from generator.model.records import Model, page_url
from generator.render.pages import nav, render_pages


def nav_pages(items):
    """(title, path) of every page in a hand-written nav, for the home page."""
    for item in items or []:
        if isinstance(item, dict):
            for title, value in item.items():
                if isinstance(value, str):
                    yield title, value
                else:
                    yield from nav_pages(value)


def searchable_pages(docs_dir: Path, hand_nav) -> list[tuple[str, str, str]]:
    """(title, url, opening words) of each hand-written page in the nav, for the site search."""
    pages = []
    for title, path in nav_pages(hand_nav):
        source = Path(docs_dir) / path
        if source.is_file():
            pages.append((title, page_url(path), opening_words(source.read_text(encoding="utf-8"))))
    return pages


def site_files(model: Model, hand_nav, docs_dir: Path, site_url: str | None = None,
               site_name: str = "") -> tuple[dict[str, str], list, dict]:
    """({site path: text}, full nav, the app's light and dark colours) for a site whose
    hand-written pages are hand_nav in docs_dir, served at site_url (None: not known, so the
    player aids carry no QR code). Raises ManifestError for a broken manifest or icon."""
    hand_nav = list(hand_nav or [])
    files = render_pages(model, list(nav_pages(hand_nav)), site_url)
    files.update(export_files(model))
    files.update(search_files(model, searchable_pages(docs_dir, hand_nav)))
    files[MANIFEST_PATH], colors = app_manifest(site_name, site_url, Path(docs_dir))
    return files, nav(model, hand_nav), colors
