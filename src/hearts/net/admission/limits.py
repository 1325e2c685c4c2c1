"""The table server's limits on what one client may cost the others.

Small pieces with no I/O of their own, used by :mod:`hearts.net.server`:
:class:`Limits` (the figures, as a host sets them), :class:`TokenBucket` (how
fast a connection's messages, and a seat's hints, reviews and reactions, are taken),
:class:`Guesses` (wrong join codes, slowed down by address, by network and
in total), :class:`Waiting` (connections not yet joined, capped by address, by
network and in total),
:class:`Throttle` (a warning said at most every few seconds, however often its
cause repeats), :func:`cross_origin` (a web page of another site), and
:func:`quiet_exception_handler` (the event loop's errors, such as "Too many
open files" on accept, as one line every few seconds instead of a traceback
each time).
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from yarl import URL

__all__ = ["Guesses", "Limits", "QuietRepeats", "Throttle", "TokenBucket", "Waiting",
           "cross_origin", "network_of", "out_of_files", "quiet_exception_handler"]

Clock = Callable[[], float]

_RESOURCE_ERRORS = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})


@dataclass(frozen=True)
class Limits:
    """How much one connection may ask of the server, and how many it takes."""

    messages_per_second: float = 40.0
    """Messages taken a second on average (more than a key held down repeats)."""
    message_burst: float = 80.0
    """Messages taken at once after a pause."""
    hint_seconds: float = 5.0
    """One hint every so many seconds on average: each costs a worker's time."""
    hint_burst: float = 3.0
    """Hints taken at once after a pause."""
    reaction_seconds: float = 4.0
    """One reaction every so many seconds on average, a seat: each goes to everyone
    at the table, so no one seat may fill the others' screens."""
    reaction_burst: float = 3.0
    """Reactions taken at once after a pause."""
    patience: float = 100.0
    """Messages refused for coming too fast before the connection is closed..."""
    patience_per_second: float = 5.0
    """...forgiven at this rate, so a person who typed too fast once is never closed."""
    header_seconds: float = 10.0
    """How long a new connection has to send its request's headers (and an idle
    one its next request) before it is closed: no slow trickle of header bytes
    holds a connection open."""
    join_seconds: float = 30.0
    """How long a new connection has to join (pings and other messages do not extend it)."""
    send_seconds: float = 20.0
    """A message that cannot be handed to the network for this long: the client
    does not read, and is dropped."""
    max_connections: int | None = None
    """The most connections at once (None: the seats, the watchers and those
    waiting to join, as many as the open files allow). Past it a new connection
    takes the place of one that has not joined; only when everyone has joined is
    it told ``server-full``."""
    waiting_per_address: int = 8
    """The most connections not yet joined from one address (past it, its oldest goes)."""
    waiting_per_network: int = 32
    """The most connections not yet joined from one network (a /24, an IPv6 /64)."""
    waiting_total: int = 256
    """The most connections not yet joined in all (past it, the oldest of the
    busiest network goes). Joined connections are bounded by the seats."""
    watchers_per_address: int = 4
    """The most people watching from one address, at all the tables together
    (each table also takes at most its own number of watchers)."""
    page_requests_per_second: float = 10.0
    """Plain HTTP requests (pages, their files, a page's own POST) one address may
    make a second on average (:mod:`hearts.net.admission.pagebudget`; a table's WebSocket
    is not one)."""
    page_request_burst: float = 300.0
    """...and at once after a pause (a page and its files are a few dozen at most;
    more than the proxy's own 200 in ten seconds, so behind it the proxy answers
    first)."""
    send_buffer: int = 128 * 1024
    """The operating system's send buffer of each connection, in bytes (a state is a
    few kilobytes): with the outbox, all that waits for one client."""


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


