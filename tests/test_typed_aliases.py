"""A typed alias ({name, loc | aka, spells, note}) is read by the loader alone: every other reader
(pages, search, the export, the checks) sees `aliases` as a list of names, and the schema pass
reads the entry as the file writes it, so a wrong typing is one line at its own alias."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.build import model_from
from generator.export.records import records_payload
from generator.load.aliases import typed_aliases
from generator.validate.run import load_and_validate

MINI = Path(__file__).parent / "fixtures" / "mini" / "data"
HERO = "mare-nostrum/hero/mn-penthesilee.yaml"
WRITTEN = "aliases: [Penthesilea, Penthésilée]"


def _loaded(tmp_path, aliases: str):
    data = tmp_path / "data"
    shutil.copytree(MINI, data)
    hero = data / HERO
    text = hero.read_text(encoding="utf-8")
    assert WRITTEN in text
    hero.write_text(text.replace(WRITTEN, aliases, 1), encoding="utf-8")
    records, problems = load_and_validate(data)
    return records, [p.report() for p in problems]


def _hero(records):
    return next(r for r in records if r.data["id"] == "mn-penthesilee")


def test_a_typed_alias_is_read_as_its_name_by_every_reader(tmp_path):
    plain, problems = _loaded(tmp_path / "plain", WRITTEN)
    assert problems == []
    typed, problems = _loaded(tmp_path / "typed", "aliases:\n- Penthesilea\n"
                              "- {name: Penthésilée, loc: fr, spells: Penthesilea, note: with the accents}\n")
    assert problems == []
    assert _hero(typed).data["aliases"] == ["Penthesilea", "Penthésilée"]
    assert typed_aliases(typed) == {("mn-penthesilee", "Penthésilée"): {
        "name": "Penthésilée", "loc": "fr", "spells": "Penthesilea", "note": "with the accents"}}
    assert typed_aliases(plain) == {}

    def exported(records):
        return json.dumps([r.get("aliases") for r in records_payload(model_from(records))["records"]], ensure_ascii=False)
    assert exported(typed) == exported(plain)


@pytest.mark.parametrize("entry, line", [
    ("{name: Penthésilée, loc: fr, aka: spelling, spells: Penthesilea}",
     "aliases[1]: has both loc and aka (keep loc or aka, not both)"),
    ("{name: Penthésilée, spells: Penthesilea}", "aliases[1]: needs loc or aka (add loc or aka)"),
    ("{name: Penthésilée, loc: de, spells: Penthesilea}", "aliases[1].loc: 'de' is not allowed (use one of: en, fr, la, grc, he)"),
    ("{name: Penthésilée, loc: fr}", "aliases[1].spells: required field is missing"),
    ("{loc: fr, spells: Penthesilea}", "aliases[1].name: required field is missing"),
], ids=["loc and aka", "neither", "unknown language", "no spells", "no name"])
def test_a_wrong_typing_is_one_line_at_its_alias(tmp_path, entry, line):
    _, problems = _loaded(tmp_path, f"aliases:\n- Penthesilea\n- {entry}\n")
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"data/{HERO}:6: {line}") and problems[0].endswith("[schema]"), problems
