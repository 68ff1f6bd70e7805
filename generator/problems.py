"""One problem in one data file, printed the way contributors read it."""
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    field: str
    problem: str
    fix: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.field}: {self.problem} ({self.fix})"


def field_path(path) -> str:
    """Render ('objectives', 2, 'vp') as objectives[2].vp."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(record)"
