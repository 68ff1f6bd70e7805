"""What follows an engine's build, over the files it wrote: the same for MkDocs (the hook's
on_post_build) and Zensical (engines/zensical_build.py), which runs no hooks."""
from __future__ import annotations

from pathlib import Path

from generator.export.classic_scripts import classic_script
from generator.model.script_paths import classic_path
from generator.export.minify import drop_inlined_stylesheets, minified_site_scripts, minify_texts, write_texts
from generator.export.offline import write_service_worker
from generator.export.offline_copy import write_offline_copy
from generator.export.page_scripts import page_modules
from generator.render.pages import START_SCRIPT


# Play along's page module; partials/play-early.html loads its classic build from the head, so a
# phone that scanned a table's code asks for its records at once.
PLAY_SCRIPT = "assets/play/page/index.js"


def write_start_script(site: Path) -> None:
    """The start page's box runs from a classic build of its module (render/pages.py says why),
    and so does play along opened directly (a scanned QR code): its 24 modules were a chain of
    requests, each waiting for the one before, and with a browser's six connections to a host a
    slow network spent a second on round trips alone (tests/benchmarks/play_cold_bench.py). One
    file, asked for as the head is read, runs as soon as it is in; instant navigation still
    imports the modules (page-scripts.js). Each tool page is started the same way
    (page_scripts.py early_builds): every module page-scripts.js's PAGES names is built.
    Raises ModuleSyntaxError or PageScriptsError."""
    for entry in classic_entries(site):
        (site / classic_path(entry)).write_text(classic_script(entry, site), encoding="utf-8")


def classic_entries(site: Path) -> list[str]:
    """The modules given a classic build (their site paths): the start page's, play along's and
    every one page-scripts.js's PAGES names, read from `site` (the site before minifying, or content/)."""
    return sorted({START_SCRIPT, PLAY_SCRIPT, *page_modules(site).values()})


def write_offline(site: Path, dir_urls: bool) -> None:
    """The site's scripts minified and its stylesheet bundled (minify.py), the file:// zip with the same minified scripts and
    its classic builds minified too, then the service worker over the final files. The zip's
    classic builds are made from the modules as written, so the site's scripts are replaced only
    after it. `mkdocs serve` does not come here: its preview serves the scripts as written (its
    --dirty rebuilds convert the site's modules again). Raises ModuleSyntaxError, BuildTimeError
    or MinifyError."""
    small = minified_site_scripts(site)
    drop_inlined_stylesheets(site)
    write_offline_copy(site, dir_urls, small, minify_texts)
    write_texts(site, small)
    write_service_worker(site, dir_urls)
