"""A table's writes, done in order off the event loop, and never lost.

A network table changes on the event loop; its writes (the store's saves, the
abandon of a match, ``table.json``) go to a :class:`Saver`, which plans each
on the loop (cheap: what changed, as plain values; see
:meth:`hearts.store.Store.plan_save`) and carries it out on a writer thread,
one write at a time for the table, in the order asked. Saves asked while a
write is under way are made one write: the table as it is by then.

Each write has a number. The table holds its people's messages behind a gate
of that number (:meth:`hearts.net.tables.outbox.Outbox.gate`) and the saver opens it
when the write is done, so nothing is sent that a ``kill -9`` of the server
could take back. A write that fails (a full disk, a read-only folder, a
database locked by another program) is not an exception for the table: the
saver says so once (:attr:`Saver.on_notice`), opens the gates anyway (the
table plays on, as the single-player game does without its store), and tries
again after :attr:`Saver.retry_seconds`, then as long as it takes; once it
works it says so again. A locked database delays only its own table: the
writer thread waits for a lock a few milliseconds at most, then gives the
thread back and the saver tries again later.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import os
import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hearts.match import Match
from hearts.paths import write_atomically
from hearts.store import Store
from hearts.store.store import SavePlan

__all__ = ["BUSY_SECONDS", "RETRY_SECONDS", "Saver", "write_private", "writers"]

RETRY_SECONDS = 1.0
"""How long after a failed write the saver tries again (then twice as long each
time, up to :data:`LONGEST_RETRY`)."""

LONGEST_RETRY = 30.0
"""The longest wait between two tries of a write that keeps failing."""

BUSY_SECONDS = 0.05
"""How long a write waits for another program's lock on the table's database
before it gives the writer thread back (and is tried again later)."""

_shared: ThreadPoolExecutor | None = None
_shared_lock = threading.Lock()


def writers() -> Executor:
    """The writer threads the tables of this process share (made when first asked)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = ThreadPoolExecutor(max_workers=min(8, (os.cpu_count() or 1) + 2),
                                         thread_name_prefix="hearts-writer")
        return _shared


def write_private(path: Path, text: str) -> None:
    """Replace ``path`` with ``text``, whole or not at all, synced to disk; a new
    file is the server's user's alone (it holds seats' tokens)."""
    fresh = not path.exists()
    write_atomically(path, [text])
    if fresh:
        path.chmod(0o600)


@dataclass
class _Work:
    """What one write does: the plans of the store, and the file to replace."""

    number: int
    abandon: bool = False
    plan: SavePlan | None = None
    meta: tuple[Path, str] | None = None
    rest: bool = False
    """Close the store's file afterwards (the table is idle)."""
    errors: list[BaseException] = field(default_factory=list)


