"""The generator's one entry point: raw records to site files."""
from __future__ import annotations

from generator.export.records import export_files
from generator.load.files import RawRecord
from generator.model.records import Model, build_model
from generator.render.pages import render_pages
from generator.export.search_index import search_files


def model_from(records: list[RawRecord]) -> Model:
    return build_model([r.data for r in records])


def build_site_files(records: list[RawRecord], extra_pages=()) -> dict[str, str]:
    """{site path: text}: Markdown pages, the JSON export and the search index."""
    m = model_from(records)
    return {**render_pages(m, extra_pages), **export_files(m), **search_files(m)}
