"""The README's Node example for the Ancient Conquest engine runs and prints what it says."""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def example_code() -> str:
    for doc in (ROOT / "README.md",):
        if doc.exists():
            for block in re.findall(r"```js\n(.*?)```", doc.read_text(encoding="utf-8"), re.S):
                if "ac-battle.js" in block:
                    return block
    raise AssertionError("no ```js example importing ac-battle.js in README.md")


def test_readme_node_example_runs(records_json_path):
    res = subprocess.run(["node", "--input-type=module"], input=example_code(), cwd=ROOT, capture_output=True,
                         text=True, timeout=120, env={**os.environ, "COMPENDIUM_RECORDS": str(records_json_path)})
    assert res.returncode == 0, res.stdout + res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == "Combat Table, column 1:1"
    assert any(re.fullmatch(r"Attacker eliminated: [\d.]+ to [\d.]+", line) for line in lines), res.stdout
    assert lines[-1].startswith("not in the source: ")
