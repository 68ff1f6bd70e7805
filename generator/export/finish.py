"""What follows an engine's build, over the files it wrote: the same for MkDocs (the hook's
on_post_build) and Zensical (engines/zensical_build.py), which runs no hooks."""
from __future__ import annotations

from pathlib import Path

from generator.export.classic_scripts import classic_path, classic_script
from generator.export.offline import write_service_worker
from generator.export.offline_copy import write_offline_copy
from generator.render.pages import START_SCRIPT


def write_start_script(site: Path) -> None:
    """The start page's box runs from a classic build of its module (render/pages.py says why).
    Raises ModuleSyntaxError."""
    (site / classic_path(START_SCRIPT)).write_text(classic_script(START_SCRIPT, site), encoding="utf-8")


def write_offline(site: Path, dir_urls: bool) -> None:
    """The file:// zip, then the service worker over the final files. Raises ModuleSyntaxError
    or BuildTimeError."""
    write_offline_copy(site, dir_urls)
    write_service_worker(site, dir_urls)
