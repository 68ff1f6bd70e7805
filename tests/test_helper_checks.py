"""The checks on the fields the table helpers read give a path:line: field: problem (fix) line.

Each test breaks one link in a copy of the real records (the helpers' fields live only in
the real data) and expects exactly the message for it. The data is loaded once for the
whole run (conftest's `loaded`); each test edits a deep copy in memory.
"""
from __future__ import annotations

import copy
import re

import pytest

from record_copies import LINE, copy_of, data_of, messages_of  # noqa: F401 (LINE used by some tests)

from generator.validate.blocking.helper_checks import HELPER_CHECKS
from generator.validate.run import cross_record
from generator.validate.schema.schema_check import check_schema

@pytest.fixture
def recs(loaded):
    return copy_of(loaded)


def messages(recs) -> list[str]:
    return messages_of(HELPER_CHECKS, recs)


def test_real_data_passes(recs):
    assert messages(recs) == []


def test_tool_page_and_records_must_exist(recs):
    from generator.validate.blocking.checks import check_tool_refs
    from generator.validate.blocking.site_checks import check_tool_pages
    tool = data_of(recs, "dip-diplomacy-variant")["tools"][0]
    tool["page"] = "calculators/diplomacy-scores.md"
    tool["records"][0] = "dip-c-diplo-scorin"
    msgs = [str(p) for check in (check_tool_pages, check_tool_refs) for p in check(recs)]
    assert all(LINE.match(m) for m in msgs) and len(msgs) == 2, msgs
    assert any(re.match(r"data/diplomacy-variant/game/dip-diplomacy-variant\.yaml:\d+: tools\[0\]\.page: no page "
                        r"content/calculators/diplomacy-scores\.md \(", m) for m in msgs), msgs
    assert any(m.endswith("tools[0].records[0]: no record has id 'dip-c-diplo-scorin' (did you mean 'dip-c-diplo-scoring'?)")
               for m in msgs), msgs


def test_construction_item_must_be_a_chart_row(recs):
    """The sets helper's reader judges it (engine/mn-sets), with the row it may have meant."""
    data_of(recs, "mn-julius-caesar")["construction"]["reduces"][0]["item"] = "Legions"
    assert messages(recs) == []
    (line,) = [p.report() for p in cross_record(recs, [])]
    assert line.startswith("data/mare-nostrum/hero/mn-julius-caesar.yaml:")
    assert line.endswith("construction.reduces[0].item: the sets helper cannot read it: reduces 'Legions', which is not a row "
                         "of mn-construction-cost-chart (did you mean 'Legion'?) [engine/mn-sets]")


def test_construction_paid_with_must_be_a_record(recs):
    data_of(recs, "mn-spartacus")["construction"]["paid_with"] = "mn-slave"
    (msg,) = messages(recs)
    assert msg.endswith("construction.paid_with: no record has id 'mn-slave' (did you mean 'mn-slaves'?)")


def test_construction_needs_a_cost(recs):
    rec = next(r for r in recs if r.data.get("id") == "mn-julius-caesar")
    del rec.data["construction"]["new_cost"]
    msgs = [str(p) for p in check_schema(rec)]
    assert msgs and all(m.startswith("data/mare-nostrum/hero/mn-julius-caesar.yaml:") and "construction" in m for m in msgs), msgs


def test_disaster_payments_must_match_the_losses(recs):
    pays = data_of(recs, "mos-chaos")["payments"]
    pays[0]["amount"] = 12
    pays[2]["of"] = "Town"
    msgs = messages(recs)
    assert len(msgs) == 2, msgs
    assert any(m.endswith("payments[0].amount: 12 but losses[0] says '10 Money' (make the amount match the losses line)") for m in msgs), msgs
    assert any(m.endswith("payments[2].of: 'Town' is not what losses[2] names ('A City') (use the words of the losses line, singular)")
               for m in msgs), msgs


def test_disaster_payments_count(recs):
    data_of(recs, "mos-flood")["payments"].pop()
    (msg,) = messages(recs)
    assert msg.endswith("payments: 2 payments for 3 losses (write one payment for each line of losses, in the same order)")


def test_objective_rule_must_exist(recs):
    data_of(recs, "ac-assyrian-empire")["objectives"][5]["vp_alternative_rule"] = "ac-sewing"
    (msg,) = messages(recs)
    assert msg.endswith("objectives[5].vp_alternative_rule: no record has id 'ac-sewing' (did you mean 'ac-sowing'?)")


def test_an_objective_rule_without_its_value_is_the_victory_helpers_line(recs):
    del data_of(recs, "ac-assyrian-empire")["objectives"][8]["vp_alternative"]
    assert messages(recs) == []
    (line,) = [p.report() for p in cross_record(recs, [])]
    assert line.startswith("data/ancient-conquest/people/ac-assyrian-empire.yaml:")
    assert line.endswith("objectives[8].vp_alternative_rule: the victory helper cannot read it: objective 9 names an optional rule "
                         "but no vp_alternative, the value it gives (add vp_alternative, or delete vp_alternative_rule) [engine/ac-victory]")


def test_a_record_an_engine_needs_and_no_file_holds_is_named_on_the_tool(recs):
    """When no other problem explains a gap (here, the records simply lack the Statue
    of Zeus, which no `from:` reads: without mn-combat the `from:`s that read it would explain the
    gap, and the game is left out), the engine's check says so at the game's tool entry; with the
    record there, nothing."""
    from generator.validate.bridges.scenarios import engine_checks
    assert engine_checks(recs) == []
    rest = [r for r in recs if r.data.get("id") != "mn-statue-of-zeus"]
    msgs = [str(p) for p in engine_checks(rest)]
    assert msgs and all(LINE.match(m) for m in msgs), msgs
    assert all(m.startswith("data/mare-nostrum/game/mn-mare-nostrum-mythology.yaml:") for m in msgs), msgs
    assert any("tools[0].records: calculators/mare-nostrum-battle.md: the battle calculator needs the record mn-statue-of-zeus, "
               "which no data file holds" in m for m in msgs), msgs
    assert engine_checks(rest, doubtful_games={"mare-nostrum"}) == []   # a game in doubt is skipped, silently
