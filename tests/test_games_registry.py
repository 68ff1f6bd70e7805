"""The list of games (data/games.yaml) as data: a broken list, and a record the list does not hold,
each give one true `path:line: field: problem (fix)` line, at the line the contributor must edit.

The list is read by generator/validate/games.py (load_games) and records are held to it by
generator/validate/blocking/checks.py (check_games, check_id_prefix). Every case is a copy of the mini
fixture (tests/fixtures/mini/data) with one edit, made as text, the way a contributor edits.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import MINI_DATA, ROOT
from generator.validate.games import load_games
from hostile_cases import hero
from generator.validate.run import load_and_validate

REGISTRY = "games.yaml"
HERO = "mare-nostrum/hero/mn-penthesilee.yaml"


def copy_mini(tmp_path: Path) -> Path:
    """A copy of the mini fixture's data folder, named data/ (a problem's path is data/...)."""
    data = tmp_path / "data"
    shutil.copytree(MINI_DATA, data)
    return data


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def line_of(path: Path, words: str) -> int:
    """The 1-based line of `path` holding `words` (once): where a true message points."""
    hits = [i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if words in line]
    assert len(hits) == 1, f"{words!r} is on lines {hits} of {path}"
    return hits[0]


# Each broken list: (name, how to break data/games.yaml, the words that then mark the line the
# problem is at, the field, words the problem must hold). `how` is (old, new) text, or a whole file.
REGISTRY_CASES = [
    ("missing file", None, None, "(file)", "the list of games is missing"),
    ("duplicate prefix", ("prefix: swm", "prefix: mn"), "slug: seven-wonders-myths", "games[1].prefix",
     "'mn' is also games[0]'s prefix"),
    ("duplicate slug", ("slug: diplomacy-variant", "slug: mare-nostrum"), "prefix: dip", "games[2].slug",
     "'mare-nostrum' is also games[0]'s slug"),
    ("missing language", (", language: fr}", "}"), "prefix: dip", "games[2]", "'language' is a required property"),
    ("prefix not lowercase", ("prefix: mos", "prefix: Mos"), "prefix: Mos", "games[3].prefix", "'Mos' does not match"),
    ("prefix not letters or digits", ("prefix: ac", "prefix: a_c"), "prefix: a_c", "games[4].prefix", "'a_c' does not match"),
    ("not a mapping", "- {slug: mare-nostrum, prefix: mn, source: 000_0359f61f61dff767.txt, language: en}\n",
     None, "(file)", "does not hold a mapping"),
]


def broken_registry(tmp_path: Path, how) -> Path:
    data = copy_mini(tmp_path)
    path = data / REGISTRY
    if how is None:
        path.unlink()
    elif isinstance(how, str):
        path.write_text(how, encoding="utf-8")
    else:
        edit(path, *how)
    return data


def expected_start(data: Path, at: str | None, field: str) -> str:
    line = line_of(data / REGISTRY, at) if at else 1
    return f"data/{REGISTRY}:{line}: {field}: "


@pytest.mark.parametrize("name,how,at,field,words", REGISTRY_CASES, ids=[c[0] for c in REGISTRY_CASES])
def test_a_broken_list_is_one_true_line(tmp_path, name, how, at, field, words):
    data = broken_registry(tmp_path, how)
    games, problems = load_games(data)
    assert games.games == (), f"{name}: a refused list must read as no games"
    lines = [str(p) for p in problems]
    assert len(lines) == 1, f"{name}: not one line:\n" + "\n".join(lines)
    assert lines[0].startswith(expected_start(data, at, field)), lines[0]
    assert words in lines[0], lines[0]
    assert lines[0].endswith(")"), lines[0]   # path:line: field: problem (fix)


@pytest.mark.parametrize("name,how,at,field,words", REGISTRY_CASES, ids=[c[0] for c in REGISTRY_CASES])
def test_a_broken_list_is_the_whole_check(tmp_path, name, how, at, field, words):
    """The whole check says that one line and nothing of the records, whose game is unknown once the list is refused."""
    data = broken_registry(tmp_path, how)
    _, problems = load_and_validate(data)
    lines = [str(p) for p in problems]
    assert len(lines) == 1, f"{name}: not one line:\n" + "\n".join(lines)
    assert lines[0].startswith(expected_start(data, at, field)) and words in lines[0], lines[0]


def test_the_mini_list_is_read(tmp_path):
    games, problems = load_games(copy_mini(tmp_path))
    assert problems == []
    assert games.prefixes["mare-nostrum"] == "mn"
    assert games.of_id("swm-athena").slug == "seven-wonders-myths"
    assert games.sources["002_0f3c2497476d2302.txt"].language == "fr"


def test_a_list_that_is_not_a_mapping_is_told_what_the_list_is(tmp_path):
    data = broken_registry(tmp_path, REGISTRY_CASES[-1][1])
    _, problems = load_games(data)
    assert len(problems) == 1 and "'id:'" not in problems[0].fix, str(problems[0])


# A record the list does not hold: the fixture hero with one field changed, filed where that field
# says (so the only thing wrong is what the list says).
def hero_with(data: Path, old: str, new: str, rel: str = HERO) -> Path:
    src = data / HERO
    text = src.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    text = text.replace(old, new)
    dest = data / rel
    dest.parent.mkdir(parents=True, exist_ok=True)
    src.unlink()
    dest.write_text(text, encoding="utf-8")
    return dest


def one_line(data: Path) -> str:
    _, problems = load_and_validate(data)
    lines = [str(p) for p in problems]
    assert len(lines) == 1, "not one line:\n" + "\n".join(lines)
    return lines[0]


def test_a_game_not_in_the_list_is_one_line_at_game(tmp_path):
    data = copy_mini(tmp_path)
    path = hero_with(data, "game: mare-nostrum", "game: mare-nostrun", "mare-nostrun/hero/mn-penthesilee.yaml")
    line = one_line(data)
    assert line.startswith(f"data/mare-nostrun/hero/mn-penthesilee.yaml:{line_of(path, 'game: mare-nostrun')}: game: "), line
    assert "'mare-nostrun' is not a game of data/games.yaml" in line, line
    assert line.endswith("(write 'mare-nostrum')"), line   # did you mean, when close


def test_a_game_far_from_every_game_is_told_the_list(tmp_path):
    data = copy_mini(tmp_path)
    path = hero_with(data, "game: mare-nostrum", "game: chess", "chess/hero/mn-penthesilee.yaml")
    line = one_line(data)
    assert line.startswith(f"data/chess/hero/mn-penthesilee.yaml:{line_of(path, 'game: chess')}: game: "), line
    assert "or add the game to data/games.yaml" in line and "mare-nostrum" in line, line


def test_a_source_not_in_the_list_is_one_line_at_source_file(tmp_path):
    data = copy_mini(tmp_path)
    path = hero_with(data, "000_0359f61f61dff767.txt", "000_0359f61f61dff768.txt")
    line = one_line(data)
    assert line.startswith(f"data/{HERO}:{line_of(path, '000_0359f61f61dff768.txt')}: source.file: "), line
    assert "'000_0359f61f61dff768.txt' is no game's source in data/games.yaml" in line, line
    assert line.endswith("(write '000_0359f61f61dff767.txt')"), line


def test_an_id_without_its_game_prefix_is_one_line_at_id(tmp_path):
    data = copy_mini(tmp_path)
    # A new hero (hostile_cases.hero: the fixture hero under another id, without its former id) with
    # another game's prefix: the id has an id's shape, and only the list says it is wrong here.
    path = data / "mare-nostrum/hero/swm-lost-hero.yaml"
    path.write_text(hero("swm-lost-hero"), encoding="utf-8")
    line = one_line(data)
    assert line.startswith(f"data/mare-nostrum/hero/swm-lost-hero.yaml:{line_of(path, 'id: swm-lost-hero')}: id: "), line
    assert "lacks the game prefix 'mn-'" in line and "rename it to 'mn-lost-hero'" in line, line


@pytest.mark.slow   # a subprocess, as test_hostile_data.py runs the check: make test, not make quick
def test_the_command_line_check_says_the_one_line(tmp_path):
    """`python -m generator check --data`, as a contributor runs it, bounded in time."""
    data = broken_registry(tmp_path, ("prefix: swm", "prefix: mn"))
    try:
        done = subprocess.run([sys.executable, "-m", "generator", "check", "--data", str(data)], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("`generator check` did not finish within 60 s")
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout == "", done.stdout
    lines = done.stderr.splitlines()
    # The line may end with the check that found it in brackets (Problem.report), or not.
    want = (f"data/games.yaml:{line_of(data / REGISTRY, 'slug: seven-wonders-myths')}: games[1].prefix: "
            "'mn' is also games[0]'s prefix (give each game its own prefix)")
    assert len(lines) == 2 and re.fullmatch(re.escape(want) + r"( \[[\w/-]+\])?", lines[0]), done.stderr
    assert lines[1] == "1 problem(s) in 1 file(s); nothing was built.", done.stderr
