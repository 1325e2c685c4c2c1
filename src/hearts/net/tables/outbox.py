"""Where one connection's messages wait to be sent: in order, within bounds,
and never ahead of what the table has kept.

:class:`Outbox` is the queue between a table (which puts messages in as the
game moves) and the connection's sender task (which takes them out as the
network takes them). Two rules shape it:

- A client that reads slowly costs a bounded queue, never memory: only the
  latest state matters (a state not sent yet gives way to a newer one), the
  other messages are kept up to a count and a size, and one more means the
  client does not read: what waits is dropped, ``too-slow`` goes in its place
  and the connection closes.
- Nothing is sent before the table has kept it: a table whose change is being
  written puts a *gate* in (:meth:`Outbox.gate`), and what comes after the gate
  waits until the write is done (:meth:`Outbox.release`), so a person never
  sees a card the server would forget if it were killed that moment.

A connection that can write at once (:attr:`Outbox.sink`) is written to as
soon as a message may go, while its sender task waits: no task has to wake for
each message. What the sink cannot take at once (the socket's buffer is full,
the frame is compressed) waits for the sender task as before.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from typing import Any

from hearts.net.wire import messages as msg
from hearts.net.wire.errors import ErrorCode

__all__ = ["Outbox"]


class _Gate:
    """A place in the queue that waits for the table's write number ``number``."""

    __slots__ = ("number",)

    def __init__(self, number: int) -> None:
        self.number = number


