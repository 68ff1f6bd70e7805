"""Read every data file, keeping line numbers so problems point at a line.

A file that cannot be read becomes a Problem, not an exception: one bad file must
not hide the problems in all the others. Reading is bounded (file size here; depth,
aliases and numbers in yaml_bounded), so no file can make a check hang.
"""
from __future__ import annotations

import bisect
import os
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from generator.load.aliases import split_aliases
from generator.paths import DATA_LISTS
from generator.problems import Problem, field_path, shown
from generator.load.value_checks import char_name, raw_controls, value_findings
from generator.load.yaml_bounded import Finding, Refused, parse

# The largest record is under 15 KB; a quarter of a megabyte is a pasted document,
# not a record, and parsing it in pure Python would take seconds.
MAX_FILE_BYTES = 256 * 1024
MAX_CONTROLS_LISTED = 20     # control characters named one by one per file; the rest are counted
BOM = "\ufeff"


@dataclass
class RawRecord:
    path: Path            # absolute path of the YAML file
    rel: str              # path shown to contributors, e.g. data/mare-nostrum/hero/mn-ajax.yaml
    data: dict            # as every reader sees it: `aliases` a list of names (aliases.py)
    lines: dict = field(default_factory=dict)  # tuple field path -> 1-based line
    text: str = ""        # the file as read (without a byte-order mark), for checks of its layout
    written_aliases: list | None = None   # `aliases` as the file writes it, when an entry is typed

    def as_written(self) -> dict:
        """The record as its file writes it, for the schema pass."""
        return self.data if self.written_aliases is None else {**self.data, "aliases": self.written_aliases}

    def line_of(self, path) -> int:
        """Line of the deepest known ancestor of a field path."""
        return line_in(self.lines, path)


def line_in(lines: dict, path) -> int:
    key = tuple(path)
    while key and key not in lines:
        key = key[:-1]
    return lines.get(key, 1)


def fields_at(lines: dict):
    """A function from a line to the deepest field starting at or before it: where a character
    on that line sits. Sorted once, so a file full of such characters stays quick."""
    order = sorted(lines.items(), key=lambda item: (item[1], len(item[0])))
    starts = [start for _, start in order]

    def field_at(line: int) -> tuple:
        i = bisect.bisect_right(starts, line) - 1
        return order[i][0] if i >= 0 else ()
    return field_at


def _problem(rel: str, f: Finding) -> Problem:
    return Problem(rel, f.line, field_path(f.path) if f.path else "(file)", f.problem, f.fix)


