"""The host's own files in its data folder: one host at a time, and where it
listened last.

``host.lock`` is held (an exclusive ``flock``) by the one ``hearts host`` that
serves the folder's tables, for as long as that process lives: the operating
system lets it go however the process ends, ``kill -9`` included. A second
host on the same folder is refused at once, told which process holds it
(``host.json`` names it: its process id, when it started, where it listens).

``host.json`` also remembers the ports the host listened on, so the same
command started again (with no ``--port``) listens where friends' clients and
pages look for it. It is written whole or not at all.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from hearts.paths import set_aside, short_path, write_atomically

__all__ = ["LOCK_FILE", "STATE_FILE", "HostBusy", "HostLock", "HostRecord"]

LOCK_FILE = "host.lock"
"""The file whose lock says a host serves the folder."""

STATE_FILE = "host.json"
"""Which host serves the folder, and the ports it listens on."""


@dataclass(frozen=True)
class HostRecord:
    """What ``host.json`` keeps of a host."""

    pid: int
    """The host's process id."""
    started: float
    """When it started (seconds since the epoch)."""
    host: str = ""
    """The address it listens on."""
    port: int | None = None
    """The tables' port, once listening."""
    web_port: int | None = None
    """The web pages' port, once listening (with ``--serve``)."""

    def describe(self) -> str:
        """The host in words: its process, when it started, where it listens."""
        when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.started))
        text = f"process {self.pid}, started {when}"
        if self.port is None:
            return text + ", still starting"
        shown = f"[{self.host}]" if ":" in self.host else self.host or "0.0.0.0"
        text += f", tables at {shown}:{self.port}"
        if self.web_port is not None:
            text += f", web pages on port {self.web_port}"
        return text

    @classmethod
    def from_json(cls, data: Any) -> HostRecord:
        """Read a record (``ValueError`` if it is not one)."""
        if not isinstance(data, dict):
            raise ValueError("not an object")
        try:
            return cls(pid=int(data["pid"]), started=float(data["started"]),
                       host=str(data.get("host", "")), port=_port(data.get("port")),
                       web_port=_port(data.get("web_port")))
        except (KeyError, TypeError) as error:
            raise ValueError(str(error)) from None


def _port(value: Any) -> int | None:
    if value is None:
        return None
    port = int(value)
    if not 0 < port < 65536:
        raise ValueError(f"{port} is not a port")
    return port


class HostBusy(RuntimeError):
    """Another host serves the folder; the text names it."""


class HostLock:
    """The lock of one data folder, and its ``host.json``."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        """The folder."""
        self.last: HostRecord | None = None
        """Where the host listened last time, read when the lock was taken (None the
        first time, or if the file could not be read)."""
        self.notice: str | None = None
        """What became of a ``host.json`` that could not be read, if one could not."""
        self._fd: int | None = None
        self._started = time.time()

    def acquire(self) -> None:
        """Take the folder, or raise :class:`HostBusy` naming the host that has it."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.data_dir / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise HostBusy(f"another hearts host serves the tables in {self.data_dir} "
                           f"({self._holder()}); stop it first (Ctrl+C in its terminal), "
                           "or give this one another --data-dir") from None
        except OSError:
            os.close(fd)
            raise
        self._fd = fd
        # Who holds the lock, for a second host to name (only the holder writes it).
        os.ftruncate(fd, 0)
        os.write(fd, json.dumps({"pid": os.getpid(), "started": self._started}).encode())
        self.last = self.read()
        path = self.data_dir / STATE_FILE
        if self.last is None and path.exists():
            try:
                aside = set_aside(path)
                self.notice = (f"{short_path(path)} could not be read (kept as "
                               f"{short_path(aside)}): the ports are new ones")
            except OSError as error:
                self.notice = f"{short_path(path)} could not be read: {error}"

    def _holder(self) -> str:
        """The process that holds the lock, in words."""
        try:
            kept = json.loads((self.data_dir / LOCK_FILE).read_text())
            holder = HostRecord(int(kept["pid"]), float(kept["started"]))
        except (OSError, ValueError, KeyError, TypeError):
            return "its process is not known yet"
        record = self.read()
        return (record if record is not None and record.pid == holder.pid
                else holder).describe()

    def read(self) -> HostRecord | None:
        """The folder's ``host.json``, if it can be read."""
        try:
            return HostRecord.from_json(json.loads((self.data_dir / STATE_FILE).read_text()))
        except (OSError, ValueError):
            return None

    def listening(self, host: str, port: int, web_port: int | None = None) -> None:
        """Say in ``host.json`` that this process serves the folder, and where
        (the file is replaced whole, never half written)."""
        record = HostRecord(os.getpid(), self._started, host, port, web_port)
        write_atomically(self.data_dir / STATE_FILE, [json.dumps(asdict(record)) + "\n"])

    def release(self) -> None:
        """Let the folder go (the process's end does it too)."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None
