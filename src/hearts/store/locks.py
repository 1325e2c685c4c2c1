"""Which game process owns the saved match.

Several game processes may share one data folder (``hearts --serve`` runs one a
browser tab). SQLite keeps their writes apart; these locks decide who may
resume and save the one saved match. They are ``flock`` locks on files beside
the database, held for the life of the process, so the system lets them go
when a process ends by any road, ``kill -9`` included.

- ``owner.lock``, exclusive: the process holding it owns the saved match.
- ``guests.lock``, shared: held by every other game process while it plays a
  match of its own. A process that can take it exclusively knows no guest is
  playing, so any match left ``playing`` apart from the saved one is an orphan.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: every process owns the match
    fcntl = None  # type: ignore[assignment]

__all__ = ["GUESTS_LOCK", "OWNER_LOCK", "FileLock"]

OWNER_LOCK = "owner.lock"
"""The file whose exclusive lock owns the saved match."""
GUESTS_LOCK = "guests.lock"
"""The file every guest process holds a shared lock on."""


class FileLock:
    """An ``flock`` on one file, taken without waiting."""

    def __init__(self, path: Path) -> None:
        self.path = path
        """The lock file."""
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._fd is not None

    def acquire(self, shared: bool = False) -> bool:
        """Take the lock now if it is free; False if another process has it.

        Raises ``OSError`` when the lock file cannot be opened.
        """
        if self._fd is not None:
            return True
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        if fcntl is not None:
            try:
                fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                return False
        self._fd = fd
        return True

    def release(self) -> None:
        """Let the lock go (closing the file releases it)."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None
