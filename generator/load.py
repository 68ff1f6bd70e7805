"""Read every data file, keeping line numbers so problems point at a line.

A file that is not valid YAML becomes a Problem, not an exception: one bad file
must not hide the problems in all the others.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .problems import Problem


@dataclass
class RawRecord:
    path: Path            # absolute path of the YAML file
    rel: str              # path shown to contributors, e.g. data/mare-nostrum/hero/mn-ajax.yaml
    data: dict
    lines: dict = field(default_factory=dict)  # tuple field path -> 1-based line

    def line_of(self, path) -> int:
        """Line of the deepest known ancestor of a field path."""
        key = tuple(path)
        while key and key not in self.lines:
            key = key[:-1]
        return self.lines.get(key, 1)


def _collect_lines(node, path, out):
    out.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            child = path + (k.value,)
            out[child] = k.start_mark.line + 1
            _collect_lines(v, child, out)
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            _collect_lines(v, path + (i,), out)


def load_file(path: Path, root: Path) -> tuple[RawRecord | None, list[Problem]]:
    rel = path.relative_to(root).as_posix()
    try:
        text = path.read_text(encoding="utf-8")
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.load(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else 1
        context = ""
        if err.context and err.context_mark and err.context_mark.line + 1 != line:
            context = f" ({err.context} that starts at line {err.context_mark.line + 1})"
        return None, [Problem(rel, line, "(file)", f"YAML syntax error: {err.problem}{context}",
                              "fix the YAML syntax at this line; check indentation and quote strings containing ':'")]
    except UnicodeDecodeError:
        return None, [Problem(rel, 1, "(file)", "file is not UTF-8", "save the file as UTF-8")]
    if not isinstance(data, dict):
        return None, [Problem(rel, 1, "(file)", "file does not hold a mapping of fields",
                              "write the record as 'field: value' lines, starting with 'id:'")]
    lines: dict = {}
    _collect_lines(node, (), lines)
    return RawRecord(path, rel, data, lines), []


def load_tree(data_dir: Path) -> tuple[list[RawRecord], list[Problem]]:
    """Load every data/<game>/<kind>/<id>.yaml under data_dir."""
    records, problems = [], []
    root = data_dir.parent
    for path in sorted(data_dir.rglob("*")):
        if path.is_dir():
            continue
        if path.suffix != ".yaml":
            problems.append(Problem(path.relative_to(root).as_posix(), 1, "(file)",
                                    "not a .yaml file inside data/", "rename it to <id>.yaml or move it out of data/"))
            continue
        rec, probs = load_file(path, root)
        problems += probs
        if rec:
            records.append(rec)
    return records, problems
