"""Parse one YAML document with bounded work, keeping the line of every field.

A data file is input from anyone who can open a pull request, so reading it must
finish quickly whatever it holds. Plain `yaml.load` does not: a 1.5 KB file of
nested anchors and aliases ("billion laughs") expands to billions of values when
anything walks the result, 10,000 nested brackets overflow the recursive composer,
and a key written twice silently keeps the last value. This module reads in
stages, each bounded before the next one starts:

1. the event stream (iterative, so any nesting is safe) is refused past MAX_DEPTH;
2. the composed node graph is walked once per distinct node: aliases are followed
   through a memo, so the walk is linear in the file however the aliases nest; it
   refuses cycles, an expanded size over MAX_NODES or an expanded depth over
   MAX_DEPTH, duplicate keys and unreadable numbers, and records each field's line;
3. only then are Python values constructed.

Aliases themselves are allowed: PyYAML's dumper writes `&id001`/`*id001` for a
repeated table cell, and two real tables use them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import yaml

# Limits far above any real record (the largest expands to under 800 values, 5 levels
# deep) and far below what takes a noticeable time to check or export.
MAX_DEPTH = 20
MAX_NODES = 10_000
MAX_INT_DIGITS = 30          # longer integers are refused before Python converts them

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # libyaml when installed: same results, faster
_INT_TAG = "tag:yaml.org,2002:int"
_OPEN = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSE = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


@dataclass
class Finding:
    """One problem found while reading: the file is not built from, but reading goes on."""
    line: int
    path: tuple
    problem: str
    fix: str


class Refused(Exception):
    """The file cannot be turned into values safely; nothing is constructed."""

    def __init__(self, line: int, path: tuple, problem: str, fix: str):
        super().__init__(problem)
        self.finding = Finding(line, path, problem, fix)


@dataclass
class Parsed:
    data: object
    lines: dict = field(default_factory=dict)      # field path tuple -> 1-based line
    findings: list = field(default_factory=list)   # Finding


def parse(text: str, loader_class=_Loader) -> Parsed:
    """Values, field lines and findings of one YAML document.

    Raises Refused for input that must not be constructed, and yaml.YAMLError for
    syntax errors (the caller turns both into problems).
    """
    _check_nesting(text, loader_class)
    loader = loader_class(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return Parsed(None)
        walk = _Walk(loader)
        walk.visit(node, ())
        data = loader.construct_document(node)
        return Parsed(data, walk.lines, walk.findings)
    finally:
        loader.dispose()


def _too_deep(line: int) -> Refused:
    return Refused(line, (), f"values are nested more than {MAX_DEPTH} levels deep",
                   "flatten the structure; records nest a few levels at most")


def _check_nesting(text: str, loader_class) -> None:
    depth = 0
    try:
        for event in yaml.parse(text, Loader=loader_class):
            if isinstance(event, _OPEN):
                depth += 1
                if depth > MAX_DEPTH:
                    raise _too_deep(event.start_mark.line + 1)
            elif isinstance(event, _CLOSE):
                depth -= 1
    except yaml.MarkedYAMLError as err:
        # libyaml reads a whole run of opening brackets before the first event, and
        # stops at its own limit (1,000) with a message about its internals.
        if "maximum nesting depth" in str(err.problem) and err.problem_mark:
            raise _too_deep(err.problem_mark.line + 1) from None
        raise


class _Walk:
    """One visit per distinct node, in document order.

    In document order an alias always names a node that is either finished (so its
    size and depth are memoised) or still open (a cycle), so the recursion is only
    as deep as the text's own nesting, which _check_nesting has bounded.
    """

    def __init__(self, loader):
        self.loader = loader        # constructs keys YAML does not read as text (yes, 1, null)
        self.nodes: dict[int, tuple[int, int]] = {}   # id(node) -> (expanded size, expanded depth)
        self.open: set[int] = set()
        self.lines: dict = {}
        self.findings: list[Finding] = []

    def visit(self, node, path: tuple) -> tuple[int, int]:
        key = id(node)
        self.lines.setdefault(path, node.start_mark.line + 1)
        if key in self.nodes:
            return self.nodes[key]
        if key in self.open:
            raise Refused(node.start_mark.line + 1, path, "an alias refers to a value that contains it",
                          "write the value out instead of the alias; a value cannot contain itself")
        self.open.add(key)
        size, depth = 1, 0
        if isinstance(node, yaml.MappingNode):
            seen: dict = {}
            for k, v in node.value:
                s, d = self.visit(k, path)          # a key is checked like any value (its digits)
                name = self._key(k, path)
                child = path + (name,)
                self.lines[child] = k.start_mark.line + 1
                if name is not None and (k.tag, name) in seen:
                    self.findings.append(Finding(
                        k.start_mark.line + 1, child, f"key written twice (first at line {seen[k.tag, name]})",
                        "keep one of the two; YAML would silently keep only the last"))
                seen.setdefault((k.tag, name), k.start_mark.line + 1)
                s2, d2 = self.visit(v, child)
                size, depth = size + s + s2, max(depth, d, d2)
        elif isinstance(node, yaml.SequenceNode):
            for i, v in enumerate(node.value):
                s, d = self.visit(v, path + (i,))
                size, depth = size + s, max(depth, d)
        elif node.tag == _INT_TAG and len(node.value) > MAX_INT_DIGITS:
            raise Refused(node.start_mark.line + 1, path, f"a number with {len(node.value)} digits",
                          "write the number the source gives; quote it if it is meant as text")
        depth += 1
        self.open.discard(key)
        if depth > MAX_DEPTH:
            raise Refused(node.start_mark.line + 1, path,
                          f"values are nested more than {MAX_DEPTH} levels deep (through aliases)",
                          "write the value out; records nest a few levels at most")
        if size > MAX_NODES:
            raise Refused(node.start_mark.line + 1, path,
                          f"the file holds more than {MAX_NODES:,} values (an alias counts as a copy of what it names)",
                          "a record holds a few hundred values: split the file, or write aliased values out")
        self.nodes[key] = (size, depth)
        return size, depth

    def _key(self, node, path: tuple):
        """The key as the record will hold it, so field paths here match the values' paths."""
        if not isinstance(node, yaml.ScalarNode):
            return None
        if node.tag == "tag:yaml.org,2002:str":
            return node.value
        try:
            key = self.loader.construct_object(node)
        except (yaml.YAMLError, ValueError):
            key = node.value
        if not isinstance(key, (str, int, float, bool)) and key is not None:
            key = node.value
        self.findings.append(Finding(node.start_mark.line + 1, path + (node.value,), f"key '{node.value}' is read as {key!r}, not as text",
                                     f"quote it as '{node.value}': since field names and column ids are text"))
        return key
