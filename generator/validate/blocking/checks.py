"""Cross-record checks, one small named function each.

Every check takes the records that passed the schema pass and returns problems;
none stops at the first one, so a contributor sees everything in a single run.
Because the schema pass ran first, a check may rely on each field's type. The
records are a RecordSet: references are checked against `known_ids(records)`, which
also holds the ids of files that could not be checked, so one broken file does not
make every file that names it report a missing record.
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import PurePosixPath

from generator.validate.blocking.helper_checks import HELPER_CHECKS
from generator.validate.blocking.site_checks import check_tool_pages
from generator.load.files import RawRecord
from generator.problems import Problem, closest, non_ascii
from generator.validate.record_set import known_ids, per_key
from generator.validate.schema.schemas import load_schemas

REGISTRY = "data/games.yaml"
SCHEMA_LINE = "# yaml-language-server: $schema=../../../schemas/{kind}.schema.json"


def _ref_fields(kind: str) -> list[str]:
    """Top-level fields whose schema points at the shared ref/refs definitions."""
    props = load_schemas().get(f"{kind}.schema.json", {}).get("properties", {})
    out = []
    for name, spec in props.items():
        refs = [spec.get("$ref", "")] + [s.get("$ref", "") for s in spec.get("allOf", [])]
        if any(r.endswith("/$defs/ref") or r.endswith("/$defs/refs") for r in refs):
            out.append(name)
    return out


def check_location(records: list[RawRecord]) -> list[Problem]:
    """The file must sit at data/<game>/<kind>/<id>.yaml."""
    problems = []
    for r in records:
        parts = PurePosixPath(r.rel).parts
        rid, game, kind = r.data.get("id"), r.data.get("game"), r.data.get("kind")
        if len(parts) != 4:
            problems.append(Problem(r.rel, 1, "(file)", "file is not at data/<game>/<kind>/<id>.yaml",
                                    f"move it to data/{game}/{kind}/{rid}.yaml"))
            continue
        _, gdir, kdir, fname = parts
        if rid and fname != f"{rid}.yaml":
            problems.append(Problem(r.rel, r.line_of(["id"]), "id", f"file name {fname!r} does not match id {rid!r}",
                                    f"rename the file to {rid}.yaml, or change the id"))
        if game and gdir != game:
            problems.append(Problem(r.rel, r.line_of(["game"]), "game", f"game {game!r} but the file is under data/{gdir}/",
                                    f"move the file to data/{game}/{kind}/ or correct the game"))
        if kind and kdir != kind:
            problems.append(Problem(r.rel, r.line_of(["kind"]), "kind", f"kind {kind!r} but the file is under {gdir}/{kdir}/",
                                    f"move the file to data/{gdir}/{kind}/ or correct the kind"))
    return problems


def check_games(records) -> list[Problem]:
    """Each record's game and cited source are in the list of games (data/games.yaml)."""
    games = records.games
    if not games.games:
        return []   # the list itself is refused, at its own lines
    problems = []
    for r in records:
        game, source = r.data.get("game"), (r.data.get("source") or {}).get("file")
        if game not in games.prefixes:
            near = closest(game, games.slugs) if isinstance(game, str) else None
            problems.append(Problem(r.rel, r.line_of(["game"]), "game", f"{game!r} is not a game of {REGISTRY}",
                                    f"write {near!r}" if near else f"write one of {', '.join(games.slugs)}, or add the game to {REGISTRY}"))
        if game in games.prefixes and isinstance(source, str) and source not in games.sources:   # else the game line says it
            near = closest(source, list(games.sources))
            problems.append(Problem(r.rel, r.line_of(["source", "file"]), "source.file",
                                    f"{source!r} is no game's source in {REGISTRY}",
                                    f"write {near!r}" if near else f"cite one of {', '.join(games.sources)}"))
    return problems


def check_id_prefix(records) -> list[Problem]:
    """Every id starts with its game's prefix (data/games.yaml) and a hyphen."""
    problems = []
    for r in records:
        rid, game = r.data.get("id"), r.data.get("game")
        prefix = records.games.prefixes.get(game)
        if isinstance(rid, str) and prefix and not rid.startswith(prefix + "-"):
            problems.append(Problem(r.rel, r.line_of(["id"]), "id", f"id {rid!r} lacks the game prefix '{prefix}-'",
                                    f"rename it to '{prefix}-{rid.split('-', 1)[-1]}', and the file to "
                                    f"{prefix}-{rid.split('-', 1)[-1]}.yaml"))
    return problems


def _misfiled(r: RawRecord) -> bool:
    """Whether the file is not where its own game and kind file it (data/<game>/<kind>/)."""
    parts = PurePosixPath(r.rel).parts
    return len(parts) < 3 or (parts[-3], parts[-2]) != (r.data.get("game"), r.data.get("kind"))


def _claim_order(r: RawRecord, path: list) -> tuple:
    """Which claim on a name keeps it: a record filed under its own id before one that is not
    (a copy saved under another name is the newcomer), one in its own game's and kind's folder
    before one that is not (a copy dropped into another folder is the newcomer, never the
    long-standing file), its id before a former id, then by path.
    From the files alone, so the same data blames the same file on every machine and hash seed."""
    rid = r.data.get("id")
    return (PurePosixPath(r.rel).stem != rid, _misfiled(r), path != ["id"], r.rel)


