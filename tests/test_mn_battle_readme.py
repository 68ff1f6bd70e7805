"""The README's Node example for the Mare Nostrum engine runs and prints what its comments say."""
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def example() -> str:
    blocks = re.findall(r"```js\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)
    (block,) = [b for b in blocks if "mn-battle.js" in b]
    return block


def test_readme_example_prints_what_it_says(records_json_path):
    code = example()
    claimed = [c.strip() for c in re.findall(r"console\.log\(.*\);\s*//\s*(.+)", code)]
    script = ROOT / "readme-example.tmp.mjs"   # beside the repo so the relative import resolves
    script.write_text(code)
    try:
        res = subprocess.run(["node", str(script), str(records_json_path)], cwd=ROOT, capture_output=True,
                             text=True, timeout=120)
    finally:
        script.unlink()
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines() == claimed and len(claimed) == 3