class Outbox:
    """Where one connection's messages wait to be sent, in order, within bounds.

    Only the latest state matters: a state not sent yet is dropped when a newer
    one comes (:meth:`put_state`), so a client that reads slowly gets the table
    as it is now, and never a backlog. Other messages (welcome, notices, hands,
    errors) are kept, in order, up to :attr:`max_messages` of them or
    :attr:`max_bytes` of text; one more means the client is not reading: all
    that waits is dropped, a ``too-slow`` error is sent in its place and the
    connection is closed (:attr:`too_slow` says so). Messages put after
    :meth:`close` are dropped. Messages put after a :meth:`gate` wait for its
    :meth:`release`.
    """

    MAX_MESSAGES = 256
    """How many messages other than states may wait, by default."""
    MAX_BYTES = 4 << 20
    """How much text those may hold, by default."""
    MAX_CHANGES = 64
    """How many changes may wait before they give way to one whole state."""

    def __init__(self, max_messages: int = MAX_MESSAGES, max_bytes: int = MAX_BYTES) -> None:
        self.max_messages = max_messages
        """How many messages other than states may wait."""
        self.max_bytes = max_bytes
        """How many characters those may hold."""
        self.closed = False
        """True once :meth:`close` was called (or the client was too slow)."""
        self.too_slow = False
        """True when the client was dropped for not reading."""
        self.let_go = False
        """True when the connection is closed to make room (it had not joined)."""
        self.posted = 0
        """How many messages were put in (a state dropped for a newer one counts too)."""
        self._items: deque[list[Any]] = deque()
        """Each entry holds one text, or a :class:`_Gate`; a state dropped for a
        newer one holds ""; the end of the connection holds None."""
        self._state: list[Any] | None = None
        """The entry of the state waiting to be sent, if one is."""
        self._changes: list[list[Any]] = []
        """The entries of the changes waiting to be sent (after that state)."""
        self.resume: Any = None
        """What the client said it holds when it joined (``resume``), until the
        table has used it."""
        self._messages = 0
        self._bytes = 0
        self._released = 0
        """Gates up to this write number are open."""
        self._ready = asyncio.Event()
        self.sink: Callable[[str], bool] | None = None
        """Writes a text to the connection at once if it can without waiting
        (False: it cannot now, the sender task will); None: only the sender writes."""
        self._idle = False
        """The sender task waits for a message (it holds none it took)."""

    @property
    def waiting(self) -> int:
        """How many messages wait to be sent (at most one of them a state)."""
        return self._messages + (self._state is not None) + len(self._changes)

    @property
    def held(self) -> bool:
        """True while a gate holds back what comes after it."""
        return bool(self._items) and isinstance(self._items[0][0], _Gate) \
            and self._items[0][0].number > self._released

    def put(self, message: msg.ServerMessage) -> None:
        """Send ``message`` after those already waiting."""
        self.put_text(msg.server_text(message))

    def put_text(self, text: str) -> None:
        """Send a message already encoded, after those already waiting."""
        if self.closed:
            return
        self.posted += 1
        if self._messages + 1 > self.max_messages or self._bytes + len(text) > self.max_bytes:
            self._overflow()
            return
        self._messages += 1
        self._bytes += len(text)
        self._append(text)
        self._wake()

    def put_state(self, text: str) -> None:
        """Send a ``state`` message already encoded; a state still waiting is
        dropped (this one goes after every other message put before it)."""
        if self.closed:
            return
        self.posted += 1
        self._supersede()
        self._state = self._append(text)
        self._wake()

    def put_change(self, text: str, whole: Callable[[], str]) -> None:
        """Send a ``change`` message already encoded. A change is never dropped
        alone (the next one is based on it): when :attr:`MAX_CHANGES` wait
        already, every change and state that waits gives way to ``whole()``, the
        whole state as it is after this change."""
        if self.closed:
            return
        self.posted += 1
        if len(self._changes) >= self.MAX_CHANGES:
            self._supersede()
            self._state = self._append(whole())
        else:
            self._changes.append(self._append(text))
        self._wake()

    def _supersede(self) -> None:
        """A whole state is coming: what waits of states and changes is not sent."""
        if self._state is not None:
            self._state[0] = ""
        for entry in self._changes:
            entry[0] = ""
        self._changes.clear()

    def drain(self) -> list[str]:
        """Every message that may be sent now, taken out at once (tests, and
        programs that read an outbox without a connection)."""
        out: list[str] = []
        while self._items and not self.held:
            entry = self._items[0]
            if entry[0] is None:
                break
            self._items.popleft()
            text = self._taken(entry)
            if text:
                out.append(str(text))
        return out

    def gate(self, number: int) -> None:
        """What is put from now on waits until write ``number`` is done
        (:meth:`release`)."""
        if not self.closed and number > self._released:
            self._items.append([_Gate(number)])

    def release(self, number: int) -> None:
        """Write ``number`` (and every one before it) is done: open their gates."""
        if number > self._released:
            self._released = number
            self._wake()

    def close(self) -> None:
        """Close the connection once everything before is sent."""
        if not self.closed:
            self.closed = True
            self._append(None)
            self._wake()

    def stalled(self) -> None:
        """The client stopped reading: drop what waits, and close (:attr:`too_slow`)."""
        if not self.closed:
            self._overflow()

    async def get(self) -> str | None:
        """The next message to send, waiting for one; None once the connection
        is to be closed."""
        while True:
            while not self._items or self.held:
                self._ready.clear()
                self._idle = True
                try:
                    await self._ready.wait()
                finally:
                    self._idle = False
            entry = self._items.popleft()
            text = self._taken(entry)  # an open gate: "", and what follows may go
            if text is None:
                self._items.appendleft(entry)  # the end stays the end
                return None
            if text:
                return str(text)

    def _taken(self, entry: list[Any]) -> Any:
        """The text of ``entry``, just taken from the head of the queue, with the
        counts of what waits brought up to date (a gate's text is an empty string:
        nothing to send)."""
        text = entry[0]
        if isinstance(text, _Gate):
            return ""
        if entry is self._state:
            self._state = None
        elif self._changes and entry is self._changes[0]:
            self._changes.pop(0)
        elif text:
            self._messages -= 1
            self._bytes -= len(text)
        return text

    def _append(self, text: str | None) -> list[Any]:
        """Queue ``text`` (call :meth:`_wake` once the counts are up to date)."""
        entry: list[Any] = [text]
        self._items.append(entry)
        return entry

    def _wake(self) -> None:
        """Something may go now: write it through the sink while the sender task
        waits; what is left (if anything) is the sender's."""
        sink = self.sink
        items = self._items
        if sink is not None and self._idle:
            while items and not self.held:
                entry = items[0]
                text = entry[0]
                if text is None or (text.__class__ is str and text and not sink(text)):
                    break  # the end, or the connection cannot take it now: the sender's
                items.popleft()
                self._taken(entry)
        if items and not self.held:
            self._ready.set()

    def _overflow(self) -> None:
        text = msg.server_text(msg.ErrorMessage(
            ErrorCode.TOO_SLOW, "this connection does not read what the table sends - "
            "closing"))
        self._items.clear()
        self._state = None
        self._changes.clear()
        self._messages, self._bytes = 1, len(text)
        self.too_slow = True
        self._append(text)
        self.closed = True
        self._append(None)
        self._wake()
