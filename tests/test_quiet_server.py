"""The test server (conftest.serve) stays quiet when a browser drops a connection, and
still reports every other error."""
from __future__ import annotations

import socket
import struct
import time

import pytest

from conftest import serve

BIG = 8_000_000   # bytes: far more than the socket buffers, so the server is mid-response


def _reset(sock: socket.socket) -> None:
    """Close with a TCP reset, as a browser abandoning a connection does."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def _wait_closed(server, count: int, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while server.requests_closed < count:
        if time.monotonic() > end:
            pytest.fail(f"the server closed {server.requests_closed} of {count} connections within {timeout:.0f} s")
        time.sleep(0.05)


def test_dropped_connections_print_nothing(tmp_path, capfd):
    (tmp_path / "big.bin").write_bytes(b"\0" * BIG)
    _, server = serve(tmp_path)
    port = server.server_address[1]
    try:
        mid_response = socket.create_connection(("127.0.0.1", port))
        mid_response.sendall(b"GET /big.bin HTTP/1.1\r\nHost: test\r\n\r\n")
        mid_response.recv(1024)
        _reset(mid_response)
        _reset(socket.create_connection(("127.0.0.1", port)))   # opened, never used
        _wait_closed(server, 2)
    finally:
        server.shutdown()
        server.server_close()
    assert capfd.readouterr().err == ""


def test_other_errors_still_print(tmp_path, capfd):
    _, server = serve(tmp_path)
    try:
        try:
            raise ValueError("a real bug in a request")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 0))
    finally:
        server.shutdown()
        server.server_close()
    err = capfd.readouterr().err
    assert "ValueError: a real bug in a request" in err and "Traceback" in err
