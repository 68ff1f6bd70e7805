"""Build the site with Zensical instead of MkDocs, from the same data, content/ and mkdocs.yml.

    python engines/zensical_build.py [OUT]       # `make zensical`; OUT defaults to build/zensical

Zensical reads mkdocs.yml but runs no hooks, so what the MkDocs hook does during a build is
done here around it, with the same engine-neutral calls (generator/site_files.py, the
offline copy and the service worker of generator/export/):
  1. validate the data (all problems, then exit 1: invalid data never becomes a site);
  2. stage OUT/docs = content/ plus every generated page, the export and the search index, each
     page as folder/index.md (folder_page says why) and content's Markdown links to them relinked;
  3. write OUT/mkdocs.yml: the project's mkdocs.yml with docs_dir and site_dir in OUT (Zensical
     wants both under the config's folder), the full nav (generated sections, then the hand-written
     pages, as the hook sets it), the theme overrides' folder, no hooks, and Zensical's own search
     off (staged_config says why);
  4. run `zensical build --strict` on it; the site is OUT/site. If Zensical fails, its last line
     is the message (not its Python traceback) and the partial site is removed: a site without
     its service worker must not be mistaken for a build;
  5. drop the empty search index Zensical still writes, which nothing loads;
  6. write the file:// copy and the service worker over the built files, as the hook's
     on_post_build does (without them offline.js registers a sw.js answered 404).
Nothing here is imported by the generator; nothing in the generator knows Zensical.
"""
from __future__ import annotations

import os
import posixpath
import re
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator import caches  # noqa: E402
from generator.build import model_from  # noqa: E402
from generator.export.finish import write_offline, write_start_script  # noqa: E402
from generator.paths import CONTENT, DATA  # noqa: E402
from generator.export.records import tool_files  # noqa: E402
from generator.export.page_scripts import early_builds  # noqa: E402
from generator.site_files import site_files  # noqa: E402
from generator.validate.run import load_and_validate  # noqa: E402

CONFIG = ROOT / "mkdocs.yml"


class _Loader(yaml.SafeLoader):
    """mkdocs.yml as both engines read it: `!ENV [NAME, default]` resolved from the environment."""


def _env(loader, node):
    names = loader.construct_sequence(node) if isinstance(node, yaml.SequenceNode) else [loader.construct_scalar(node)]
    *names, default = names if len(names) > 1 else (*names, None)
    return next((os.environ[n] for n in names if os.environ.get(n)), default)


_Loader.add_constructor("!ENV", _env)


def read_config(path: Path = CONFIG) -> dict:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)


def folder_page(rel: str) -> str:
    """'mare-nostrum/heroes/mn-ajax.md' -> 'mare-nostrum/heroes/mn-ajax/index.md': the same URL.

    The generator writes each page's links relative to its URL (mare-nostrum/heroes/mn-ajax/), as
    MkDocs leaves raw HTML. Zensical resolves a relative link in raw HTML against the page's file
    (mare-nostrum/heroes/) and rewrites it, so '../../' on Ajax's page would name the home page
    instead of Mare Nostrum's. A page staged as folder/index.md has its file where its URL is: both
    readings agree."""
    return rel if rel == "index.md" or rel.endswith("/index.md") else rel[:-3] + "/index.md"


_MD_LINK = re.compile(r"(\]\()([^)\s#]+\.md)((?:#[^)\s]*)?\))")


def relink(markdown: str, page: str, moved: dict[str, str]) -> str:
    """A hand-written page's Markdown links to other pages, pointed at where both are staged."""
    was, now = posixpath.dirname(page), posixpath.dirname(moved.get(page, page))

    def swap(m: re.Match) -> str:
        target = posixpath.normpath(posixpath.join(was, m.group(2)))
        return m.group(1) + posixpath.relpath(moved.get(target, target), now or ".") + m.group(3)
    return _MD_LINK.sub(swap, markdown)


def _renav(items, moved: dict[str, str]):
    out = []
    for item in items:
        if isinstance(item, dict):
            out.append({t: (moved.get(v, v) if isinstance(v, str) else _renav(v, moved)) for t, v in item.items()})
        else:
            out.append(moved.get(item, item) if isinstance(item, str) else item)
    return out


# The theme overrides as Zensical gets them: all but the ones written for MkDocs' own context.
THEME_COPY = "overrides"
MKDOCS_ONLY = ("sitemap.xml",)   # iterates MkDocs' `pages`, which Zensical's sitemap has not


def stage_theme(config: dict, out: Path) -> None:
    custom = (config.get("theme") or {}).get("custom_dir")
    if custom:
        shutil.copytree(ROOT / custom, out / THEME_COPY, ignore=shutil.ignore_patterns(*MKDOCS_ONLY))


# Zensical's search plugin is on unless the config turns it off (mkdocs.yml's `plugins: []` is
# not enough). Its index is loaded by nothing: the header's search is the compendium's own, as
# Material's is off for MkDocs. It also has a ceiling, 131,072 token positions for one page's
# section: a record whose page lists about 3,000 rulings passed it, and Zensical stopped with a
# traceback half-way, leaving a site without sw.js, for data MkDocs builds.
SEARCH_OFF = {"search": {"enabled": False}}