class Saver:
    """One table's writes, in order, off the event loop (see the module's words)."""

    def __init__(self, store: Store, loop: asyncio.AbstractEventLoop,
                 executor: Executor | None = None,
                 on_written: Callable[[int], None] | None = None,
                 on_notice: Callable[[str], None] | None = None,
                 retry_seconds: float | None = None) -> None:
        self.store = store
        """The table's store (its saves are planned here, written on a thread)."""
        self.loop = loop
        self.executor = executor
        """Where writes run (None: the threads the tables share)."""
        self.on_written = on_written
        """Called on the loop with a write's number once it is done (or given up
        for now): the table opens its gates up to it."""
        self.on_notice = on_notice
        """Called on the loop with what the people should know: saving stopped,
        or works again."""
        self.retry_seconds = RETRY_SECONDS if retry_seconds is None else retry_seconds
        """The first wait before a failed write is tried again."""
        self.number = 0
        """The number of the latest write asked for."""
        self.done = 0
        """Every write up to this number is done (or failed, and is to be tried again)."""
        self.writes = 0
        """How many writes were carried out (each one transaction, and a file)."""
        self.failing: str | None = None
        """Why writing fails now, or None while it works."""
        self._save: tuple[Match, dict[str, Any], bool] | None = None
        self._keep: tuple[Match, dict[str, Any], bool] | None = None
        """The save being written (asked again if the write fails)."""
        self._abandon = False
        self._meta: tuple[Path, str] | None = None
        self._rest = False
        self._busy: concurrent.futures.Future[_Work] | None = None
        self._retry: asyncio.TimerHandle | None = None
        self._wait = self.retry_seconds
        self._closed = False
        store.wait_for_locks(BUSY_SECONDS)

    # --- what the table asks ---------------------------------------------------------

    def save(self, match: Match, state: dict[str, Any], assisted: bool) -> int:
        """Keep the match as it is now; returns the write's number."""
        self._save = (match, state, assisted)
        return self._ask()

    def abandon(self) -> int:
        """Record the match in progress as abandoned (before the next save)."""
        if self._save is not None:  # what was asked before goes first
            self._kick()
        self._abandon = True
        return self._ask()

    def meta(self, path: Path, text: str) -> int:
        """Replace the file ``path`` with ``text`` (atomically, synced to disk)."""
        self._meta = (path, text)
        return self._ask()

    def rest(self) -> None:
        """The table is idle: close its store's file after what is asked now."""
        self._rest = True
        self._kick()

    @property
    def idle(self) -> bool:
        """Nothing is being written or waits to be."""
        return self._busy is None and not self._pending

    @property
    def _pending(self) -> bool:
        return self._save is not None or self._abandon or self._meta is not None or self._rest

    def _ask(self) -> int:
        self.number += 1
        self._kick()
        return self.number

    # --- writing ---------------------------------------------------------------------

    def _kick(self) -> None:
        """Start the next write, unless one is under way or waits to be tried again."""
        if self._busy is not None or self._retry is not None or self._closed \
                or not self._pending:
            return
        work = self._take()
        executor = self.executor or writers()
        try:
            future = executor.submit(self._write, work)
        except RuntimeError:  # the executor was shut down: the process is ending
            self._put_back(work)
            return
        self._busy = future
        future.add_done_callback(
            lambda finished: self.loop.call_soon_threadsafe(self._finished, finished))

    def _take(self) -> _Work:
        """Plan what is asked now, on the loop (the match does not move meanwhile)."""
        work = _Work(self.number, abandon=self._abandon, meta=self._meta, rest=self._rest)
        if self._abandon:
            self.store.plan_abandon()
        if self._save is not None:
            match, state, assisted = self._save
            work.plan = self.store.plan_save(match, state, assisted=assisted)
        self._keep = self._save
        self._abandon, self._save, self._meta, self._rest = False, None, None, False
        return work

    def _write(self, work: _Work) -> _Work:
        """On a writer thread: carry ``work`` out, keeping what failed."""
        store = self.store
        if work.abandon or work.plan is not None:
            try:
                if not store.resume():
                    raise sqlite3.OperationalError(store.problem or "cannot be opened")
                if work.abandon:
                    store.apply_abandon()
                if work.plan is not None and not work.plan.empty:
                    store.apply(work.plan)
            except (sqlite3.Error, OSError) as error:
                work.errors.append(error)
        if work.meta is not None:
            path, text = work.meta
            try:
                write_private(path, text)
            except OSError as error:
                work.errors.append(error)
        if work.rest and not work.errors:
            store.suspend()
        return work

    def _finished(self, future: concurrent.futures.Future[_Work]) -> None:
        """On the loop: a write is over."""
        self._busy = None
        self.writes += 1
        try:
            work = future.result()
        except Exception as error:  # the write itself broke: kept as a failure
            work = _Work(self.number, errors=[error])
        if work.errors:
            self._failed(work)
        else:
            self._wait = self.retry_seconds
            if self.failing is not None:
                self.failing = None
                self._tell(f"Progress is being saved again in {self.store.name}")
        # A failed write holds nobody: the table plays on, unsaved, as it said.
        self.done = max(self.done, self.number if work.errors else work.number)
        if self.on_written is not None:
            self.on_written(self.done)
        self._kick()

    def _failed(self, work: _Work) -> None:
        """Ask again for what failed, and try again later."""
        self.store.rewind()
        if work.abandon:
            self._abandon = True
        if work.plan is not None and self._save is None:
            self._save = self._keep
        if work.meta is not None and self._meta is None:
            self._meta = work.meta
        if work.rest:
            self._rest = True
        why = _reason(work.errors[0])
        if self.failing is None:
            self.failing = why
            # the players hear why, never where: a path on the server is the host's
            # alone (the host's terminal shows the log)
            logging.getLogger("hearts.net").warning(
                "Not saving progress in %s - %s", self.store.path.parent, why)
            self._tell(f"Not saving progress - {why}")
        if not self._closed:
            self._retry = self.loop.call_later(self._wait, self._again)
            self._wait = min(LONGEST_RETRY, self._wait * 2)

    def _again(self) -> None:
        self._retry = None
        self._kick()

    def _put_back(self, work: _Work) -> None:
        self._abandon = self._abandon or work.abandon
        if work.plan is not None and self._save is None:
            self._save = self._keep
        self._meta = self._meta or work.meta
        self.store.rewind()

    def _tell(self, text: str) -> None:
        if self.on_notice is not None:
            self.on_notice(text)

    # --- the end -------------------------------------------------------------------------

    def flush(self) -> None:
        """Write everything asked, now, on this thread (the server is stopping):
        wait for the write under way, then do the rest here."""
        busy = self._busy
        if busy is not None:
            with contextlib.suppress(Exception):
                busy.result(timeout=30)
            self._busy = None
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
        if self._pending:
            work = self._write(self._take())
            if work.errors:
                self.store.rewind()
        self._closed = True


def _reason(error: BaseException) -> str:
    """A few words for a notice: why a write failed."""
    if isinstance(error, sqlite3.Error):
        name = getattr(error, "sqlite_errorname", "")
        if name.startswith("SQLITE_FULL"):
            return "the disk is full"
        if name.startswith(("SQLITE_READONLY", "SQLITE_PERM")):
            return "it is read-only"
        if name.startswith("SQLITE_BUSY"):
            return "it is busy"
    if isinstance(error, OSError) and error.strerror:
        text = error.strerror.lower()
        return text if len(text) <= 32 else "it cannot be written"
    text = str(error).lower()
    return text if 0 < len(text) <= 32 else "it cannot be written"
