"""One number in one place: facts and costs read through `from:` (generator/validate/blocking/value_sources.py),
their validation, the lint that finds numbers written twice (generator/validate/lints/number_homes.py),
and the proof that editing the cost chart changes every page, the export and the calculator."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.paths import DATA
from generator.validate.lints.number_homes import find_repeated_numbers
from generator.validate.run import load_and_validate

ROOT = Path(__file__).resolve().parent.parent
CHART = "mare-nostrum/table/mn-construction-cost-chart.yaml"


def copy_data(tmp_path: Path) -> Path:
    out = tmp_path / "data"
    shutil.copytree(DATA, out)
    return out


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_reference_to_a_missing_table_row_column_record_or_fact_is_a_problem_with_its_line(tmp_path):
    data = copy_data(tmp_path)
    hero = "row: Hero or Wonder, column: cost}"
    edit(data / "mare-nostrum/hero/mn-ajax.yaml", hero, "row: Hero or Wondr, column: cost}")
    edit(data / "mare-nostrum/hero/mn-achilles.yaml", hero, "row: Hero or Wonder, column: price}")
    edit(data / "mare-nostrum/hero/mn-adonis.yaml", "table: mn-construction-cost-chart", "table: mn-construction-costs")
    edit(data / "mare-nostrum/hero/mn-aeneas.yaml", "table: mn-construction-cost-chart", "table: mn-legion")
    pyr = data / "mare-nostrum/wonder/mn-the-pyramids.yaml"
    edit(pyr, "fact: Pyramids cost}", "fact: Pyramid cost}")
    edit(data / "ancient-conquest/rule/ac-turn-sequence.yaml", "record: ac-diplomatic-phase", "record: ac-diplomatic-phases")
    edit(data / "mare-nostrum/hero/mn-circe.yaml", "  from: {table", "  amount: 9\n  from: {table")
    _, problems = load_and_validate(data)
    shown = [str(p) for p in problems]
    expect = [
        ("data/mare-nostrum/hero/mn-ajax.yaml", "cost.from.row", "has no row 'Hero or Wondr'"),
        ("data/mare-nostrum/hero/mn-achilles.yaml", "cost.from.column", "has no column 'price'"),
        ("data/mare-nostrum/hero/mn-adonis.yaml", "cost.from.table", "'mn-construction-costs' names no record"),
        ("data/mare-nostrum/hero/mn-aeneas.yaml", "cost.from.table", "'mn-legion' is not a table"),
        ("data/mare-nostrum/wonder/mn-the-pyramids.yaml", "facts[0].from.fact", "has no fact labelled 'Pyramid cost'"),
        ("data/ancient-conquest/rule/ac-turn-sequence.yaml", "facts[0].from.record", "'ac-diplomatic-phases' names no record"),
        ("data/mare-nostrum/hero/mn-circe.yaml", "cost.amount", "written beside from"),
    ]
    for file, field, words in expect:
        hits = [s for s in shown if s.startswith(file + ":") and f": {field}: " in s and words in s]
        assert hits, f"no problem for {file} {field} {words!r} in {shown}"
        assert re.match(rf"{re.escape(file)}:\d+: ", hits[0]) and "(" in hits[0], hits[0]
    ajax_line = next(s for s in shown if "mn-ajax" in s).split(":")[1]
    text = (data / "mare-nostrum/hero/mn-ajax.yaml").read_text().splitlines()
    assert "Hero or Wondr" in text[int(ajax_line) - 1]


def test_no_number_in_the_data_is_written_where_a_reference_would_do(records):
    found = find_repeated_numbers(records)
    assert found == [], "\n".join(map(str, found))


def test_a_number_repeated_from_the_chart_or_another_fact_is_found_with_the_reference_to_write(records):
    recs = json.loads(json.dumps(records))
    by_id = {r["id"]: r for r in recs}
    by_id["mn-ajax"]["cost"] = {"amount": 9, "unit": "cards"}
    by_id["mn-legion"]["facts"][0] = {"label": "Cost", "value": 3, "unit": "cards"}
    by_id["mn-the-pyramids"]["facts"][0] = {"label": "Cost in the longer game", "value": 13, "unit": "cards"}
    by_id["ac-hegemonic-city"]["facts"][0] = {"label": "Value", "value": 4, "unit": "victory points"}
    by_id["mn-legion"]["facts"].append({"label": "Legions lost", "value": 3, "unit": "legions"})   # same number, other role
    found = {(f.record, f.use) for f in find_repeated_numbers(recs)}
    assert found == {
        ("mn-ajax", "{table: mn-construction-cost-chart, row: Hero or Wonder, column: cost}"),
        ("mn-legion", "{table: mn-construction-cost-chart, row: Legion, column: cost}"),
        ("mn-the-pyramids", "{record: mn-longer-game, fact: Pyramids cost}"),
        ("mn-longer-game", "{record: mn-the-pyramids, fact: Cost in the longer game}"),   # either may be the home
        ("ac-hegemonic-city", "{table: ac-city-differences-table, row: Hegemonic City, column: vp}"),
    }


def _node_costs(records_json: Path) -> dict:
    script = """
