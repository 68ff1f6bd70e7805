"""The scripts the built site's pages load are minified by esbuild (generator/export/minify.py),
while content/ keeps them as written.

- In the session's site: every script under assets/ but the theme's own holds no comment but a
  licence and is at most 85% of its source's bytes when its source is larger than 2 KB; the
  scripts a page names are smaller than their sources together, raw and gzipped; the offline
  worker's version is the hash of the minified files.
- minify_texts: a module keeps its imports, exports and import.meta.url, a classic script its
  global names; licence comments and a vendored file's header stay; the same sources give the
  same bytes; a script esbuild cannot read stops the build with its path and line.
"""
from __future__ import annotations

import gzip
import json
import posixpath
import re
from pathlib import Path

import pytest

from generator.model.script_paths import classic_path
from generator.export.finish import PLAY_SCRIPT, classic_entries
from generator.export.minify import MinifyError, kept_header, minified_paths, minify_texts
from generator.paths import CONTENT

COMMENT_LINE = re.compile(r"[ \t]*(//|/\*(?!!))")
GENERATED = {classic_path(entry) for entry in classic_entries(CONTENT)}   # the classic builds finish.py writes
BIG = 2048
RATIO = 0.85   # text-heavy page scripts (the calculators' words) keep about 75% of their bytes


def _source(rel: str) -> Path:
    return CONTENT / rel


def _comment_lines(rel: str, text: str) -> list[str]:
    """Lines of a built script that start a comment, but a licence and a vendored file's header."""
    header = kept_header(rel, _source(rel).read_text(encoding="utf-8")) if _source(rel).is_file() else ""
    body = text[len(header):] if header and text.startswith(header) else text
    return [line.strip()[:80] for line in body.splitlines() if COMMENT_LINE.match(line)]


def test_every_script_of_the_site_is_minified(site_dir):
    paths = minified_paths(site_dir)
    assert GENERATED <= set(paths) and "assets/page/page-scripts.js" in paths
    commented, large = [], []
    for rel in paths:
        text = (site_dir / rel).read_text(encoding="utf-8")
        found = _comment_lines(rel, text)
        if found:
            commented.append(f"{rel}: {found[0]}")
        source = _source(rel)
        if source.is_file() and source.stat().st_size > BIG and len(text.encode()) > RATIO * source.stat().st_size:
            large.append(f"{rel}: {len(text.encode())} of {source.stat().st_size} bytes")
    assert commented == [], f"{len(commented)} of {len(paths)} scripts keep comments: {commented[:5]}"
    assert large == [], f"{len(large)} scripts are not minified: {large[:5]}"


def test_the_classic_builds_lose_their_comments(site_dir):
    for rel in sorted(GENERATED):
        text = (site_dir / rel).read_text(encoding="utf-8")
        assert not text.startswith("// Classic build"), rel
        assert "\n//" not in text, rel


def test_the_sources_stay_as_written():
    text = (CONTENT / "assets" / "page" / "page-scripts.js").read_text(encoding="utf-8")
    assert text.startswith("// ") and text.count("\n") > 20


def test_the_worker_was_written_over_the_minified_files(site_dir):
    """offline.json's version is a hash of every stored file's bytes: the same now, over the
    minified scripts, as when the build wrote it."""
    from generator.export.offline import manifest
    written = json.loads((site_dir / "offline.json").read_text(encoding="utf-8"))
    now = manifest(site_dir, True, packed={})
    assert written["version"] == now["version"]
    assert {"assets/page/page-scripts.js", classic_path(PLAY_SCRIPT)} <= set(written["urls"])


@pytest.mark.parametrize("page", ["index.html", "play-along/index.html", "calculators/mare-nostrum-battle/index.html",
                                  "search/index.html"])
def test_a_pages_own_scripts_are_smaller_than_their_sources(site_dir, page):
    """The scripts a page names (the theme's aside), raw and gzipped, against their sources."""
    html = (site_dir / page).read_text(encoding="utf-8")
    srcs = sorted({posixpath.normpath(posixpath.join(posixpath.dirname(page), s.split("?")[0]))
                   for s in re.findall(r'<script[^>]*\bsrc="([^"]+)"', html)})
    own = [s for s in srcs if s.startswith("assets/") and not s.startswith("assets/javascripts/") and _source(s).is_file()]
    assert len(own) >= 4 and all((site_dir / s).is_file() for s in own), srcs
    built = b"".join((site_dir / s).read_bytes() for s in own)
    source = b"".join(_source(s).read_bytes() for s in own)
    assert len(built) < 0.8 * len(source) and len(gzip.compress(built)) < len(gzip.compress(source)), (len(built), len(source))


