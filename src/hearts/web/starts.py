"""How many tables browsers may start: by browser, address, network and in all.

Each count is a token bucket that refills its hour's number over an hour. The
buckets are kept in an SQLite file, so that every process of one server sees
the same counts: ``hearts host --workers N`` hands all its workers the same
file (``DIR/starts.sqlite``), and a person whose ``POST /new`` the proxy sends
to one worker, then another, is counted once, for the server as a whole. A
single server keeps the file in its own data folder, so a restart forgives no
one either. One take is one short transaction (``BEGIN IMMEDIATE``); the
counts are not precious (a crash may lose the last few), so the file is not
synced to disk at each take.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hearts.net.admission.limits import network_of
from hearts.paths import set_aside
from hearts.store.store import use_wal

__all__ = ["HOUR", "StartLimits", "Starts"]

_BUSY_SECONDS = 5.0
"""How long opening or writing the shared file waits for another process's lock."""

HOUR = 3600.0

_ALL = "all"  # the key of the count of every table started
_PRUNE_EVERY = 64  # takes between two trims of the least recently seen keys

log = logging.getLogger("hearts.net")


@dataclass(frozen=True)
class StartLimits:
    """How many tables may be started from browsers (``hearts host``'s
    ``--starts-per-browser``, ``--starts-per-address``, ``--starts-per-network``,
    ``--starts-per-hour`` and ``--held-tables``)."""

    per_browser: int = 6
    """Tables one browser starts in an hour."""
    per_address: int = 12
    """Tables started from one address in an hour."""
    per_network: int = 40
    """Tables started from one network (a /24, an IPv6 /64) in an hour."""
    per_hour: int = 400
    """Tables started in all in an hour."""
    held: int = 256
    """Tables started from browsers held in memory at once by one process (one
    nobody is connected to is put away to make room; past that, no new table
    until one is free)."""


class Starts:
    """The tables started so far, by browser, address, network and in all.

    ``path``: the file shared by every process of the server (made if missing; a
    file that is not a database is moved aside and a new one begun), or None to
    keep the counts in this process's memory. ``clock``: seconds, the same in
    every process that shares the file (the time of day)."""

    def __init__(self, limits: StartLimits, clock: Callable[[], float] = time.time,
                 path: Path | None = None, most: int = 50_000) -> None:
        self.limits = limits
        """The numbers."""
        self.path = path
        """The shared file, or None."""
        self._clock = clock
        self._most = most
        self._takes = 0
        self._lock = threading.Lock()
        self._db = self._open()

    def _open(self) -> sqlite3.Connection:
        if self.path is None:
            return self._schema(sqlite3.connect(":memory:", isolation_level=None,
                                                check_same_thread=False))
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        try:
            return self._schema(self._connect(self.path))
        except sqlite3.DatabaseError as error:
            if not _damaged(error):
                raise
            aside = set_aside(self.path, companions=("-wal", "-shm"))
            log.warning("The counts of tables started (%s) were damaged (%s): kept as %s, "
                        "counting again from nothing", self.path.name, error, aside.name)
            return self._schema(self._connect(self.path))

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        db = sqlite3.connect(path, timeout=_BUSY_SECONDS, isolation_level=None,
                             check_same_thread=False)
        use_wal(db, _BUSY_SECONDS)  # (several workers open the one file as they start)
        db.execute("PRAGMA synchronous=OFF")
        return db

    @staticmethod
    def _schema(db: sqlite3.Connection) -> sqlite3.Connection:
        db.execute("CREATE TABLE IF NOT EXISTS buckets (key TEXT PRIMARY KEY, "
                   "tokens REAL NOT NULL, stamp REAL NOT NULL)")
        db.execute("CREATE INDEX IF NOT EXISTS buckets_by_stamp ON buckets (stamp)")
        return db

    def close(self) -> None:
        """Close the file (the counts stay in it)."""
        self._db.close()

    def take(self, browser: str | None, address: str) -> str | None:
        """One table started by ``browser`` (its id, if it has one) from ``address``:
        None if it may be, else the words entry that says why not. The narrowest
        limit is asked first, so a browser past its own limit uses up nobody else's.
        The file's trouble (locked too long, a full disk) refuses as
        ``refused-busy``, with a line in the log."""
        limits = self.limits
        asked = [("refused-address", "a:" + address, limits.per_address),
                 ("refused-network", "n:" + network_of(address), limits.per_network),
                 ("refused-total", _ALL, limits.per_hour)]
        if browser is not None:
            asked.insert(0, ("refused-browser", "b:" + browser, limits.per_browser))
        with self._lock:
            try:
                return self._take(asked)
            except sqlite3.Error as error:
                log.warning("Could not count a table started (%s): %s", self.path, error)
                return "refused-busy"

    def _take(self, asked: list[tuple[str, str, int]]) -> str | None:
        db = self._db
        now = self._clock()
        db.execute("BEGIN IMMEDIATE")
        try:
            refusal = None
            for why, key, per_hour in asked:
                if not self._take_one(key, per_hour, now):
                    refusal = why
                    break
            self._takes += 1
            if self._takes % _PRUNE_EVERY == 0:
                self._prune(now)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return refusal

    def _take_one(self, key: str, per_hour: int, now: float) -> bool:
        row = self._db.execute("SELECT tokens, stamp FROM buckets WHERE key = ?",
                               (key,)).fetchone()
        tokens = float(per_hour)
        if row is not None:
            elapsed = max(0.0, now - float(row[1]))  # a clock set back forgives nothing
            tokens = min(tokens, float(row[0]) + elapsed * per_hour / HOUR)
        taken = tokens >= 1.0
        if taken:
            tokens -= 1.0
        self._db.execute("INSERT INTO buckets (key, tokens, stamp) VALUES (?, ?, ?) "
                         "ON CONFLICT (key) DO UPDATE SET tokens = excluded.tokens, "
                         "stamp = excluded.stamp", (key, tokens, now))
        return taken

    def _prune(self, now: float) -> None:
        """Forget the buckets that are full again (untouched for an hour: as good as
        none) and, past ``most``, the least recently touched (they are forgiven)."""
        self._db.execute("DELETE FROM buckets WHERE stamp < ? AND key != ?",
                         (now - HOUR, _ALL))
        self._db.execute("DELETE FROM buckets WHERE key IN (SELECT key FROM buckets "
                         "WHERE key != ? ORDER BY stamp DESC LIMIT -1 OFFSET ?)",
                         (_ALL, self._most))

    def __len__(self) -> int:
        """How many buckets are kept (the count in all among them)."""
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM buckets").fetchone()[0])


def _damaged(error: sqlite3.DatabaseError) -> bool:
    name = getattr(error, "sqlite_errorname", "")
    return name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")) or \
        "not a database" in str(error)
