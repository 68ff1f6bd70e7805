"""Rulings' battle scenarios: checked by the calculators' engines (a refused battle, a bad plan
or a query not in the page's own form is a path:line problem), none missing without a reason,
and a ruling's page says "Checked by the calculator's tests" exactly when the tests' list says so."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from data_copy import shared_copy
from generator.model import ruling_tests
from generator.paths import DATA, RULING_TESTS
from generator.validate.run import load_and_validate

# Each test validates the whole data set and runs the engines under Node (about 1 s each):
# `make test` runs them, `make quick` leaves them out.
pytestmark = pytest.mark.slow

RULING = "mare-nostrum/ruling/mn-ex-battle.yaml"

# One copy of data/ for the module, put back after each test (tests/data_copy.py).
_module_copy, data_copy = shared_copy(DATA, "ruling-data")


def _problems(data: Path) -> list[str]:
    _, problems = load_and_validate(data)
    return [str(p) for p in problems]


def _edit(data: Path, rel: str, old: str, new: str) -> int:
    path = data / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text.split(old)[0].count("\n") + 1


@pytest.mark.parametrize("query, words", [
    ("a.legions=30&d.legions=1&d.fortresses=1", "a player has only 8 legions in the box"),
    ("a.legions=3&d.legions=1&d.fortresses=1&d.withdraw=fewer&d.withdraw.below=-1", "whole number from 1 to"),
    ("a.legions=3&d.legions=1&d.fortresses=1&d.withdraw=chance&d.withdraw.below=1000000000", "percentage from 1 to 99"),
    ("a.legions=3&d.legions=1&d.fortresses=1&d.withdraw=fewer&d.withdraw.below=2&d.withdraw.pieces=fortresses", "A fortress never moves"),
    ("a.legions=7&d.legions=1&a.reinforce.legions=5", "only 8 in the box"),
    ("d.legions=1&a.legions=3&d.fortresses=1", "write it as \"a.legions=3&d.legions=1&d.fortresses=1\""),
    ("a.legions=3&d.legions=1&d.fortresses=1&d.legion=2", "not the calculator's own form"),
])
def test_a_scenario_the_engine_refuses_is_a_problem_with_its_line(data_copy, query, words):
    line = _edit(data_copy, RULING, 'query: "a.legions=3&d.legions=1&d.fortresses=1"', f'query: "{query}"')
    problems = _problems(data_copy)
    mine = [p for p in problems if p.startswith(f"data/{RULING}:{line}: scenario.query: the calculator refuses it")]
    assert mine and any(words in p for p in mine), problems


def test_an_ancient_conquest_scenario_is_checked_by_its_engine(data_copy):
    rel = "ancient-conquest/ruling/ac-ex-combined-defence.yaml"
    _edit(data_copy, rel, "d=i4.m6", "d=c4.c6")
    problems = _problems(data_copy)
    assert any(p.startswith(f"data/{rel}:") and "stacking" in p for p in problems), problems


def test_a_ruling_naming_a_combat_record_needs_a_scenario_or_a_reason(data_copy):
    rel = "mare-nostrum/ruling/mn-q-two-trades-in-a-row.yaml"
    _edit(data_copy, rel, "concerns: [", "concerns: [mn-behemoth, ")
    problems = _problems(data_copy)
    assert any(p.startswith(f"data/{rel}:") and "names mn-behemoth" in p and "no scenario" in p for p in problems), problems
    path = data_copy / rel
    path.write_text(path.read_text(encoding="utf-8") + 'no_scenario: "About trade, not a battle."\n', encoding="utf-8")
    assert not _problems(data_copy)


def test_a_scenario_must_name_a_calculator_of_its_own_game(data_copy):
    _edit(data_copy, RULING, "calculator: calculators/mare-nostrum-battle.md", "calculator: calculators/ancient-conquest-battle.md")
    problems = _problems(data_copy)
    assert any(p.startswith(f"data/{RULING}:") and "scenario.calculator" in p for p in problems), problems


def test_the_list_of_tested_rulings_is_read_and_a_missing_one_claims_nothing(tmp_path):
    assert "mn-q-ajax-reroll-once" in ruling_tests.tested_rulings()
    assert ruling_tests.tested_rulings(tmp_path / "absent.json") == frozenset()
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    assert ruling_tests.tested_rulings(tmp_path / "bad.json") == frozenset()


def test_a_ruling_page_says_checked_by_the_tests_exactly_when_listed(site_dir):
    listed = set(json.loads(RULING_TESTS.read_text(encoding="utf-8"))["rulings"])
    claimed, linked = set(), set()
    for page in site_dir.glob("*/rulings/*/index.html"):
        html = page.read_text(encoding="utf-8")
        body = html.split('data-cmp-record="', 1)[1] if 'data-cmp-record="' in html else ""
        rid = body.split('"', 1)[0]
        own = body.split('<h2 id="rulings"', 1)[0]     # the ruling itself, not the rulings listed under it
        if "Checked by the calculator's tests" in own:
            claimed.add(rid)
        if 'class="cmp-work-it-out"' in own:
            linked.add(rid)
            href = re.search(r'class="cmp-work-it-out" href="([^"]+)"', own).group(1)
            assert "/calculators/" in href and "?" in href, href
    assert claimed == listed
    records = json.loads((site_dir / "api" / "records.json").read_text(encoding="utf-8"))["records"]
    assert linked == {r["id"] for r in records if r.get("scenario")}


# The scenario fields say one true thing.

def test_a_ruling_may_not_have_both_a_scenario_and_no_scenario(data_copy):
    path = data_copy / RULING
    path.write_text(path.read_text(encoding="utf-8") + 'no_scenario: "And yet no battle."\n', encoding="utf-8")
    line = path.read_text(encoding="utf-8").count("\n")
    assert _problems(data_copy) == [f"data/{RULING}:{line}: no_scenario: the ruling has both a scenario and no_scenario "
                                    "(keep the scenario and delete no_scenario, or delete the scenario)"]


@pytest.mark.parametrize("rel, why", [
    ("seven-wonders-myths/ruling/swm-cl-athena-age-ii-icon.yaml", "its game has no battle calculator"),
    ("mare-nostrum/ruling/mn-q-two-trades-in-a-row.yaml", "it names no record a battle calculator uses"),
])
def test_no_scenario_needs_a_calculator_that_could_show_the_ruling(data_copy, rel, why):
    path = data_copy / rel
    path.write_text(path.read_text(encoding="utf-8") + 'no_scenario: "Not a battle."\n', encoding="utf-8")
    line = path.read_text(encoding="utf-8").count("\n")
    assert _problems(data_copy) == [f"data/{rel}:{line}: no_scenario: says why it has no battle scenario, but {why} "
                                    "(delete no_scenario)"]


@pytest.mark.parametrize("query", ["&&a.legions=3&d.legions=1&d.fortresses=1&&", "a.legions=3&&d.legions=1&d.fortresses=1"])
def test_a_query_with_empty_pairs_is_refused_with_its_own_form(data_copy, query):
    line = _edit(data_copy, RULING, 'query: "a.legions=3&d.legions=1&d.fortresses=1"', f'query: "{query}"')
    problems = _problems(data_copy)
    assert problems == [f'data/{RULING}:{line}: scenario.query: the calculator refuses it: not the calculator\'s own form '
                        'of this battle; write it as "a.legions=3&d.legions=1&d.fortresses=1" (write the battle as the '
                        "calculator's page writes it in its address bar)"], problems


def test_an_ancient_conquest_query_with_empty_pairs_is_refused(data_copy):
    rel = "ancient-conquest/ruling/ac-ex-combined-defence.yaml"
    line = _edit(data_copy, rel, 'query: "a=', 'query: "&a=')
    problems = _problems(data_copy)
    assert len(problems) == 1 and problems[0].startswith(f"data/{rel}:{line}: scenario.query: ") \
        and "own form" in problems[0], problems


@pytest.mark.parametrize("rel, old, new, words", [
    (RULING, "a.legions=3&d.legions=1&d.fortresses=1", "a=i4&d=i4.m6&t=clear",
     "“a”, “d”, “t” are not this calculator's keys: the link is written for the Ancient Conquest battle calculator"),
    ("ancient-conquest/ruling/ac-ex-combined-defence.yaml", "a=i20&d=i4.m6&t=clear&c=none&river=text&reddot=main",
     "a.legions=3&d.legions=1", "“a.legions”, “d.legions” are not this calculator's keys: the link is written for the "
     "Mare Nostrum battle calculator"),
])
def test_a_query_in_the_other_calculators_form_names_its_keys(data_copy, rel, old, new, words):
    _edit(data_copy, rel, old, new)
    problems = _problems(data_copy)
    assert len(problems) == 1 and words in problems[0], problems
    assert "needs at least one unit" not in problems[0]


def test_the_engines_start_before_the_cross_record_checks_and_answer_once(data_copy, monkeypatch):
    """For the check's time, the engines' one Node process starts after the schema pass and
    works beside the cross-record checks; the engines' check takes its answer (no second Node run).
    A game put in doubt by a cross-record problem found meanwhile still gets no engine line (its
    refused battle here would be a false line), and another game's refused battle keeps its own."""
    from generator.validate.bridges import scenarios
    calls = []
    real = scenarios._node_answer
    monkeypatch.setattr(scenarios, "_node_answer", lambda *a, **k: calls.append(1) or real(*a, **k))
    mn = _edit(data_copy, RULING, 'query: "a.legions=3&d.legions=1&d.fortresses=1"', 'query: "a.legions=30&d.legions=1&d.fortresses=1"')
    _edit(data_copy, "ancient-conquest/ruling/ac-ex-combat-ratio-rounding.yaml", "a=i11&d=i6", "a=i11&d=i6&zz=1")
    _edit(data_copy, "ancient-conquest/people/ac-egyptian-empire.yaml", "related:\n", "related:\n- ac-no-such-record\n")
    problems = _problems(data_copy)
    assert len(calls) == 1, calls
    assert any(p.startswith(f"data/{RULING}:{mn}: scenario.query: the calculator refuses it") for p in problems), problems
    assert not any("ac-ex-combat-ratio-rounding" in p for p in problems), problems
    assert any("ac-egyptian-empire.yaml" in p and "ac-no-such-record" in p for p in problems), problems
