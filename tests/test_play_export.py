"""The file per game (the play-along page and every tool read it): api/games/<game>.json beside
api/records.json, the game's records as the export holds them, and api/games/index.json, the list
of games with each one's tool pages; the play-along page's head asks for them and for the classic
build of its script, a tool page's head for its two files. Node checks that the engines read a
game's file as they read the whole export (tests/js/play-load.test.mjs, tests/js/tool-opening.test.mjs).
"""
from __future__ import annotations

import json
from pathlib import Path

from generator.export.classic_scripts import classic_script
from generator.model.script_paths import classic_path
from generator.export.finish import PLAY_SCRIPT
from generator.export.records import GAMES_DIR, GAMES_INDEX, game_file
from generator.paths import CONTENT

ROOT = Path(__file__).resolve().parent.parent


def test_each_game_has_its_own_file_with_its_records_alone(records_json_path):
    whole = json.loads(records_json_path.read_text(encoding="utf-8"))
    site = records_json_path.parent.parent
    folder = site / GAMES_DIR
    index = json.loads((site / game_file(GAMES_INDEX)).read_text(encoding="utf-8"))
    games = sorted((r for r in whole["records"] if r["kind"] == "game"), key=lambda r: r["name"])
    assert index["games"] == [{"game": g["game"], "name": g["name"], "play_along": "play_along" in g,
                               "tools": [t["page"] for t in g.get("tools", [])]} for g in games]
    assert sorted(p.name for p in folder.iterdir()) == sorted(["index.json", *(f"{g['game']}.json" for g in games)])
    for g in games:
        own = json.loads((site / game_file(g["game"])).read_text(encoding="utf-8"))
        assert own["records"] == [r for r in whole["records"] if r["game"] == g["game"]]
        assert own["version"] == whole["version"] and own["count"] == len(own["records"]) and own["games"] == index["games"]
    sizes = {p.name: p.stat().st_size for p in folder.iterdir()}
    assert max(sizes.values()) < records_json_path.stat().st_size / 2, sizes


def test_the_files_are_named_in_one_place():
    """The browser's reader names the folder and the list as the generator writes them, and the
    heads ask for them by that name."""
    reader = (CONTENT / "assets" / "shared" / "load-records.js").read_text(encoding="utf-8")
    assert f'export const GAMES_DIR = "{GAMES_DIR}";' in reader
    assert f'export const GAMES_INDEX = "{GAMES_INDEX}";' in reader
    play = (ROOT / "generator" / "mkdocs_theme" / "partials" / "play-early.html").read_text(encoding="utf-8")
    assert f"'{GAMES_DIR}/' | url" in play and '"index"' in play
    for name in ("play-early.html", "tool-early.html"):
        assert "api/play" not in (ROOT / "generator" / "mkdocs_theme" / "partials" / name).read_text(encoding="utf-8")


def test_the_page_head_asks_for_the_classic_build_the_site_writes():
    """partials/play-early.html names the file finish.py writes; the build converts the page's
    whole module graph (a module outside the converter's subset stops the build, with its line)."""
    partial = (ROOT / "generator" / "mkdocs_theme" / "partials" / "play-early.html").read_text(encoding="utf-8")
    assert f"'{classic_path(PLAY_SCRIPT)}' | url" in partial
    assert "compendium.table.v1" in partial   # stored-table.js's TABLE_KEY
    script = classic_script(PLAY_SCRIPT, CONTENT)
    for module in ("assets/play/engine/index.js", "assets/play/page/load.js", "assets/play/stored-table.js"):
        assert f'__cmpModules["{module}"] = ' in script
    assert "assets/calculators/mn-battle.js" not in script
