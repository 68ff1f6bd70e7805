"""The exit for 2027: ProperDocs builds the site MkDocs builds.

Material for MkDocs ends on May 5, 2027, and MkDocs 1.6.1 is the last MkDocs with plugins;
ProperDocs (pinned in constraints.txt) is the maintained fork of MkDocs 1.6 that keeps the hook
API. `make site ENGINE=properdocs` (engines/site_build.py --engine properdocs) builds the same
mkdocs.yml with the same hook. This is one build of its own, compared with the session's MkDocs
build (site_dir, the same site_url), file by file:

- every page is the MkDocs page byte for byte, but for its generator line
  (<meta name="generator" content="mkdocs-1.6.1, …"> against "mkdocs-ProperDocs 1.6.7, …");
- every other file is the same bytes, except what the offline machinery derives from the pages'
  bytes: each offline pack holds the same pages (but for that line), so its content-hash name
  differs; sw.js and offline.json name those packs, their hashes and the cache (a hash of them),
  and count the bytes; the zip holds the same entries (but for that line). Those are compared with
  the hashes and byte counts left out.
"""
from __future__ import annotations

import gzip
import io
import json
import os
import re
import subprocess
import sys
import zipfile

import pytest

from conftest import ROOT, own_folder
from site_diff import first_line_difference

pytestmark = pytest.mark.build      # a build of its own (conftest.BUILD_FIXTURES): not part of `make quick`

GENERATOR = re.compile(rb'<meta name="generator" content="[^"]*">')
HASH = re.compile(r"\b[0-9a-f]{16}(?:[0-9a-f]{48})?\b")
ZIP = "downloads/ancient-games-compendium-offline.zip"
DERIVED = {"sw.js", "offline.json", ZIP}


@pytest.fixture(scope="module")
def properdocs_site(request, tmp_path_factory, site_port):
    out = own_folder(request, tmp_path_factory, "properdocs") / "site"
    env = {**os.environ, "SITE_URL": f"http://127.0.0.1:{site_port}/", "PYTHONHASHSEED": "1"}
    done = subprocess.run([sys.executable, str(ROOT / "engines" / "site_build.py"), "--engine", "properdocs", "--out", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out


def _files(root):
    return {p.relative_to(root).as_posix(): p for p in root.rglob("*") if p.is_file()}


def _page(data: bytes) -> bytes:
    return GENERATOR.sub(b"<meta generator>", data)


def _unpack(path) -> dict[str, bytes]:
    """A pack's files (generator/export/offline.py make_pack: a JSON index line, then the bytes)."""
    data = gzip.decompress(path.read_bytes())
    head, _, body = data.partition(b"\n")
    return {rel: body[start:start + length] for rel, (start, length, _) in json.loads(head).items()}


def _same(name: str, a: bytes, b: bytes) -> str | None:
    if a == b:
        return None
    return f"{name}: {first_line_difference(a, b)}"


def test_the_properdocs_site_equals_the_mkdocs_site_but_the_generator_line(site_dir, properdocs_site):
    mk, pd = _files(site_dir), _files(properdocs_site)
    packs = lambda files: {n for n in files if n.startswith("offline/packs/")}
    assert mk.keys() - packs(mk) == pd.keys() - packs(pd), sorted(mk.keys() ^ pd.keys())[:10]
    generator_lines = set()
    differences = []
    for name in sorted(mk.keys() - packs(mk) - DERIVED):
        a, b = mk[name].read_bytes(), pd[name].read_bytes()
        if name.endswith(".html"):
            generator_lines.add((GENERATOR.findall(a)[:1] or [b""])[0] + b" | " + (GENERATOR.findall(b)[:1] or [b""])[0])
            a, b = _page(a), _page(b)
        differences.append(_same(name, a, b))
    assert [d for d in differences if d] == []
    # The one difference: every page's generator line, MkDocs' against ProperDocs'.
    assert generator_lines == {b'<meta name="generator" content="mkdocs-1.6.1, mkdocs-material-9.8.2"> | '
                               b'<meta name="generator" content="mkdocs-ProperDocs 1.6.7, mkdocs-material-9.8.2">'}

    # The offline packs: the same pages, pack by pack (offline.json names each pack by its group).
    info_mk, info_pd = (json.loads((root / "offline.json").read_text(encoding="utf-8")) for root in (site_dir, properdocs_site))
    assert info_mk["packs"].keys() == info_pd["packs"].keys()
    for group, pack in info_mk["packs"].items():
        a, b = _unpack(site_dir / pack), _unpack(properdocs_site / info_pd["packs"][group])
        assert a.keys() == b.keys(), group
        assert [d for n in a for d in [_same(f"{group!r} pack: {n}", _page(a[n]), _page(b[n]))] if d] == []
    leave_out = {"version", "cache", "bytes", "site_bytes", "packs", "pack_content"}   # hashes and byte counts
    kept = [{k: HASH.sub("<hash>", json.dumps(v)) for k, v in info.items() if k not in leave_out} for info in (info_mk, info_pd)]
    assert kept[0] == kept[1]   # the same files, urls (pack names aside) and counts
    sw_mk, sw_pd = (HASH.sub("<hash>", (root / "sw.js").read_text(encoding="utf-8")) for root in (site_dir, properdocs_site))
    assert _same("sw.js", sw_mk.encode(), sw_pd.encode()) is None

    # The file:// copy: the same entries, each the same but for the generator line.
    with zipfile.ZipFile(io.BytesIO((site_dir / ZIP).read_bytes())) as za, \
            zipfile.ZipFile(io.BytesIO((properdocs_site / ZIP).read_bytes())) as zb:
        assert za.namelist() == zb.namelist()
        assert [d for n in za.namelist() for d in [_same(n, _page(za.read(n)), _page(zb.read(n)))] if d] == []


def test_make_serve_with_properdocs_quiets_the_dirty_warning_as_with_mkdocs():
    """`make serve ENGINE=properdocs` runs `properdocs serve --strict --dirty`: ProperDocs logs the
    'dirty build' warning under its own logger, and strict mode aborted on it before the hook
    (generator/mkdocs_hook.py on_startup) quieted that logger too."""
    import logging

    from generator import mkdocs_hook

    state = (mkdocs_hook._serving, mkdocs_hook._dirty)
    for name in ("mkdocs.commands.build", "properdocs.commands.build"):
        logger = logging.getLogger(name)
        before = list(logger.filters)
        try:
            mkdocs_hook.on_startup("serve", True)
            record = logging.LogRecord(name, logging.WARNING, __file__, 1, "A 'dirty' build is being performed", (), None)
            assert not all(f.filter(record) for f in logger.filters), name
        finally:
            logger.filters[:] = before
            mkdocs_hook._serving, mkdocs_hook._dirty = state
