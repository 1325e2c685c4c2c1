"""Watchers: people who follow a table as the public sees it, and cannot act.

A table has a watch code of its own (kept in ``watch.json`` in the table's
folder, beside ``table.json``, so it outlives a restart); whoever has it may
watch, up to :data:`MAX_WATCHERS` at once (one more is refused with
``watchers-full``). A watcher is sent the table's public state: the form of a
seat's state with no seat, made of the public part every seat shares and the
seat's own fields as a watcher sees them (:mod:`hearts.table.projection`
declares both), so nothing of any hand that is not on the table: no seat's
cards, no pass, no legal cards; every hand as dealt only once the hand is over.
Like a seat, it gets the whole state once, then numbered changes, the public
part's written once a change for everyone (:mod:`hearts.net.tables.changes`).
It gets the notices said to everyone, never one said to a seat (a hint, a
refusal), and the players see the watchers' names in their state.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from hearts.net.tables.changes import PublicChange, SeatChanges
from hearts.net.wire import messages as msg
from hearts.net.wire.codes import fresh_secret
from hearts.net.wire.errors import ErrorCode
from hearts.net.wire.names import name_key
from hearts.paths import write_atomically
from hearts.table.projection import Flat

__all__ = ["MAX_WATCHERS", "WATCH_FILE", "WatchRefused", "Watchers"]

MAX_WATCHERS = 16
"""The most people watching one table at once."""

WATCH_FILE = "watch.json"
"""The file in a table's folder that keeps its watch code."""


class WatchRefused(ValueError):
    """A ``watch`` the table refuses: the code, and why in words."""

    def __init__(self, code: ErrorCode, text: str) -> None:
        super().__init__(text)
        self.code = code
        """What the client acts on."""


class Watchers:
    """One table's watchers: its watch code and who watches now."""

    def __init__(self, folder: Path, limit: int = MAX_WATCHERS) -> None:
        self.limit = limit
        """The most watchers at once."""
        self.code = self._code(folder)
        """The watch code (a secret, as the join code is: it shows the table)."""
        self.outboxes: dict[Any, str] = {}
        """Each watcher's outbox, with the name they gave."""
        self.changes: dict[Any, SeatChanges] = {}
        """What each watcher was sent (by outbox): the state as its parts, the
        changes kept."""

    @staticmethod
    def _code(folder: Path) -> str:
        path = folder / WATCH_FILE
        try:
            code = json.loads(path.read_text(encoding="utf-8"))["code"]
            if isinstance(code, str) and code:
                return code
        except (OSError, ValueError, KeyError, TypeError):
            pass
        code = fresh_secret(12)
        folder.mkdir(parents=True, exist_ok=True)
        write_atomically(path, [json.dumps({"code": code})])
        path.chmod(0o600)
        return code

    def matches(self, code: str) -> bool:
        """Whether ``code`` is this table's watch code (compared in constant time)."""
        return secrets.compare_digest(self.code.encode(), code.encode(errors="surrogatepass"))

    def add(self, name: str, outbox: Any) -> None:
        """Let ``name`` watch through ``outbox``; :class:`WatchRefused` says why not."""
        if len(self.outboxes) >= self.limit:
            raise WatchRefused(ErrorCode.WATCHERS_FULL, f"this table has {self.limit} "
                               "watchers, as many as it takes - try again later")
        self.outboxes[outbox] = name
        self.changes[outbox] = SeatChanges()

    def remove(self, outbox: Any) -> None:
        """A watcher went."""
        self.outboxes.pop(outbox, None)
        self.changes.pop(outbox, None)

    def resend(self, outbox: Any) -> None:
        """The watcher of ``outbox`` is sent the whole state at the next redraw
        (it asked with ``sync``)."""
        if outbox in self.outboxes:
            self.changes[outbox] = SeatChanges()

    @property
    def fresh(self) -> bool:
        """Some watcher waits for the whole state."""
        return any(record.public is None for record in self.changes.values())

    def names(self) -> list[str]:
        """The watchers' names, each once, in the order they came."""
        seen: dict[str, str] = {}
        for name in self.outboxes.values():
            seen.setdefault(name_key(name), name)
        return list(seen.values())

    def say(self, text: str) -> None:
        """A notice said to everyone at the table (its text) goes to the watchers too."""
        for outbox in self.outboxes:
            outbox.put_text(text)

    def redraw(self, public: PublicChange, own: Flat, seq: int, now: float,
               events: str = "", told: Callable[[], tuple[msg.Told, ...]] = tuple) -> bool:
        """Send each watcher what changed in the public state (``public``, and
        ``own``: the seat's fields as a watcher sees them) with ``events`` (the
        public happenings since the last change, written), or the whole state
        with ``told()`` (the public happenings of the hand so far) to one that has
        none yet or whose changes gave way; True when something was sent (its
        number is then the table's ``seq``)."""
        used = False
        for outbox, record in self.changes.items():
            if record.public is None:
                outbox.put_state(record.whole(public.part, dict(own), seq, now, told()))
                used = True
                continue
            change = record.change(public, dict(own), seq, now, events)
            if change is not None:
                outbox.put_change(change, partial(_now_whole, record, now, told))
                used = True
        return used


def _now_whole(record: SeatChanges, now: float, told: Callable[[], tuple[msg.Told, ...]]
               ) -> str:
    """A watcher's last state, whole, with the hand so far (its backlog gave way)."""
    return record.now_whole(now, told())