def _plugin_name(entry) -> str | None:
    return entry if isinstance(entry, str) else next(iter(entry), None) if isinstance(entry, dict) and len(entry) == 1 else None


def staged_config(config: dict, out: Path, full_nav: list) -> dict:
    """The project's config, pointed at the staged folders, with the nav the hook would set and
    Zensical's own search index off (SEARCH_OFF)."""
    staged = dict(config)
    staged.pop("hooks", None)
    plugins = staged.get("plugins") or []
    if isinstance(plugins, dict):
        plugins = [{name: value} for name, value in plugins.items()]
    plugins = [p for p in plugins if _plugin_name(p) not in ("search", "material/search")]
    staged.update(docs_dir="docs", site_dir="site", nav=full_nav, plugins=[*plugins, SEARCH_OFF])
    theme = dict(staged.get("theme") or {})
    if theme.get("custom_dir"):
        theme["custom_dir"] = THEME_COPY
    staged["theme"] = theme
    return staged


def stage(out: Path) -> int:
    caches.clear()
    records, problems = load_and_validate(DATA)
    for p in problems:
        print(p.report(), file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s); no site is built from invalid data.", file=sys.stderr)
        return 1
    config = read_config()
    model = model_from(records)
    generated, full_nav, colors = site_files(model, config.get("nav"), CONTENT,
                                             config.get("site_url"), config.get("site_name") or "")
    config["extra"] = {**(config.get("extra") or {}), "app_colors": colors,   # partials/app-head.html
                       "tool_files": tool_files(model)}                       # partials/tool-early.html
    config["extra"]["early_builds"] = early_builds(config["extra"]["tool_files"], CONTENT)   # partials/early-build.html
    if out.exists():
        shutil.rmtree(out)
    docs = out / "docs"
    shutil.copytree(CONTENT, docs, ignore=shutil.ignore_patterns("README.md"))   # manuals, not pages (mkdocs.yml: exclude_docs)
    hand = sorted(p.relative_to(docs).as_posix() for p in docs.rglob("*.md"))
    moved = {rel: folder_page(rel) for rel in [*hand, *generated] if rel.endswith(".md")}
    for rel in hand:
        text = (docs / rel).read_text(encoding="utf-8")
        (docs / rel).unlink()
        (docs / moved[rel]).parent.mkdir(parents=True, exist_ok=True)
        (docs / moved[rel]).write_text(relink(text, rel, moved), encoding="utf-8")
    for rel, text in sorted(generated.items()):
        if rel in moved and rel in hand or (docs / moved.get(rel, rel)).exists():
            print(f"content/{rel} clashes with a generated page; generated pages are not kept in content/", file=sys.stderr)
            return 1
        target = docs / moved.get(rel, rel)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    stage_theme(config, out)
    (out / "mkdocs.yml").write_text(yaml.safe_dump(staged_config(config, out, _renav(full_nav, moved)), sort_keys=False,
                                                   allow_unicode=True), encoding="utf-8")
    return 0


def without_traceback(text: str) -> str:
    """Zensical's output with each Python traceback cut to its last line, the error itself: a
    maintainer reads what went wrong, not the frames of Zensical's command line."""
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        if line.startswith("Traceback (most recent call last):"):
            skipping = True
        elif skipping and line[:1] not in (" ", "\t", "\n", ""):
            skipping = False
        if not skipping:
            out.append(line)
    return "".join(out)


def run_zensical(zensical: str, out: Path) -> int:
    """`zensical build --strict` on OUT/mkdocs.yml; its exit code. On a failure OUT/site is removed
    (Zensical leaves the pages it had written, without the service worker that main adds after)
    and the failure is said in one line after Zensical's own, traceback-free, output."""
    site = out / "site"
    done = subprocess.run([zensical, "build", "--strict", "--clean", "-f", str(out / "mkdocs.yml")], cwd=out,
                          capture_output=True, text=True)
    print(without_traceback(done.stdout), end="")
    print(without_traceback(done.stderr), end="", file=sys.stderr)
    if done.returncode:
        shutil.rmtree(site, ignore_errors=True)
        print(f"zensical build failed (exit {done.returncode}); the partial site was removed: nothing is in {site}",
              file=sys.stderr)
    return done.returncode


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else ROOT / "build" / "zensical").resolve()
    if stage(out):
        return 1
    zensical = shutil.which("zensical", path=str(Path(sys.executable).parent)) or shutil.which("zensical")
    if not zensical:
        print("zensical is not installed: run `make zensical`, which installs the pinned version", file=sys.stderr)
        return 1
    failed = run_zensical(zensical, out)
    if failed:
        return failed
    site, dir_urls = out / "site", read_config().get("use_directory_urls", True)
    # Zensical writes an (empty) search index even with its search off; nothing loads it (the
    # header's search is the compendium's own; tests/test_zensical.py sees no request fail), and
    # the service worker would save it for offline use.
    (site / "search.json").unlink(missing_ok=True)
    write_start_script(site)                # as the hook's on_post_build does
    write_offline(site, dir_urls)           # the file:// zip, then the service worker over the final files
    print(f"built {sum(1 for _ in site.rglob('index.html'))} pages with Zensical into {site}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
