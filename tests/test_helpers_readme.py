"""The README's Node examples for the four table helpers run and print what they say.

Each example ends with a "// Prints:" comment; the lines after it are the exact output.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ["mn-sets/index.js", "dip-score.js", "mos-disaster.js", "ac-victory.js"]


def example(engine: str) -> str:
    blocks = re.findall(r"```js\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)
    (block,) = [b for b in blocks if f"content/assets/helpers/{engine}" in b]
    return block


def promised(code: str) -> list[str]:
    tail = code.split("// Prints:\n", 1)[1]
    return [re.sub(r"^// ?", "", line) for line in tail.strip("\n").splitlines()]


@pytest.mark.parametrize("engine", ENGINES)
def test_readme_example_prints_what_it_says(engine, records_json_path):
    code = example(engine)
    expected = promised(code)
    assert len(expected) >= 3
    script = ROOT / f"readme-{engine.replace('/', '-')}.tmp.mjs"   # beside the repo so the relative import resolves
    script.write_text(code, encoding="utf-8")
    try:
        res = subprocess.run(["node", str(script), str(records_json_path)], cwd=ROOT, capture_output=True,
                             text=True, timeout=120)
    finally:
        script.unlink()
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines() == expected
