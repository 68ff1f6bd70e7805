"""The tests' web server: a folder on 127.0.0.1, silent when a browser drops a connection.

`serve` runs one in a thread of the calling process. Run as a script, it serves a folder in a
process of its own until another process ends (tests/shared_site.py: the one server of the run's
shared site, which must outlive any single pytest-xdist worker):

    python tests/quiet_server.py FOLDER WATCH_PID     # prints the port, serves until WATCH_PID is gone
"""
from __future__ import annotations

import functools
import http.server
import os
import sys
import threading
import time
from pathlib import Path


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """The test server, silent when a browser drops a connection.

    Chromium resets connections it no longer wants: a response still being sent when a
    page navigates or its context closes, a speculative connection never used.
    socketserver prints a traceback for each ("Connection reset by peer"), about one test
    run in four. Those are expected; any other error in a request still prints.
    """
    CLIENT_GONE = (ConnectionResetError, BrokenPipeError, ConnectionAbortedError)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.requests_closed = 0          # requests fully handled, errors included (tests wait on it)
        self._count = threading.Lock()

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], self.CLIENT_GONE):
            return
        super().handle_error(request, client_address)

    def shutdown_request(self, request):
        super().shutdown_request(request)
        with self._count:
            self.requests_closed += 1


def serve(directory: Path, port: int = 0, handler_class=None):
    """Serve a folder on 127.0.0.1 (a free port unless given); returns (url, server). A test that
    needs a server that misbehaves passes a subclass of _QuietHandler."""
    handler = functools.partial(handler_class or _QuietHandler, directory=str(directory))
    server = QuietServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server



def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def main(folder: str, watch_pid: str) -> None:
    """Bind a free port first and say it (the site is then built for that exact address), serve,
    and end once `watch_pid` (the test run's main process) has ended, however it ended."""
    _, server = serve(Path(folder))
    print(server.server_address[1], flush=True)
    sys.stdout.close()
    while _alive(int(watch_pid)):
        time.sleep(0.5)
    server.shutdown()


if __name__ == "__main__":
    main(*sys.argv[1:])
