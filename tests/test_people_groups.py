"""A people is played (a nation-group) or says why not (no_group): never neither, never both.

The victory helper counts the objectives of every people with a group; a people the source
only names (the Greeks of an oracle's saying) must not become a group the helper cannot place.
"""
import shutil
from pathlib import Path

import pytest

from generator.validate.run import load_and_validate

DATA = Path(__file__).resolve().parent.parent / "data"
GREEKS = "ancient-conquest/people/ac-greeks.yaml"


@pytest.fixture
def data(tmp_path):
    dst = tmp_path / "data"
    shutil.copytree(DATA, dst)
    return dst


def problems(data_dir):
    return [str(p) for p in load_and_validate(data_dir)[1]]


def edit(path: Path, old: str, new: str):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_the_real_peoples_each_play_or_say_why_not():
    assert problems(DATA) == []


def test_a_people_with_neither_group_nor_no_group_is_refused(data):
    text = (data / GREEKS).read_text()
    (data / GREEKS).write_text("\n".join(l for l in text.splitlines() if not l.startswith("no_group:")) + "\n")
    assert problems(data) == [f"data/{GREEKS}:2: (record): needs group or no_group (add group or no_group)"]


def test_a_people_with_both_is_refused_with_a_fix(data):
    edit(data / GREEKS, "kind: people\n", "kind: people\ngroup: 2\n")
    assert problems(data) == [f"data/{GREEKS}:2: (record): has both group and no_group (keep group or no_group, not both)"]
