"""How long `make serve` takes to show an edit: from saving a YAML file to the new text being
served, for the command `make serve` runs (`mkdocs serve --strict --dirty`) and, as the
baseline in the same run, a plain `mkdocs serve --strict`, which rebuilds every page.

    python tests/benchmarks/serve_bench.py [--edits 3]

A script that prints figures, not a test: timings depend on the machine.
"""
from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECORD = "data/mare-nostrum/hero/mn-ajax.yaml"
PAGE = "mare-nostrum/heroes/mn-ajax/"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.read().decode("utf-8")
    except OSError:
        return ""


def set_summary(path: Path, text: str) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(f"summary: {text}\n" if l.startswith("summary:") else l for l in lines), encoding="utf-8")


def measure(flags: list[str], edits: int) -> list[float]:
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        shutil.copytree(ROOT / "data", data)
        port = free_port()
        env = {**os.environ, "COMPENDIUM_DATA": str(data), "NO_MKDOCS_2_WARNING": "1"}
        log = open(Path(tmp) / "serve.log", "w")
        proc = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", *flags, "-a", f"127.0.0.1:{port}"],
                                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}/{PAGE}"
        try:
            deadline = time.monotonic() + 300
            while "Watching paths" not in (Path(tmp) / "serve.log").read_text() or not get(url):
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise SystemExit("mkdocs serve did not start:\n" + (Path(tmp) / "serve.log").read_text()[-2000:])
                time.sleep(0.2)
            times = []
            for i in range(edits):
                marker = f"Edited for the benchmark, round {i} {time.time_ns()}"
                set_summary(data.parent / RECORD, marker)
                start = time.monotonic()
                while marker not in get(url):
                    if time.monotonic() - start > 120:
                        raise SystemExit("the edit was not served within 120 s")
                    time.sleep(0.05)
                times.append(time.monotonic() - start)
                time.sleep(1.5)      # let the watcher settle before the next edit
            return times
        finally:
            proc.terminate()
            proc.wait(timeout=30)
            log.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--edits", type=int, default=3)
    args = ap.parse_args()
    dirty = measure(["--strict", "--dirty"], args.edits)
    full = measure(["--strict"], args.edits)
    print(f"records: {sum(1 for _ in (ROOT / 'data').rglob('*.yaml'))}, edits per mode: {args.edits}")
    print(f"make serve (--dirty): save -> served, median {statistics.median(dirty):.2f} s  {[round(t, 2) for t in dirty]}")
    print(f"full rebuild (baseline): median {statistics.median(full):.2f} s  {[round(t, 2) for t in full]}")
    print(f"ratio make serve / full rebuild: {statistics.median(dirty) / statistics.median(full):.2f}")


if __name__ == "__main__":
    main()
