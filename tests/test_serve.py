"""`mkdocs serve` (what `make serve` runs) rebuilds when a data file changes, and while the
data is broken it serves a page listing the problems, at every URL, instead of holding the
browser's requests (MkDocs holds them until a build succeeds); once the data is fixed the
normal site is back, and a browser showing the problems page reloads into it by itself.
`mkdocs build` still fails on invalid data (test_site_build.py, test_hostile_data.py)."""
from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import FIXTURE_CONFIG, MINI_DATA, ROOT, free_port

HERO = Path("mare-nostrum") / "hero" / "mn-penthesilee.yaml"
PAGE = "mare-nostrum/heroes/"
REPORTED = f"data/{HERO.as_posix()}:"          # how the problems page and the log name the file

pytestmark = pytest.mark.build    # each test runs `mkdocs serve` of its own


def _get(url: str) -> str | None:
    """The body at url (a 404's too: the problems page is the 404 page), or None if no answer in 5 s."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
    except urllib.error.HTTPError as err:
        return err.read().decode("utf-8")
    except OSError:
        return None


def _wait(what: str, check, timeout: float = 90.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.5)
    pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}")


@contextlib.contextmanager
def serving(data: Path, log: Path):
    """(site root url, process) for `mkdocs serve` over data, once it serves its first build."""
    port = free_port()
    env = {**os.environ, "COMPENDIUM_DATA": str(data), "NO_MKDOCS_2_WARNING": "1"}
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--strict", "--dirty", "-f", str(FIXTURE_CONFIG),
                                 "-a", f"127.0.0.1:{port}"],   # as `make serve`: watching needs livereload
                                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    root = f"http://127.0.0.1:{port}/"
    try:
        _wait("the first build to be served", lambda: _get(root) and "Watching paths" in log.read_text(), timeout=180)
        yield root, proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture
def data(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(MINI_DATA, folder)
    return folder


def _set_summary(path: Path, summary: str) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines = [f"summary: {summary}\n" if line.startswith("summary:") else line for line in lines]
    path.write_text("".join(lines), encoding="utf-8")


def _problems_page(body: str | None) -> bool:
    return bool(body) and 'id="compendium-problems"' in body and REPORTED in body


def test_serve_rebuilds_on_a_data_edit_and_shows_a_broken_file(data, tmp_path):
    log = tmp_path / "serve.log"
    with serving(data, log) as (root, proc):
        url = root + PAGE
        assert "Served after an edit" not in _get(url)

        _set_summary(data / HERO, "Served after an edit, first version.")
        _wait("the edited summary on the page", lambda: "Served after an edit, first version." in (_get(url) or ""))

        _set_summary(data / HERO, "[an unclosed flow sequence")
        body = _wait("the problems page at the page's own URL", lambda: (b := _get(url)) and _problems_page(b) and b)
        assert "YAML syntax error" in body and "(fix the YAML syntax" in body
        assert _problems_page(_get(root)), "the home page lists the problems too"
        assert any(REPORTED in line and "YAML syntax error" in line for line in log.read_text().splitlines()), \
            "the terminal lists the problems"
        assert proc.poll() is None, "mkdocs serve exited on a broken data file"

        _set_summary(data / HERO, "Served after the fix.")
        _wait("the site to recover once the file is fixed", lambda: "Served after the fix." in (_get(url) or ""))


def test_serve_starting_on_broken_data_shows_the_problems_then_the_site(data, tmp_path):
    """Before, the first build failing ended `mkdocs serve` at once."""
    hero = data / HERO
    good = hero.read_text(encoding="utf-8")
    hero.write_text(good.replace("related: [mn-athena]", "related: [mn-athene]"), encoding="utf-8")
    with serving(data, tmp_path / "serve.log") as (root, proc):
        body = _get(root + PAGE)
        assert _problems_page(body), body
        assert "no record has id &#39;mn-athene&#39; (did you mean &#39;mn-athena&#39;?)" in body
        hero.write_text(good, encoding="utf-8")
        _wait("the normal site once the file is fixed", lambda: "Penthesilee" in (_get(root + PAGE) or "")
              and not _problems_page(_get(root + PAGE)))


def test_problems_page_reloads_into_the_site_when_fixed(data, tmp_path, page):
    """What a contributor sees: the problems in the browser tab, then the page itself once fixed."""
    with serving(data, tmp_path / "serve.log") as (root, proc):
        url = root + PAGE
        _set_summary(data / HERO, "[an unclosed flow sequence")
        _wait("the problems page", lambda: _problems_page(_get(url)))
        page.goto(url)
        items = page.locator("#compendium-problems li")
        assert items.count() == 1 and REPORTED in items.first.inner_text()
        _set_summary(data / HERO, "Back in the browser after the fix.")
        page.get_by_text("Back in the browser after the fix.").wait_for(timeout=90_000)
        assert page.locator("#compendium-problems").count() == 0
