"""The service worker that keeps the whole site available offline.

Its precache list is made from the files actually built, after every other
build step, so it never goes stale; its cache name carries a hash of their
content, so any change installs a new cache and the old one is deleted.
Pure: a folder in, two files written into it.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from urllib.parse import quote

from generator.paths import TEMPLATES

SW_NAME = "sw.js"
MANIFEST_NAME = "offline.json"
# Not precached: the download (it is the offline copy itself), source maps, the gzipped sitemap,
# and Material's lunr language packs and search worker, which the theme ships but nothing loads
# (the compendium's own search, content/assets/search/, replaces them). sitemap.xml stays: the
# theme's instant navigation reads it.
SKIP_PREFIXES = ("downloads/", "assets/javascripts/lunr/", "assets/javascripts/workers/")
SKIP_SUFFIXES = (".map", "sitemap.xml.gz")
SKIP_NAMES = {SW_NAME, MANIFEST_NAME}


def precached_files(site: Path) -> list[str]:
    """Site paths (posix, relative) that go into the offline cache, sorted."""
    out = []
    for path in site.rglob("*"):
        rel = path.relative_to(site).as_posix()
        if (path.is_file() and rel not in SKIP_NAMES and not rel.startswith(SKIP_PREFIXES)
                and not rel.endswith(SKIP_SUFFIXES)):
            out.append(rel)
    return sorted(out)


def file_url(rel: str, directory_urls: bool) -> str:
    """URL relative to the site root under which a page is requested: 'x/index.html' -> 'x/'."""
    if directory_urls and (rel == "index.html" or rel.endswith("/index.html")):
        rel = rel[: -len("index.html")] or "./"
    return quote(rel)


def manifest(site: Path, directory_urls: bool = True) -> dict:
    files = precached_files(site)
    digest = hashlib.sha256()
    size = 0
    for rel in files:
        data = (site / rel).read_bytes()
        size += len(data)
        digest.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
    version = digest.hexdigest()[:16]
    urls = [file_url(rel, directory_urls) for rel in files] + [MANIFEST_NAME]
    return {"version": version, "cache": f"compendium-{version}", "bytes": size, "count": len(urls), "urls": urls}


def write_service_worker(site: Path, directory_urls: bool = True) -> dict:
    """Write offline.json and sw.js at the site root; returns the manifest."""
    info = manifest(site, directory_urls)
    (site / MANIFEST_NAME).write_text(json.dumps(info, separators=(",", ":")), encoding="utf-8")
    body = (TEMPLATES / "service-worker.js").read_text(encoding="utf-8")
    head = f"const CACHE = {json.dumps(info['cache'])};\nconst PRECACHE = {json.dumps(info['urls'])};\n"
    (site / SW_NAME).write_text(head + body, encoding="utf-8")
    return info
