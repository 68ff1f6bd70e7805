"""Run the calculators' Node unit tests (tests/js/*.test.mjs) against the real export."""
import os
import shutil
import subprocess
from pathlib import Path

import pytest

SUITES = sorted((Path(__file__).parent / "js").glob("*.test.mjs"))


def test_node_is_available():
    assert shutil.which("node"), "node is required for the calculator engine tests"


@pytest.mark.parametrize("suite", SUITES, ids=[s.stem for s in SUITES])
def test_node_suite(suite, records_json_path):
    env = {**os.environ, "COMPENDIUM_RECORDS": str(records_json_path)}
    result = subprocess.run(["node", "--test", str(suite)], capture_output=True, text=True, env=env, timeout=600)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-3000:]
    assert "# pass 0" not in result.stdout, "the suite ran no test"
