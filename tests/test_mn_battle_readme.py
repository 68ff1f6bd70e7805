"""The README's Node examples for the Mare Nostrum engine run and print what their comments say."""
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def examples() -> list[str]:
    blocks = re.findall(r"```js\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)
    return [b for b in blocks if "mn-battle.js" in b]


def test_the_readme_has_the_round_and_the_rounds_and_planner_examples():
    found = examples()
    assert len(found) == 2
    assert "analyse(" in found[0] and "analyseRounds(" in found[1] and "planArmy(" in found[1]


@pytest.mark.parametrize("index", [0, 1])
def test_readme_example_prints_what_it_says(records_json_path, index):
    code = examples()[index]
    claimed = [c.strip() for c in re.findall(r"console\.log\(.*\);\s*//\s*(.+)", code)]
    script = ROOT / f"readme-example-{index}.tmp.mjs"   # beside the repo so the relative import resolves
    script.write_text(code)
    try:
        res = subprocess.run(["node", str(script), str(records_json_path)], cwd=ROOT, capture_output=True,
                             text=True, timeout=120)
    finally:
        script.unlink()
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines() == claimed and len(claimed) == 3
