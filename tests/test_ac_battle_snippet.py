"""The calculators manual's Node examples for the Ancient Conquest engine (content/assets/calculators/README.md)
run and print what they say."""
from __future__ import annotations

import re

from readme_examples import CALCULATORS_MANUAL, claimed_by_comments, js_examples, run_example


def examples() -> list[str]:
    found = js_examples("ac-battle.js", CALCULATORS_MANUAL)
    assert found, f"no ```js example importing ac-battle.js in {CALCULATORS_MANUAL}"
    return found


def test_readme_node_example_runs(records_json_path):
    res = run_example(examples()[0], records_json_path)
    assert res.returncode == 0, res.stdout + res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == "Combat Table, column 1:1"
    assert any(re.fullmatch(r"Attacker eliminated: [\d.]+ to [\d.]+", line) for line in lines), res.stdout
    assert lines[-1].startswith("not in the source: ")


def test_readme_planner_example_prints_what_it_says(records_json_path):
    code = next(b for b in examples() if "planAttack(" in b)
    claimed = claimed_by_comments(code)
    res = run_example(code, records_json_path)
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.splitlines() == claimed and len(claimed) == 1
