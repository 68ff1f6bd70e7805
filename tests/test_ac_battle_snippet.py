"""The README's Node examples for the Ancient Conquest engine run and print what they say."""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def examples() -> list[str]:
    blocks = re.findall(r"```js\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)
    found = [b for b in blocks if "ac-battle.js" in b]
    assert found, "no ```js example importing ac-battle.js in README.md"
    return found


def run(code: str, records_json_path) -> subprocess.CompletedProcess:
    return subprocess.run(["node", "--input-type=module"], input=code, cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "COMPENDIUM_RECORDS": str(records_json_path)})


def test_readme_node_example_runs(records_json_path):
    res = run(examples()[0], records_json_path)
    assert res.returncode == 0, res.stdout + res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == "Combat Table, column 1:1"
    assert any(re.fullmatch(r"Attacker eliminated: [\d.]+ to [\d.]+", line) for line in lines), res.stdout
    assert lines[-1].startswith("not in the source: ")


def test_readme_planner_example_prints_what_it_says(records_json_path):
    code = next(b for b in examples() if "planAttack(" in b)
    claimed = [c.strip() for c in re.findall(r"console\.log\(.*\);\s*//\s*(.+)", code)]
    res = run(code, records_json_path)
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.splitlines() == claimed and len(claimed) == 1
