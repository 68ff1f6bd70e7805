"""The turn's shape and order are checked, by the play-along reader (content/assets/play/engine/turn-order.js)
and play_along_checks.py's check_play_along_present.

Swapping or sharing a step's `order`, or pointing play_along.turn at a phase, passed `check` and
the strict build, and the page showed Mare Nostrum's Combat before Movement or a turn of
"Movement, Combat" alone. Each break below goes through every cross-record check on a copy of
the real records and must give exactly its own line (no follow-on lines from the checks that
read the turn's steps). The source's order itself: tests/js/play-turn-order.test.mjs.
"""
from __future__ import annotations

import pytest

from record_copies import LINE, copy_of, data_of

from generator.validate.run import cross_record

MN = "data/mare-nostrum"
GAME = f"{MN}/game/mn-mare-nostrum-mythology.yaml"


def rec_of(recs, rid):
    return next(r for r in recs if r.data.get("id") == rid)


def lines_after(loaded, edit):
    recs = copy_of(loaded)
    edit(recs)
    out = [str(p) for p in cross_record(recs, [])]
    assert all(LINE.match(m) for m in out), out
    return recs, out


def set_turn(rid):
    return lambda recs: data_of(recs, "mn-mare-nostrum-mythology")["play_along"].__setitem__("turn", rid)


def test_a_turn_naming_a_phase_is_one_line_at_the_turn(loaded):
    recs, out = lines_after(loaded, set_turn("mn-military-phase"))
    line = rec_of(recs, "mn-mare-nostrum-mythology").line_of(["play_along", "turn"])
    assert out == [f"{GAME}:{line}: play_along.turn: mn-military-phase is a step of mn-phases-of-a-turn (its step_of), "
                   "not the turn: the page would show only the steps under it (name the turn's root, mn-phases-of-a-turn)"]


def test_a_turn_naming_a_rule_outside_the_steps_is_one_line_naming_the_root(loaded):
    recs, out = lines_after(loaded, set_turn("mn-object-of-the-game"))
    assert len(out) == 1 and out[0].startswith(f"{GAME}:"), out
    assert "mn-object-of-the-game has no steps, while the game's phases hang from mn-phases-of-a-turn" in out[0]
    assert out[0].endswith("(name mn-phases-of-a-turn)")


def test_a_seven_wonders_turn_naming_its_middle_phase(loaded):
    edit = lambda recs: data_of(recs, "swm-seven-wonders-myths")["play_along"].__setitem__("turn", "swm-turn-and-phase-resolution")
    _, out = lines_after(loaded, edit)
    assert len(out) == 1 and "play_along.turn: swm-turn-and-phase-resolution is a step of swm-myths-gameplay" in out[0], out


def test_a_shared_order_is_a_line_at_each_step_that_shares_it(loaded):
    recs, out = lines_after(loaded, lambda recs: data_of(recs, "mn-combat").__setitem__("order", 180))
    assert out == [
        f"{MN}/rule/mn-combat.yaml:{rec_of(recs, 'mn-combat').line_of(['order'])}: order: order 180 is also mn-movement's, "
        "a step of mn-military-phase too: the page would put them in id order, not the source's "
        "(give each step of mn-military-phase its own order, in the source's sequence)",
        f"{MN}/rule/mn-movement.yaml:{rec_of(recs, 'mn-movement').line_of(['order'])}: order: order 180 is also mn-combat's, "
        "a step of mn-military-phase too: the page would put them in id order, not the source's "
        "(give each step of mn-military-phase its own order, in the source's sequence)"]


def test_combat_before_movement_is_one_line_at_the_step_its_phase_links_later(loaded):
    """mn-military-phase has no steps list; its text links Movement, then Combat (000, l. 439, 475)."""
    def swap(recs):
        data_of(recs, "mn-combat")["order"], data_of(recs, "mn-movement")["order"] = 180, 190
    recs, out = lines_after(loaded, swap)
    assert out == [f"{MN}/rule/mn-combat.yaml:{rec_of(recs, 'mn-combat').line_of(['order'])}: order: order 180 is out of "
                   "place: mn-military-phase's text links it after mn-movement (order 190) (give mn-combat an order above 190, "
                   "or, if the links are the slip, rewrite mn-military-phase's text in the source's order)"]