def check_unique_ids(records: list[RawRecord]) -> list[Problem]:
    """Ids and former ids share one namespace, because both become URLs. The first claim (in
    _claim_order) keeps the name; every later one is the problem, and its fix names the keeper."""
    claims: dict[str, list] = defaultdict(list)
    for r in records:
        names = [(r.data.get("id"), ["id"])] + [(f, ["former_ids", i]) for i, f in enumerate(r.data.get("former_ids") or [])]
        for name, path in names:
            if isinstance(name, str):
                claims[name].append((r, path))
    problems = []
    for name in sorted(n for n, held in claims.items() if len(held) > 1):
        (keeper, _), *later = sorted(claims[name], key=lambda claim: _claim_order(*claim))
        for r, path in later:
            where = "this file" if r is keeper else keeper.rel
            fix = (f"delete this copy filed outside its game's and kind's folder, or give it an id of its own: {where} keeps {name!r}"
                   if r is not keeper and path == ["id"] and _misfiled(r) and not _misfiled(keeper) else
                   f"choose a different id: {where} keeps {name!r}, and ids are unique across all games")
            problems.append(Problem(r.rel, r.line_of(path), ".".join(map(str, path)), f"id {name!r} is already used by {where}", fix))
    return problems


def _ascii_ids(ids) -> list[str]:
    """The ids a hint may offer: only ASCII ones (an id from a failed file may hold a lookalike letter)."""
    return [i for i in ids if isinstance(i, str) and i.isascii()]


def _no_such_id(target) -> str:
    """'no record has id ...', naming a non-ASCII character, which the eye cannot see is wrong."""
    char = non_ascii(target)
    return f"no record has id {target!r}" + (f": it holds the non-ASCII character {char}" if char else "")


def _id_hint(target, ids, otherwise: str) -> str:
    close = closest(target, _ascii_ids(ids))
    if close:
        return f"did you mean '{close}'?"
    return otherwise + ("; write it in ASCII letters" if non_ascii(target) else "")


def check_references(records: list[RawRecord]) -> list[Problem]:
    """Every id in a reference field (related, steps, and the like) names a record."""
    ids = known_ids(records)
    problems = []
    for r in records:
        kind = r.data.get("kind", "")
        for field in per_key(records, "reference fields", kind, lambda: _ref_fields(kind)):
            value = r.data.get(field)
            targets = value if isinstance(value, list) else [value] if value else []
            for i, target in enumerate(targets):
                if isinstance(target, str) and target not in ids:
                    hint = _id_hint(target, ids, "create that record or correct the id")
                    path = [field, i] if isinstance(value, list) else [field]
                    problems.append(Problem(r.rel, r.line_of(path), field + (f"[{i}]" if isinstance(value, list) else ""),
                                            _no_such_id(target), hint))
                if target == r.data.get("id"):
                    problems.append(Problem(r.rel, r.line_of([field]), field, "record refers to itself", "remove the self-reference"))
    return problems


def _listed_refs(records: list[RawRecord], list_field: str) -> list[Problem]:
    """Entries of a game record's list (player_aid, tools) name records by id in 'records'; each must exist."""
    ids = known_ids(records)
    problems = []
    for r in records:
        for i, entry in enumerate(r.data.get(list_field) or []):
            for j, target in enumerate(entry.get("records") or []):
                if target not in ids:
                    problems.append(Problem(r.rel, r.line_of([list_field, i, "records", j]), f"{list_field}[{i}].records[{j}]",
                                            _no_such_id(target), _id_hint(target, ids, "correct the id")))
    return problems


def check_player_aid_refs(records: list[RawRecord]) -> list[Problem]:
    """Player-aid sections name the records they show; each must exist."""
    return _listed_refs(records, "player_aid")


def check_tool_refs(records: list[RawRecord]) -> list[Problem]:
    """A game's tools name the records whose pages link to them; each must exist."""
    return _listed_refs(records, "tools")


def check_tool_examples(records: list[RawRecord]) -> list[Problem]:
    """A tool's opening state names the worked example it restates: a ruling of the same game."""
    by_id = {r.data.get("id"): r.data for r in records}
    problems = []
    for r in records:
        for i, tool in enumerate(r.data.get("tools") or []):
            target = ((tool.get("opens_on") or {}) if isinstance(tool, dict) else {}).get("example")
            if target is None or target in getattr(records, "unchecked_ids", ()):
                continue   # a ruling whose file failed its own checks: that file's problem says why
            rec = by_id.get(target)
            where, field = r.line_of(["tools", i, "opens_on", "example"]), f"tools[{i}].opens_on.example"
            if rec is None:
                problems.append(Problem(r.rel, where, field, _no_such_id(target),
                                        _id_hint(target, by_id, "name a ruling that is a worked example")))
            elif rec.get("kind") != "ruling" or rec.get("game") != r.data.get("game"):
                problems.append(Problem(r.rel, where, field, f"{target!r} is not a ruling of this game",
                                        "name the ruling whose worked example the tool opens on, or leave example out"))
    return problems


