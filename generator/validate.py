"""Run the schema pass, then the cross-record checks; collect every problem."""
from __future__ import annotations

from pathlib import Path

from .checks import ALL_CHECKS
from .load import RawRecord, load_tree
from .paths import DATA
from .problems import Problem
from .schema_check import check_schema


def validate(records: list[RawRecord]) -> list[Problem]:
    problems: list[Problem] = []
    for rec in records:
        problems += check_schema(rec)
    for check in ALL_CHECKS:
        problems += check(records)
    return problems


def load_and_validate(data_dir: Path = DATA) -> tuple[list[RawRecord], list[Problem]]:
    records, problems = load_tree(data_dir)
    problems += validate(records)
    return records, sorted(set(problems))
