"""``hearts host --workers 2`` behind the distribution's HAProxy, started for a test
(from a plain or an async test, or a browser test), and a self-signed certificate
made on the spot with the ``openssl`` command line."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

HAPROXY = shutil.which("haproxy") or ("/usr/sbin/haproxy"
                                      if os.path.exists("/usr/sbin/haproxy") else None)
"""The distribution's HAProxy, if installed."""

needs_haproxy = pytest.mark.skipif(HAPROXY is None,
                                   reason="needs HAProxy (Debian: apt-get install haproxy)")


def free_port() -> int:
    """A port free on 127.0.0.1 now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def self_signed(folder: Path) -> Path:
    """A PEM file, a certificate for 127.0.0.1 and localhost followed by its key,
    as HAProxy takes it (the test is skipped without ``openssl``)."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("needs the openssl command (Debian: apt-get install openssl)")
    folder.mkdir(parents=True, exist_ok=True)
    key, certificate = folder / "key.pem", folder / "certificate.pem"
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=localhost", "-keyout", str(key), "-out", str(certificate),
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                   check=True, capture_output=True, timeout=60)
    both = folder / "site.pem"
    both.write_bytes(certificate.read_bytes() + key.read_bytes())
    both.chmod(0o600)
    return both


class Room:
    """``hearts host --workers 2`` running on 127.0.0.1: its port, its tables'
    codes, what it printed (``lines``) and what its workers logged (``errors``)."""

    def __init__(self, data: Path, *options: str, port: int | None = None) -> None:
        self.data = data
        self.port = port or free_port()
        self.lines: list[str] = []
        self.errors: list[str] = []
        self.process = subprocess.Popen(
            [sys.executable, "-m", "hearts", "host", "--workers", "2", "--port",
             str(self.port), "--data-dir", str(data), *options],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        out, err = self.process.stdout, self.process.stderr
        assert out is not None and err is not None
        threading.Thread(target=lambda: self.lines.extend(line.rstrip() for line in out),
                         daemon=True).start()
        threading.Thread(target=lambda: self.errors.extend(line.rstrip() for line in err),
                         daemon=True).start()

    def wait_ready(self, seconds: float = 90.0, *ports: int) -> None:
        """Wait until every worker started and HAProxy listens (on ``ports`` too)."""
        deadline = time.monotonic() + seconds
        while not any("Press Ctrl+C" in line for line in self.lines):
            assert self.process.poll() is None and time.monotonic() < deadline, (
                self.lines, self.errors)
            time.sleep(0.1)
        for port in (self.port, *ports):
            while True:  # HAProxy listens a moment after it is started
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    assert time.monotonic() < deadline, (f"nothing listens on {port}", self.errors)
                    time.sleep(0.1)

    @property
    def codes(self) -> dict[str, str]:
        """Each table's join code, as printed."""
        return dict(re.findall(r"table (\S+): hearts join \S+ --code=(\S+)",
                               "\n".join(self.lines)))

    def stop(self) -> None:
        """Ctrl+C; it must end cleanly, its workers' logs with no traceback."""
        try:
            if self.process.poll() is None:
                os.killpg(self.process.pid, signal.SIGINT)
            assert self.process.wait(60) == 0
        finally:
            if self.process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
        time.sleep(0.2)  # the last lines read
        assert not [line for line in self.errors if "Traceback" in line], self.errors


@contextlib.contextmanager
def room_behind_haproxy(data: Path, *options: str, ports: tuple[int, ...] = ()
                        ) -> Iterator[Room]:
    """A :class:`Room` with ``options``, ready, until the block ends."""
    room = Room(data, *options)
    try:
        room.wait_ready(90.0, *ports)
        yield room
    finally:
        room.stop()
