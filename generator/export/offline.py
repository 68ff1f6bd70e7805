"""The service worker that keeps the whole site available offline, at a fraction of its weight.

Its list is made from the files actually built, after every other build step, so it never
goes stale; its cache name carries a hash of their content, so any change installs a new
cache and the old one is deleted.

Pages and JSON are most of the site's bytes, and most of a page is the theme's chrome,
repeated on every page. So they are not stored one by one: the files of each folder
(a game's kind and its records, the export, the search index...) are concatenated into
one gzip pack, where gzip's window finds each page's chrome in the page before it. The
service worker stores the packs and the other files (scripts, styles, images) as they
are, and answers a page from its pack (generator/templates/service-worker.js). The whole
site stays offline, byte for byte the pages the server sends.

Pure: a folder in, sw.js, offline.json and the packs written into it; the same folder
gives the same bytes (gzip with no time and no name, sorted lists, content-named packs).
"""
from __future__ import annotations

import gzip
import hashlib
import json
from collections import defaultdict
from pathlib import Path
from urllib.parse import quote

from generator.paths import TEMPLATES

SW_NAME = "sw.js"
MANIFEST_NAME = "offline.json"
PACK_DIR = "offline/packs/"
# Not stored: the download (it is the offline copy itself), source maps, the gzipped sitemap,
# and Material's lunr language packs and search worker, which the theme ships but nothing loads
# (the compendium's own search, content/assets/search/, replaces them). sitemap.xml stays: the
# theme's instant navigation reads it.
SKIP_PREFIXES = ("downloads/", "assets/javascripts/lunr/", "assets/javascripts/workers/", PACK_DIR)
SKIP_SUFFIXES = (".map", "sitemap.xml.gz")
SKIP_NAMES = {SW_NAME, MANIFEST_NAME}
# Text the theme repeats from file to file: these go into packs; the rest is stored as built.
PACKED_TYPES = {".html": "text/html; charset=utf-8", ".json": "application/json", ".xml": "application/xml"}


def precached_files(site: Path) -> list[str]:
    """Site paths (posix, relative) that are kept offline, sorted."""
    out = []
    for path in site.rglob("*"):
        rel = path.relative_to(site).as_posix()
        if (path.is_file() and rel not in SKIP_NAMES and not rel.startswith(SKIP_PREFIXES)
                and not rel.endswith(SKIP_SUFFIXES)):
            out.append(rel)
    return sorted(out)


def is_packed(rel: str) -> bool:
    return Path(rel).suffix in PACKED_TYPES


def pack_key(rel: str) -> str:
    """The pack a file goes in: its first two folders ('mare-nostrum/heroes'), or its only one, or ''.

    service-worker.js computes the same key from a request's path; the two must agree.
    """
    folders = rel.split("/")[:-1]
    return "/".join(folders[:2])


def file_url(rel: str, directory_urls: bool) -> str:
    """URL relative to the site root under which a page is requested: 'x/index.html' -> 'x/'."""
    if directory_urls and (rel == "index.html" or rel.endswith("/index.html")):
        rel = rel[: -len("index.html")] or "./"
    return quote(rel)


def make_pack(site: Path, files: list[str]) -> bytes:
    """One gzip member: a JSON line {path: [offset, length, content type]}, then the files' bytes."""
    bodies = [(site / rel).read_bytes() for rel in files]
    index, offset = {}, 0
    for rel, body in zip(files, bodies):
        index[rel] = [offset, len(body), PACKED_TYPES[Path(rel).suffix]]
        offset += len(body)
    head = json.dumps(index, separators=(",", ":"), sort_keys=True).encode() + b"\n"
    return gzip.compress(head + b"".join(bodies), compresslevel=9, mtime=0)


def packs(site: Path, files: list[str]) -> dict[str, bytes]:
    """{pack key: gzip bytes} for the files that are packed."""
    groups: dict[str, list[str]] = defaultdict(list)
    for rel in files:
        if is_packed(rel):
            groups[pack_key(rel)].append(rel)
    return {key: make_pack(site, sorted(group)) for key, group in sorted(groups.items())}


def manifest(site: Path, directory_urls: bool = True, packed: dict[str, bytes] | None = None) -> dict:
    """What the service worker stores: the plain files, the packs, and the totals the footer shows.

    bytes: what a visit downloads and the device keeps (plain files and packs);
    site_bytes: the same files unpacked, as the server sends them one by one.
    """
    files = precached_files(site)
    packed = packs(site, files) if packed is None else packed
    digest = hashlib.sha256()
    plain, site_bytes = [], 0
    for rel in files:
        data = (site / rel).read_bytes()
        site_bytes += len(data)
        digest.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
        if not is_packed(rel):
            plain.append(rel)
    pack_urls = {key: f"{PACK_DIR}{hashlib.sha256(data).hexdigest()[:16]}.gz" for key, data in packed.items()}
    # The worker checks each pack at install against these (the unzipped content's hash): a server
    # that sends .gz files as "Content-Encoding: gzip" hands it the content, not the gzip bytes.
    pack_content = {pack_urls[key]: hashlib.sha256(gzip.decompress(data)).hexdigest() for key, data in packed.items()}
    version = digest.hexdigest()[:16]
    stored = sum((site / rel).stat().st_size for rel in plain) + sum(map(len, packed.values()))
    urls = [file_url(rel, directory_urls) for rel in plain] + sorted(pack_urls.values()) + [MANIFEST_NAME]
    return {"version": version, "cache": f"compendium-{version}", "bytes": stored, "site_bytes": site_bytes,
            "files": len(files), "count": len(urls), "urls": urls, "packs": pack_urls,
            "pack_content": dict(sorted(pack_content.items()))}


def write_service_worker(site: Path, directory_urls: bool = True) -> dict:
    """Write the packs, offline.json and sw.js at the site root; returns the manifest."""
    packed = packs(site, precached_files(site))
    info = manifest(site, directory_urls, packed)
    for key, data in packed.items():
        path = site / info["packs"][key]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    (site / MANIFEST_NAME).write_text(json.dumps(info, separators=(",", ":")), encoding="utf-8")
    body = (TEMPLATES / "service-worker.js").read_text(encoding="utf-8")
    head = (f"const CACHE = {json.dumps(info['cache'])};\nconst PRECACHE = {json.dumps(info['urls'])};\n"
            f"const PACKS = {json.dumps(info['packs'], sort_keys=True)};\n"
            f"const PACK_CONTENT = {json.dumps(info['pack_content'], sort_keys=True)};\n")
    (site / SW_NAME).write_text(head + body, encoding="utf-8")
    return info
