"""The games of the compendium (data/games.yaml): each one's slug, id prefix, source file and language.

Every other list of games is read from here: the registry check (validate/blocking/checks.py) holds each
record's game, id prefix and source file to it, the exports write it for the pages, and the
tests count games from it.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from generator.load.files import load_file
from generator.paths import DATA, GAMES_REGISTRY, SCHEMAS
from generator.validate.data_lists import list_schema_problems
from generator.problems import Problem

REGISTRY_FILE = GAMES_REGISTRY
SCHEMA = SCHEMAS / "registry" / "games.schema.json"


@dataclass(frozen=True)
class Game:
    slug: str
    prefix: str
    source: str
    language: str


@dataclass(frozen=True)
class Games:
    """The registry as read: its games in file order (none when the file is refused)."""
    games: tuple[Game, ...] = ()

    @cached_property
    def slugs(self) -> list[str]:
        return [g.slug for g in self.games]

    @cached_property
    def prefixes(self) -> dict[str, str]:
        """Slug -> id prefix."""
        return {g.slug: g.prefix for g in self.games}

    @cached_property
    def sources(self) -> dict[str, Game]:
        """Source file -> its game."""
        return {g.source: g for g in self.games}

    def of_id(self, record_id: str) -> Game | None:
        """The game whose prefix the id starts with."""
        prefix = record_id.split("-", 1)[0] if isinstance(record_id, str) else ""
        return next((g for g in self.games if g.prefix == prefix), None)


def _schema_problems(rel: str, data, line_of) -> list[Problem]:
    return list_schema_problems(rel, data, line_of, SCHEMA, "each game is {slug, prefix, source, language}, as schemas/registry/games.schema.json describes")


def _unique_problems(rel: str, games: list[dict], line_of) -> list[Problem]:
    problems = []
    for field in ("slug", "prefix", "source"):
        seen: dict[str, int] = {}
        for i, g in enumerate(games):
            value = g[field]
            if value in seen:
                problems.append(Problem(rel, line_of(["games", i, field]), f"games[{i}].{field}",
                                        f"{value!r} is also games[{seen[value]}]'s {field}",
                                        f"give each game its own {field}"))
            seen.setdefault(value, i)
    return problems


def load_games(data_dir: Path = DATA) -> tuple[Games, list[Problem]]:
    """(the registry, its problems). A refused registry is an empty one, so every record's game
    is then unknown and said so once at the registry's own lines, not as a crash."""
    path = data_dir / REGISTRY_FILE
    rel = path.relative_to(data_dir.parent).as_posix()
    if not path.is_file() or path.is_symlink():
        return Games(), [Problem(rel, 1, "(file)", "the list of games is missing",
                                 f"write {rel} with one {{slug, prefix, source, language}} per game")]
    raw, problems = load_file(path, data_dir.parent, "write 'games:', then one '- {slug, prefix, source, language}' line per game")
    if raw is None or problems:
        return Games(), problems
    problems = _schema_problems(rel, raw.data, raw.line_of)
    if problems:
        return Games(), problems
    entries = raw.data["games"]
    problems = _unique_problems(rel, entries, raw.line_of)
    if problems:
        return Games(), problems
    return Games(tuple(Game(**g) for g in entries)), []


@lru_cache(maxsize=8)
def _cached(data_dir: Path, stamp: tuple) -> Games:
    return load_games(data_dir)[0]


def games_of(data_dir: Path = DATA) -> Games:
    """The registry of `data_dir` (empty if refused), read again when the file changes."""
    path = data_dir / REGISTRY_FILE
    try:
        st = path.stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = ()
    return _cached(data_dir, stamp)


def data_dir_of(rel: str, path: Path) -> Path:
    """The data folder a record file was read from: `path` less `rel` (data/<game>/<kind>/<id>.yaml), plus rel's first folder."""
    depth = len(Path(rel).parts)
    return path.parents[depth - 2] if depth >= 2 else path.parent
