"""The downloadable copy of the site that works opened from file://.

Made from the site just built, without a second build: every relative link to a
folder ('../gods/#mn-athena') is pointed at the folder's index.html, because a
browser opening files shows a folder listing, not its index page. Chromium fetches
nothing and runs no ES module from file://, so what scripts need comes in forms that load
from files: each page script that is one of our modules is replaced by a classic build of
it and of every module it imports (classic_scripts.py); the search index is also written as
a script (search/index.js), with each result's address pointed at an index.html too; and
the records the calculators and helpers read are also written as api/records.js, a script
that sets a global. The result is one zip with a single top folder. Pure: a folder in, a
zip written into it.
"""
from __future__ import annotations

import functools
import json
import re
import zipfile
from pathlib import Path
from typing import Callable

from generator.export.build_time import zip_stamp
from generator.export.classic_scripts import classic_page, records_script
from generator.export.search_index import INDEX_PATH

ZIP_PATH = "downloads/ancient-games-compendium-offline.zip"
TOP = "ancient-games-compendium"
INDEX_SCRIPT = "search/index.js"
INDEX_GLOBAL = "__COMPENDIUM_SEARCH_INDEX__"   # read by content/assets/search/load.js
# Not copied: the download itself, Material's lunr language packs and its search worker
# (the compendium's own search replaces them), source maps, the sitemap.
SKIP_PREFIXES = ("downloads/", "assets/javascripts/lunr/", "assets/javascripts/workers/")
SKIP_SUFFIXES = (".map", "sitemap.xml", "sitemap.xml.gz")
SKIP_NAMES = {"sw.js", "offline.json", "404.html"}   # 404.html links from the server root: useless in files
_ATTR = re.compile(r'(\s(?:href|src)=")([^"]*)(")')
_EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|/|#|\?)", re.I)


@functools.lru_cache(maxsize=4096)   # the same nav links recur on every page
def file_link(url: str) -> str:
    """'../gods/#x' -> '../gods/index.html#x'; other links unchanged."""
    if not url or _EXTERNAL.match(url):
        return url
    cut = min([i for i in (url.find("#"), url.find("?")) if i >= 0], default=len(url))
    path, rest = url[:cut], url[cut:]
    last = path.rsplit("/", 1)[-1]
    if path.endswith("/"):
        path += "index.html"
    elif last in (".", ".."):
        path += "/index.html"
    else:
        return url
    return path + rest


def html_for_files(html: str, directory_urls: bool = True) -> str:
    if directory_urls:
        html = _ATTR.sub(lambda m: m.group(1) + file_link(m.group(2)) + m.group(3), html)
    return html


def index_for_files(index_json: str, directory_urls: bool = True) -> str:
    """The search index with each result's address pointed at a file."""
    index = json.loads(index_json)
    if directory_urls:
        url = index["doc_fields"].index("url")
        for row in index["docs"]:
            row[url] = file_link(row[url])
    return json.dumps(index, ensure_ascii=False, separators=(",", ":"))


def copied_files(site: Path) -> list[str]:
    return sorted(rel for rel in (p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
                  if rel not in SKIP_NAMES and not rel.startswith(SKIP_PREFIXES) and not rel.endswith(SKIP_SUFFIXES))


def write_offline_copy(site: Path, directory_urls: bool = True, scripts: dict[str, str] | None = None,
                       minify: Callable[[dict[str, str]], dict[str, str]] | None = None) -> Path:
    """Write the file:// copy of the built site as a zip inside it; returns the zip's path.

    `scripts` ({site path: text}) replaces those files of the site in the copy (the minified
    scripts, while the site still holds the modules as written, which the classic builds are made
    from); `minify` is applied to the copy's classic builds."""
    out = site / ZIP_PATH
    out.parent.mkdir(parents=True, exist_ok=True)
    stamp = zip_stamp()   # one fixed time (SOURCE_DATE_EPOCH where set): the same site gives the same zip
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        def put(rel: str, data: bytes) -> None:
            info = zipfile.ZipInfo(f"{TOP}/{rel}", stamp)
            info.create_system = 3             # Unix, on every machine (ZipInfo says 0 on Windows)
            info.external_attr = 0o644 << 16   # rw-r--r--, not the builder's umask
            zf.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)

        classic: dict[str, str] = {}   # classic builds of the module scripts, by site path
        for rel in copied_files(site):
            data = (site / rel).read_bytes()
            if rel.endswith(".html"):
                html = html_for_files(data.decode("utf-8"), directory_urls)
                data = classic_page(html, rel, site, classic).encode("utf-8")
            elif rel == "api/records.json":
                put("api/records.js", records_script(data.decode("utf-8")).encode("utf-8"))
            elif rel == INDEX_PATH:
                index = index_for_files(data.decode("utf-8"), directory_urls)
                data = index.encode("utf-8")
                put(INDEX_SCRIPT, f"window.{INDEX_GLOBAL} = {index};\n".encode("utf-8"))
            elif scripts and rel in scripts:
                data = scripts[rel].encode("utf-8")
            put(rel, data)
        if minify:
            classic = minify(classic)
        for rel, text in sorted(classic.items()):
            put(rel, text.encode("utf-8"))
    return out
