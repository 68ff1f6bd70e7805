"""`mkdocs serve` (what `make serve` runs) rebuilds when a data file changes, reports a broken
file as `path:line` and keeps running, and serves again once the file is fixed.

While the data is broken MkDocs holds requests until the build succeeds ("the server will
appear stuck until build errors are resolved"); no site is built from invalid data."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import FIXTURE_CONFIG, MINI_DATA, ROOT, free_port

HERO = Path("mare-nostrum") / "hero" / "mn-penthesilee.yaml"
PAGE = "mare-nostrum/heroes/"


def _get(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
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


@pytest.fixture
def served(tmp_path):
    """(data folder, page url, log file, process) for `mkdocs serve` over a copy of the fixture data."""
    data = tmp_path / "data"
    shutil.copytree(MINI_DATA, data)
    port = free_port()
    log = tmp_path / "serve.log"
    env = {**os.environ, "COMPENDIUM_DATA": str(data), "NO_MKDOCS_2_WARNING": "1"}
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "-f", str(FIXTURE_CONFIG),
                                 "-a", f"127.0.0.1:{port}"],   # as `make serve`: watching needs livereload
                                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/{PAGE}"
    try:
        _wait("the first build to be served", lambda: _get(url) and "Watching paths" in log.read_text(), timeout=180)
        yield data, url, log, proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        assert proc.returncode is not None


def _set_summary(path: Path, summary: str) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines = [f"summary: {summary}\n" if line.startswith("summary:") else line for line in lines]
    path.write_text("".join(lines), encoding="utf-8")


def test_serve_rebuilds_on_a_data_edit_and_survives_a_broken_file(served):
    data, url, log, proc = served
    hero = data / HERO
    assert "Served after an edit" not in _get(url)

    _set_summary(hero, "Served after an edit, first version.")
    _wait("the edited summary on the page", lambda: "Served after an edit, first version." in (_get(url) or ""))

    _set_summary(hero, "[an unclosed flow sequence")
    message = _wait("the broken file reported as path:line",
                    lambda: next((line for line in log.read_text().splitlines()
                                  if f"{HERO.as_posix()}:" in line and "YAML syntax error" in line), None))
    assert "(fix" in message, message
    time.sleep(2)
    assert proc.poll() is None, "mkdocs serve exited on a broken data file"

    _set_summary(hero, "Served after the fix.")
    _wait("the site to recover once the file is fixed", lambda: "Served after the fix." in (_get(url) or ""))
