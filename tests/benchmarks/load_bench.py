"""Loading benchmark (a script, not a test): the bounded loader against the loader it replaced.

    python tests/benchmarks/load_bench.py            # the real data, 3 rounds each
    python tests/benchmarks/load_bench.py --rounds 1

Prints, for the real data/, the time to read every file the old way (pure-Python PyYAML,
composed once for line numbers and loaded a second time for the values) and the bounded
way (generator.load.files: one event pass with a depth limit, one composition, a linear walk,
construction; libyaml when installed), as a ratio in the same run; then the whole
`generator check` (load plus validation); then how long the bounded loader takes to refuse
the hostile files of tests/hostile_cases.py that made the old one hang or fail.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import yaml  # noqa: E402

from generator.load.files import load_tree  # noqa: E402
from generator.validate.run import load_and_validate  # noqa: E402
from hostile_cases import CASES  # noqa: E402

DATA = ROOT / "data"


def old_load_tree(data_dir: Path) -> int:
    """A loader of pure PyYAML, the baseline, reduced to its work: compose and load each file with pure PyYAML."""
    count = 0
    for path in sorted(data_dir.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        yaml.compose(text, Loader=yaml.SafeLoader)
        yaml.load(text, Loader=yaml.SafeLoader)
        count += 1
    return count


def timed(rounds: int, fn) -> float:
    """Seconds fn() takes: the median of the rounds (the only one for a single round)."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    files = len(list(DATA.rglob("*.yaml")))
    old = timed(args.rounds, lambda: old_load_tree(DATA))
    new = timed(args.rounds, lambda: load_tree(DATA))
    check = timed(args.rounds, lambda: load_and_validate(DATA))
    print(f"{files} data files, libyaml {'on' if yaml.__with_libyaml__ else 'off'}, median of {args.rounds} rounds")
    print(f"  old loader (pure PyYAML, compose + load):   {old * 1000:8.0f} ms")
    print(f"  bounded loader (generator.load.load_tree):  {new * 1000:8.0f} ms   ratio new/old {new / old:.2f}")
    print(f"  whole check (load_and_validate):            {check * 1000:8.0f} ms")
    print("hostile files refused (bounded loader, one file each):")
    for name in ("billion laughs", "alias cycle", "nesting 10,000 deep", "5 MB string", "NaN cost"):
        case = next(c for c in CASES if c.name == name)
        with tempfile.TemporaryDirectory() as tmp:
            data = Path(tmp) / "data"
            for rel, content in case.files.items():
                (data / rel).parent.mkdir(parents=True, exist_ok=True)
                (data / rel).write_text(content, encoding="utf-8")
            seconds = timed(1, lambda: load_tree(data))
        print(f"  {name:24s} {seconds * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
