"""The only MkDocs-aware module: hands the generator's pages to MkDocs.

Keep it thin. Everything it calls is engine-neutral, so moving to another site
engine means rewriting this file alone.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.plugins import event_priority  # noqa: E402
from mkdocs.structure.files import File  # noqa: E402

from generator import caches  # noqa: E402
from generator.build import model_from  # noqa: E402
from generator.export import export_files  # noqa: E402
from generator.model import page_url  # noqa: E402
from generator.offline import write_service_worker  # noqa: E402
from generator.offline_copy import write_offline_copy  # noqa: E402
from generator.paths import DATA, SCHEMAS, TEMPLATES  # noqa: E402
from generator.render import nav, render_pages  # noqa: E402
from generator.search_docs import opening_words  # noqa: E402
from generator.search_index import search_files  # noqa: E402
from generator.validate import load_and_validate  # noqa: E402

_files: dict[str, str] = {}


def _nav_pages(items):
    """(title, path) of every page in the hand-written nav, for the home page."""
    for item in items or []:
        if isinstance(item, dict):
            for title, value in item.items():
                if isinstance(value, str):
                    yield title, value
                else:
                    yield from _nav_pages(value)


def on_config(config):
    caches.clear()
    records, problems = load_and_validate(DATA)
    if problems:
        listing = "\n".join(str(p) for p in problems)
        raise PluginError(f"{len(problems)} data problem(s); no site is built from invalid data:\n{listing}")
    model = model_from(records)
    hand_nav = list(config.nav or [])
    _files.clear()
    _files.update(render_pages(model, list(_nav_pages(hand_nav))))
    _files.update(export_files(model))
    _files.update(search_files(model, _searchable_pages(config, hand_nav)))
    config.nav = nav(model, hand_nav)
    return config


def _searchable_pages(config, hand_nav):
    """(title, url, opening words) of each hand-written page in the nav, for the site search."""
    pages = []
    for title, path in _nav_pages(hand_nav):
        source = Path(config.docs_dir) / path
        if source.is_file():
            pages.append((title, page_url(path), opening_words(source.read_text(encoding="utf-8"))))
    return pages


def on_files(files, config):
    for path, content in _files.items():
        if files.get_file_from_path(path):
            raise PluginError(f"content/{path} clashes with a generated page; generated pages are not kept in content/")
        files.append(File.generated(config, path, content=content))
    return files


@event_priority(-100)  # after every other step has written its files
def on_post_build(config):
    site, dir_urls = Path(config.site_dir), config.use_directory_urls
    write_offline_copy(site, dir_urls)      # the file:// zip, then the service worker over the final files
    write_service_worker(site, dir_urls)


def on_serve(server, config, builder):
    for folder in (DATA, SCHEMAS, TEMPLATES):
        server.watch(str(folder))
    return server
