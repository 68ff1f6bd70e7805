"""The folders show the architecture: content/assets/ holds a folder per room and no loose file but
its manual, as generator/ holds load, validate, model, render and export (README, "How it fits
together")."""
from __future__ import annotations

import re

from conftest import ROOT

ASSETS = ROOT / "content" / "assets"


def test_every_asset_lives_in_a_room():
    # README.md is the rooms' manual (what the player meets, and where each room's own manual is);
    # mkdocs.yml's exclude_docs keeps it out of the site
    loose = sorted(p.name for p in ASSETS.iterdir() if p.is_file() and p.name != "README.md")
    assert loose == [], (f"loose files in content/assets/: {loose}; move each into the folder of the room it "
                         "serves (page/, shared/, search/, ...) and add the folder to README's map if it is new")


def test_the_readme_maps_every_room():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme.split("## How it fits together", 1)[1].split("\n## ", 1)[0]
    # the map's assets/ block alone: its lines until the next folder of content/'s own level
    block = re.search(r"\n      assets/ .*?(?=\n    \S)", layout, re.S)
    assert block, "README's map (How it fits together) has no assets/ block under content/"
    named = set(re.findall(r"([a-z][a-z0-9-]*)/", "\n".join(line[:35] for line in block.group(0).splitlines())))
    missing = sorted(p.name for p in ASSETS.iterdir() if p.is_dir() and p.name not in named)
    assert missing == [], f"README's map of content/assets/ does not name {missing}: add a line for each"
