"""Every number in one home: number fields (count, movement, combat_factor) read
through `from:`, the numbers lint that finds the same number with the same label or unit in two
linked records, and the proof, on one home per game for three games, that editing the home
changes every page that shows the number and the export. Pure generator, no MkDocs, no browser."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from data_copy import shared_copy
from generator.build import model_from
from generator.export.records import records_payload
from generator.paths import DATA
from generator.render.pages import render_pages
from generator.validate.lints.number_homes import find_repeated_numbers, groups
from generator.validate.run import load_and_validate

# One copy of data/ for the module, put back after each test (tests/data_copy.py).
_module_copy, data_copy = shared_copy(DATA, "number-homes-data")


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def findings_in(data: Path):
    return findings_of(load_and_validate(data))


def findings_of(loaded):
    """The lint's findings and the records' data, of (records, problems) with no problem."""
    records, problems = loaded
    assert not problems, [str(p) for p in problems]
    return find_repeated_numbers([r.data for r in records]), [r.data for r in records]


def test_the_real_data_writes_every_number_once(loaded):
    findings, records = findings_of(loaded)
    assert findings == [], "\n".join(map(str, findings))
    assert groups(findings, records) == {}


# Each plant writes a number back beside its home; the lint must name the home to read.
PLANTS = [
    # (file, old text, planted text, record, path, the from: the lint must propose)
    ("ancient-conquest/unit/ac-infantry.yaml",
     "movement: {from: {record: ac-movement-rules, fact: Infantry movement (usual)}}", "movement: 12",
     "ac-infantry", ("movement",), "{record: ac-movement-rules, fact: Infantry movement (usual)}"),
    ("mare-nostrum/component/mn-city.yaml",
     "count: {from: {table: mn-building-tokens-by-player-count, row: City, column: p6}}", "count: 14",
     "mn-city", ("count",), "{table: mn-building-tokens-by-player-count, row: City, column: p6}"),
    ("mare-nostrum/god/mn-athena.yaml",
     "  from: {record: mn-offering-phase, fact: Offering cost}\n", "  amount: 3\n",
     "mn-athena", ("cost",), "{record: mn-offering-phase, fact: Offering cost}"),
    ("ancient-conquest/unit/ac-slave.yaml",
     "combat_factor: {from: {record: ac-slaves, fact: Slave combat factor}}", "combat_factor: 0",
     "ac-slave", ("combat_factor",), "{record: ac-slaves, fact: Slave combat factor}"),
    ("mare-nostrum/hero/mn-penthesilee.yaml",
     "from: {record: mn-combat, fact: Points of total per enemy unit lost}", "value: 5",
     "mn-penthesilee", ("facts", 0), "{record: mn-combat, fact: Points of total per enemy unit lost}"),
    ("ancient-conquest/rule/ac-movement-costs-by-terrain.yaml",
     "from: {table: ac-terrain-effects-table, row: Swamp, column: movement_cost}", "value: 6",
     "ac-movement-costs-by-terrain", ("facts", 0), "{table: ac-terrain-effects-table, row: Swamp, column: movement_cost}"),
    ("mosaic-wars-disasters/rule/mos-setup-technology-deck.yaml",
     "from: {record: mos-setup-population-tax-tariff-and-build-decks, fact: Disaster Trigger Cards per deck}", "value: 2",
     # two rules of equal rank, neither linking the other: the lint names the pair, its home by id
     "mos-setup-population-tax-tariff-and-build-decks", ("facts", 0),
     "{record: mos-setup-technology-deck, fact: Disaster Trigger Cards added}"),
]


@pytest.mark.slow   # seconds each (a copy of data/, a subprocess, or a sweep): make test, not make quick (30 s)
def test_a_number_written_beside_its_home_is_found_with_the_from_to_write(data_copy):
    data = data_copy
    for file, old, new, *_ in PLANTS:
        edit(data / file, old, new)
    findings, records = findings_in(data)
    got = {(f.record, f.path): f.use for f in findings}
    for _, _, _, rid, path, use in PLANTS:
        assert got.get((rid, path)) == use, f"{rid} {path}: {got.get((rid, path))!r}, want {use!r}; all: {got}"
    assert len(findings) == len(PLANTS), "\n".join(map(str, findings))
    assert set(groups(findings, records)) == {"ancient-conquest", "mare-nostrum", "mosaic-wars-disasters"}


@pytest.mark.slow   # seconds each (a copy of data/, a subprocess, or a sweep): make test, not make quick (30 s)
def test_equal_numbers_that_are_different_things_are_not_findings(loaded):
    """Two cards' own printed values, a fact whose label names another record, and the declared
    exceptions stay quiet: the lint reports only true repeats."""
    findings, _ = findings_of(loaded)
    quiet = {"mos-lever", "mos-ramp", "mos-rope", "mn-expansion-game-board", "swm-leader-cards", "swm-prayer-phase",
             "mos-disaster-trigger-card", "mn-gilgamesh"}
    assert not [f for f in findings if f.record in quiet]


def test_a_number_field_with_a_bad_from_is_a_problem_with_its_line(data_copy):
    data = data_copy
    inf = data / "ancient-conquest/unit/ac-infantry.yaml"
    edit(inf, "fact: Infantry movement (usual)}}", "fact: Infantry movment}}")
    slave = data / "ancient-conquest/unit/ac-slave.yaml"
    edit(slave, "movement: {from: {record: ac-slaves, fact: Slave movement alone}}",
         "movement: {from: {record: ac-slaves, fact: Slave movement alone}, value: 1}")
    city = data / "mare-nostrum/component/mn-city.yaml"      # a text cell is not a count
    edit(city, "row: City, column: p6}}", "row: City, column: building}}")
    _, problems = load_and_validate(data)
    shown = [str(p) for p in problems]
    for file, field, words in [
        ("data/ancient-conquest/unit/ac-infantry.yaml", "movement.from.fact", "has no fact labelled 'Infantry movment'"),
        ("data/ancient-conquest/unit/ac-slave.yaml", "movement", ""),
        ("data/mare-nostrum/component/mn-city.yaml", "count.from", "not a number"),
    ]:
        hits = [s for s in shown if s.startswith(file + ":") and f": {field}" in s and words in s]
        assert hits, f"no problem for {file} {field} {words!r} in {shown}"
        assert re.match(rf"{re.escape(file)}:\d+: ", hits[0]), hits[0]


@pytest.mark.slow   # seconds each (a copy of data/, a subprocess, or a sweep): make test, not make quick (30 s)
def test_a_number_field_read_through_from_reaches_the_export_as_a_bare_number(records_json_path):
    """In api/records.json as every build writes it (the session's export, conftest.py)."""
    recs = {r["id"]: r for r in json.loads(records_json_path.read_text(encoding="utf-8"))["records"]}
    assert recs["ac-infantry"]["movement"] == 12 and recs["ac-cavalry"]["movement"] == 16
    assert recs["ac-infantry"]["value_from"] == {"movement": {"record": "ac-movement-rules", "fact": "Infantry movement (usual)"}}
    assert recs["ac-slave"]["combat_factor"] == 0 and recs["mn-city"]["count"] == 14
    assert "value_from" not in recs["ac-archers"] or "combat_factor" not in recs["ac-archers"]["value_from"]


# One home per game: (file, old, new, home record id, old value, new value)
HOMES = [
    ("mare-nostrum/rule/mn-offering-phase.yaml", "{label: Offering cost, value: 3", "{label: Offering cost, value: 4",
     "mn-offering-phase", 3, 4),
    ("ancient-conquest/rule/ac-movement-rules.yaml", None, None, "ac-movement-rules", 12, 13),
    ("mosaic-wars-disasters/rule/mos-setup-population-tax-tariff-and-build-decks.yaml",
     "- label: Disaster Trigger Cards per deck\n  value: 2\n", "- label: Disaster Trigger Cards per deck\n  value: 5\n",
     "mos-setup-population-tax-tariff-and-build-decks", 2, 5),
]
AC_HOME_FACT = "Infantry movement (usual)"


def _readers(export: dict, home: str) -> list[tuple[str, str]]:
    """(record id, field) of every number read from the home, as the export says."""
    out = []
    for r in export.values():
        for field, ref in (r.get("value_from") or {}).items():
            if ref.get("record") == home:
                out.append((r["id"], field))
        if isinstance(r.get("cost"), dict) and (r["cost"].get("from") or {}).get("record") == home:
            out.append((r["id"], "cost"))
        for i, f in enumerate(r.get("facts") or []):
            if (f.get("from") or {}).get("record") == home:
                out.append((r["id"], f"facts.{i}"))
    return out


def _value(rec: dict, field: str):
    if field == "cost":
        return rec["cost"]["amount"]
    if field.startswith("facts."):
        return rec["facts"][int(field.split(".")[1])]["value"]
    return rec[field]


def _page(files: dict, rid: str) -> str:
    return next(text for path, text in files.items() if path.endswith(f"/{rid}.md"))


def _exported_page(export_dir: Path, rid: str) -> str:
    """A record's page as the session's export (conftest.py records_json_path) wrote it."""
    return next(export_dir.glob(f"*/*/{rid}.md")).read_text(encoding="utf-8")


def _shown_from(page: str, value, home: str) -> bool:
    """Whether the page shows the value followed by its from-link to the home."""
    return re.search(rf"(?<![\d.]){value}(?: [^<]*)? <span class=\"cmp-from\">\(from <a href=\"[^\"]*{home}/\">", page) is not None


@pytest.mark.slow   # seconds each (a copy of data/, a subprocess, or a sweep): make test, not make quick (30 s)
def test_editing_a_home_changes_every_page_that_shows_the_number_and_the_export(data_copy, records_json_path):
    """Before: the real data's pages and export, as the session wrote them (conftest.py). After:
    the edited copy's pages and records export, built by the generator (the search index, which
    shows no page, is not built)."""
    data = data_copy
    export_dir = records_json_path.parent.parent
    for file, old, new, home, was, now in HOMES:
        path = data / file
        if old is None:     # Ancient Conquest: the fact is written in block form
            text = path.read_text(encoding="utf-8")
            new_text, n = re.subn(rf"(- label: {re.escape(AC_HOME_FACT)}\n  value: ){was}\n", rf"\g<1>{now}\n", text)
            assert n == 1, text
            path.write_text(new_text, encoding="utf-8")
        else:
            edit(path, old, new)
    after_records, problems = load_and_validate(data)
    assert not problems, [str(p) for p in problems]
    model = model_from(after_records)
    after = render_pages(model)
    old_export = {r["id"]: r for r in json.loads(records_json_path.read_text(encoding="utf-8"))["records"]}
    new_export = {r["id"]: r for r in records_payload(model)["records"]}

    for _, _, _, home, was, now in HOMES:
        readers = _readers(old_export, home)
        if home == "ac-movement-rules":     # only the infantry's 12 moves; missile units keep their own 12
            readers = [(rid, f) for rid, f in readers
                       if ((old_export[rid].get("value_from") or {}).get(f) or {}).get("fact") == AC_HOME_FACT]
        assert len(readers) >= (3 if home != "mos-setup-population-tax-tariff-and-build-decks" else 1), (home, readers)
        for rid, field in readers:
            assert _value(old_export[rid], field) == was, (rid, field)
            assert _value(new_export[rid], field) == now, (rid, field)
            assert _shown_from(_exported_page(export_dir, rid), was, home), (rid, field, "before")
            page = _page(after, rid)
            assert _shown_from(page, now, home), (rid, field, "after")
            assert not _shown_from(page, was, home), (rid, field, "the old number is still shown")


# Each plant writes back a number a reading of the sources found in two places, of a class the
# lint must see: labels that share no word (a declared synonym), a label naming the other
# record, a record sharing the other's name, a row named 'Hero or Wonder', a number inside a
# string, and a note that says where the value comes from. (file, old, planted, record, path)
TWO_HOME_PLANTS = [
    ("ancient-conquest/unit/ac-fleet.yaml",                       # synonym: capacity / counters carried
     "  from: {record: ac-fleets, fact: Counters carried per fleet}\n", "  value: 1\n", "ac-fleet", ("facts", 0)),
    ("ancient-conquest/rule/ac-fortified-cities.yaml",            # synonym: stacking limit / units in a hex
     "  from: {record: ac-stacking, fact: Army units in a red-dot city hex}\n", "  value: 3\n", "ac-fortified-cities", ("facts", 0)),
    ("ancient-conquest/table/ac-oracle-table.yaml",               # synonym: die / roll
     "  from: {record: ac-slave-functions, fact: Oracle roll modifier per extra slave}\n", "  value: 1\n",
     "ac-slave-functions", ("facts", 4)),          # the table's fact is the higher home; either side names the pair
    ("mare-nostrum/component/mn-caravan.yaml",                    # 'Caravans added' names the caravan
     "{label: Added by the expansion, from: {record: mn-building-token, fact: Caravans added}}",
     "{label: Added by the expansion, value: 5}", "mn-building-token", ("facts", 3)),
    ("ancient-conquest/unit/ac-queen-consort-counter.yaml",       # the rule and its counter, both Queen-Consort
     "combat_factor: {from: {record: ac-queen-consort, fact: Combat factor}}", "combat_factor: 0",
     "ac-queen-consort-counter", ("combat_factor",)),
    ("mare-nostrum/rule/mn-free-setup.yaml",                      # 'Civilization hero cost' names row Hero or Wonder
     "{label: Civilization hero cost, from: {table: mn-construction-cost-chart, row: Hero or Wonder, column: cost}, unit: construction points}",
     "{label: Civilization hero cost, value: 9, unit: construction points}", "mn-free-setup", ("facts", 4)),
    ("ancient-conquest/unit/ac-siege-machine.yaml",               # '+1 column' inside the siege table's string
     "  from: {record: ac-siege-table, fact: Siege machine}\n", "  value: 1\n", "ac-siege-table", ("facts", 8)),
    ("ancient-conquest/table/ac-city-differences-table.yaml",     # '2 each, 5 together' inside a cell
     "    other: '{ac-tyre-and-sidon}: each scores as a fortified city; one nation holding both scores them together'\n",
     "    other: 'Tyre and Sidon: 2 each, 5 together'\n", "ac-city-differences-table", ("rows", "Fortified City", "other")),
    ("ancient-conquest/rule/ac-nation-groups.yaml",               # the same string in two linked records
     "  from: {record: ac-ancient-conquest, fact: Period}\n", "  value: 1500 B.C. to 600 B.C.\n", "ac-ancient-conquest", ("facts", 3)),
    ("ancient-conquest/rule/ac-slave-functions.yaml",             # '1 slave ... 1 turn ... 1 talent' twice
     "- label: Fleet\n  from: {record: ac-fleets, fact: Build cost}\n", "- label: Fleet\n  value: 1 slave for 1 turn + 1 talent\n",
     "ac-fleets", ("facts", 2)),
    ("ancient-conquest/table/ac-terrain-effects-table.yaml",      # a note that names the value's home
     "  from: {record: ac-movement-costs-by-terrain, fact: Clear and cities}\n  unit: steps\n  note: Cities are not a row of this table.\n",
     "  value: 1\n  unit: steps\n  note: From rule 6; cities are not a row of this table.\n", "ac-terrain-effects-table", ("facts", 1)),
]


@pytest.mark.slow   # seconds each (a copy of data/, a subprocess, or a sweep): make test, not make quick (30 s)
def test_each_class_of_number_written_twice_is_found_on_its_plant(data_copy):
    """All plants in one copy of data/ (one load): each must be found where it stands."""
    data = data_copy
    for file, old, new, *_ in TWO_HOME_PLANTS:
        edit(data / file, old, new)
    findings, _ = findings_in(data)
    got = {(f.record, f.path) for f in findings}
    missing = [(rid, path) for *_, rid, path in TWO_HOME_PLANTS if (rid, path) not in got]
    assert missing == [], "\n".join(map(str, findings))
    assert len(findings) <= len(TWO_HOME_PLANTS) + 2, "\n".join(map(str, findings))


# --- What the lint is told, as data (generator/validate/blocking/number_exceptions.py) ------------------

def _lint_lines(data: Path, capsys) -> list[str]:
    """The lines `python -m generator numbers` prints for `data`."""
    from generator.validate.lints.number_homes import main
    main(data)
    return capsys.readouterr().out.splitlines()


@pytest.mark.slow   # seconds each (a copy of data/, a subprocess, or a sweep): make test, not make quick (30 s)
def test_a_not_the_same_in_data_silences_its_finding_and_without_it_the_line_comes_back(data_copy, capsys):
    data = data_copy
    prayer = data / "seven-wonders-myths/rule/swm-prayer-phase.yaml"
    leaders = data / "seven-wonders-myths/component/swm-leader-cards.yaml"
    with_notes = (prayer.read_text(encoding="utf-8"), leaders.read_text(encoding="utf-8"))
    assert not [s for s in _lint_lines(data, capsys) if "swm-prayer-phase" in s or "swm-leader-cards" in s]
    prayer.write_text(re.sub(r"\n  not_the_same: [^\n]*", "", with_notes[0]), encoding="utf-8")
    leaders.write_text(re.sub(r"\nnot_the_same:\n  count: [^\n]*", "", with_notes[1]), encoding="utf-8")
    lines = _lint_lines(data, capsys)
    for rel, field in [("data/seven-wonders-myths/rule/swm-prayer-phase.yaml", "facts[0]"),
                       ("data/seven-wonders-myths/component/swm-leader-cards.yaml", "count")]:
        hits = [s for s in lines if s.startswith(rel + ":") and f": {field}: " in s]
        assert len(hits) == 1 and "also stands in its home" in hits[0], lines


@pytest.mark.slow   # seconds each (a copy of data/, a subprocess, or a sweep): make test, not make quick (30 s)
def test_a_synonym_in_data_finds_its_pair_and_without_it_the_line_goes(data_copy, capsys):
    data = data_copy
    file, old, new, rid, path = TWO_HOME_PLANTS[0]     # ac-fleet's capacity beside the fleets' counters carried
    edit(data / file, old, new)
    rel = "data/" + file
    assert [s for s in _lint_lines(data, capsys) if s.startswith(rel + ":") and ": facts[0]: " in s]
    synonyms = data / "number-synonyms.yaml"
    edit(synonyms, "  - reads_as: [capacity]\n    words: [counter, carried]\n    records: [ac-fleet, ac-fleets]\n", "")
    text = synonyms.read_text(encoding="utf-8")
    synonyms.write_text(re.sub(r"    reason: A fleet's capacity[^\n]*\n", "", text), encoding="utf-8")
    assert not [s for s in _lint_lines(data, capsys) if s.startswith(rel + ":")]


def _mini(tmp_path: Path) -> Path:
    from conftest import MINI_DATA
    out = tmp_path / "data"
    shutil.copytree(MINI_DATA, out)
    return out


def _problem_lines(data: Path) -> list[str]:
    return [p.report() for p in load_and_validate(data)[1]]


SYNONYMS_OK = ("synonyms:\n"
               "  - reads_as: [capacity]\n"
               "    words: [counter, carried]\n"
               "    records: [mn-athena]\n"
               "    reason: A fixture's capacity is what it carries.\n")


@pytest.mark.parametrize("old, new, field, words", [
    ("words: [counter, carried]", "words: [counters, carried]", "synonyms[0].words[0]", "write 'counter'"),
    ("words: [counter, carried]", "words: [the, carried]", "synonyms[0].words[0]", "never reads"),
    ("records: [mn-athena]", "records: [mn-athenaa]", "synonyms[0].records[0]", "no record has id 'mn-athenaa'"),
    ("    reason: A fixture's capacity is what it carries.\n", "", "synonyms[0]", "'reason' is a required property"),
])
def test_a_broken_synonym_is_one_line_at_its_path_and_line(tmp_path, old, new, field, words):
    data = _mini(tmp_path)
    (data / "number-synonyms.yaml").write_text(SYNONYMS_OK, encoding="utf-8")
    assert _problem_lines(data) == []
    (data / "number-synonyms.yaml").write_text(SYNONYMS_OK.replace(old, new), encoding="utf-8")
    lines = _problem_lines(data)
    assert len(lines) == 1 and re.match(rf"data/number-synonyms\.yaml:\d+: {re.escape(field)}: ", lines[0]), lines
    assert words in lines[0] and lines[0].endswith("[numbers/synonyms]"), lines
    line = int(lines[0].split(":")[1])
    assert line > 1 and (new.strip() or "reads_as") in (data / "number-synonyms.yaml").read_text().splitlines()[line - 1], lines


@pytest.mark.parametrize("fact, field", [
    ("facts:\n- label: Offering cost\n  value: high\n  not_the_same: Not the other one.\n", "facts[0].not_the_same"),
    ("not_the_same:\n  count: Not the other one.\n", "not_the_same.count"),
])
def test_a_not_the_same_beside_no_written_number_is_one_line(tmp_path, fact, field):
    data = _mini(tmp_path)
    god = data / "mare-nostrum/god/mn-athena.yaml"
    god.write_text(god.read_text(encoding="utf-8") + fact, encoding="utf-8")
    lines = _problem_lines(data)
    assert len(lines) == 1 and lines[0].startswith("data/mare-nostrum/god/mn-athena.yaml:"), lines
    assert f": {field}: " in lines[0] and lines[0].endswith("[numbers/not-the-same]"), lines
    line = int(lines[0].split(":")[1])
    assert "not_the_same" in god.read_text(encoding="utf-8").splitlines()[line - 1] or "count" in god.read_text().splitlines()[line - 1]
