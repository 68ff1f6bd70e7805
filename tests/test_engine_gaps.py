"""The engines' gaps are placed by what the engine gives (record, fact, field path, table cell),
never by reading its sentence back: a gap whose words change lands on the same line.

In process, no Node: each test hands scenarios._gap_problem a gap as engine_gaps.mjs passes it.
"""
from __future__ import annotations

import pytest

from record_copies import LINE

from generator.validate.bridges.scenarios import _gap_problem

LOST = "Points of total per enemy unit lost"


@pytest.fixture
def recs(loaded):
    return {r.data.get("id"): r for r in loaded[0]}


def line(recs, gap, engine="mn-battle"):
    game = recs["mn-mare-nostrum-mythology"]
    p = _gap_problem(engine, gap, recs.get(gap.get("record")), game, 0, "calculators/mare-nostrum-battle.md")
    text = str(p.by(f"engine/{engine}"))
    assert LINE.match(text), text
    return text


@pytest.mark.parametrize("words", ["no numeric fact labelled 'X'", "mn-legion: the field 'count' is missing",
                                   "record mn-statue-of-zeus is missing", "entirely new words"])
def test_a_reworded_gap_lands_on_the_same_line(recs, words):
    """Whatever the sentence says (even one naming another record, or a field), the place is the gap's own."""
    at_fact = line(recs, {"record": "mn-combat", "fact": LOST, "problem": words, "message": words})
    assert at_fact.startswith("data/mare-nostrum/rule/mn-combat.yaml:") and ": facts[1].value: " in at_fact and words in at_fact
    at_field = line(recs, {"record": "mn-ajax", "path": ["combat", "rerolls"], "problem": words, "message": words})
    assert ": combat" in at_field and at_field.startswith("data/mare-nostrum/hero/mn-ajax.yaml:") and words in at_field
    cell = line(recs, {"record": "ac-terrain-effects-table", "row": ["terrain", "Mountain"], "column": "defender_multiplier",
                       "problem": words, "message": words}, "ac-battle")
    assert ": rows[4].cells.defender_multiplier: " in cell, cell
    nowhere = line(recs, {"record": None, "problem": words, "message": words})
    assert ": tools[0].page: " in nowhere and words in nowhere


def test_the_gap_gives_its_fix_and_a_renamed_label_its_old_name(recs):
    fix = line(recs, {"record": "mn-combat", "fact": LOST, "problem": "p", "fix": "write five"})
    assert fix.endswith(": the battle calculator cannot use 5: p (write five)"), fix
    close = line(recs, {"record": "mn-combat", "fact": "Points of total per enemy unit lots", "problem": "p"})
    assert f"rename '{LOST}' back to 'Points of total per enemy unit lots'" in close, close


def test_a_missing_field_is_said_where_the_fields_start_and_a_missing_record_on_the_tool(recs):
    count = line(recs, {"record": "mn-ajax", "path": ["count"], "problem": "p"})
    rec = recs["mn-ajax"]
    assert count.startswith(f"{rec.rel}:{rec.line_of(['kind'])}: count: "), count
    missing = line(recs, {"record": "mn-nowhere", "path": [], "problem": "p"})
    assert ": tools[0].records: " in missing and "needs the record mn-nowhere" in missing, missing
