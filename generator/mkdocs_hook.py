"""The only MkDocs-aware module: hands the generator's pages to MkDocs.

Keep it thin. Everything it calls is engine-neutral, so moving to another site
engine means rewriting this file alone.
"""
from __future__ import annotations

import html
import logging
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.plugins import event_priority  # noqa: E402
from mkdocs.structure.files import File, Files  # noqa: E402
from mkdocs.utils import clean_directory  # noqa: E402

from generator import caches  # noqa: E402
from generator.build import model_from  # noqa: E402
from generator.export.app_manifest import ManifestError  # noqa: E402
from generator.export.build_time import BuildTimeError, build_datetime  # noqa: E402
from generator.export.classic_scripts import ModuleSyntaxError  # noqa: E402
from generator.export.finish import write_offline, write_start_script  # noqa: E402
from generator.export.minify import MinifyError  # noqa: E402
from generator.export.page_scripts import PageScriptsError, early_builds  # noqa: E402
from generator.export.records import tool_files  # noqa: E402
from generator.paths import DATA, SCHEMAS, TEMPLATES  # noqa: E402
from generator.validate.problems_page import write_problems_page  # noqa: E402
from generator.render.share import left_out, page_descriptions, share_meta  # noqa: E402
from generator.site_files import site_files  # noqa: E402
from generator.validate.run import load_and_validate  # noqa: E402

log = logging.getLogger("mkdocs.hooks.compendium")
_files: dict[str, str] = {}
_html_bodies: dict[str, str] = {}   # page -> the HTML body kept out of Markdown (see on_page_markdown)
HTML_PAGE = '<div class="cmp-record"'
PLACEHOLDER = "cmp-html-body"
_serving = False          # `mkdocs serve`: invalid data is shown as a page, not a failed build
_dirty = False            # `mkdocs serve --dirty` (make serve): rebuild only the pages an edit changed
_problems: list = []
_built: dict[str, str] = {}   # serve --dirty: generated path -> the content the site holds now
_built_with: list = []        # ... and the nav and theme files those pages were built with
_descriptions: dict[str, str] = {}   # page path -> its plain description (generator/render/share.py)


class _QuietDirty(logging.Filter):
    """MkDocs warns on every --dirty build that links may be stale. Ours are not: a page whose
    generated content changed, or every page when the nav or theme changed, is rebuilt
    (on_files). Dropped so that --strict still fails on every other warning."""

    def filter(self, record):
        return "'dirty' build" not in record.getMessage()


def on_startup(command, dirty):
    global _serving, _dirty
    _serving, _dirty = command == "serve", dirty
    if dirty:
        # ProperDocs (make serve ENGINE=properdocs), MkDocs' fork, logs the same warning under its own name.
        for name in ("mkdocs.commands.build", "properdocs.commands.build"):
            logging.getLogger(name).addFilter(_QuietDirty())


def on_config(config):
    caches.clear()
    records, problems = load_and_validate(DATA)
    _problems[:] = problems
    if problems:
        listing = "\n".join(p.report() for p in problems)
        message = f"{len(problems)} data problem(s); no site is built from invalid data:\n{listing}"
        if not _serving:
            raise PluginError(message)
        print(message, file=sys.stderr)   # a logged error would abort the strict build we rely on
        config.nav = []
        return config
    model = model_from(records)
    try:   # the manifest's colours also go in each page's theme-color meta (partials/app-head.html)
        generated, config.nav, config.extra["app_colors"] = site_files(
            model, config.nav, Path(config.docs_dir), config.site_url, config.site_name)
    except ManifestError as err:
        raise PluginError(str(err)) from None
    config.extra["tool_files"] = tool_files(model)   # each tool page's records, asked for early (partials/tool-early.html)
    try:   # ... and its script, one classic file (partials/early-build.html)
        config.extra["early_builds"] = early_builds(config.extra["tool_files"], Path(config.docs_dir))
    except PageScriptsError as err:
        raise PluginError(str(err)) from None
    _files.clear()
    _files.update(generated)
    _descriptions.clear()
    _descriptions.update(page_descriptions(model, _hand_pages(config), config.site_description or ""))
    missing = left_out(config.site_url)
    if missing:
        log.info(missing)   # said, not warned: a build without an address is still a good build
    return config


