"""Broken fixtures each give the contributor a path:line: field: problem (fix) line."""
import re
import shutil
from pathlib import Path

import pytest

from generator.validate.run import load_and_validate

MINI = Path(__file__).parent / "fixtures" / "mini" / "data"
HERO = "mare-nostrum/hero/mn-penthesilee.yaml"
LINE = re.compile(r"^data/[^:]+\.yaml:\d+: [^:]+: .+ \(.+\)$")
CHECK = re.compile(r"[a-z0-9-]+(/[a-z0-9-]+)?")   # the check that spoke: records/games, schema


@pytest.fixture
def data(tmp_path):
    dst = tmp_path / "data"
    shutil.copytree(MINI, dst)
    return dst


def messages(data_dir):
    _, problems = load_and_validate(data_dir)
    out = [str(p) for p in problems]
    for m in out:
        assert LINE.match(m), f"badly formed message: {m}"
    assert [p for p in problems if not CHECK.fullmatch(p.check)] == [], "a line that names no check"
    return out


def edit(path: Path, old: str, new: str):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_fixture_is_valid(data):
    assert messages(data) == []


def test_missing_field(data):
    edit(data / HERO, "summary: Enemies need 6 points, not 5, to kill one of your units.\n", "")
    assert messages(data) == [f"data/{HERO}:2: summary: required field is missing (add 'summary:' to the record)"]


def test_unknown_field(data):
    edit(data / HERO, "hero_type: general\n", "hero_type: general\nherotype: general\n")
    (msg,) = messages(data)
    assert msg.startswith(f"data/{HERO}:9: herotype: unknown field (")
    assert "did you mean 'hero_type'?" in msg


def test_bad_reference(data):
    edit(data / HERO, "related: [mn-athena]", "related: [mn-athene]")
    assert messages(data) == [f"data/{HERO}:12: related[0]: no record has id 'mn-athene' (did you mean 'mn-athena'?)"]


def test_duplicate_id(data):
    dup = data / "mare-nostrum/god/mn-penthesilee.yaml"
    shutil.copy(data / HERO, dup)
    edit(dup, "kind: hero", "kind: god")
    edit(dup, "hero_type: general\n", "")
    edit(dup, "schemas/hero.schema", "schemas/god.schema")
    msgs = messages(data)
    assert any(m.startswith("data/mare-nostrum/hero/mn-penthesilee.yaml:2: id: id 'mn-penthesilee' is already used by "
                            "data/mare-nostrum/god/mn-penthesilee.yaml") for m in msgs), msgs


def test_file_name_differs_from_id(data):
    (data / HERO).rename(data / "mare-nostrum/hero/penthesilee.yaml")
    assert messages(data) == ["data/mare-nostrum/hero/penthesilee.yaml:2: id: file name 'penthesilee.yaml' does not match "
                              "id 'mn-penthesilee' (rename the file to mn-penthesilee.yaml, or change the id)"]


def test_yaml_syntax_error(data):
    edit(data / HERO, "game: mare-nostrum\n", "game: [mare-nostrum\n")
    msgs = messages(data)
    assert any(re.match(rf"data/{HERO}:7: \(file\): YAML syntax error: .*flow sequence that starts at line 6\)", m) for m in msgs), msgs


def test_unknown_without_note(data):
    edit(data / "mare-nostrum/god/mn-athena.yaml", "notes: [The fixture does not give a cost.]\n", "")
    assert messages(data) == ["data/mare-nostrum/god/mn-athena.yaml:8: cost.amount: value is 'unknown' but the record has "
                              "no notes (add a notes: entry saying what the source lacks)"]


def test_all_problems_in_one_run(data):
    edit(data / HERO, "related: [mn-athena]", "related: [mn-nobody]")
    edit(data / "mare-nostrum/god/mn-athena.yaml", "summary:", "sumary:")
    files = {m.split(":")[0] for m in messages(data)}
    assert files == {f"data/{HERO}", "data/mare-nostrum/god/mn-athena.yaml"}


def test_cli_exits_nonzero_and_builds_nothing(data, tmp_path, capsys):
    from generator.__main__ import main
    edit(data / HERO, "related: [mn-athena]", "related: [mn-nobody]")
    out = tmp_path / "out"
    assert main(["write", "--data", str(data), str(out)]) == 1
    assert not out.exists()
    assert "mn-nobody" in capsys.readouterr().err


def test_a_hint_only_for_a_short_text_value():
    """Every check's "did you mean" goes through closest(): a value too long to be a typo,
    or not text at all, gets no hint."""
    from generator.problems import closest
    assert closest("mn-ajay", {"mn-ajax", "mn-athena"}) == "mn-ajax"
    assert closest("x" * 101, ["x" * 101]) is None and closest(5, ["5"]) is None
