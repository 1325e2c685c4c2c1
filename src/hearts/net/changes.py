"""What each seat was sent, so that it can be sent only what changed.

A connected seat gets its whole state once (after ``welcome``, after ``sync``,
or when it fell too far behind), then numbered ``change`` messages: the entries
that turn the state it holds into the new one. A seat's state is kept as its two
flat parts (:mod:`hearts.table.seatparts`): the public part every seat shares
and the seat's own. The changes of the public part are found and written as
JSON once a change for all the seats that held the same public part before
(:class:`PublicChange`); each seat's own part is compared on its own.
:class:`SeatChanges` keeps, for one seat, the parts last sent and their number,
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

from hearts.net import messages as msg
from hearts.table.seatparts import Flat, flat_changes, nest

__all__ = ["KEEP", "PublicChange", "SeatChanges"]

KEEP = 32
"""How many changes of each seat are kept for a client that comes back."""


class PublicChange:
    """The public part of the seats' states going from ``old`` to ``new``: its
    entries written as JSON once, for every seat that held ``old``."""

    __slots__ = ("_text", "new", "old")

    def __init__(self, old: Flat | None, new: Flat) -> None:
        self.old = old
        self.new = new
        self._text: str | None = None

    def text(self) -> str | None:
        """The entries as JSON (joined by commas; "" when none), or None when the
        parts have not the same paths."""
        if self._text is None and self.old is not None:
            entries = flat_changes(self.old, self.new)
            if entries is None:
                return None
            self._text = msg.entries_text(entries)
        return self._text


class SeatChanges:
    """One seat's states as sent: the last one (as its parts), and the last changes
    (kept as the text sent, which is smaller than the values it holds)."""

    def __init__(self, keep: int = KEEP) -> None:
        self.public: Flat | None = None
        """The public part of the state last sent."""
        self.own: Flat = {}
        """The seat's own part of it."""
        self.seq = 0
        """Its number."""
        self.kept: deque[str] = deque(maxlen=keep)
        """The last changes' texts, oldest first, each based on the one before."""
        self.bases: deque[int] = deque(maxlen=keep)
        """The ``base`` of each of :attr:`kept` (kept apart: no tuple a change
        for the garbage collector to scan)."""

    @property
    def state(self) -> dict[str, object] | None:
        """The state last sent (JSON), whole; None before one was."""
        return None if self.public is None else nest(self.public, self.own)

    def change(self, public: PublicChange, own: Flat, seq: int, now: float) -> str | None:
        """The seat's state is ``public.new`` and ``own`` now, at number ``seq``: the
        ``change`` message from what was sent (None when nothing changed, or
        nothing was sent yet)."""
        if self.public is None:
            return None
        shared = public.text() if self.public is public.old else None
        mine = flat_changes(self.own, own)
        if shared is not None and mine is not None:
            texts = [text for text in (shared, msg.entries_text(mine) if mine else "") if text]
        else:  # held another public part, or the parts' paths moved: the state whole
            entries = msg.diff_state(nest(self.public, self.own), nest(public.new, own))
            texts = [msg.entries_text(entries)] if entries else []
        if not texts:
            # the same values: the newer public part (the next change is found
            # from it), and the own part as it was (the new one dies at once)
            self.public = public.new
            if mine is None:
                self.own = own
            return None
        text = msg.change_text(seq, self.seq, now, ",".join(texts))
        self.kept.append(text)
        self.bases.append(self.seq)
        self.public, self.own, self.seq = public.new, own, seq
        return text

    def whole(self, public: Flat, own: Flat, seq: int, now: float) -> str:
        """The ``state`` message that sends the state whole, at number ``seq`` (the
        changes kept before it can no longer take a client there: dropped)."""
        self.public, self.own, self.seq = public, own, seq
        self.kept.clear()
        self.bases.clear()
        return msg.server_text(msg.StateMessage(seq, now, nest(public, own)))

    def now_whole(self, now: float) -> str:
        """The last state sent, whole, as a ``state`` message (a slow client's
        changes give way to it)."""
        assert self.public is not None
        return msg.server_text(msg.StateMessage(self.seq, now, nest(self.public, self.own)))

    def since(self, seq: int) -> Iterator[str] | None:
        """The changes (their texts) that take a client holding state ``seq`` to
        the last state sent, in order; None when they are not all kept (send the
        whole state)."""
        if self.public is None:
            return None
        if seq == self.seq:
            return iter(())
        for index, base in enumerate(self.bases):
            if base == seq:
                return iter(list(self.kept)[index:])
        return None
