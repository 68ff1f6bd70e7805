"""The README's Node examples for the Mare Nostrum engine run and print what their comments say."""
import pytest

from readme_examples import claimed_by_comments, js_examples, run_example


def test_the_readme_has_the_round_and_the_rounds_and_planner_examples():
    found = js_examples("mn-battle.js")
    assert len(found) == 2
    assert "analyse(" in found[0] and "analyseRounds(" in found[1] and "planArmy(" in found[1]


@pytest.mark.parametrize("index", [0, 1])
def test_readme_example_prints_what_it_says(records_json_path, index):
    code = js_examples("mn-battle.js")[index]
    claimed = claimed_by_comments(code)
    res = run_example(code, records_json_path)
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines() == claimed and len(claimed) == 3
