"""Parse one YAML document with bounded work, keeping the line of every field.

A data file is input from anyone who can open a pull request, so reading it must
finish quickly whatever it holds. Plain `yaml.load` does not: a 1.5 KB file of
nested anchors and aliases ("billion laughs") expands to billions of values when
anything walks the result, 10,000 nested brackets overflow the recursive composer,
and a key written twice silently keeps the last value. This module reads in
stages, each bounded before the next one starts:

1. the node graph is composed (libyaml stops a run of 1,000 open brackets itself);
   where that fails, the event stream (iterative, so any nesting is safe) is read to
   see whether the file is refused for its nesting first, as before it is composed;
2. the node graph is walked once per distinct node: aliases are followed
   through a memo, so the walk is linear in the file however the aliases nest; it
   refuses nesting past MAX_DEPTH (before it recurses deeper), cycles, an expanded
   size over MAX_NODES or an expanded depth over MAX_DEPTH, duplicate keys and
   unreadable numbers, and records each field's line;
3. only then are the Python values used: the walk builds them as it goes for the
   plain YAML a record is written in (text, numbers, true/false, null, lists, and
   mappings with text keys), and anything else (a merge key, a timestamp, a tag) is
   left to PyYAML's constructor, as before.

The walk does in one pass what three passes did (the event stream, the walk, PyYAML's
constructor): reading 10,000 rulings took about 1 s less. A file is refused for the same
reason at the same line as before: nesting first, then the first other refusal in the
order of the text (tests/test_loader_guards.py, tests/test_hostile_data.py).

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
    loader = loader_class(text)
    try:
        try:
            node = loader.get_single_node()
        except (yaml.YAMLError, RecursionError):
            # Refused for its nesting if that comes first in the text (libyaml reads a run of
            # brackets before it fails), else the YAML error itself, as the event stream meets it.
            _check_nesting(text, loader_class)
            raise
        if node is None:
            return Parsed(None)
        walk = _Walk(loader)
        walk.visit(node, ())
        if walk.refused:
            raise walk.refused
        data = walk.values[id(node)] if walk.plain else loader.construct_document(node)
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


_PLAIN_SCALARS = frozenset({"tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
                            "tag:yaml.org,2002:null"})
_STR, _MAP, _SEQ = "tag:yaml.org,2002:str", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"
_LEAF = (1, 1)   # a scalar's expanded size and depth


class _Walk:
    """One visit per distinct node, in document order.

    In document order an alias always names a node that is either finished (so its
    size and depth are memoised) or still open (a cycle), so the recursion is only
    as deep as the text's own nesting, which is refused past MAX_DEPTH before the walk
    goes deeper. Nesting is refused at once, as it was before anything else was read;
    any other refusal is kept (the first in the text) and raised when the walk is done,
    so a deeper nesting further on is still the reason given.

    The values are built on the way (`values`, by node), as PyYAML's safe constructor
    builds them, while every node is plain YAML; `plain` is False once one is not.
    """

    def __init__(self, loader):
        self.loader = loader        # constructs keys YAML does not read as text (yes, 1, null)
        self.nodes: dict[int, tuple[int, int]] = {}   # id(node) -> (expanded size, expanded depth)
        self.open: set[int] = set()
        self.lines: dict = {}
        self.findings: list[Finding] = []
        self.refused: Refused | None = None
        self.values: dict[int, object] = {}
        self.plain = True
        self.constructors = loader.yaml_constructors

    def _refuse(self, refused: Refused) -> None:
        if self.refused is None:
            self.refused = refused

    def visit(self, node, path: tuple, level: int = 1) -> tuple[int, int]:
        key = id(node)
        self.lines.setdefault(path, node.start_mark.line + 1)
        known = self.nodes.get(key)
        if known is not None:
            return known
        if isinstance(node, yaml.ScalarNode):   # nine nodes in ten: no children, so no cycle and no nesting
            if node.tag == _STR:
                if self.plain:
                    self.values[key] = node.value
            elif node.tag == _INT_TAG and len(node.value) > MAX_INT_DIGITS:
                self._refuse(Refused(node.start_mark.line + 1, path, f"a number with {len(node.value)} digits",
                                     "write the number the source gives; quote it if it is meant as text"))
                self.plain = False
            else:
                self._scalar(key, node)
            self.nodes[key] = _LEAF
            return _LEAF
        if key in self.open:
            self._refuse(Refused(node.start_mark.line + 1, path, "an alias refers to a value that contains it",
                                 "write the value out instead of the alias; a value cannot contain itself"))
            return 1, 0
        self.open.add(key)
        size, depth = 1, 0
        if isinstance(node, yaml.MappingNode):
            if level > MAX_DEPTH:
                raise _too_deep(node.start_mark.line + 1)
            seen: dict = {}
            value: dict = {}
            plain = node.tag == _MAP
            for k, v in node.value:
                s, d = self.visit(k, path, level + 1)   # a key is checked like any value (its digits)
                name = self._key(k, path)
                child = path + (name,)
                self.lines[child] = k.start_mark.line + 1
                if name is not None and (k.tag, name) in seen:
                    self.findings.append(Finding(
                        k.start_mark.line + 1, child, f"key written twice (first at line {seen[k.tag, name]})",
                        "keep one of the two; YAML would silently keep only the last"))
                seen.setdefault((k.tag, name), k.start_mark.line + 1)
                s2, d2 = self.visit(v, child, level + 1)
                size, depth = size + s + s2, max(depth, d, d2)
                if plain and k.tag == _STR and isinstance(k, yaml.ScalarNode):
                    value[k.value] = self.values.get(id(v))
                else:
                    plain = False
            self._built(key, value, plain)
        else:                                   # a sequence
            if level > MAX_DEPTH:
                raise _too_deep(node.start_mark.line + 1)
            for i, v in enumerate(node.value):
                s, d = self.visit(v, path + (i,), level + 1)
                size, depth = size + s, max(depth, d)
            self._built(key, [self.values.get(id(v)) for v in node.value] if self.plain else None,
                        node.tag == _SEQ)
        depth += 1
        self.open.discard(key)
        if depth > MAX_DEPTH:
            self._refuse(Refused(node.start_mark.line + 1, path,
                                 f"values are nested more than {MAX_DEPTH} levels deep (through aliases)",
                                 "write the value out; records nest a few levels at most"))
        if size > MAX_NODES:
            self._refuse(Refused(node.start_mark.line + 1, path,
                                 f"the file holds more than {MAX_NODES:,} values (an alias counts as a copy of what it names)",
                                 "a record holds a few hundred values: split the file, or write aliased values out"))
        self.nodes[key] = (size, depth)
        return size, depth

    def _built(self, key: int, value, plain: bool) -> None:
        if plain and self.plain:
            self.values[key] = value
        else:
            self.plain = False

    def _scalar(self, key: int, node) -> None:
        """A scalar's value as the safe constructor gives it; PyYAML's own constructor is left
        the whole file for any other tag, and for a value it cannot convert (its message then)."""
        if not self.plain:
            return
        if node.tag == _STR:
            self.values[key] = node.value
        elif node.tag in _PLAIN_SCALARS:
            try:
                self.values[key] = self.constructors[node.tag](self.loader, node)
            except Exception:   # noqa: BLE001 - PyYAML's constructor raises it again, in its own order
                self.plain = False
        else:
            self.plain = False

    def _key(self, node, path: tuple):
        """The key as the record will hold it, so field paths here match the values' paths."""
        if not isinstance(node, yaml.ScalarNode):
            return None
        if node.tag == "tag:yaml.org,2002:str":
            return node.value
        if self.refused:   # the file is refused: nothing of it is constructed
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