def network_of(address: str) -> str:
    """The network an address belongs to, as one party is likely to hold it: its
    /24 for IPv4, its /64 for IPv6 (an IPv4 address mapped into IPv6 as IPv4);
    anything that is no address stands for itself."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = 24 if ip.version == 4 else 64
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


class Guesses:
    """Wrong join codes, slowed down by address, by network and in total.

    Each wrong code from the same address waits longer before its refusal
    (``first`` seconds, doubling up to ``longest``), and the refusals of one
    address go one at a time, so opening many connections at once guesses no
    faster. A network (a /24, or an IPv6 /64, which one party often holds
    whole) is treated the same way past its first ``network_free`` wrong
    codes, so many addresses of one network guess no faster than one; and all
    refusals together go at most ``total_rate`` a second. No refusal ever waits
    more than ``reach`` seconds: the queues never reach further ahead than that,
    so a burst of guesses from everywhere slows a person who mistyped for
    seconds, never for minutes (the connections waiting to join are capped,
    which bounds how many guesses wait at once; a refusal's wait holds no
    place of anyone's). An address or a network is forgiven after
    ``forget`` seconds without a wrong code, and forgotten by :meth:`prune`.
    """

    def __init__(self, first: float = 0.25, longest: float = 10.0, forget: float = 600.0,
                 clock: Clock = time.monotonic, network_free: int = 8,
                 total_rate: float = 20.0, most: int = 100_000, reach: float = 30.0) -> None:
        self.first = first
        """The first wrong code's wait."""
        self.longest = longest
        """The longest wait."""
        self.forget = forget
        """Seconds without a wrong code after which an address or network is forgiven."""
        self.network_free = network_free
        """Wrong codes a network has before its refusals are slowed too."""
        self.total_rate = total_rate
        """The most refusals a second, from everywhere together."""
        self.most = most
        """The most addresses and networks remembered (the oldest go first)."""
        self.reach = max(reach, longest)
        """The longest any refusal waits, however many wrong codes are queued."""
        self._clock = clock
        self._wrong: dict[str, tuple[int, float]] = {}
        """Address (or ``net:`` and its network) to (wrong codes so far, when its
        next refusal may go)."""
        self._total = 0.0
        """When the next refusal from anywhere may go."""
        self.recent: dict[str, int] = {}
        """Wrong codes by address since :meth:`told` was last called (for the log)."""

    def _delay(self, count: int, free: int) -> float:
        if count <= free:
            return 0.0
        return float(min(self.longest, self.first * 2.0 ** min(count - free - 1, 30)))

    def _count(self, key: str, now: float, free: int) -> tuple[int, float]:
        """One more wrong code for ``key``: its count and when its refusal may go."""
        count, since = self._wrong.pop(key, (0, now))
        if since + self.forget < now:
            count, since = 0, now
        count += 1
        due = max(now, since) + self._delay(count, free) if count > free else now
        due = min(due, now + self.reach)  # the queue of one key never reaches further
        self._wrong[key] = (count, due if count > free else max(since, now))
        return count, due

    def wrong(self, address: str) -> tuple[int, float]:
        """One more wrong code from ``address``: how many so far from it, and the
        seconds to wait before refusing it."""
        now = self._clock()
        count, due = self._count(address, now, 0)
        _, network_due = self._count("net:" + network_of(address), now, self.network_free)
        self._total = min(max(now, self._total) + 1.0 / self.total_rate, now + self.reach)
        due = min(max(due, network_due, self._total), now + self.reach)
        self._wrong[address] = (count, due)
        self.recent[address] = self.recent.get(address, 0) + 1
        if len(self._wrong) > self.most:
            self.prune()
        return count, due - now

    def count(self, address: str) -> int:
        """Wrong codes from ``address`` not yet forgiven."""
        return self._wrong.get(address, (0, 0.0))[0]

    def told(self) -> dict[str, int]:
        """The wrong codes by address since the last call (and start afresh)."""
        recent, self.recent = self.recent, {}
        return recent

    def __len__(self) -> int:
        return len(self._wrong)

    def prune(self) -> None:
        """Forget the addresses and networks forgiven; if still too many, the ones
        least recently wrong."""
        now = self._clock()
        for key, (_count, free) in list(self._wrong.items()):
            if free + self.forget < now:
                del self._wrong[key]
        while len(self._wrong) > self.most:
            del self._wrong[next(iter(self._wrong))]  # the oldest first (kept in order)
        if len(self.recent) > self.most:
            self.recent.clear()


class Waiting:
    """The connections that have not joined yet, capped by address, by network
    and in total, so that nobody can fill the server with connections that never
    join (or that guess codes): past a cap, the oldest waiting connection of that
    address (or network, or of the busiest network) is let go to make room for
    the new one. A person who joins does so within moments of connecting, so a
    new connection always gets its chance, and one carrying a seat's token is
    never kept out; a connection leaves the count once it has joined."""

    def __init__(self, per_address: int = 8, per_network: int = 32, total: int = 256) -> None:
        self.per_address = per_address
        """The most connections waiting from one address."""
        self.per_network = per_network
        """The most from one network (/24, /64)."""
        self.total = total
        """The most in all."""
        self._order: dict[object, tuple[str, str]] = {}
        """Each waiting connection, oldest first: its address and network."""
        self._by_address: dict[str, list[object]] = {}
        self._by_network: dict[str, list[object]] = {}

    def __len__(self) -> int:
        return len(self._order)

    def __contains__(self, key: object) -> bool:
        return key in self._order

    def admit(self, key: object, address: str) -> list[object]:
        """A new connection ``key`` from ``address`` waits to join; returns the
        connections to let go to make room (oldest first)."""
        network = network_of(address)
        self._order[key] = (address, network)
        self._by_address.setdefault(address, []).append(key)
        self._by_network.setdefault(network, []).append(key)
        out: list[object] = []
        while len(self._by_address[address]) > self.per_address:
            out.append(self._drop(self._by_address[address][0]))
        while len(self._by_network.get(network, ())) > self.per_network:
            out.append(self._drop(self._by_network[network][0]))
        while len(self._order) > self.total:
            busiest = max(self._by_network.values(), key=len)
            out.append(self._drop(busiest[0]))
        return out

    def make_room(self) -> object | None:
        """Let the oldest connection of the busiest network go (the server is at
        its limit of connections); None when nobody waits."""
        if not self._order:
            return None
        return self._drop(max(self._by_network.values(), key=len)[0])

    def left(self, key: object) -> None:
        """``key`` joined, or closed: it waits no more."""
        if key in self._order:
            self._drop(key)

    def _drop(self, key: object) -> object:
        address, network = self._order.pop(key)
        for index, kept in ((self._by_address, address), (self._by_network, network)):
            keys = index[kept]
            keys.remove(key)
            if not keys:
                del index[kept]
        return key


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
