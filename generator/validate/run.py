"""Run the schema pass, then the cross-record checks; collect every problem.

The cross-record checks see only records with no problem so far: a record whose
`former_ids` is a number or whose rows are strings has already been reported by the
schema pass, and a check written for well-typed records must not trip over it.
The engines' checks (scenarios.py) run last and leave out every game with a record in doubt
so far (a refused file, or a cross-record problem): what an engine says about such a game
could be false of records that are fine, and every line printed must be true.
"""
from __future__ import annotations

import inspect
from pathlib import Path, PurePosixPath

from generator.validate.blocking.all_checks import ALL_CHECKS
from generator.load.files import RawRecord, load_file, load_tree
from generator.validate.games import data_dir_of, games_of, load_games
from generator.paths import DATA, ROOT, SCHEMAS
from generator.problems import Problem, ascii_spelling
from generator.validate.audit_words import load_audit_words
from generator.validate.blocking.number_exceptions import load_synonyms
from generator.validate.record_set import RecordSet, known_ids
from generator.validate.schema.schema_check import check_schema
from generator.validate.bridges.scenarios import engine_checks, start_engines


def _unchecked_ids(records: list[RawRecord], failed_files: set[str]) -> set[str]:
    """Ids of files with problems: the one each declares and the one its file name implies."""
    ids = {PurePosixPath(f).stem for f in failed_files if f.endswith(".yaml")}
    ids = {i for i in ids if i.isprintable()}   # a file name with a line break is no id
    ids |= {r.data.get("id") for r in records if r.rel in failed_files and isinstance(r.data.get("id"), str)}
    # An id written with a lookalike letter (a Cyrillic a in mn-ajax) is refused at its own line,
    # whose fix is its plain spelling: the records naming that spelling are not wrong (no
    # follow-on line 'no record has id mn-ajax' at each).
    ids |= {plain for i in ids if not i.isascii() and (plain := ascii_spelling(i)).isascii()}
    return ids


# The kinds whose records a game's turn and setup are made of: a refused one leaves its game's turn unread.
TURN_KINDS = ("game", "rule")


def _unchecked_turn_ids(records: list[RawRecord], failed_files: set[str]) -> set[str]:
    """The unchecked ids of refused files of a kind the turn is made of (by their folder, or the kind they declare)."""
    turn_files = {f for f in failed_files if len(PurePosixPath(f).parts) == 4 and PurePosixPath(f).parts[2] in TURN_KINDS}
    turn_files |= {r.rel for r in records if r.rel in failed_files and r.data.get("kind") in TURN_KINDS}
    return _unchecked_ids(records, turn_files)


# Each module's checks are named after it: records/games is checks.py's check_games.
CHECK_GROUPS = {"checks": "records", "helper_checks": "helpers", "content_checks": "content", "text_safety": "text",
                "timing_checks": "timing", "timing_words": "timing-words", "play_along_checks": "play",
                "play_state_checks": "play-state", "state_words": "state-words", "site_checks": "site",
                "number_exceptions": "numbers"}


def check_id(check) -> str:
    """A check's name in every line it prints: its module's group, then its function's name
    without check_, in words joined by hyphens ("play-state/leaves-at")."""
    fn = inspect.unwrap(check)
    group = CHECK_GROUPS.get(fn.__module__.rsplit(".", 1)[-1], fn.__module__.rsplit(".", 1)[-1])
    return f"{group}/{fn.__name__.removeprefix('check_').strip('_').replace('_', '-')}"


def _run(check, records: RecordSet, name: str | None = None) -> list[Problem]:
    """The check's problems, each naming it. A check that raises is a generator bug: reported like
    any problem, at the check's own line, instead of a traceback."""
    name = name or check_id(check)
    try:
        return [p.by(name) for p in check(records)]
    except Exception as err:  # noqa: BLE001 - one bug must not hide every other problem
        fn = inspect.unwrap(check)
        source = Path(inspect.getsourcefile(fn) or "generator")
        rel = source.relative_to(ROOT).as_posix() if source.is_relative_to(ROOT) else source.name
        return [Problem(rel, fn.__code__.co_firstlineno, fn.__name__,
                        f"the check failed with {type(err).__name__}: {err}",
                        "a generator bug: report it with the data file you changed", name)]


def validate(records: list[RawRecord], earlier: list[Problem] = ()) -> list[Problem]:
    """Schema problems of every record, then cross-record problems of the records that
    have none (neither in `earlier`, the loader's problems, nor in the schema pass)."""
    problems = [p.by("schema") for rec in records for p in check_schema(rec)]
    return problems + cross_record(records, [*earlier, *problems])


