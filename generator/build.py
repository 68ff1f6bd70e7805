"""The generator's one entry point: raw records to site files."""
from __future__ import annotations

from .export import export_files
from .load import RawRecord
from .model import Model, build_model
from .render import render_pages
from .search_index import search_files


def model_from(records: list[RawRecord]) -> Model:
    return build_model([r.data for r in records])


def build_site_files(records: list[RawRecord], extra_pages=()) -> dict[str, str]:
    """{site path: text}: Markdown pages, the JSON export and the search index."""
    m = model_from(records)
    return {**render_pages(m, extra_pages), **export_files(m), **search_files(m)}
