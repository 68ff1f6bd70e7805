"""Guards of the loader and validator that the hostile-data cases cannot reach through the CLI:
the pure-Python YAML fallback, a check that raises, a lone surrogate, and the two schema
keywords read as the specification means them."""
from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path

import pytest
import yaml

from generator.validate import run as validate_run
from generator.validate.record_set import RecordSet, known_ids
from generator.validate.schema.schemas import Validator
from generator.validate.run import load_and_validate
from generator.load.value_checks import value_findings
from generator.load.yaml_bounded import Refused, parse
from hostile_cases import MINI, _deep_aliases, _laughs, _nested


def bounded(fn, cpu: float = 20.0, wall: float = 120.0):
    """fn() in a thread, failing the test if it took more than `cpu` seconds of its own CPU time
    (a shared, busy machine stretches wall time, not CPU time), or has not returned within `wall`."""
    result = {}

    def run():
        start = time.thread_time()
        try:
            result["value"] = fn()
        except BaseException as err:  # noqa: BLE001 - handed to the test
            result["error"] = err
        result["cpu"] = time.thread_time() - start
    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(wall)
    if worker.is_alive():
        pytest.fail(f"did not finish within {wall:.0f} s")
    if result["cpu"] > cpu:
        pytest.fail(f"took {result['cpu']:.1f} s of CPU time, more than {cpu:.0f} s")
    if "error" in result:
        raise result["error"]
    return result.get("value")


@pytest.mark.parametrize("text, words", [
    (_nested(10_000), "nested more than 20 levels deep"),
    (_laughs(), "holds more than 10,000 values"),
    (_deep_aliases(), "nested more than 20 levels deep (through aliases)"),
    ("loop: &loop [*loop]\n", "refers to a value that contains it"),
], ids=["10,000 brackets", "billion laughs", "depth through aliases", "cycle"])
def test_pure_python_loader_is_bounded_too(text, words):
    """Without libyaml the same limits hold (PyYAML's own reader and composer)."""
    with pytest.raises(Refused) as refused:
        bounded(lambda: parse(text, yaml.SafeLoader))
    assert words in refused.value.finding.problem


def test_lone_surrogate_is_refused():
    """libyaml refuses "\\ud800"; PyYAML's pure reader makes a string that cannot be written as UTF-8."""
    (finding,) = value_findings({"summary": "half \ud800 a pair"}, lambda path: 8)
    assert finding.path == ("summary",) and "U+D800" in finding.problem


def test_a_check_that_raises_is_a_problem_not_a_traceback(monkeypatch, tmp_path):
    def check_that_breaks(records):
        raise TypeError("unhashable type: 'list'")
    monkeypatch.setattr(validate_run, "ALL_CHECKS", [check_that_breaks])
    shutil.copytree(MINI, tmp_path / "data")
    _, problems = load_and_validate(tmp_path / "data")
    (problem,) = problems
    assert str(problem).startswith("tests/test_loader_guards.py:")
    assert "check_that_breaks: the check failed with TypeError: unhashable type: 'list' (a generator bug" in str(problem)


def test_references_may_name_a_file_that_failed():
    assert known_ids(RecordSet([], unchecked_ids={"mn-athena"})) == {"mn-athena"}


@pytest.mark.parametrize("instance, valid", [
    ("mn-ajax", True), ("mn-ajax\n", False), ("x\nmn-ajax", False),
])
def test_pattern_end_is_the_end_of_the_text(instance, valid):
    assert Validator({"pattern": "^mn-[a-z]+$"}).is_valid(instance) is valid


@pytest.mark.parametrize("items, unique", [
    ([1, 1.0], False), ([True, 1], True), ([{"a": [1, 2]}, {"a": [1, 2]}], False),
    ([{"a": 1}, {"a": 2}], True), (["x", "y", "x"], False), ([None, False, 0, ""], True),
])
def test_unique_items_keeps_json_schema_equality(items, unique):
    assert Validator({"uniqueItems": True}).is_valid(items) is unique


# --- Symbolic links, duplicate ids, lookalike ids ---

