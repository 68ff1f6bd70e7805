"""Command line: check the data, or write the generated pages without MkDocs.

    python -m generator check
    python -m generator write DIR      # pages as Markdown plus api/*.json
    python -m generator originality    # fields that copy 12+ words from a source
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .paths import DATA
from .validate import load_and_validate


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m generator")
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("check", help="validate every data file and report all problems")
    c.add_argument("--data", type=Path, default=DATA)
    w = sub.add_parser("write", help="write generated pages and JSON exports into DIR")
    w.add_argument("dir", type=Path)
    w.add_argument("--data", type=Path, default=DATA)
    o = sub.add_parser("originality", help="list record fields that share 12+ consecutive words with a source")
    o.add_argument("--data", type=Path, default=DATA)
    args = ap.parse_args(argv)
    if args.cmd == "originality":
        return originality_report(args.data)

    records, problems = load_and_validate(args.data)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s) in {len({p.file for p in problems})} file(s); nothing was built.", file=sys.stderr)
        return 1
    if args.cmd == "check":
        print(f"ok: {len(records)} records valid")
        return 0
    from .build import build_site_files
    files = build_site_files(records)
    for rel, content in files.items():
        out = args.dir / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(content, encoding="utf-8")
    print(f"wrote {len(files)} files to {args.dir}")
    return 0


def originality_report(data_dir: Path) -> int:
    from .load import load_tree
    from .originality import copied_runs, source_ngrams
    from .paths import SEEDS
    grams = source_ngrams(SEEDS)
    records, _ = load_tree(data_dir)
    bad = 0
    for r in records:
        for path, run in copied_runs(r.data, grams):
            bad += 1
            print(f"{r.rel}:{r.line_of(path)}: {'.'.join(map(str, path))}: shares 12 words with a source: '{run}' (restate it in your own words)")
    print(f"{bad} copied run(s) in {len(records)} records")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
