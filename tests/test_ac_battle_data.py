"""The Ancient Conquest battle calculator reads its numbers from the YAML records.

Editing a table cell or a multiplier in a copy of data/ and rebuilding records.json
changes the calculator's output, with no change to any JS file. The export is the generator's
own (generator/export/records.py, the bytes every build writes), made from the checked copy in
this process; one copy of data/ serves the module, put back after each test (tests/data_copy.py).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
from pathlib import Path

import pytest
import yaml

from data_copy import shared_copy

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "content" / "assets" / "calculators" / "ac-battle.js"
JS_FILES = sorted((ROOT / "content" / "assets" / "calculators").glob("ac-battle*.js"))

# Evaluates a few scenarios with the engine and prints the results as JSON.
PROBE = """
import { readFileSync } from "node:fs";
import { buildModel, evaluate } from %(engine)s;
const { records } = JSON.parse(readFileSync(process.env.RECORDS, "utf8"));
const model = buildModel(records);
if (!model.ok) { console.error(model.problems.join("\\n")); process.exit(2); }
const inf = (factor) => ({ type: "infantry", factor, flags: {} });
const out = {};
for (const [name, s] of Object.entries({
  open_11_v_6: { attackers: [inf(11)], defenders: [inf(6)] },
  mountain_12_v_2: { attackers: [inf(12)], defenders: [inf(2)], terrain: "mountain" },
  siege_18_v_6: { attackers: [inf(18)], defenders: [inf(6)], city: "red-dot" },
})) {
  const r = evaluate(s, model);
  out[name] = {
    ok: r.ok,
    column: r.column && r.column.label,
    defender: r.defender && r.defender.total,
    rows: (r.rows || []).map((x) => [x.die, x.known, x.text, x.outcome ? x.outcome.kind : null]),
    outcomes: (r.outcomes || []).map((o) => [o.key, o.low, o.high]),
    unknown: r.unknownShare,
  };
}
console.log(JSON.stringify(out));
"""


def digest(paths):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}


_module_copy, data_copy = shared_copy(ROOT / "data", "ac-battle-data")


def build_records(data: Path, out: Path) -> Path:
    """api/records.json of `data`, as `python -m generator write` writes it (the data must be valid)."""
    from generator.build import model_from
    from generator.export.records import export_files
    from generator.validate.run import load_and_validate
    records, problems = load_and_validate(data)
    assert not problems, "\n".join(map(str, problems))
    path = out / "api" / "records.json"
    path.parent.mkdir(parents=True)
    path.write_text(export_files(model_from(records))["api/records.json"], encoding="utf-8")
    return path


def probe(records_json: Path) -> dict:
    code = PROBE % {"engine": json.dumps(ENGINE.as_uri())}
    res = subprocess.run(["node", "--input-type=module", "-e", code], capture_output=True, text=True,
                         env={**os.environ, "RECORDS": str(records_json)}, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr
    return json.loads(res.stdout)


def edit_yaml(path: Path, change) -> None:
    """Load a record, let `change` edit the dict, write it back (keeping the schema comment)."""
    text = path.read_text(encoding="utf-8")
    first = text.splitlines()[0] if text.startswith("#") else ""
    doc = yaml.safe_load(text)
    change(doc)
    path.write_text((first + "\n" if first else "") + yaml.safe_dump(doc, allow_unicode=True, sort_keys=False),
                    encoding="utf-8")


def row(doc: dict, column: str, value) -> dict:
    for r in doc["rows"]:
        cell = r["cells"].get(column)
        if cell == value or (isinstance(cell, dict) and cell.get("value") == value):
            return r["cells"]
    raise AssertionError(f"{doc['id']}: no row with {column} = {value!r}")


@pytest.mark.slow     # checks the whole data and runs the engine: make test, not make quick
def test_editing_yaml_changes_the_calculator_without_js_changes(tmp_path, data_copy, records_json_path):
    js_before = digest(JS_FILES)
    base = probe(records_json_path)     # the real data's export, as the session wrote it
    assert base["open_11_v_6"]["column"] == "1:1"
    assert base["open_11_v_6"]["rows"][0][3] == "attacker-eliminated"

    data = data_copy
    tables = data / "ancient-conquest" / "table"

    def combat(doc):  # a Combat Table cell: die 1 at 1:1
        cells = row(doc, "die", 1)
        assert cells["r1_1"] == "Attacker eliminated"
        cells["r1_1"] = "Defender eliminated"

    def terrain(doc):  # a defender in mountain x3 instead of x2
        cells = row(doc, "terrain", "Mountain")
        assert cells["defender_multiplier"] == 2
        cells["defender_multiplier"] = 3

    edit_yaml(tables / "ac-combat-table.yaml", combat)
    edit_yaml(tables / "ac-terrain-effects-table.yaml", terrain)
    edited = probe(build_records(data, tmp_path / "edited"))

    assert edited["open_11_v_6"]["rows"][0][3] == "defender-eliminated"
    assert edited["open_11_v_6"]["outcomes"] != base["open_11_v_6"]["outcomes"]
    # 12 against 2 in mountain: 2 x2 = 4 is 3:1; 2 x3 = 6 is 2:1.
    assert base["mountain_12_v_2"]["column"] == "1:3 / 3:1"
    assert edited["mountain_12_v_2"]["column"] == "1:2 / 2:1"
    assert edited["siege_18_v_6"] == base["siege_18_v_6"]
    assert digest(JS_FILES) == js_before, "a JS file changed during the test"


@pytest.mark.slow
def test_a_missing_cell_filled_in_yaml_shrinks_the_unknown_share(tmp_path, data_copy, records_json_path):
    base = probe(records_json_path)
    data = data_copy

    def siege(doc):  # give the missing die-4 cell at 3:1 a value
        cells = row(doc, "die", 4)
        assert isinstance(cells["r3_1"], dict) and cells["r3_1"]["value"] == "unknown"
        cells["r3_1"] = "Exchange"

    edit_yaml(data / "ancient-conquest" / "table" / "ac-siege-table.yaml", siege)
    edited = probe(build_records(data, tmp_path / "edited"))
    b, e = base["siege_18_v_6"], edited["siege_18_v_6"]
    assert b["column"] == e["column"] == "3:1"
    # One row fewer is unknown: the share drops by exactly 1/6.
    assert b["unknown"]["n"] * 6 // b["unknown"]["d"] - e["unknown"]["n"] * 6 // e["unknown"]["d"] == 1
    assert e["rows"][3][1:] == [True, "Exchange", "exchange"]
