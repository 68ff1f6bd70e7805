"""The Node process that answers the engines' questions, kept between checks.

- Starting Node and loading the engines costs more than most checks' questions: one process
  (scenario_check.mjs --serve) answers one question per line, for as long as this Python runs.
- It is kept only while the engines' code is what it loaded: the key is a hash of every script
  under content/assets/ and of the bridges' own scripts, read again before each question, so an
  edited engine is never asked through old code; a new key starts a new process.
- A process that fails, answers nothing within the time allowed, or belongs to another Python
  process (a fork) is stopped; the failure is said as scenario_check.mjs's. At exit the process
  is told there is no more to ask and waited for.
- Where pipes cannot be waited on (not POSIX), each question starts its own process.
"""
from __future__ import annotations

import atexit
import hashlib
import json
import os
import subprocess
import tempfile
import threading
import time

from generator.paths import ROOT

# The scripts an engine may load: every one under content/assets/, and the bridges'.
CODE = (ROOT / "content" / "assets", ROOT / "generator" / "validate" / "bridges")
_lock = threading.Lock()
_worker: _Worker | None = None


def code_key() -> str:
    """A hash of every script the engines may load (their paths and bytes)."""
    h = hashlib.sha256()
    for base in CODE:
        found = []
        for top, dirs, files in os.walk(base):
            found += [os.path.join(top, f) for f in files if f.endswith((".js", ".mjs"))]
        for path in sorted(found):
            h.update(os.path.relpath(path, ROOT).encode() + b"\0")
            with open(path, "rb") as f:
                h.update(f.read())
    return h.hexdigest()


class _Worker:
    def __init__(self, node: str, checker: str, key: tuple):
        self.key, self.pid, self.pending = key, os.getpid(), b""
        self.err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([node, checker, "--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.err, cwd=ROOT)

    def usable(self, key: tuple) -> bool:
        return self.key == key and self.pid == os.getpid() and self.proc.poll() is None

    def ask(self, payload: str, seconds: float) -> dict:
        import select
        self.proc.stdin.write(payload.encode() + b"\n")
        self.proc.stdin.flush()
        deadline, fd = time.monotonic() + seconds, self.proc.stdout.fileno()
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no answer within {seconds} s")
            if select.select([fd], [], [], left)[0]:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    raise EOFError("the process ended")
                self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        answer = json.loads(line)
        if isinstance(answer, dict) and "error" in answer:
            raise RuntimeError(str(answer["error"])[-400:])
        return answer

    def stderr_tail(self) -> str:
        try:
            self.err.seek(0)
            return self.err.read().decode(errors="replace").strip()[-400:]
        except OSError:
            return ""

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self.err.close()


@atexit.register
def _close() -> None:
    """At exit the kept process is told there is no more to ask, and waited for."""
    if _worker is not None and _worker.pid == os.getpid():
        try:
            _worker.proc.stdin.close()
            _worker.proc.wait(5)
        except (OSError, subprocess.SubprocessError):
            pass
        _worker.stop()


def _once(node: str, checker: str, payload: str, seconds: float) -> dict:
    """One process for one question."""
    done = subprocess.run([node, checker], input=payload, capture_output=True, text=True,
                          timeout=seconds, cwd=ROOT, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"scenario_check.mjs failed: {done.stderr.strip()[-400:]}")
    return json.loads(done.stdout)


def answer(node: str, checker: str, payload: str, seconds: float) -> dict:
    """scenario_check.mjs's answer to one payload, from the kept process (started when needed)."""
    global _worker
    if os.name != "posix":
        return _once(node, checker, payload, seconds)
    with _lock:
        key = (node, checker, code_key())
        if _worker is not None and not _worker.usable(key):
            if _worker.pid == os.getpid():
                _worker.stop()
            _worker = None
        if _worker is None:
            _worker = _Worker(node, checker, key)
        try:
            return _worker.ask(payload, seconds)
        except Exception as err:
            said = _worker.stderr_tail()
            _worker.stop()
            _worker = None
            raise RuntimeError(f"scenario_check.mjs failed: {said or err}") from err
