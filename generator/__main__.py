"""Command line: check the data, or write the generated pages without MkDocs.

    python -m generator check
    python -m generator write DIR      # pages as Markdown plus api/*.json
    python -m generator originality    # fields that copy 12+ words from a source
    python -m generator fingerprint    # rebuild fingerprints/sources.txt from the sources
    python -m generator mentions       # names of other records in text that are not {id} references
    python -m generator numbers        # numbers written in a record that already stand in their one home
    python -m generator audit          # aliases that are another record's name or a category word, link words naming another record, generic link words, unsupported place words
    python -m generator search-fields  # the search's fields and values, and the schema properties that are not fields
    python -m generator icons          # redraw the app icons (PNG) from content/assets/start/icons/icon.svg
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.paths import DATA, FINGERPRINT, SEEDS
from generator.validate.run import load_and_validate


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
    o.add_argument("--sources", type=Path, default=SEEDS, help="folder of the source documents (*.txt)")
    o.add_argument("--fingerprint", type=Path, default=FINGERPRINT, help="used when the sources are absent")
    s = sub.add_parser("search-fields", help="list the search's fields (from the schemas and records) and the properties that are not fields, with why")
    s.add_argument("--data", type=Path, default=DATA)
    sub.add_parser("mentions", help="list names of other records in text that are not {id} references")
    sub.add_parser("audit", help="list aliases that are another record's name or a category word, links whose words name another record, generic link words and place words no source supports")
    sub.add_parser("numbers", help="list numbers written in a record that a table or another record's fact already holds")
    f = sub.add_parser("fingerprint", help="write the sources' fingerprint, for checking originality without them")
    f.add_argument("--sources", type=Path, default=SEEDS)
    f.add_argument("--out", type=Path, default=FINGERPRINT)
    sub.add_parser("icons", help="redraw the app's PNG icons from their SVG source")
    args = ap.parse_args(argv)
    if args.cmd == "icons":
        from generator.export.app_icons import IconError, write_icons
        try:
            for path in write_icons():
                print(f"wrote {path.name}")
        except IconError as err:
            print(err, file=sys.stderr)
            return 1
        return 0
    if args.cmd == "originality":
        return originality_report(args.data, args.sources, args.fingerprint)
    if args.cmd == "fingerprint":
        return write_fingerprint_file(args.sources, args.out)
    if args.cmd == "audit":
        from generator.validate.lints.audit_checks import main as audit
        return audit()
    if args.cmd == "numbers":
        from generator.validate.lints.number_homes import main as numbers
        return numbers()
    if args.cmd == "mentions":
        from generator.validate.blocking.content_checks import main as mentions
        return mentions()

    records, problems = load_and_validate(args.data)
    for p in problems:
        print(p.report(), file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s) in {len({p.file for p in problems})} file(s); nothing was built.", file=sys.stderr)
        return 1
    if args.cmd == "search-fields":
        from generator.build import model_from
        from generator.model.search_fields import describe
        print(describe(model_from(records)))
        return 0
    if args.cmd == "check":
        print(f"ok: {len(records)} records valid")
        return 0
    from generator.build import build_site_files
    files = build_site_files(records)
    for rel, content in files.items():
        out = args.dir / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(content, encoding="utf-8")
    print(f"wrote {len(files)} files to {args.dir}")
    return 0


def originality_report(data_dir: Path, sources: Path = SEEDS, fingerprint: Path = FINGERPRINT) -> int:
    from generator.load.files import load_tree
    from generator.validate.lints.originality import NothingToCompare, comparison_basis, copied_runs
    from generator.problems import field_path
    try:
        fp, basis = comparison_basis(sources, fingerprint)
    except NothingToCompare as err:
        print(f"originality not checked: {err}. Put the sources in {sources}, or restore {fingerprint} "
              "from the repository.", file=sys.stderr)
        return 2
    records, _ = load_tree(data_dir)
    bad = 0
    for r in records:
        for path, run in copied_runs(r.data, fp):
            bad += 1
            print(f"{r.rel}:{r.line_of(path)}: {field_path(path)}: shares {fp.run} words with a source: '{run}' "
                  "(restate it in your own words)")
    print(f"{bad} copied run(s) in {len(records)} records, compared against {basis}")
    return 1 if bad else 0


def write_fingerprint_file(sources: Path, out: Path) -> int:
    from generator.validate.lints.originality import fingerprint_sources, write_fingerprint
    fp = fingerprint_sources(sources)
    if not fp.sources:
        print(f"no source documents (*.txt) in {sources}; nothing written", file=sys.stderr)
        return 2
    write_fingerprint(fp, out)
    print(f"wrote {out}: {len(fp.hashes):,} runs of {fp.run} words from {len(fp.sources)} source documents")
    from generator.paths import PLACE_PAIRS
    from generator.validate.lints.audit_checks import pairs_from_sources, write_pairs
    pairs = pairs_from_sources(sources)
    write_pairs(pairs, PLACE_PAIRS)
    print(f"wrote {PLACE_PAIRS}: {len(pairs):,} place-word pairs")
    from generator.paths import ALIAS_PHRASES
    from generator.validate.lints.outside_names import phrases_from_sources, write_phrases
    phrases = phrases_from_sources(sources)
    write_phrases(phrases, ALIAS_PHRASES)
    print(f"wrote {ALIAS_PHRASES}: {len(phrases):,} phrases")
    return 0


if __name__ == "__main__":
    sys.exit(main())
