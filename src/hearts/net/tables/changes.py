"""What each seat was sent, so that it can be sent only what changed.

A connected seat gets its whole state once (after ``welcome``, after ``sync``,
or when it fell too far behind), then numbered ``change`` messages: the entries
that turn the state it holds into the new one; a watcher the same. A state is
kept as its two flat parts (:mod:`hearts.table.projection`): the public part
every seat and every watcher shares, and the seat's own (a watcher's: the
seat's fields as a watcher sees them), each kept from change to change and
brought along in place (so that what lives on is only what changed). The
changes of the public part are found and written as JSON once a change for all
the seats and watchers that hold the table's public part
(:class:`PublicChange`); each one's own part is compared on its own. A seat
away keeps a copy of the public part it was last sent. Each change carries
what happened (:mod:`hearts.table.happenings`) that the seat may know; a whole
state carries what happened in the hand so far, so that a client that missed
changes still tells every card. :class:`SeatChanges`
keeps, for one seat (or one watcher), the parts last sent and their number,
and the last :data:`KEEP` changes, so that a client that comes back with
``resume`` (the table's epoch and the number of the state it holds) is sent
exactly what it missed, or the whole state when that is no longer kept.

Nothing here looks at another seat: a seat's changes come from its own state
alone (the public part holds no hidden card), so no seat learns anything from
another seat's change.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import Any

from hearts.net.wire import messages as msg
from hearts.table.projection import Flat, nest, update_flat

__all__ = ["KEEP", "PublicChange", "SeatChanges"]

KEEP = 32
"""How many changes of each seat are kept for a client that comes back."""


class PublicChange:
    """The public part of the seats' states now (``part``), and the entries that
    brought it there from the part the seats held at the last change, in place
    (None when it is a new part: its paths moved); the entries are written as
    JSON once, for every seat that holds ``part``."""

    __slots__ = ("_text", "entries", "part")

    def __init__(self, part: Flat, entries: list[tuple[tuple[str, ...], Any]] | None) -> None:
        self.part = part
        self.entries = entries
        self._text: str | None = None

    def text(self) -> str | None:
        """The entries as JSON (joined by commas; "" when none), or None when the
        part is a new one."""
        if self._text is None and self.entries is not None:
            self._text = msg.entries_text(self.entries)
        return self._text


class SeatChanges:
    """One seat's states as sent: the last one (as its parts), and the last changes
    (kept as the pieces of text they were written from, the public entries'
    text shared with the other seats; each written whole again only for a
    client that comes back)."""

    _PIECES = 6
    """What is kept of a change, in this order: its number, its base, its time,
    the public entries' text, the seat's own entries' text, its happenings'
    text."""

    def __init__(self, keep: int = KEEP) -> None:
        self.public: Flat | None = None
        """The public part of the state last sent."""
        self.own: Flat = {}
        """The seat's own part of it."""
        self.seq = 0
        """Its number."""
        self.told = 0
        """The number of the last happening of the table's log this seat was sent
        (a seat that was away is sent, when it is back, what happened meanwhile)."""
        self._kept: deque[Any] = deque(maxlen=keep * self._PIECES)
        """The last changes, oldest first, each based on the one before, as their
        pieces (:data:`_PIECES`) one after the other: one queue, and no object a
        change for the garbage collector to scan. The public entries' text and
        the happenings' are the objects every seat's change shares, so the four
        seats' changes hold them once (a change's text is 0.6 KiB, of which the
        seat's own entries are a fifth)."""

    @property
    def state(self) -> dict[str, object] | None:
        """The state last sent (JSON), whole; None before one was."""
        return None if self.public is None else nest(self.public, self.own)

    def change(self, public: PublicChange, own: Flat, seq: int, now: float,
               events: str = "") -> str | None:
        """The seat's state is ``public.part`` and ``own`` now, at number ``seq``:
        the ``change`` message from what was sent, carrying ``events`` (what
        happened that this seat may know, written by :func:`~hearts.net.wire.messages.events_text`);
        None when nothing changed and nothing happened, or nothing was sent yet.
        The own part kept is brought to ``own`` in place."""
        if self.public is None:
            return None
        shared = public.text() if self.public is public.part else None
        mine = update_flat(self.own, own) if shared is not None else None
        if shared is not None and mine is not None:
            written = msg.entries_text(mine) if mine else ""
        else:  # held another public part, or the parts' paths moved: the state whole
            entries = msg.diff_state(nest(self.public, self.own), nest(public.part, own))
            shared, written = "", msg.entries_text(entries) if entries else ""
            self.own = own
        self.public = public.part
        if not shared and not written and not events:
            return None
        self._kept.extend((seq, self.seq, now, shared, written, events))
        self.seq, base = seq, self.seq
        return _change_text(seq, base, now, shared, written, events)

    def whole(self, public: Flat, own: Flat, seq: int, now: float,
              events: tuple[msg.Told, ...] = ()) -> str:
        """The ``state`` message that sends the state whole, at number ``seq``, with
        ``events`` (the hand so far, as this seat may know it); the changes kept
        before it can no longer take a client there: dropped."""
        self.public, self.own, self.seq = public, own, seq
        self._kept.clear()
        return msg.server_text(msg.StateMessage(seq, now, nest(public, own), events))

    def now_whole(self, now: float, events: tuple[msg.Told, ...] = ()) -> str:
        """The last state sent, whole, as a ``state`` message with ``events`` (the
        hand so far: a slow client's changes give way to it, and the cards they
        told are told again)."""
        assert self.public is not None
        return msg.server_text(msg.StateMessage(self.seq, now, nest(self.public, self.own),
                                                events))

    def since(self, seq: int) -> Iterator[str] | None:
        """The changes (their texts) that take a client holding state ``seq`` to
        the last state sent, in order; None when they are not all kept (send the
        whole state)."""
        if self.public is None:
            return None
        if seq == self.seq:
            return iter(())
        kept = list(self._kept)
        for start in range(0, len(kept), self._PIECES):
            if kept[start + 1] == seq:
                return (_change_text(*kept[at:at + self._PIECES])
                        for at in range(start, len(kept), self._PIECES))
        return None


def _change_text(seq: int, base: int, now: float, shared: str, own: str, events: str) -> str:
    """The text of a change from its pieces (:meth:`SeatChanges.change`)."""
    entries = f"{shared},{own}" if shared and own else shared or own
    return msg.change_text(seq, base, now, entries, events)
