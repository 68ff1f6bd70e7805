"""The benchmarks' scaled data (tests/benchmarks/site_bench.py synthesize) passes the check: a
benchmark of 2x data measures a site that builds, not one stopped by its own copies."""
from __future__ import annotations

import sys

import pytest

from conftest import ROOT
from generator.paths import DATA
from generator.validate.run import load_and_validate

sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))


@pytest.mark.slow   # seconds each (a copy of data/, a subprocess, or a sweep): make test, not make quick (30 s)
def test_twice_the_data_passes_the_check(tmp_path):
    from site_bench import synthesize
    records, problems = load_and_validate(DATA)
    assert problems == []
    count = synthesize([r.data for r in records], 2, tmp_path / "data")
    scaled, problems = load_and_validate(tmp_path / "data")
    assert [p.report() for p in problems] == []
    assert len(scaled) == count > len(records)