@pytest.mark.parametrize("orders, slipped", [
    ({"mn-commerce-phase": 130, "mn-construction-phase": 90}, ["mn-commerce-phase", "mn-construction-phase"]),   # a swap: both
    ({"mn-military-phase": 85}, ["mn-military-phase"]),                                                           # one moved: it alone
    ({"mn-commerce-phase": 125, "mn-offering-phase": 95}, ["mn-offering-phase"]),                                 # neighbours: one line
], ids=["swap", "moved", "neighbours"])
def test_an_order_against_the_steps_list_names_the_steps_out_of_place(loaded, orders, slipped):
    def edit(recs):
        for rid, order in orders.items():
            data_of(recs, rid)["order"] = order
    _, out = lines_after(loaded, edit)
    assert [m.split(":")[0] for m in out] == [f"{MN}/rule/{rid}.yaml" for rid in slipped], out
    assert all("is out of place: mn-phases-of-a-turn's steps link it (steps[" in m for m in out), out


def test_a_step_without_order_is_a_line_at_its_step_of(loaded):
    recs, out = lines_after(loaded, lambda recs: data_of(recs, "mn-combat").pop("order"))
    assert out == [f"{MN}/rule/mn-combat.yaml:{rec_of(recs, 'mn-combat').line_of(['step_of'])}: step_of: a step of "
                   "mn-military-phase without order: the page puts it after its siblings (add order: its place among "
                   "mn-military-phase's steps, as the source gives it)"]


def test_a_game_without_play_along_whose_rules_carry_setup_steps_is_one_line(loaded):
    """Without the block its rules' setup steps were checked against nothing and shown nowhere."""
    recs, out = lines_after(loaded, lambda recs: data_of(recs, "mn-mare-nostrum-mythology").pop("play_along"))
    assert out == [f"{GAME}:{rec_of(recs, 'mn-mare-nostrum-mythology').line_of(['id'])}: id: has no play_along, though 5 of "
                   "its rules carry setup steps (mn-fewer-than-six-players, mn-free-setup, mn-longer-game and 2 more): no page "
                   "shows them and their options and player counts go unchecked (restore the game's play_along block, as "
                   "schemas/game.schema.json describes it)"]


def test_every_line_names_its_check(loaded):
    from generator.validate.run import CHECK_GROUPS
    recs = copy_of(loaded)
    set_turn("mn-object-of-the-game")(recs)
    data_of(recs, "mn-ajax")["related"] = ["mn-athene"]
    problems = cross_record(recs, [])
    assert {p.check for p in problems} == {"play/turn-root", "records/references"}, [p.report() for p in problems]
    assert all(p.report().endswith(f" [{p.check}]") for p in problems)
    assert set(CHECK_GROUPS.values()) >= {p.check.split("/")[0] for p in problems}


def test_the_timing_checks_steps_are_the_turns_the_engine_walks(loaded):
    """Two readers follow step_of: the engine's walk, which builds the turn in order (turn-order.js
    stepsOf), and the timing checks' step relation (timing_checks.step_relation), which has no order.
    For every game they hold the same steps."""
    import json
    import subprocess

    from generator.node_binary import pinned_node
    from generator.paths import ROOT
    from generator.validate.blocking.timing_checks import _ancestors, step_relation

    records, _ = loaded
    _, parent = step_relation(records)
    turns = {r.data["game"]: r.data["play_along"]["turn"] for r in records if r.data.get("kind") == "game" and "play_along" in r.data}

    def under(root):
        return {s for s in parent if root in _ancestors(s, parent)}
    script = (f"import {{ stepsOf }} from {json.dumps((ROOT / 'content/assets/play/engine/turn-order.js').as_uri())};\n"
              "let input = ''; process.stdin.on('data', (c) => { input += c; });\n"
              "process.stdin.on('end', () => { const { turns, records } = JSON.parse(input);\n"
              "  const out = {}; for (const [game, root] of Object.entries(turns)) "
              "out[game] = stepsOf(root, records.filter((r) => r.game === game)).map((s) => s.id);\n"
              "  process.stdout.write(JSON.stringify(out)); });\n")
    payload = json.dumps({"turns": turns, "records": [r.data for r in records]}, default=str)
    done = subprocess.run([str(pinned_node()), "--input-type=module", "-e", script], input=payload, capture_output=True,
                          text=True, timeout=60, check=True)
    walked = json.loads(done.stdout)
    assert set(walked) == set(turns) and any(walked.values()), walked
    assert {g: sorted(ids) for g, ids in walked.items()} == {g: sorted(under(root)) for g, root in turns.items()}
