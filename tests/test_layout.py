"""The folders show the architecture: content/assets/ holds a folder per room and no loose file,
as generator/ holds load, validate, model, render and export (README, "How it fits together")."""
from __future__ import annotations

from conftest import ROOT

ASSETS = ROOT / "content" / "assets"


def test_every_asset_lives_in_a_room():
    loose = sorted(p.name for p in ASSETS.iterdir() if p.is_file())
    assert loose == [], (f"loose files in content/assets/: {loose}; move each into the folder of the room it "
                         "serves (page/, shared/, search/, ...) and add the folder to README's map if it is new")


def test_the_readme_maps_every_room():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    mapped = readme.split("## How it fits together", 1)[1].split("\n## ", 1)[0]
    missing = sorted(p.name for p in ASSETS.iterdir() if p.is_dir() and f"{p.name}/" not in mapped)
    assert missing == [], f"README's map of content/assets/ does not name {missing}: add a line for each"
