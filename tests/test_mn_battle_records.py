"""The Mare Nostrum battle calculator's data: combat blocks, their schema, and agreement with facts."""
from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "schemas" / "defs" / "mn-combat.schema.json"

# Records the calculator needs a combat block on.
NEEDS_COMBAT = [
    "mn-hannibal", "mn-hamilcar", "mn-ajax", "mn-mars", "mn-ariane", "mn-centaur", "mn-hercules",
    "mn-pericles", "mn-poseidon", "mn-titan", "mn-behemoth", "mn-penthesilee",
    "mn-kraken", "mn-phoenix", "mn-griffon",
]

# Numbers that used to be written twice in a record, once as a fact and once in its combat
# block. A number is written once: the combat block, which the calculator reads and the page shows.
COMBAT_NUMBERS = [
    ("mn-hannibal", ["die_bonus"], "Bonus per legion die in combat", 1),
    ("mn-pericles", ["die_bonus"], "Bonus per die in naval combat", 1),
    ("mn-hamilcar", ["fixed_die_value"], "Fixed value of each chosen die", 4),
    ("mn-mars", ["flat_bonus_after_roll"], "Bonus to one combat total", 6),
    ("mn-ariane", ["building_bonus", "city"], "Bonus per city", 1),
    ("mn-ariane", ["building_bonus", "caravan"], "Bonus per caravan", 1),
    ("mn-ariane", ["building_bonus", "market"], "Bonus per market", 2),
    ("mn-ariane", ["building_bonus", "temple"], "Bonus per temple", 2),
    ("mn-penthesilee", ["loss_threshold"], "Points of enemy total per ground unit lost", 6),
    ("mn-centaur", ["removes_enemy_before_dice", "count"], "Enemy legions destroyed per Centaur before the roll", 1),
    ("mn-poseidon", ["removes_enemy_before_dice", "count"], "Triremes destroyed", 1),
    ("mn-titan", ["ranged_attack", "dice_per_unit"], "Dice per Titan in a ranged attack", 1),
]


def _by_id(records):
    return {r["id"]: r for r in records}


def test_combat_blocks_present(records):
    by_id = _by_id(records)
    missing = [rid for rid in NEEDS_COMBAT if rid not in by_id or "combat" not in by_id[rid]]
    assert not missing, f"records without a combat block: {missing}"


def test_every_creature_has_a_combat_block(records):
    creatures = [r["id"] for r in records if r.get("game") == "mare-nostrum" and r["kind"] == "creature"]
    assert creatures
    assert [c for c in creatures if "combat" not in _by_id(records)[c]] == []


def test_combat_schema_fields_all_described():
    schema = json.loads(SCHEMA.read_text())
    assert schema["properties"], "the combat schema defines no fields"
    undocumented = []

    def walk(node, path):
        for name, sub in node.get("properties", {}).items():
            if not sub.get("description"):
                undocumented.append(".".join(path + [name]))
            walk(sub, path + [name])

    walk(schema, [])
    assert not undocumented, f"fields without a description: {undocumented}"


def test_each_combat_number_is_written_once(records):
    """The manual's value is in the combat block, and no fact restates it."""
    by_id = _by_id(records)
    problems = []
    for rid, path, label, manual_value in COMBAT_NUMBERS:
        rec = by_id[rid]
        value = rec["combat"]
        for p in path:
            value = value[p]
        if value != manual_value:
            problems.append(f"{rid}: combat.{'.'.join(path)} = {value}, the manual gives {manual_value}")
        if label in {f["label"] for f in rec.get("facts", [])}:
            problems.append(f"{rid}: fact {label!r} restates combat.{'.'.join(path)}; keep the number in one place")
    assert not problems, "\n".join(problems)


def test_civilization_specific_heroes_name_their_civilization(records):
    by_id = _by_id(records)
    for rid in ("mn-hannibal", "mn-pericles"):
        assert by_id[rid].get("civilization"), f"{rid} must name its civilization: the calculator checks who may own it"
    creature_civs = {r.get("civilization") for r in records if r.get("kind") == "creature" and r.get("game") == "mare-nostrum"}
    assert len(creature_civs - {None}) == 6