def _hand_pages(config) -> dict[str, str]:
    """{path: Markdown} of every hand-written page, for its description."""
    docs = Path(config.docs_dir)
    return {p.relative_to(docs).as_posix(): p.read_text(encoding="utf-8") for p in sorted(docs.rglob("*.md"))}


def _unchanged() -> bool:
    return False


def _build_signature(config) -> list:
    """What every page is rendered with besides its own content: the nav and the theme overrides."""
    theme_dir = Path(config.theme.custom_dir) if config.theme.custom_dir else None
    theme = sorted((str(p), p.stat().st_mtime_ns) for p in theme_dir.rglob("*") if p.is_file()) if theme_dir else []
    return [repr(config.nav), theme]


def on_files(files, config):
    if _problems:
        _built.clear()                    # the site dir holds only the problems page now
        return Files([])                  # serving invalid data: only the problems page, written below
    signature = _build_signature(config)
    if signature != _built_with:
        _built.clear()
        _built_with[:] = signature
    for path, content in _files.items():
        if files.get_file_from_path(path):
            raise PluginError(f"content/{path} clashes with a generated page; generated pages are not kept in content/")
        file = File.generated(config, path, content=content)
        if _dirty and _built.get(path) == content and Path(file.abs_dest_path).exists():
            file.is_modified = _unchanged   # --dirty leaves the page as the last build wrote it
        files.append(file)
    if _dirty:
        _built.clear()
        _built.update(_files)
    return files


def on_pre_page(page, config, files):
    """A page's date is the build's fixed time, not the clock's (MkDocs gzips the sitemap with it)."""
    try:
        page.update_date = build_datetime().strftime("%Y-%m-%d")
    except BuildTimeError as err:
        raise PluginError(str(err)) from None
    return page


def on_page_markdown(markdown, page, config, files):
    """A generated page whose whole body is one HTML block (every record page) skips Markdown.

    Markdown would only re-parse the HTML, which is most of the build's time; the block comes
    back unchanged in on_page_content.
    """
    body = markdown.strip()
    if page.file.src_uri in _files and body.startswith(HTML_PAGE) and body.endswith("</div>"):
        _html_bodies[page.file.src_uri] = body
        return PLACEHOLDER
    return markdown


def on_page_content(html, page, config, files):
    body = _html_bodies.pop(page.file.src_uri, None)
    return html if body is None else html.replace(f"<p>{PLACEHOLDER}</p>", body, 1)


def on_page_context(context, page, config, nav):
    """Hands each page its share meta (partials/share-meta.html prints it)."""
    path = page.file.src_uri
    if path in _descriptions:
        meta = share_meta(path, page.title or "", _descriptions[path], config.site_url, config.site_name)
        page.meta["share"] = meta
        page.meta["description"] = html.escape(meta.description)   # the theme prints it unescaped
    return context


@event_priority(-100)  # after every other step has written its files
def on_post_build(config):
    if _problems:
        clean_directory(config.site_dir)  # a --dirty build leaves the last site's pages otherwise
        write_problems_page(Path(config.site_dir), _problems, config.site_name, config.site_url)
        return
    site, dir_urls = Path(config.site_dir), config.use_directory_urls
    try:
        write_start_script(site)
    except (ModuleSyntaxError, PageScriptsError) as err:
        raise PluginError(f"the early pages' scripts cannot be built: {err}") from None
    if _serving:
        return                              # a preview: no download, and offline.js keeps the service worker off
    try:
        write_offline(site, dir_urls)
    except (ModuleSyntaxError, BuildTimeError) as err:   # say what, no traceback
        raise PluginError(f"the downloadable copy cannot be made: {err}") from None
    except MinifyError as err:
        raise PluginError(f"the site's scripts cannot be minified: {err}") from None


def on_serve(server, config, builder):
    for folder in (DATA, SCHEMAS, TEMPLATES):
        server.watch(str(folder))
    return server
