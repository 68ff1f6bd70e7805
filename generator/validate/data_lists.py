"""What the lists beside the records share (data/games.yaml, data/number-synonyms.yaml,
data/audit-words.yaml): each is held to its schema in schemas/registry/, line by line, and read
again only when the file changes."""
from __future__ import annotations

import json
from pathlib import Path

from generator.problems import Problem, field_path


def list_schema_problems(rel: str, data, line_of, schema_path: Path, fix: str) -> list[Problem]:
    """The schema's complaints, each at its line with `fix`; jsonschema is asked only when the
    compiled test refuses (valid data never imports it)."""
    from generator.validate.schema.schema_compiled import NotCompiled, compile_schema
    from generator.validate.schema.schemas import load_schemas
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    try:
        if compile_schema(schema, load_schemas())(data):
            return []
    except NotCompiled:
        pass
    from generator.validate.schema.schemas import Validator
    problems = []
    for err in sorted(Validator(schema).iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        path = list(err.absolute_path)
        problems.append(Problem(rel, line_of(path), field_path(path) if path else "(file)", err.message, fix))
    return problems


def file_stamp(path: Path) -> tuple:
    """What says a list file changed: its modification time and size (empty when it is absent)."""
    try:
        st = path.stat()
    except OSError:
        return ()
    return (st.st_mtime_ns, st.st_size)
