"""The numbers the calculators and helpers compute with have ranges.

With 0 points per loss the Mare Nostrum calculator showed "both wiped out 100%", with -5 "still
at war 100%"; 0 dice per legion, a -6 fortress and a terrain multiplier of 0 passed too. Each
number an engine reads now has its range where the engine reads it (the engines refuse the value,
on the page and in the check: content/assets/calculators/mn-battle/rules.js RANGES,
ac-battle/model.js RANGES, shared/records.js FACT_RANGE for the helpers), or in the schema where
the number is a field (schemas/defs/mn-combat.schema.json). Each break is one line at the value,
naming the range. In process: each case is one engine check (one Node run) on a copy of the
records.
"""
from __future__ import annotations

import copy

import pytest

from record_copies import LINE, copy_of, data_of

from generator.validate.bridges.scenarios import engine_checks
from generator.validate.schema.schema_check import check_schema


def set_fact(recs, rid, label, value):
    fact = next(f for f in data_of(recs, rid)["facts"] if f.get("label") == label)
    fact.pop("from", None)
    fact["value"] = value


def set_cell(recs, rid, key, name, column, value):
    row = next(r for r in data_of(recs, rid)["rows"]
               if (r["cells"][key].get("value") if isinstance(r["cells"][key], dict) else r["cells"][key]) == name)
    if isinstance(row["cells"][column], dict):
        row["cells"][column]["value"] = value
    else:
        row["cells"][column] = value


LOSS = "Points of total per enemy unit lost"
CASES = [
    ("0 points per loss", lambda r: set_fact(r, "mn-combat", LOSS, 0),
     "data/mare-nostrum/rule/mn-combat.yaml", "facts[1].value", "a whole number from 1 to 99"),
    ("-5 points per loss", lambda r: set_fact(r, "mn-combat", LOSS, -5),
     "data/mare-nostrum/rule/mn-combat.yaml", "facts[1].value", "a whole number from 1 to 99"),
    ("0 dice per legion", lambda r: set_fact(r, "mn-combat", "Dice per legion (land) or trireme (sea)", 0),
     "data/mare-nostrum/rule/mn-combat.yaml", "facts[4].value", "a whole number from 1 to 9"),
    ("a -6 fortress", lambda r: set_fact(r, "mn-combat", "Automatic value of a fortress", -6),
     "data/mare-nostrum/rule/mn-combat.yaml", "facts[2].value", "a whole number from 1 to 6"),
    ("a terrain multiplier of 0", lambda r: set_cell(r, "ac-terrain-effects-table", "terrain", "Mountain", "defender_multiplier", 0),
     "data/ancient-conquest/table/ac-terrain-effects-table.yaml", "rows[4].cells.defender_multiplier",
     "the Mountain row's defender_multiplier): a multiplier must be above 0 and at most 10"),
    ("a tripling limit of 0", lambda r: set_fact(r, "ac-combat-tripling-limit", "Maximum multiplier", 0),
     "data/ancient-conquest/rule/ac-combat-tripling-limit.yaml", "facts[0].value", "the largest multiplier must be from 1 to 10"),
    ("-3 points to the soloist", lambda r: set_fact(r, "dip-solo-scoring", "Points to the soloist", -3),
     "data/diplomacy-variant/rule/dip-solo-scoring.yaml", "facts[0].value", "not a whole number from 0 to 999"),
    ("half a tax card kept", lambda r: set_fact(r, "mn-sets-of-cards", "Tax cards kept between turns", 1.5),
     "data/mare-nostrum/rule/mn-sets-of-cards.yaml", "facts[3].value", "not a whole number from 0 to 999"),
]


@pytest.mark.slow   # seconds each (a copy of data/, a subprocess, or a sweep): make test, not make quick (30 s)
@pytest.mark.parametrize("name, edit, file, field, words", CASES, ids=[c[0] for c in CASES])
def test_a_number_outside_its_range_is_one_line_at_it_naming_the_range(loaded, name, edit, file, field, words):
    recs = copy_of(loaded)
    edit(recs)
    lines = [str(p) for p in engine_checks(recs)]
    assert len(lines) == 1 and LINE.match(lines[0]), lines
    assert lines[0].split(":")[0] == file and f": {field}: " in lines[0] and words in lines[0], lines


@pytest.mark.parametrize("rid, path, value", [
    ("mn-hannibal", ["combat", "die_bonus"], 0),
    ("mn-mars", ["combat", "flat_bonus_after_roll"], -6),
    ("mn-ariane", ["combat", "building_bonus", "temple"], 0),
])
def test_a_combat_number_outside_its_range_is_refused_by_the_schema(loaded, rid, path, value):
    rec = copy.deepcopy(next(r for r in loaded[0] if r.data.get("id") == rid))
    holder = rec.data
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    lines = [str(p) for p in check_schema(rec)]
    assert len(lines) == 1 and f": {'.'.join(path)}: {value} is below the minimum 1 " in lines[0], lines
