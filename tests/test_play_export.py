"""Play along's file per game (issue 31.8): api/play/<game>.json beside api/records.json, the
game's records as the export holds them, and api/play/index.json, the list of games; the
play-along page's head asks for them and for the classic build of its script. Node
checks that the engine reads a game's file as it reads the whole export (tests/js/play-load.test.mjs)."""
from __future__ import annotations

import json
from pathlib import Path

from generator.export.classic_scripts import classic_path, classic_script
from generator.export.finish import PLAY_SCRIPT
from generator.paths import CONTENT

ROOT = Path(__file__).resolve().parent.parent


def test_each_game_has_its_own_file_with_its_records_alone(records_json_path):
    whole = json.loads(records_json_path.read_text(encoding="utf-8"))
    folder = records_json_path.parent / "play"
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    games = [r for r in whole["records"] if r["kind"] == "game" and "play_along" in r]
    assert [g["game"] for g in index["games"]] == [g["game"] for g in sorted(games, key=lambda r: r["name"])]
    assert sorted(p.name for p in folder.iterdir()) == sorted(["index.json", *(f"{g['game']}.json" for g in games)])
    for g in games:
        own = json.loads((folder / f"{g['game']}.json").read_text(encoding="utf-8"))
        assert own["records"] == [r for r in whole["records"] if r["game"] == g["game"]]
        assert own["version"] == whole["version"] and own["count"] == len(own["records"]) and own["games"] == index["games"]
    sizes = {p.name: p.stat().st_size for p in folder.iterdir()}
    assert max(sizes.values()) < records_json_path.stat().st_size / 2, sizes


def test_the_page_head_asks_for_the_classic_build_the_site_writes():
    """partials/play-early.html names the file finish.py writes; the build converts the page's
    whole module graph (a module outside the converter's subset stops the build, with its line)."""
    partial = (ROOT / "generator" / "mkdocs_theme" / "partials" / "play-early.html").read_text(encoding="utf-8")
    assert f"'{classic_path(PLAY_SCRIPT)}' | url" in partial
    assert "api/play/" in partial and "compendium.table.v1" in partial   # stored-table.js's TABLE_KEY
    script = classic_script(PLAY_SCRIPT, CONTENT)
    for module in ("assets/play/engine/index.js", "assets/play/page/load.js", "assets/play/stored-table.js"):
        assert f'__cmpModules["{module}"] = ' in script
    assert "assets/calculators/mn-battle.js" not in script
