"""data/audit-words.yaml: the words the audit lints are told (category, place, search and link
words) are data the lints read, checked as audit/words with every validation."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.paths import DATA
from generator.validate.audit_words import audit_words, load_audit_words
from generator.validate.run import load_and_validate

MINI = Path(__file__).parent / "fixtures" / "mini" / "data"
GOOD = """category_words: [ground unit, gold]
place_words: [Syria]
search_words:
  - {record: mn-penthesilee, alias: Penthesilea, why: the name as players spell it}
link_words:
  - {record: mn-penthesilee, words: the Amazon, why: the source calls her so in the hero list}
"""


def test_the_lints_read_the_words_from_the_data():
    words = audit_words(DATA)
    assert {"ground unit", "gold", "government tile"} <= words.category_words
    assert {"Syria", "Sumerian", "Gaul"} <= set(words.place_words)
    assert ("ac-truce", "Ceasefire") in words.search_words
    assert ("ac-egyptian-empire", "Egypt") in words.link_words
    assert load_audit_words(DATA)[1] == []


@pytest.fixture
def data(tmp_path):
    dst = tmp_path / "data"
    shutil.copytree(MINI, dst)
    return dst


def _lines(data_dir: Path, text: str) -> list[str]:
    (data_dir / "audit-words.yaml").write_text(text, encoding="utf-8")
    _, problems = load_and_validate(data_dir)
    return [p.report() for p in problems]


def test_a_well_formed_file_is_no_problem_and_is_no_record(data):
    assert _lines(data, GOOD) == []
    assert load_audit_words(data)[0].search_words == {("mn-penthesilee", "Penthesilea"): "the name as players spell it"}


@pytest.mark.parametrize("old, new, line", [
    ("record: mn-penthesilee, alias", "record: mn-penthesilia, alias",
     "data/audit-words.yaml:4: search_words[0].record: no record has id 'mn-penthesilia'"),
    ("alias: Penthesilea", "alias: Amazon Queen",
     "data/audit-words.yaml:4: search_words[0].alias: 'Amazon Queen' is not an alias of mn-penthesilee"),
    ("{record: mn-penthesilee, words", "{record: mn-nobody, words",
     "data/audit-words.yaml:6: link_words[0].record: no record has id 'mn-nobody'"),
    ("[ground unit, gold]", "[ground unit, Gold]", "data/audit-words.yaml:1: category_words[1]: "),
    ("place_words: [Syria]", "place_words: [syria]", "data/audit-words.yaml:2: place_words[0]: "),
], ids=["unknown search record", "search word no alias", "unknown link target", "capital category word",
        "lowercase place word"])
def test_a_wrong_entry_is_one_line_naming_audit_words(data, old, new, line):
    assert old in GOOD
    lines = _lines(data, GOOD.replace(old, new, 1))
    assert len(lines) == 1 and lines[0].startswith(line) and lines[0].endswith("[audit/words]"), lines