def cross_record(records: list[RawRecord], problems: list[Problem]) -> list[Problem]:
    failed = {p.file for p in problems}
    games = games_of(data_dir_of(records[0].rel, records[0].path)) if records else games_of()
    checked = RecordSet([r for r in records if r.rel not in failed], _unchecked_ids(records, failed),
                        _unchecked_turn_ids(records, failed), games)
    # The engines' Node process starts now, for the games not yet in doubt, and works beside the
    # cross-record checks; the engines' check below takes from its answer what it asks for.
    _run(lambda recs: start_engines(recs, _doubtful_games(records, failed), _doubtful_turns(records, failed)) or [], checked, "engines")
    out: list[Problem] = []
    for check in ALL_CHECKS:
        out += _run(check, checked)
    # The engines read many records at once: a game with any record in doubt is left out of
    # their checks, silently (the problems so far are the true ones; see scenarios.py).
    doubtful = _doubtful_games(records, failed | {p.file for p in out})
    # The play-along engine reads every game whose turn loaded (its game and rule files passed their
    # own checks); of its lines, those at a file that has a line already wait for the next run.
    said = failed | {p.file for p in out}

    def check_with_the_engines(recs):
        return engine_checks(recs, doubtful, _doubtful_turns(records, failed), said, _doubtful_turns(records, failed, out))
    out += _run(check_with_the_engines, checked, "engines")
    return out


def _doubtful_games(records: list[RawRecord], files: set[str]) -> set:
    """Games with a data file that has a problem, other than a ruling (the engines read no ruling):
    by the folder the file sits in, and by the game it declares."""
    games = set()
    for rel in files:
        parts = PurePosixPath(rel).parts
        if len(parts) >= 3 and parts[0] == "data" and not (len(parts) == 4 and parts[2] == "ruling"):
            games.add(parts[1])
    games |= {r.data.get("game") for r in records if r.rel in files and r.data.get("kind") != "ruling"
              and isinstance(r.data.get("game"), str)}
    return games


# The checks whose lines put a game's turn in doubt: which records are its steps.
TURN_CHECKS = ("timing/step-records", "timing/timing-targets")


def _doubtful_turns(records: list[RawRecord], failed: set[str], found: list[Problem] = ()) -> set:
    """Games whose turn is in doubt: a game or rule file (what a turn and a setup are made of) was
    refused, its game record has a line, or a check of the turn's shape gave a line. The play-along
    engine reads every other game: a refused record of another kind is passed to it by id
    (unchecked), so it says nothing false of the records that name it."""
    files = {f for f in failed if len(PurePosixPath(f).parts) == 4 and PurePosixPath(f).parts[2] in TURN_KINDS}
    files |= {r.rel for r in records if r.rel in failed and r.data.get("kind") in TURN_KINDS}
    games = {r.rel for r in records if r.data.get("kind") == "game"}
    files |= {p.file for p in found if p.file in games or (p.check or "").startswith(TURN_CHECKS)}
    return _doubtful_games(records, files)


# A file's own problems (loading and schema) while its bytes and the schemas are unchanged,
# so `mkdocs serve` re-reads only the file just saved. Keyed by path, modification time and size.
_checked: dict[tuple, tuple[RawRecord | None, list[Problem]]] = {}


def _schemas_state() -> tuple:
    return tuple((p.name, p.stat().st_mtime_ns) for p in sorted(SCHEMAS.rglob("*.json")))


def _checked_file(path: Path, root: Path, schemas: tuple) -> tuple[RawRecord | None, list[Problem]]:
    st = path.stat()
    key = (str(path), st.st_mtime_ns, st.st_size, schemas)
    if key not in _checked:
        rec, problems = load_file(path, root)
        _checked[key] = (rec, [p.by("load") for p in problems] + [p.by("schema") for p in (check_schema(rec) if rec else [])])
    return _checked[key]


def load_and_validate(data_dir: Path = DATA) -> tuple[list[RawRecord], list[Problem]]:
    schemas = _schemas_state()
    if len(_checked) > 20_000:
        _checked.clear()
    problems = [p.by("registry") for p in load_games(data_dir)[1]]
    records, loaded = load_tree(data_dir, load=lambda path, root: _checked_file(path, root, schemas))
    problems += [p.by("load") for p in loaded]
    # The lists beside the records may name a refused record: its own line is the true one.
    refused = _unchecked_ids(records, {p.file for p in problems})
    problems += load_synonyms(data_dir, known_ids(records) | refused)[1]
    problems += load_audit_words(data_dir, records, refused)[1]
    problems += cross_record(records, problems)
    return records, sorted(set(problems))
