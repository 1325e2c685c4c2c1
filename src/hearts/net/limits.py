"""The table server's limits on what one client may cost the others.

Small pieces with no I/O of their own, used by :mod:`hearts.net.server`:
:class:`TokenBucket` (how fast a connection's messages, and its hints, are
taken), :class:`Guesses` (wrong join codes, slowed down by address),
:class:`Throttle` (a warning said at most every few seconds, however often its
cause repeats), :func:`cross_origin` (a web page of another site), and
:func:`quiet_exception_handler` (the event loop's errors, such as "Too many
open files" on accept, as one line every few seconds instead of a traceback
each time).
"""

from __future__ import annotations

import asyncio
import errno
import logging
import time
from collections.abc import Callable, Mapping
from typing import Any

from yarl import URL

__all__ = ["Guesses", "QuietRepeats", "Throttle", "TokenBucket", "cross_origin",
           "out_of_files", "quiet_exception_handler"]

Clock = Callable[[], float]

_RESOURCE_ERRORS = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})


class TokenBucket:
    """Takes ``rate`` things a second on average, ``burst`` at once after a pause."""

    def __init__(self, rate: float, burst: float, clock: Clock = time.monotonic) -> None:
        self.rate = rate
        """Tokens added a second."""
        self.burst = burst
        """The most tokens the bucket holds."""
        self._clock = clock
        self._tokens = burst
        self._stamp = clock()

    def take(self) -> bool:
        """Take a token: True if there was one (the thing may go ahead)."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False


class Guesses:
    """Wrong join codes by address: each one from the same address waits longer
    before its refusal (``first`` seconds, doubling up to ``longest``), and the
    refusals of one address go one at a time, so opening many connections at
    once guesses no faster. An address is forgiven after ``forget`` seconds
    without a wrong code."""

    def __init__(self, first: float = 0.25, longest: float = 10.0, forget: float = 600.0,
                 clock: Clock = time.monotonic) -> None:
        self.first = first
        self.longest = longest
        self.forget = forget
        self._clock = clock
        self._wrong: dict[str, tuple[int, float]] = {}
        """Address to (wrong codes so far, when its next refusal may go)."""

    def wrong(self, address: str) -> tuple[int, float]:
        """One more wrong code from ``address``: how many so far, and the seconds
        to wait before refusing it."""
        now = self._clock()
        count, free = self._wrong.get(address, (0, now))
        if free + self.forget < now:
            count, free = 0, now
        count += 1
        delay = min(self.longest, self.first * 2 ** min(count - 1, 30))
        due = max(now, free) + delay
        self._wrong[address] = (count, due)
        if len(self._wrong) > 10_000:
            self._prune(now)
        return count, due - now

    def count(self, address: str) -> int:
        """Wrong codes from ``address`` not yet forgiven."""
        return self._wrong.get(address, (0, 0.0))[0]

    def _prune(self, now: float) -> None:
        for address, (_count, free) in list(self._wrong.items()):
            if free + self.forget < now:
                del self._wrong[address]


class Throttle:
    """Lets a warning through at most once every ``every`` seconds for each key,
    and counts those held back (said with the next one let through)."""

    def __init__(self, every: float = 5.0, clock: Clock = time.monotonic) -> None:
        self.every = every
        self._clock = clock
        self._last: dict[str, float] = {}
        self._held: dict[str, int] = {}

    def allow(self, key: str) -> int | None:
        """None to keep quiet now; else how many of ``key`` were held back since
        the last one said."""
        now = self._clock()
        last = self._last.get(key)
        if last is not None and now - last < self.every:
            self._held[key] = self._held.get(key, 0) + 1
            return None
        self._last[key] = now
        return self._held.pop(key, 0)


def cross_origin(headers: Mapping[str, str], own: URL) -> bool:
    """True when a request comes from a web page of another site than ``own``
    (the request's own origin). Programs that are no browser send no
    ``Origin``, and are let through."""
    origin = headers.get("Origin")
    if origin is None:
        return False
    try:
        return URL(origin).origin() != own.origin()
    except ValueError:
        return True


def out_of_files(error: BaseException | None) -> bool:
    """True for the errors of a process out of open files (or buffers, or memory)."""
    return isinstance(error, OSError) and error.errno in _RESOURCE_ERRORS


def quiet_exception_handler(logger: logging.Logger, throttle: Throttle | None = None
                            ) -> Callable[[asyncio.AbstractEventLoop, dict[str, Any]], None]:
    """An event loop exception handler that never floods the log: running out of
    open files (``accept`` failing, which asyncio retries every second) is one
    line every few seconds; any other error is logged in full the first time
    and then as one line at most every few seconds."""
    throttle = throttle or Throttle()
    told: set[str] = set()

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if isinstance(error, ValueError) and "_start_serving" in repr(context.get("handle")):
            return  # asyncio tried to accept again on a server closed since: nothing lost
        if out_of_files(error):
            held = throttle.allow("files")
            if held is not None:
                logger.warning("Too many open files: new connections wait until some close; "
                               "the tables go on%s", _held(held))
            return
        message = str(context.get("message", "error"))
        key = f"{message}: {type(error).__name__}"
        if key not in told:
            told.add(key)
            throttle.allow(key)
            loop.default_exception_handler(context)
            return
        held = throttle.allow(key)
        if held is not None:
            logger.warning("%s: %r%s", message, error, _held(held))

    return handle


class QuietRepeats(logging.Filter):
    """A log filter that lets each kind of record through in full the first time,
    then as one line (no traceback) at most every few seconds, with the count of
    those held back: a library's error that repeats (aiohttp's "Error handling
    request", say) never floods the log."""

    def __init__(self, throttle: Throttle | None = None) -> None:
        super().__init__()
        self.throttle = throttle or Throttle()
        self._told: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        """Keep ``record`` (shortened to one line after the first), or drop it."""
        error = record.exc_info[1] if record.exc_info else None
        key = f"{record.name}: {record.msg}: {type(error).__name__}"
        if key not in self._told:
            self._told.add(key)
            self.throttle.allow(key)
            return True
        held = self.throttle.allow(key)
        if held is None:
            return False
        record.msg = f"{record.getMessage()}: {error!r}{_held(held)}"
        record.args = None
        record.exc_info = None
        record.exc_text = None
        return True


def _held(count: int) -> str:
    return f" ({count} more like it not shown)" if count else ""
