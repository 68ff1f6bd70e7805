"""The file:// copy's classic script (generator/classic_script.py): ES modules in, one plain
script out that behaves the same. Run in Node with a stand-in `document`."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from generator.classic_script import ClassicScriptError, bundle

ROOT = Path(__file__).resolve().parent.parent
SEARCH = ROOT / "content" / "assets" / "search" / "page.js"


def _run(script: str, tail: str) -> str:
    prelude = ("globalThis.document = {currentScript: {src: 'file:///copy/assets/search/x.js'}};"
               "globalThis.location = {href: 'file:///copy/index.html'};")
    result = subprocess.run(["node", "-e", prelude + script + tail], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_modules_become_one_script(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "a.js").write_text('export const A = 2;\nexport function twice(x) { return x * A; }\n')
    (tmp_path / "lib" / "b.js").write_text('import { twice as double, A } from "./a.js";\n'
                                           'const hidden = 1;\nexport { hidden as one };\nexport const B = double(A);\n')
    (tmp_path / "lazy.js").write_text('export const LATER = "later";\n')
    (tmp_path / "main.js").write_text('import { B, one } from "./lib/b.js";\nimport { A } from "./lib/a.js";\n'
                                      'globalThis.out = [A, B, one, new URL("../", import.meta.url).href];\n'
                                      'import("./lazy.js").then((m) => { globalThis.out.push(m.LATER); });\n')
    script = bundle(tmp_path / "main.js")
    assert "import " not in script.replace("import.meta", "") and "export " not in script and "import(" not in script
    assert json.loads(_run(script, "setTimeout(() => console.log(JSON.stringify(globalThis.out)));")) == [
        2, 4, 1, "file:///copy/assets/", "later"]


@pytest.mark.parametrize("source", ['import X from "./a.js";', 'import * as X from "./a.js";',
                                    "export default 1;", 'const m = import(name);'])
def test_forms_without_a_classic_equivalent_are_refused(tmp_path, source):
    (tmp_path / "a.js").write_text("export const A = 1;\n")
    (tmp_path / "main.js").write_text("// a module\n" + source + "\n")
    with pytest.raises(ClassicScriptError, match=r"main\.js:2"):
        bundle(tmp_path / "main.js")


def test_a_missing_module_or_a_cycle_is_named(tmp_path):
    (tmp_path / "main.js").write_text('import { A } from "./gone.js";\n')
    with pytest.raises(ClassicScriptError, match="gone.js"):
        bundle(tmp_path / "main.js")
    (tmp_path / "main.js").write_text('import { B } from "./b.js";\nexport const A = 1;\n')
    (tmp_path / "b.js").write_text('import { A } from "./main.js";\nexport const B = A;\n')
    with pytest.raises(ClassicScriptError, match="cycle"):
        bundle(tmp_path / "main.js")


def test_the_search_bundles_and_runs(tmp_path):
    """The real search modules as one script, run where no page is wired: it must load cleanly.
    (tests/test_offline.py searches with it from file:// in Chromium.)"""
    script = bundle(SEARCH)
    for module in ("engine/search.js", "engine/index.js", "load.js", "view.js", "landing.js", "page.js"):
        assert f'__modules["{module}"]' in script
    _run("globalThis.window = globalThis; document.querySelector = () => null;" + script, "console.log('ran')")