import { readFileSync } from "node:fs";
import * as S from "./content/assets/helpers/mn-sets/index.js";
const data = JSON.parse(readFileSync(process.argv[1], "utf8"));
const rules = S.rulesFromRecords(data);
console.log(JSON.stringify(Object.fromEntries(rules.options.map((o) => [o.item, o.cost]))));
"""
    out = subprocess.run(["node", "--input-type=module", "-e", script, str(records_json)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.slow   # writes the whole site twice and runs a helper under Node
def test_editing_the_chart_changes_every_page_the_export_and_the_calculator(tmp_path):
    data = copy_data(tmp_path)
    chart = data / CHART
    edit(chart, "item: Hero or Wonder, what_it_does: Gives its owner a special ability, cost: 9}",
         "item: Hero or Wonder, what_it_does: Gives its owner a special ability, cost: 10}")
    edit(chart, "item: Legion, what_it_does: Land military unit, cost: 3}", "item: Legion, what_it_does: Land military unit, cost: 4}")
    edit(chart, "item: The Pyramids, what_it_does: Wins the game, cost: 12}", "item: The Pyramids, what_it_does: Wins the game, cost: 15}")
    longer = data / "mare-nostrum/rule/mn-longer-game.yaml"       # the home of the longer-game cost: the whole file
    edit(longer, "{label: Pyramids cost, value: 13", "{label: Pyramids cost, value: 14")
    edit(longer, "cost 13 cards;", "cost 14 cards;")
    edit(longer, "cost a 13-card set instead of 12", "cost a 14-card set instead of 15")
    site = tmp_path / "site"
    run = subprocess.run([str(ROOT / ".venv/bin/python"), "-m", "generator", "write", str(site), "--data", str(data)],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr

    export = json.loads((site / "api/records.json").read_text())
    recs = {r["id"]: r for r in export["records"]}
    chart_readers = [r for r in recs.values() if (r.get("cost") or {}).get("from", {}).get("row") == "Hero or Wonder"]
    assert len(chart_readers) >= 39                      # every hero and wonder but the Pyramids
    for r in chart_readers:
        assert r["cost"]["amount"] == 10, r["id"]
        assert r["cost"]["from"] == {"table": "mn-construction-cost-chart", "row": "Hero or Wonder", "column": "cost"}
        page = (site / f"{r['url'].rstrip('/')}.md")
        page = page if page.exists() else site / r["url"] / "index.md"
        html = page.read_text()
        assert re.search(r"10 cards <span class=\"cmp-from\">\(from <a href=\"[^\"]*mn-construction-cost-chart/\">", html), r["id"]
        assert "9 cards" not in html, r["id"]
    legion = recs["mn-legion"]["facts"][0]
    assert (legion["value"], legion["from"]["row"]) == (4, "Legion")
    assert recs["mn-the-pyramids"]["facts"][0]["value"] == 14 and recs["mn-the-pyramids"]["cost"]["amount"] == 15
    pyramids = (site / "mare-nostrum/wonders/mn-the-pyramids.md").read_text()
    assert "15 cards" in pyramids and "14 cards" in pyramids and not re.search(r"\b1[23](?: cards|-card)", pyramids)
    heroes_list = (site / "mare-nostrum/heroes.md")
    heroes_list = heroes_list if heroes_list.exists() else site / "mare-nostrum/heroes/index.md"
    assert heroes_list.read_text().count("10 cards") >= 33

    costs = _node_costs(site / "api/records.json")
    assert costs["Hero or Wonder"] == 10 and costs["Legion"] == 4 and costs["The Pyramids"] == 15, costs


def test_a_value_with_no_home_or_two_homes_is_explained(tmp_path):
    data = copy_data(tmp_path)
    edit(data / "mare-nostrum/hero/mn-ajax.yaml", "  from: {table: mn-construction-cost-chart, row: Hero or Wonder, column: cost}\n", "")
    edit(data / "mare-nostrum/unit/mn-legion.yaml", "{label: Cost, from: {table: mn-construction-cost-chart, row: Legion, column: cost}, unit: cards}",
         "{label: Cost, unit: cards}")
    edit(data / "mare-nostrum/unit/mn-trireme.yaml", "row: Trireme, column: cost}", "row: Trireme, column: cost, record: mn-legion}")
    _, problems = load_and_validate(data)
    shown = {str(p).split(":", 2)[0] + ":" + str(p).split(":", 2)[2] for p in problems}
    assert shown == {
        "data/mare-nostrum/hero/mn-ajax.yaml: cost: needs amount or from (add amount or from)",
        "data/mare-nostrum/unit/mn-legion.yaml: facts[0]: needs value or from (add value or from)",
        "data/mare-nostrum/unit/mn-trireme.yaml: facts[0].from: mixes table, row, column with record "
        "(write table, row, column or record, fact, not both)",
    }


def test_references_that_go_round_in_a_circle_are_a_problem_not_a_hang():
    from generator.validate.blocking.value_sources import source_problems
    a = {"id": "mn-a", "kind": "rule", "facts": [{"label": "X", "from": {"record": "mn-b", "fact": "Y"}}]}
    b = {"id": "mn-b", "kind": "rule", "facts": [{"label": "Y", "from": {"record": "mn-a", "fact": "X"}}]}
    c = {"id": "mn-c", "kind": "rule", "facts": [{"label": "Z", "from": {"record": "mn-c", "fact": "Z"}}]}
    found = source_problems({"mn-a": a, "mn-b": b, "mn-c": c})
    assert {(rid, "circle" in problem) for rid, _, _, problem, _ in found} == {("mn-a", True), ("mn-b", True), ("mn-c", True)}