def _mini(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(MINI, data)
    return data


def _linked_mini(tmp_path):
    """The fixture data with a god file and the whole table folder moved outside data/ and linked back."""
    data = _mini(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (data / "mare-nostrum/god/mn-athena.yaml").rename(outside / "mn-athena.yaml")
    (data / "mare-nostrum/god/mn-athena.yaml").symlink_to("../../../outside/mn-athena.yaml")
    (data / "mare-nostrum/table").rename(outside / "table")
    (data / "mare-nostrum/table").symlink_to("../../outside/table", target_is_directory=True)
    (data / "mare-nostrum/god/mn-gone.yaml").symlink_to("../../../outside/nothing-here.yaml")
    return data, outside


LINK_LINES = [
    "data/mare-nostrum/god/mn-athena.yaml:1: (file): is a symbolic link (to a file: '../../../outside/mn-athena.yaml')"
    " (replace it with the file itself)",
    "data/mare-nostrum/god/mn-gone.yaml:1: (file): is a symbolic link (to nothing (a broken link):"
    " '../../../outside/nothing-here.yaml') (replace it with the file itself)",
    "data/mare-nostrum/table:1: (file): is a symbolic link (to a folder: '../../outside/table')"
    " (replace it with the folder itself)",
]


def test_a_symbolic_link_is_a_problem_at_the_link_and_nothing_outside_is_read(tmp_path):
    """A linked file was read from outside data/ without a word, and a linked folder was skipped
    without a word (its records simply vanished). Both are refused at the link, and the loader
    is never handed a path outside data/."""
    from generator.load.files import load_file, load_tree
    data, outside = _linked_mini(tmp_path)
    asked = []

    def spy(path, root):
        asked.append(path)
        return load_file(path, root)
    records, problems = load_tree(data, load=spy)
    assert [str(p) for p in problems] == LINK_LINES
    assert all(p.resolve().is_relative_to(data.resolve()) for p in asked), asked
    assert {r.data["id"] for r in records}.isdisjoint({"mn-athena", "mn-fixture-table"})


def test_the_serve_path_refuses_links_the_same_way_every_time(tmp_path):
    """`make serve` validates through load_and_validate, whose per-file cache wraps load_tree's
    `load`: the links are problems on the first run and on the cached second one alike."""
    data, _ = _linked_mini(tmp_path)
    first = [str(p) for p in load_and_validate(data)[1]]
    again = [str(p) for p in load_and_validate(data)[1]]
    assert first == again
    for line in LINK_LINES:
        assert line in first
    assert not any("outside" in line for line in first if line not in LINK_LINES)


def _duplicate_mini(tmp_path):
    """A copy of the fixture hero saved as mn-aaa.yaml (which sorts before the original) and as a
    god of the same name: three files claim 'mn-penthesilee' and its former id."""
    data = _mini(tmp_path)
    original = (data / "mare-nostrum/hero/mn-penthesilee.yaml").read_text(encoding="utf-8")
    (data / "mare-nostrum/hero/mn-aaa.yaml").write_text(original, encoding="utf-8")
    (data / "mare-nostrum/god/mn-penthesilee.yaml").write_text(original, encoding="utf-8")
    return data


def test_a_duplicate_id_blames_the_later_files_and_names_the_keeper(tmp_path):
    """The file filed under its own id, in its own game's and kind's folder, keeps it (the hero
    in hero/, never the long-standing file told to rename by a copy in god/ that sorts first); the copy saved under another name and the copy in another folder are blamed, each
    fix naming the keeper, whatever order the records come in."""
    from generator.load.files import load_tree
    from generator.validate.blocking.checks import check_unique_ids
    records, _ = load_tree(_duplicate_mini(tmp_path))
    keeper = "data/mare-nostrum/hero/mn-penthesilee.yaml"
    for order in (records, records[::-1], sorted(records, key=lambda r: r.rel[::-1])):
        problems = check_unique_ids(order)
        assert {p.file for p in problems} == {"data/mare-nostrum/hero/mn-aaa.yaml", "data/mare-nostrum/god/mn-penthesilee.yaml"}
        assert all(keeper in p.fix and keeper in p.problem for p in problems), problems
        assert [str(p) for p in problems] == [str(p) for p in check_unique_ids(records)]
    assert any(str(p).startswith("data/mare-nostrum/hero/mn-aaa.yaml:2: id: id 'mn-penthesilee' is already used by " + keeper)
               for p in problems)


def test_a_duplicate_id_gives_the_same_lines_under_every_hash_seed(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path
    data = _duplicate_mini(tmp_path)
    outputs = set()
    for seed in ("0", "1", "4242"):
        done = subprocess.run([sys.executable, "-m", "generator", "check", "--data", str(data)],
                              capture_output=True, text=True, timeout=120, cwd=Path(__file__).parent.parent,
                              env={**os.environ, "PYTHONHASHSEED": seed})
        assert done.returncode == 1
        outputs.add(done.stdout + done.stderr)
    (output,) = outputs
    assert "data/mare-nostrum/hero/mn-aaa.yaml:2: id: id 'mn-penthesilee' is already used by data/mare-nostrum/hero/mn-penthesilee.yaml" in output
    assert "data/mare-nostrum/god/mn-penthesilee.yaml:2: id: id 'mn-penthesilee' is already used by data/mare-nostrum/hero/" in output


def _hinted(problems) -> list[str]:
    import re
    return [m for p in problems for m in re.findall(r"(?:did you mean|write) '([^']*)'", p.fix)]


def test_a_lookalike_id_is_named_and_never_offered(tmp_path):
    """The hero's id written with a Cyrillic е (U+0435): its own line names the character and
    offers the ASCII spelling; the records that name 'mn-penthesilee' are never told to write
    the lookalike. A reference written with a Cyrillic а gets the ASCII id that exists."""
    data = _mini(tmp_path)
    hero_dir = data / "mare-nostrum/hero"
    text = (hero_dir / "mn-penthesilee.yaml").read_text(encoding="utf-8")
    (hero_dir / "mn-penthesilee.yaml").unlink()
    (hero_dir / "mn-p\u0435nthesilee.yaml").write_text(text.replace("id: mn-penthesilee", "id: mn-p\u0435nthesilee"), encoding="utf-8")
    ruling = data / "mare-nostrum/ruling/mn-q-fixture.yaml"
    ruling.write_text(ruling.read_text(encoding="utf-8").replace("mn-athena]", "mn-\u0430thena]"), encoding="utf-8")
    records, problems = load_and_validate(data)
    lines = [str(p) for p in problems]
    assert not any("did you mean 'mn-p\u0435nthesilee'" in line for line in lines), lines
    assert all(p.fix.isascii() for p in problems), lines
    assert sorted(_hinted(problems)) == ["mn-athena", "mn-penthesilee"], lines
    own = next(p for p in problems if p.file.endswith("mn-p\u0435nthesilee.yaml") and p.field == "id")
    assert "holds the non-ASCII character U+0435 CYRILLIC SMALL LETTER IE" in own.problem
    assert "write 'mn-penthesilee'" in own.fix
    ref = next(p for p in problems if p.file.endswith("mn-q-fixture.yaml") and "\u0430" in p.problem)
    assert ref.problem == "'mn-\u0430thena' is not an id: it holds the non-ASCII character U+0430 CYRILLIC SMALL LETTER A"
    assert ref.fix.endswith("write 'mn-athena'")
    # The records naming 'mn-penthesilee' are not wrong: no follow-on line at them.
    assert not any("mn-penthesilee'" in p.problem and "no record has id" in p.problem for p in problems), lines
    assert not any("{mn-penthesilee}" in p.problem for p in problems), lines


def test_a_reference_the_schema_does_not_see_names_its_lookalike_letter():
    """A player-aid or tool reference is checked by the reference checks, not a pattern: a Cyrillic
    а there is named, and the hint is the ASCII id that exists (the lookalike is never offered)."""
    from generator.load.files import RawRecord
    from generator.validate.blocking.checks import check_player_aid_refs
    game = RawRecord(Path("g.yaml"), "data/g.yaml", {"id": "mn-game", "player_aid": [{"records": ["mn-\u0430thena", "mn-athenx"]}]},
                     {("player_aid", 0, "records", 0): 4, ("player_aid", 0, "records", 1): 4})
    others = [RawRecord(Path(f"{i}.yaml"), f"data/{i}.yaml", {"id": i}) for i in ("mn-athena", "mn-\u0430then")]
    first, second = check_player_aid_refs([game, *others])
    assert first.problem == "no record has id 'mn-\u0430thena': it holds the non-ASCII character U+0430 CYRILLIC SMALL LETTER A"
    assert first.fix == "did you mean 'mn-athena'?"
    assert second.problem == "no record has id 'mn-athenx'" and second.fix == "did you mean 'mn-athena'?"


@pytest.mark.parametrize("word, options, expected", [
    ("mn-penthesilee", ["mn-p\u0435nthesilee", "mn-athena"], None),
    ("mn-\u0430jax", ["mn-ajax", "mn-\u0430jax2"], "mn-ajax"),
    ("mn-\uff41jax", ["mn-ajax"], "mn-ajax"),
    ("mn-ajx", ["mn-\u0430jax", "mn-ajax"], "mn-ajax"),
    ("Mountains", ["Mountain", "Plain"], "Mountain"),
    ("Penthesilee", ["Penthésilée"], "Penthésilée"),
])
def test_closest_never_offers_a_lookalike(word, options, expected):
    from generator.problems import closest
    assert closest(word, options) == expected
