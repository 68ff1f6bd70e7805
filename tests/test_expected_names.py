"""Every named thing in each source is a record: the lists in tests/expected/ are read
from the sources independently of the records, so a missing record fails here."""
from pathlib import Path

import pytest
import yaml

from generator.model.records import fold

GAMES = {"mare-nostrum", "seven-wonders-myths", "diplomacy-variant", "mosaic-wars-disasters", "ancient-conquest"}
GAME_OF = {"mare-nostrum-rulings": "mare-nostrum"}
# Only the per-game name lists; tests/expected/ also holds other expected data (source headings).
EXPECTED = [p for p in sorted((Path(__file__).parent / "expected").glob("*.yaml")) if GAME_OF.get(p.stem, p.stem) in GAMES]


def test_every_game_has_an_expected_list():
    stems = {p.stem for p in EXPECTED}
    assert {"mare-nostrum", "mare-nostrum-rulings", "seven-wonders-myths", "diplomacy-variant",
            "mosaic-wars-disasters", "ancient-conquest"} <= stems


@pytest.mark.parametrize("path", EXPECTED, ids=[p.stem for p in EXPECTED])
def test_expected_names_exist(path, records):
    game = GAME_OF.get(path.stem, path.stem)
    expected = yaml.safe_load(path.read_text())
    have = {}
    for r in records:
        if r["game"] == game:
            have.setdefault(r["kind"], set()).add(fold(r.get("name") or r.get("question")))
    missing = [f"{kind}: {name}" for kind, names in expected.items() for name in names
               if fold(name) not in have.get(kind, set())]
    assert sum(len(v) for v in expected.values()) > 0
    assert missing == [], f"{len(missing)} expected record(s) missing for {game}:\n" + "\n".join(missing)
