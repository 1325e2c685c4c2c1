"""``hearts --serve --terminal`` in a subprocess, as a player starts it, and the game
processes it runs (read from ``/proc``, so the tests need Linux)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path

_ADDRESS = re.compile(r"http://127\.0\.0\.1:(\d+)/")


class ServerProcess:
    """A running ``hearts --serve``; its output is collected as it comes."""

    def __init__(self, args: list[str], env: Mapping[str, str],
                 command: tuple[str, ...] = ("--serve", "--terminal"),
                 typing: bool = False) -> None:
        # A session of its own, so the test can send Ctrl+C to the server's whole
        # process group, as a terminal does.
        self.process = subprocess.Popen(
            [sys.executable, "-m", "hearts", *command, *args], env=dict(env),
            stdin=subprocess.PIPE if typing else subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, start_new_session=True)
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    @property
    def output(self) -> str:
        """Everything the server has printed so far."""
        return "\n".join(self.lines)

    def wait_for_line(self, pattern: str, timeout: float = 30.0) -> re.Match[str]:
        """Wait for a line of output matching ``pattern``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.lines):
                match = re.search(pattern, line)
                if match:
                    return match
            if self.process.poll() is not None and not self._reader.is_alive():
                break
            time.sleep(0.05)
        raise AssertionError(f"no line matching {pattern!r}; the server said:\n{self.output}")

    def type(self, line: str) -> None:
        """Type ``line`` and Enter at the server's terminal (started with ``typing``)."""
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def url(self) -> str:
        """The address the server printed."""
        match = self.wait_for_line(_ADDRESS.pattern)
        return f"http://127.0.0.1:{match.group(1)}/"

    def games(self) -> set[int]:
        """The process ids of the games the server runs now."""
        return children(self.process.pid)

    def interrupt(self, timeout: float = 30.0) -> int:
        """Ctrl+C, as a terminal sends it (to the process group); the exit status."""
        os.killpg(self.process.pid, signal.SIGINT)
        status = self.process.wait(timeout)
        self._reader.join(timeout)
        return status

    def kill(self) -> None:
        """Make sure the server and its games are gone (after a failed test)."""
        left = self.games()
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        for pid in left:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def children(pid: int) -> set[int]:
    """Process ids whose parent is ``pid``."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    """True while process ``pid`` exists in any state (a zombie counts: it is not reaped)."""
    return Path(f"/proc/{pid}").exists()


def wait_until(check: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
    """Wait until ``check()`` is true."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)