def _read_text(path: Path, rel: str) -> tuple[str | None, list[Problem]]:
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        return None, [Problem(rel, 1, "(file)", f"file cannot be read: {err.strerror}", "check that it is a readable file")]
    if len(raw) > MAX_FILE_BYTES:
        return None, [Problem(rel, 1, "(file)", f"file is larger than {MAX_FILE_BYTES // 1024} KB",
                              "a record is a few KB: shorten the text, or split it into several records")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw[:err.start].count(b"\n") + 1
        return None, [Problem(rel, line, "(file)", f"file is not UTF-8 (byte 0x{raw[err.start]:02x} on this line)",
                              "save the file as UTF-8")]
    if text.startswith(BOM):
        # Refused rather than ignored so every data file has the same bytes an editor shows.
        return text[1:], [Problem(rel, 1, "(file)", "file starts with a byte-order mark (BOM)",
                                  "save it as UTF-8 without BOM: in the editor's encoding menu 'UTF-8', not 'UTF-8 with BOM'")]
    return text, []


def _syntax_problem(rel: str, err: yaml.YAMLError) -> Problem:
    if not isinstance(err, yaml.MarkedYAMLError):
        return Problem(rel, 1, "(file)", f"YAML cannot be read: {err}", "fix the YAML syntax")
    mark = err.problem_mark or err.context_mark
    line = mark.line + 1 if mark else 1
    context = ""
    if err.context and err.context_mark and err.context_mark.line + 1 != line:
        context = f" ({err.context} that starts at line {err.context_mark.line + 1})"
    return Problem(rel, line, "(file)", f"YAML syntax error: {err.problem}{context}",
                   "fix the YAML syntax at this line; check indentation and quote strings containing ':'")


RECORD_SHAPE = "write the record as 'field: value' lines, starting with 'id:'"


def load_file(path: Path, root: Path, shape: str = RECORD_SHAPE) -> tuple[RawRecord | None, list[Problem]]:
    """(record or None, problems). A record with problems is returned so its other
    problems show in the same run, but it is never built from. `shape`: the fix for a file
    that holds no mapping (what the file's first lines should be)."""
    rel = path.relative_to(root).as_posix()
    text, problems = _read_text(path, rel)
    if text is None:
        return None, problems
    parseable, controls = raw_controls(text)
    try:
        parsed = parse(parseable)
    except Refused as refused:
        return None, problems + [_problem(rel, refused.finding)]
    except yaml.YAMLError as err:
        return None, problems + [_syntax_problem(rel, err)]
    except (ValueError, OverflowError, RecursionError) as err:   # a value the YAML library cannot convert
        return None, problems + [Problem(rel, 1, "(file)", f"a value cannot be read: {type(err).__name__}: {err}",
                                         "quote unusual values so they are read as text")]
    field_at = fields_at(parsed.lines)
    for line, char in controls[:MAX_CONTROLS_LISTED]:
        problems.append(_problem(rel, Finding(line, field_at(line), f"control character {char_name(char)}",
                                              "delete it; it is invisible in most editors")))
    if len(controls) > MAX_CONTROLS_LISTED:
        line = controls[MAX_CONTROLS_LISTED][0]
        problems.append(Problem(rel, line, "(file)", f"{len(controls) - MAX_CONTROLS_LISTED:,} more control characters "
                                f"from this line on", "delete them; they are invisible in most editors"))
    if not isinstance(parsed.data, dict):
        return None, problems + [Problem(rel, 1, "(file)", "file does not hold a mapping of fields", shape)]
    findings = parsed.findings + value_findings(parsed.data, lambda p: line_in(parsed.lines, p))
    problems += [_problem(rel, f) for f in findings]
    data, written_aliases = split_aliases(parsed.data)
    return RawRecord(path, rel, data, parsed.lines, text, written_aliases), problems


def _unprintable_name(rel: str, stem: str) -> Problem:
    char = next(c for c in stem if not c.isprintable())
    return Problem(rel, 1, "(file)", f"the file name holds {char_name(char)}, so it cannot be an id",
                   "rename the file to its id plus .yaml: a game prefix and lowercase ASCII words joined by hyphens")


def _entries(folder: Path):
    """Every path under folder, in sorted order, without following a symbolic link: a link is
    listed (so it can be refused) but never entered, so nothing outside data/ is ever read."""
    for path in sorted(folder.iterdir()):
        yield path
        if path.is_dir() and not path.is_symlink():
            yield from _entries(path)


def _symlink(path: Path, rel: str) -> Problem:
    """A link is refused, not followed or skipped: followed, it reads a record from outside data/
    (which the repository does not hold, so another clone builds another site); skipped, its
    records vanish without a word."""
    try:
        target = shown(os.readlink(path))
    except OSError:
        target = "an unreadable target"
    what = "a folder" if path.is_dir() else "a file" if path.exists() else "nothing (a broken link)"
    return Problem(rel, 1, "(file)", f"is a symbolic link (to {what}: {target})",
                   "replace it with the " + ("folder" if path.is_dir() else "file") + " itself")


def load_tree(data_dir: Path, load=load_file) -> tuple[list[RawRecord], list[Problem]]:
    """Load every data/<game>/<kind>/<id>.yaml under data_dir (each with `load`, which
    validate.py wraps to check each file once while it is unchanged). The lists beside them
    (DATA_LISTS: the games, the numbers lint's synonyms) are not records: their own modules read them."""
    records, problems = [], []
    root = data_dir.parent
    for path in _entries(data_dir):
        if path.parent == data_dir and path.name in DATA_LISTS:
            continue
        rel = path.relative_to(root).as_posix()
        if path.is_symlink():   # before anything that follows it (is_dir, is_file, the read)
            problems.append(_symlink(path, rel))
            continue
        if path.is_dir():
            continue
        if path.suffix != ".yaml":
            problems.append(Problem(rel, 1, "(file)", "not a .yaml file inside data/",
                                    "rename it to <id>.yaml or move it out of data/"))
            continue
        if not path.stem.isprintable():   # a line break or an escape would forge output and cannot be an id
            problems.append(_unprintable_name(rel, path.stem))
        if not path.is_file():   # a pipe or device would block the read forever
            problems.append(Problem(rel, 1, "(file)", "not a regular file", "replace it with a plain YAML file"))
            continue
        rec, probs = load(path, root)
        problems += probs
        if rec:
            records.append(rec)
    return records, problems
