"""Sites built once per test run, whichever pytest-xdist worker asks first, and the real site
served by one process of its own for the whole run.

Why once: each worker built and served its own copy of the real site (6 s of a core on a quiet
machine, 15-20 s in the run's first minute, when every worker builds at once) and of the fixture
site; with the copies shared, a further worker costs no build. The first worker to take the lock
in the run's shared temporary folder builds, the others wait on the lock and read what it wrote
(the same pattern as tests/node_run.py).

Why a server process: xdist ends a worker as soon as nothing is left for it, while others still
browse, so no worker can own the one server. It watches the run's main process and ends with it
(tests/quiet_server.py), and a busy worker's interpreter never slows its answers. The site is
built for the server's own address (instant navigation needs site_url to be exact): the server
starts on a free port, says which, and the build follows.
"""
from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Callable

QUIET_SERVER = Path(__file__).with_name("quiet_server.py")
_held: list[subprocess.Popen] = []   # the server this worker started (never waited for: it outlives the worker)


def main_process_id(worker_id: str) -> int:
    """The test run's main process: an xdist worker's parent, else this process."""
    return os.getpid() if worker_id == "master" else os.getppid()


def once(folder: Path, name: str, make: Callable[[Path], dict]) -> dict:
    """What `make(out)` returned for this run, `out` being the folder `name` under `folder`: made by
    the first caller of the run under an exclusive lock, read back from `name`.json by the others."""
    record = folder / f"{name}.json"
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)     # blocking: a second worker waits for the first one's build
        if not record.exists():
            out = folder / name
            out.mkdir()
            tmp = record.with_suffix(".json.tmp")
            tmp.write_text(json.dumps({"dir": str(out), **make(out)}), encoding="utf-8")
            tmp.rename(record)
    return json.loads(record.read_text(encoding="utf-8"))


def served_build(build: Callable[[Path, int | None], subprocess.CompletedProcess], watch_pid: int):
    """A `make` for `once`: start the server on `out`, then build into `out` for its address."""
    def make(out: Path) -> dict:
        server = subprocess.Popen([sys.executable, str(QUIET_SERVER), str(out), str(watch_pid)],
                                  stdout=subprocess.PIPE, text=True, start_new_session=True)
        _held.append(server)
        port = int(server.stdout.readline())
        server.stdout.close()
        return {"port": port, **_outcome(build(out, port))}
    return make


def plain_build(build: Callable[[Path], subprocess.CompletedProcess]):
    """A `make` for `once`: a build that nobody serves from here (each worker serves it itself)."""
    return lambda out: _outcome(build(out))


def _outcome(result: subprocess.CompletedProcess) -> dict:
    return {"code": result.returncode, "output": (result.stdout + result.stderr)[-20000:]}
