"""The one `node --test` run over every suite in tests/js, started in the background as the test
run begins, and read when the first Node suite's test asks for it (tests/test_node_suites.py).

Why in the background: the run takes about half a minute of both cores, and a pytest-xdist worker
waiting for it would stand idle; started early, it runs beside the other tests. Why once per test
run: pytest-xdist can hand suites of one group to both workers. The first worker to take the lock
in the run's shared temporary folder starts it; the process itself writes its output and, last,
its exit code there, so any worker can wait for that file, whichever started it.
"""
from __future__ import annotations

import fcntl
import json
import os
import shlex
import signal
import subprocess
import time
from pathlib import Path

JS = Path(__file__).parent / "js"
SUITES = sorted(JS.glob("*.test.mjs"))
REPORTER = JS / "pytest-reporter.mjs"
TIMEOUT_S = 1800
_held = []   # the lock file and the process of the worker that started the run, kept open


def shared_folder(tmp_path_factory, worker_id: str) -> Path:
    """The folder every worker of this test run sees (the workers' common parent under xdist)."""
    base = tmp_path_factory.getbasetemp()
    return base if worker_id == "master" else base.parent


def start(folder: Path, records_json: Path) -> None:
    """Start the run unless another worker has (non-blocking)."""
    lock = open(folder / "node-suites.lock", "w")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.close()
        return
    if (folder / "node-suites.code").exists() or (folder / "node-suites.out").exists():
        lock.close()
        return
    command = " ".join(["node", "--test", "--test-concurrency=2", shlex.quote(f"--test-reporter={REPORTER.as_uri()}"),
                        *map(shlex.quote, map(str, SUITES))])
    script = (f"{command} > node-suites.out 2> node-suites.err; "
              "echo $? > node-suites.code.tmp && mv node-suites.code.tmp node-suites.code")
    env = {**os.environ, "COMPENDIUM_RECORDS": str(records_json)}
    _held.extend([lock, subprocess.Popen(["sh", "-c", script], cwd=folder, env=env, start_new_session=True)])


def result(folder: Path, records_json: Path) -> dict:
    """{"stdout", "stderr", "code"} of the run, started now if nobody has; waits for it to end."""
    start(folder, records_json)
    done = folder / "node-suites.code"
    deadline = time.monotonic() + TIMEOUT_S
    while not done.exists():
        assert time.monotonic() < deadline, f"the Node suites did not finish in {TIMEOUT_S} s"
        time.sleep(0.2)
    return {"stdout": (folder / "node-suites.out").read_text(encoding="utf-8"),
            "stderr": (folder / "node-suites.err").read_text(encoding="utf-8"),
            "code": json.loads(done.read_text(encoding="utf-8"))}


def stop(interrupted: bool) -> None:
    """At the end of the worker's session that started the run. The run is waited for: another
    worker may still be reading it (its suites can be on either worker). After a stop at a failure,
    it is ended instead, with every process it started, rather than left behind."""
    for held in _held:
        if isinstance(held, subprocess.Popen):
            if interrupted and held.poll() is None:
                os.killpg(held.pid, signal.SIGTERM)
            held.wait(timeout=TIMEOUT_S)
        else:
            held.close()
    _held.clear()
