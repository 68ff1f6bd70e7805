"""Run the calculators' Node unit tests (tests/js/*.test.mjs) against the real export.

Every suite runs in one `node --test` process (each file still in its own child process, two at
a time), started once; each suite is then reported as its own pytest test, failing with its
failed tests' names and errors, or when it ran no test. One run instead of one per suite lets
Node run two suites at once and start once.
"""
import fcntl
import json
import os
import shutil
import subprocess
from collections import defaultdict
from pathlib import Path

import pytest

JS = Path(__file__).parent / "js"
SUITES = sorted(JS.glob("*.test.mjs"))
REPORTER = JS / "pytest-reporter.mjs"

pytestmark = [pytest.mark.node, pytest.mark.xdist_group("node")]   # one worker runs them all, in one go


def test_node_is_available():
    assert shutil.which("node"), "node is required for the calculator engine tests"


def _run_node(records_json_path) -> dict:
    env = {**os.environ, "COMPENDIUM_RECORDS": str(records_json_path)}
    done = subprocess.run(["node", "--test", "--test-concurrency=2", f"--test-reporter={REPORTER.as_uri()}",
                           *map(str, SUITES)], capture_output=True, text=True, env=env, timeout=1800)
    return {"stdout": done.stdout, "stderr": done.stderr}


def _once_per_run(tmp_path_factory, worker_id, make) -> dict:
    """make() once per test run: pytest-xdist can hand suites of one group to both workers, and
    each would start the whole Node run (about a minute). The first worker runs it under a lock
    in the run's shared temporary folder; the other reads what it wrote (pytest-xdist's own recipe)."""
    if worker_id == "master":
        return make()
    shared = tmp_path_factory.getbasetemp().parent
    with open(shared / "node-suites.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        saved = shared / "node-suites.json"
        if not saved.exists():
            saved.write_text(json.dumps(make()), encoding="utf-8")
        return json.loads(saved.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def node_results(records_json_path, tmp_path_factory, worker_id):
    """{suite path: [result, ...]}, {suite path: its stderr} and the whole output of one `node --test` run over every suite."""
    done = _once_per_run(tmp_path_factory, worker_id, lambda: _run_node(records_json_path))
    results, stderr = defaultdict(list), defaultdict(str)
    for line in done["stdout"].splitlines():
        if line.startswith("{"):
            result = json.loads(line)
            if "stderr" in result:
                stderr[result["file"]] += result["stderr"]
            else:
                results[result["file"]].append(result)
    return results, stderr, done


@pytest.mark.parametrize("suite", SUITES, ids=[s.stem for s in SUITES])
def test_node_suite(suite, node_results):
    results, stderr, done = node_results
    mine = results.get(str(suite), [])
    failed = [r for r in mine if not r["ok"]]
    assert not failed, "\n\n".join(f"not ok: {r['name']}\n{r['error']}" for r in failed) + "\n" + stderr[str(suite)][-3000:]
    # a file with no test is reported as one passing test named by its path
    assert [r for r in mine if r["nesting"] == 0 and r["name"] != str(suite)], \
        f"the suite ran no test\n{stderr[str(suite)][-3000:]}{done['stderr'][-3000:]}"
