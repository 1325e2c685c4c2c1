"""What each seat was sent, so that it can be sent only what changed.

A connected seat gets its whole state once (after ``welcome``, after ``sync``,
or when it fell too far behind), then numbered ``change`` messages: the entries
that turn the state it holds into the new one (:func:`diff`). :class:`SeatChanges` keeps, for one
seat, the state last sent (as JSON) and its number, and the last
:data:`KEEP` changes, so that a client that comes back with ``resume`` (the
table's epoch and the number of the state it holds) is sent exactly what it
missed, or the whole state when that is no longer kept.

Nothing here looks at another seat: a seat's changes are computed from its
own state alone, which holds nothing of another seat's hidden cards.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping
from typing import Any

from hearts.net import messages as msg

__all__ = ["KEEP", "SeatChanges", "diff"]

KEEP = 32
"""How many changes of each seat are kept for a client that comes back."""


def diff(old: Mapping[str, Any], new: Mapping[str, Any],
         path: msg.Path = ()) -> list[tuple[msg.Path, Any]]:
    """The entries that turn the state JSON ``old`` into ``new``: the values that
    differ, by path, going into objects present in both (never into lists). An
    object that lost a key (a prompt without the field it had) is sent whole, as
    a change never removes a key."""
    out: list[tuple[msg.Path, Any]] = []
    for key, value in new.items():
        before = old.get(key, _MISSING)
        if before == value:
            continue
        if isinstance(value, dict) and isinstance(before, dict) \
                and len(path) + 1 < msg.MAX_CHANGE_DEPTH and before.keys() <= value.keys():
            out.extend(diff(before, value, (*path, key)))
        else:
            out.append(((*path, key), value))
    return out


_MISSING = object()


class SeatChanges:
    """One seat's states as sent: the last one whole, and the last changes (kept
    as the text sent, which is smaller than the values it holds)."""

    def __init__(self, keep: int = KEEP) -> None:
        self.state: dict[str, Any] | None = None
        """The state last sent (JSON), whole or through changes."""
        self.seq = 0
        """Its number."""
        self.kept: deque[tuple[int, int, str]] = deque(maxlen=keep)
        """The last changes, oldest first, each based on the one before: their
        ``base``, their ``seq`` and the message's text."""

    def change(self, state: dict[str, Any], seq: int, now: float) -> str | None:
        """The seat's state is ``state`` now, at number ``seq``: the ``change``
        message from what was sent (None when nothing changed, or nothing was
        sent yet)."""
        if self.state is None:
            return None
        entries = diff(self.state, state)
        if not entries:
            return None
        text = msg.server_text(msg.ChangeMessage(seq, self.seq, now, tuple(entries)))
        self.kept.append((self.seq, seq, text))
        self.state, self.seq = state, seq
        return text

    def whole(self, state: dict[str, Any], seq: int, now: float) -> str:
        """The ``state`` message that sends ``state`` whole, at number ``seq`` (the
        changes kept before it can no longer take a client there: dropped)."""
        self.state, self.seq = state, seq
        self.kept.clear()
        return msg.server_text(msg.StateMessage(seq, now, state))

    def now_whole(self, now: float) -> str:
        """The last state sent, whole, as a ``state`` message (a slow client's
        changes give way to it)."""
        assert self.state is not None
        return msg.server_text(msg.StateMessage(self.seq, now, self.state))

    def since(self, seq: int) -> Iterator[str] | None:
        """The changes (their texts) that take a client holding state ``seq`` to
        the last state sent, in order; None when they are not all kept (send the
        whole state)."""
        if self.state is None:
            return None
        if seq == self.seq:
            return iter(())
        kept = list(self.kept)
        for index, (base, _seq, _text) in enumerate(kept):
            if base == seq:
                return iter(text for _base, _seq, text in kept[index:])
        return None
