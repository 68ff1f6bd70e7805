"""The manuals' ```js examples, found and run the way a reader would run them.

The examples live in the manual beside the code they show (content/assets/calculators/README.md,
content/assets/helpers/README.md). Each is saved beside the repository (so its relative import of content/assets/... resolves) and
run with Node, given the records file as its first argument and as COMPENDIUM_RECORDS.
"""
from __future__ import annotations

import os
import re
import subprocess
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CALCULATORS_MANUAL = "content/assets/calculators/README.md"
HELPERS_MANUAL = "content/assets/helpers/README.md"


def js_examples(containing: str, manual: str) -> list[str]:
    """Every ```js block of `manual` (a path from the repository root) that mentions `containing`
    (an engine's file)."""
    blocks = re.findall(r"```js\n(.*?)```", (ROOT / manual).read_text(encoding="utf-8"), re.S)
    return [b for b in blocks if containing in b]


def run_example(code: str, records_json_path) -> subprocess.CompletedProcess:
    script = ROOT / f"readme-example-{uuid.uuid4().hex[:8]}.tmp.mjs"   # *.tmp.mjs is ignored by git
    script.write_text(code, encoding="utf-8")
    try:
        return subprocess.run(["node", str(script), str(records_json_path)], cwd=ROOT, capture_output=True, text=True,
                              timeout=120, env={**os.environ, "COMPENDIUM_RECORDS": str(records_json_path)})
    finally:
        script.unlink()


def claimed_by_comments(code: str) -> list[str]:
    """What `console.log(...); // expected` lines say they print."""
    return [c.strip() for c in re.findall(r"console\.log\(.*\);\s*//\s*(.+)", code)]
