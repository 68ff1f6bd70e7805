"""Run the calculators' Node unit tests (tests/js/*.test.mjs) against the real export.

Every suite runs in one `node --test` process (each file still in its own child process, two at
a time), started once per test run, in the background as the run begins (tests/node_run.py,
tests/conftest.py); each suite is then reported as its own pytest test, failing with its
failed tests' names and errors, or when it ran no test. One run instead of one per suite lets
Node run two suites at once and start once.
"""
import json
import shutil
from collections import defaultdict

import pytest

import node_run
from node_run import SUITES

pytestmark = pytest.mark.node   # `make quick` leaves them out


def test_node_is_available():
    assert shutil.which("node"), "node is required for the calculator engine tests"


@pytest.fixture(scope="session")
def node_results(records_json_path, tmp_path_factory, worker_id):
    """{suite path: [result, ...]}, {suite path: its stderr} and the whole output of the one
    `node --test` run over every suite (tests/node_run.py: started as the test run began)."""
    done = node_run.result(node_run.shared_folder(tmp_path_factory, worker_id), records_json_path)
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