def _unknown_paths(value, path=()):
    if value == "unknown":
        yield path
    elif isinstance(value, dict):
        if "unknown" in (value.get("value"), value.get("at"), value.get("min"), value.get("max"), value.get("count"),
                       value.get("turns")) \
                and value.get("note"):
            return  # a cell, fact, timing, player range or rounds (play_along) that carries its own note
        for k, v in value.items():
            yield from _unknown_paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _unknown_paths(v, path + (i,))


def check_unknowns_explained(records: list[RawRecord]) -> list[Problem]:
    """An 'unknown' with no note is a silent gap; the site must say why."""
    problems = []
    for r in records:
        if r.data.get("notes"):
            continue   # its notes say why
        p = next(_unknown_paths({k: v for k, v in r.data.items() if k != "notes"}), None)
        if p is not None:
            problems.append(Problem(r.rel, r.line_of(p), ".".join(map(str, p)), "value is 'unknown' but the record has no notes",
                                    "add a notes: entry saying what the source lacks"))
    return problems


def check_table_cells(records: list[RawRecord]) -> list[Problem]:
    """A table's rows have a cell for each column and none other, each of its column's type."""
    pytypes = {"integer": (int,), "number": (int, float), "string": (str,), "boolean": (bool,)}
    problems = []
    for r in records:
        if r.data.get("kind") != "table":
            continue
        cols = {c.get("id"): c.get("type") for c in r.data.get("columns") or [] if isinstance(c, dict)}
        for i, row in enumerate(r.data.get("rows") or []):
            cells = (row or {}).get("cells") or {}
            if not isinstance(cells, dict):
                continue
            for col in cols:
                if col not in cells:
                    problems.append(Problem(r.rel, r.line_of(["rows", i]), f"rows[{i}].cells", f"no cell for column {col!r}",
                                            f"add '{col}:', or '{col}: {{value: unknown, note: ...}}' if the source lacks it"))
            for col, cell in cells.items():
                if col not in cols:
                    problems.append(Problem(r.rel, r.line_of(["rows", i, "cells", col]), f"rows[{i}].cells.{col}",
                                            f"column {col!r} is not declared", "add it to columns or fix the key"))
                    continue
                value = cell.get("value") if isinstance(cell, dict) else cell
                want = pytypes.get(cols[col], ())
                ok = value == "unknown" or (isinstance(value, want) and not (isinstance(value, bool) and bool not in want))
                if not ok:
                    problems.append(Problem(r.rel, r.line_of(["rows", i, "cells", col]), f"rows[{i}].cells.{col}",
                                            f"{value!r} is not of column type {cols[col]}",
                                            f"write {COLUMN_TYPE_WORDS.get(cols[col], cols[col])}, or {{value: unknown, note: ...}}"))
    return problems


def check_value_sources(records: list[RawRecord]) -> list[Problem]:
    """Every `from` on a cost or fact names a table cell or a fact that exists and holds a value,
    and stands instead of a written value, never beside one (generator/validate/blocking/value_sources.py).
    A reference into a file that failed its own checks is left to that file's problem."""
    from generator.validate.blocking.value_sources import source_problems
    by_rec = {r.data["id"]: r for r in records if isinstance(r.data.get("id"), str)}
    unchecked = known_ids(records) - set(by_rec)
    problems = []
    for rid, path, field, problem, fix in source_problems({k: r.data for k, r in by_rec.items()}):
        r = by_rec[rid]
        ref = _get(r.data, path).get("from")
        if isinstance(ref, dict) and (ref.get("table") in unchecked or ref.get("record") in unchecked):
            continue
        where = ".".join(str(p) if isinstance(p, str) else f"[{p}]" for p in path).replace(".[", "[")
        sub = path + tuple(field.split(".")) if field.startswith("from") else path + (field,)
        problems.append(Problem(r.rel, r.line_of(list(sub)) or r.line_of(list(path)), f"{where}.{field}", problem, fix))
    return problems


def _get(data, path):
    for p in path:
        data = data[p]
    return data


# A column type as the fix names it ("write a whole number", never "write a integer").
COLUMN_TYPE_WORDS = {"integer": "a whole number", "number": "a number", "string": "text", "boolean": "true or false"}


def check_schema_comment(records: list[RawRecord]) -> list[Problem]:
    """Editors validate as you type only if the first line names the schema."""
    problems = []
    for r in records:
        kind = r.data.get("kind")
        want = SCHEMA_LINE.format(kind=kind)
        first = r.text.split("\n", 1)[0].strip()
        if kind and first != want:
            problems.append(Problem(r.rel, 1, "(file)", "first line does not name the schema", f"make the first line: {want}"))
    return problems



# The record checks of this module, in the order they run (all_checks.py adds the other modules').
RECORD_CHECKS = [check_location, check_games, check_id_prefix, check_unique_ids, check_references,
                 check_unknowns_explained, check_table_cells, check_schema_comment, check_player_aid_refs,
                 check_tool_pages, check_tool_refs, check_value_sources, check_tool_examples, *HELPER_CHECKS]
