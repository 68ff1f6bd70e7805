"""The calculators manual's Node examples for the Mare Nostrum engine (content/assets/calculators/README.md)
run and print what their comments say."""
import pytest

from readme_examples import CALCULATORS_MANUAL, claimed_by_comments, js_examples, run_example


def test_the_manual_has_the_round_the_rounds_and_planner_and_the_plans_examples():
    found = js_examples("mn-battle.js", CALCULATORS_MANUAL)
    assert len(found) == 3
    assert "analyse(" in found[0] and "analyseRounds(" in found[1] and "planArmy(" in found[1]
    assert "plans" in found[2] and "withdraw" in found[2] and "reinforce" in found[2]


@pytest.mark.parametrize("index, lines", [(0, 3), (1, 3), (2, 4)])
def test_readme_example_prints_what_it_says(records_json_path, index, lines):
    code = js_examples("mn-battle.js", CALCULATORS_MANUAL)[index]
    claimed = claimed_by_comments(code)
    res = run_example(code, records_json_path)
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines() == claimed and len(claimed) == lines
