"""A network table's files: its store, its ``table.json`` and its evenings, each
written off the event loop and in order.

The store is opened when first needed and closed again after
:data:`IDLE_SECONDS` without a save, so idle tables hold no open files. Every
write holds back what the table's people are sent from then on until it is
done (a token is kept before its person learns it; a finished hand is kept
before it is handed out); a write that fails is a notice and is tried again
(:class:`~hearts.net.tables.saver.Saver`), and the table plays on meanwhile.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from concurrent.futures import Executor
from pathlib import Path

from hearts.net.tables.outbox import Outbox
from hearts.net.tables.saver import Saver, write_private, writers
from hearts.store import Store

__all__ = ["IDLE_SECONDS", "META_FILE", "TableFiles"]

META_FILE = "table.json"
"""The file beside a table's store that keeps its code, seats and tokens."""

IDLE_SECONDS = 60.0
"""A table's store is closed after this long without a save (and opened again
when needed), so idle tables hold no open files."""


class TableFiles:
    """The files of the table kept in ``folder``; ``outboxes`` gives the
    connections a write holds back, ``on_written`` is called once a write is done
    (or failed, to be tried again), ``on_notice`` with what the writer says."""

    def __init__(self, folder: Path, outboxes: Callable[[], Iterable[Outbox]],
                 on_written: Callable[[], None], on_notice: Callable[[str], None]) -> None:
        self.folder = folder
        """Where the table's store and ``table.json`` are kept."""
        self.loop: asyncio.AbstractEventLoop | None = None
        """The event loop, once the table has started (before it, writes are made at once)."""
        self.writer: Executor | None = None
        """Where the writes run (None: the threads the tables share)."""
        self.closed = False
        self._outboxes = outboxes
        self._on_written = on_written
        self._on_notice = on_notice
        self._store: Store | None = None
        self._saver: Saver | None = None
        self._gated: set[Outbox] = set()
        self._idle: asyncio.TimerHandle | None = None
        self._used = 0.0

    def store(self) -> Store:
        """The table's store, opened if it is not open now (as the table starts:
        afterwards the writer opens it when needed, off the event loop); its file
        is closed again after :data:`IDLE_SECONDS` without a save."""
        if self._store is None:
            self._store = Store.open(self.folder)
        self.used()
        return self._store

    @property
    def kept(self) -> tuple[int | None, int]:
        """The match seed the store keeps finished hands of, and how many (None, 0
        while the store is closed)."""
        return self._store.kept if self._store is not None else (None, 0)

    @property
    def store_open(self) -> bool:
        """True while the table holds its store's file open."""
        return self._store is not None and self._store.connection is not None

    def saver(self) -> Saver:
        """The table's writer: its store's saves and ``table.json``, in order, off
        the event loop (made when first needed, once the table has started)."""
        if self._saver is None:
            assert self.loop is not None
            self._saver = Saver(self.store(), self.loop, self.writer,
                                on_written=self._written, on_notice=self._on_notice)
        return self._saver

    @property
    def writing(self) -> bool:
        """True while a write is under way or waits to be done."""
        return self._saver is not None and not self._saver.idle

    def write_meta(self, data: str) -> None:
        """Keep ``data`` as ``table.json`` (atomically): at once before the table
        has started, else by the writer, holding back what is sent meanwhile."""
        path = self.folder / META_FILE
        if self.loop is None:  # made or read, not started: nobody waits yet
            write_private(path, data)
            return
        self.hold(self.saver().meta(path, data))

    def write_aside(self, path: Path, data: str) -> None:
        """Write ``data`` to ``path`` whole, off the event loop, holding nothing
        back (a file the game does not need to go on: an evening's hands)."""
        if self.loop is not None:
            self.loop.run_in_executor(self.writer or writers(), write_private, path, data)

    def hold(self, number: int) -> None:
        """Hold what the people are sent from now on until write ``number`` is done
        (unless writing fails now: the table then plays on unsaved, as it said)."""
        if self._saver is not None and self._saver.failing is not None:
            return
        for outbox in self._outboxes():
            outbox.gate(number)
            self._gated.add(outbox)

    def _written(self, number: int) -> None:
        for outbox in self._gated:
            outbox.release(number)
        if self._saver is not None and self._saver.idle:
            self._gated.clear()
        if not self.closed:
            self._on_written()

    def used(self) -> None:
        """The store is used now: close it once the table was idle :data:`IDLE_SECONDS`."""
        if self.loop is None or self.closed:
            return
        self._used = self.loop.time()
        if self._idle is None:  # (one timer, moved on when it ends early: none a save)
            self._idle = self.loop.call_later(IDLE_SECONDS, self._close_store)

    def _close_store(self) -> None:
        self._idle = None
        assert self.loop is not None
        left = self._used + IDLE_SECONDS - self.loop.time()
        if left > 0:  # used since the timer was set
            self._idle = self.loop.call_later(left, self._close_store)
            return
        if self._saver is not None:
            self._saver.rest()  # once what is asked is written
        elif self._store is not None:
            self._store.close()
            self._store = None

    def close(self) -> None:
        """Do every write asked for, let every held connection go, close the store."""
        self.closed = True
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        if self._saver is not None:
            self._saver.flush()  # every write asked for is done before the end
            for outbox in self._gated:
                outbox.release(self._saver.number)
            self._gated.clear()
        if self._store is not None:
            self._store.close()
            self._store = None