@pytest.mark.node
def test_a_module_keeps_its_imports_exports_and_its_address():
    src = ('import { helper as h } from "./helper.js";\n'
           "// a comment that goes\n"
           "const longLocalName = 40;\n"
           "/** A doc comment that goes too. */\n"
           "export function answer(extra) { return h(longLocalName) + extra; }\n"
           "export const HERE = new URL(\"./data.json\", import.meta.url);\n")
    out = minify_texts({"assets/x/mod.js": src})["assets/x/mod.js"]
    assert 'from"./helper.js"' in out and "import.meta.url" in out
    assert re.search(r"export\{[^}]*\banswer\b", out) or "export function answer" in out
    assert re.search(r"\bHERE\b", out) and "comment" not in out and "longLocalName" not in out


@pytest.mark.node
def test_a_classic_script_keeps_its_globals_and_licences():
    src = "/*! Keep me: MIT */\n// drop me\nvar pageGlobal = 1;\nfunction globalHelper(value) { return value + pageGlobal; }\n"
    out = minify_texts({"assets/x/classic.js": src})["assets/x/classic.js"]
    assert "/*! Keep me: MIT */" in out and "drop me" not in out
    assert "var pageGlobal" in out and "function globalHelper" in out and "value" not in out


@pytest.mark.node
def test_a_vendored_files_header_stays_word_for_word():
    header = "//----\n// Library X\n// Copyright (c) 2009 Someone\n// Licensed under the MIT license\n//----"
    out = minify_texts({"assets/vendor/x/lib.js": header + "\n\n// inside\nvar lib = function () { return 1; };\n"})
    assert out["assets/vendor/x/lib.js"].startswith(header + "\n") and "inside" not in out["assets/vendor/x/lib.js"]


@pytest.mark.node
def test_the_same_sources_give_the_same_bytes():
    sources = {f"assets/{p.relative_to(CONTENT / 'assets').as_posix()}": p.read_text(encoding="utf-8")
               for p in sorted((CONTENT / "assets" / "play" / "engine").glob("*.js"))}
    assert minify_texts(sources) == minify_texts(dict(reversed(list(sources.items()))))


@pytest.mark.node
def test_a_script_esbuild_cannot_read_is_named_with_its_line():
    with pytest.raises(MinifyError, match=r"assets/x/broken\.js:2:\d+: "):
        minify_texts({"assets/x/fine.js": "export const a = 1;\n", "assets/x/broken.js": "const a = 1;\nconst = ;\n"})


def _links(html: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)


def test_a_page_asks_for_one_stylesheet_of_its_own_holding_every_part(site_dir):
    """Ten stylesheets on every page were two round trips of a phone's six connections before
    the first paint; the theme's two and one bundle are not."""
    from generator.export.minify import STYLESHEET
    parts = re.findall(r'^@import "([^"]+)";', (CONTENT / STYLESHEET).read_text(encoding="utf-8"), re.M)
    assert len(parts) >= 2
    for page in ("index.html", "play-along/index.html", "mare-nostrum/heroes/mn-ajax/index.html"):
        own = [href for href in _links((site_dir / page).read_text(encoding="utf-8")) if "assets/stylesheets/" not in href]
        assert [href.rsplit("assets/", 1)[-1] for href in own] == [STYLESHEET.removeprefix("assets/")], page
    bundle = (site_dir / STYLESHEET).read_text(encoding="utf-8")
    assert "@import" not in bundle
    for part in parts:   # each part is in it (a class it defines), and no longer in the site on its own
        source = (CONTENT / STYLESHEET).parent / part
        first = re.search(r"\.([a-z][\w-]+)", re.sub(r"/\*[\s\S]*?\*/", "", source.read_text(encoding="utf-8"))).group(1)
        assert f".{first}" in bundle, part
        assert not (site_dir / posixpath.normpath(posixpath.join(posixpath.dirname(STYLESHEET), part))).exists(), part


def test_the_stylesheet_takes_only_imports_of_the_sites_own_files(tmp_path):
    from generator.export.minify import STYLESHEET, bundled_stylesheet
    entry = tmp_path / STYLESHEET
    entry.parent.mkdir(parents=True)
    (entry.parent / "a.css").write_text(".a{color:red}\n", encoding="utf-8")
    entry.write_text('/* note */\n@import "a.css";   /* the first */\n', encoding="utf-8")
    assert bundled_stylesheet(tmp_path) == {STYLESHEET: ".a{color:red}\n"}
    for bad in ['.b { color: blue }', '@import "https://evil.example/x.css";', '@import "../../../etc/passwd";',
                '@import "missing.css";']:
        entry.write_text(f'@import "a.css";\n{bad}\n', encoding="utf-8")
        with pytest.raises(MinifyError, match="is not an @import of a stylesheet"):
            bundled_stylesheet(tmp_path)
