"""The table server: an aiohttp app holding network tables, one WebSocket per person.

A client opens ``/ws`` (or ``/t/TABLE/ws``, so a proxy can route tables to
machines by path), sends ``join`` with the table's code, and from then on
``act`` messages; the server answers with that seat's ``state`` after every
change (see :mod:`hearts.net.messages` and ``docs/network.md``). Each table is
a :class:`~hearts.net.tables.NetTable` kept in a folder of its own under the
server's data folder, so a server killed at any moment and started again with
the same command carries every table on.

A client cannot hurt the others (:class:`Limits`): its messages are taken at a
steady rate (hints, which cost the shared computer players' workers, at a
slower one), what waits to be sent to it is bounded (only the latest state
matters; see :class:`~hearts.net.tables.Outbox`), a client that does not read
is dropped, it has :data:`Limits.join_seconds` to join whatever else it sends,
the server takes only so many connections, a web page of another site is
refused, and wrong codes are slowed down and logged. Everything the server
warns about goes to the ``hearts.net`` logger, one line each, never more
than one line every few seconds for the same cause.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
import secrets
import socket
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from hearts.ai import Level, Player, make_player
from hearts.net import creator
from hearts.net import messages as msg
from hearts.net.addresses import is_loopback
from hearts.net.clock import loop_clock
from hearts.net.errors import ErrorCode
from hearts.net.limits import (
    Guesses,
    Throttle,
    TokenBucket,
    Waiting,
    cross_origin,
    quiet_exception_handler,
)
from hearts.net.outbox import Outbox
from hearts.net.reviews import REVIEW_DEPTH, Reviews, review_message
from hearts.net.tables import JoinRefused, NetTable, SeatHolder, TableConfig
from hearts.net.watchers import WatchRefused
from hearts.table import Notice, NoticeKind, Say
from hearts.table import events as ev
from hearts.view import Phase
from hearts.web.cookies import seat_token

__all__ = ["MAX_BAD_MESSAGES", "Limits", "TableServer", "default_max_connections", "log"]

log = logging.getLogger("hearts.net")
"""Where the server's warnings go (the host's terminal shows them)."""

MAX_BAD_MESSAGES = 10
"""Bad messages (malformed, unknown, refused) a connection may send before it is closed."""

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
    """The most connections at once (None: from the tables and the open files allowed)."""
    waiting_per_address: int = 8
    """The most connections not yet joined from one address (past it, its oldest goes)."""
    waiting_per_network: int = 32
    """The most connections not yet joined from one network (a /24, an IPv6 /64)."""
    waiting_total: int = 256
    """The most connections not yet joined in all (past it, the oldest of the
    busiest network goes). Joined connections are bounded by the seats."""
    send_buffer: int = 128 * 1024
    """The operating system's send buffer of each connection, in bytes (a state is a
    few kilobytes): with the outbox, all that waits for one client."""


class TableServer:
    """The tables of one server process, and the aiohttp app that serves them."""

    def __init__(self, data_dir: Path, config: TableConfig, tables: int = 1,
                 executor: Executor | None = None,
                 factory: Callable[[Level, int], Player] = make_player,
                 codes: list[str] | None = None, limits: Limits | None = None) -> None:
        self.data_dir = data_dir
        """Where every table's folder is (``tables/ID``)."""
        self.config = config
        """How new tables are set up."""
        self.count = tables
        """How many tables to hold."""
        self.executor = executor
        """Where computer players think."""
        self.factory = factory
        """Makes a computer player (tests pass a quick one)."""
        self.codes = codes
        """Join codes to give new tables (else random ones)."""
        self.prefix = ""
        """What new tables' ids begin with (a worker's name behind a proxy: ``w2-``)."""
        self.limits = limits or Limits()
        """How much one connection may ask."""
        self.max_connections = self.limits.max_connections or default_max_connections(tables)
        """The most connections at once; one more is told ``server-full``."""
        self.local_only = False
        """Listening on this machine's own address: a web page may only reach it by
        that address (no other name that points here)."""
        self.tables: dict[str, NetTable] = {}
        """The tables by id."""
        self.notices: list[str] = []
        """What the stores said when the tables were opened."""
        self.connections: set[web.WebSocketResponse] = set()
        """The WebSocket connections open now."""
        self.guesses = Guesses(clock=loop_clock)
        """Wrong codes by address, network and in total."""
        self.waiting = Waiting(self.limits.waiting_per_address, self.limits.waiting_per_network,
                               self.limits.waiting_total)
        """The connections that have not joined yet."""
        self.writer: Executor | None = None
        """Where the tables write (None: the threads the tables share)."""
        self._waiting: dict[Outbox, web.WebSocketResponse] = {}
        self._throttle = Throttle()
        self._sending: dict[Outbox, tuple[float, web.Request]] = {}
        """The connections in the middle of a send: since when, and the request."""
        self._watcher: asyncio.Task[None] | None = None
        self.reviews: dict[str, Reviews] = {}
        """Each table's reviews, made and kept."""
        self.review_depth = REVIEW_DEPTH
        """Deals each figure of a review is measured on."""
        self._reviewing: set[asyncio.Task[None]] = set()
        self.extensions: list[Callable[[web.Application], None]] = []
        """What adds more to the app (the web table's pages, with ``--serve``)."""

    # --- tables -------------------------------------------------------------------

    def open_tables(self, loop: asyncio.AbstractEventLoop) -> None:
        """Carry on every table kept in the data folder, make new ones up to the
        count, and start them."""
        root = self.data_dir / "tables"
        root.mkdir(parents=True, exist_ok=True)
        for folder in sorted(p for p in root.iterdir() if p.is_dir()):
            if len(self.tables) >= self.count:
                break
            try:
                table = NetTable.load(folder, self.executor, self.factory,
                                      grace=self.config.grace,
                                      delay_scale=self.config.delay_scale,
                                      people=self.config.people)
            except ValueError as error:
                self.notices.append(str(error))
                continue
            self.tables[table.id] = table
        number = 1
        while len(self.tables) < self.count:
            table_id = f"{self.prefix}t{number}"
            number += 1
            if table_id in self.tables or (root / table_id).exists():
                continue
            code = self.codes[len(self.tables)] if self.codes and \
                len(self.codes) > len(self.tables) else None
            table = NetTable.create(table_id, root / table_id, self.config, self.executor,
                                    self.factory, code=code)
            self.tables[table.id] = table
        for table in self.tables.values():
            table.writer = self.writer
            self.notices.extend(table.start(loop))

    def new_table(self, config: TableConfig, root: Path, kind: str = "b",
                  seed: int | None = None, creator: str | None = None) -> NetTable:
        """A new table on this server, kept in ``root`` and started: its id is the
        server's :attr:`prefix` (so a proxy routes it here), ``kind`` and random
        letters; with ``creator``, that person holds its first seat
        (:meth:`NetTable.create`)."""
        while True:
            table_id = f"{self.prefix}{kind}{secrets.token_urlsafe(9).replace('-', 'x')}"
            if table_id not in self.tables and not (root / table_id).exists():
                break
        table = NetTable.create(table_id, root / table_id, config, self.executor,
                                self.factory, seed=seed, creator=creator)
        table.writer = self.writer
        self.tables[table.id] = table
        table.start(asyncio.get_running_loop())
        return table

    def find(self, code: str, table_id: str | None = None) -> NetTable | None:
        """The table whose code is ``code`` (compared in constant time)."""
        found = None
        wanted = code.encode(errors="surrogatepass")  # JSON may hold a lone surrogate
        for table in self.tables.values():
            if secrets.compare_digest(table.code.encode(), wanted) and \
                    (table_id is None or table.id == table_id):
                found = table
        return found

    def close(self) -> None:
        """Close every table (everything was saved as it happened)."""
        for table in self.tables.values():
            table.close()

    # --- the web app ----------------------------------------------------------------

    def app(self) -> web.Application:
        """The aiohttp app: ``/ws`` and ``/t/{table}/ws``."""
        app = web.Application()
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/t/{table}/ws", self._socket)
        for extend in self.extensions:
            extend(app)
        app.on_startup.append(self._on_startup)
        app.on_shutdown.append(self._on_shutdown)
        return app

    def runner(self) -> web.AppRunner:
        """An aiohttp runner of :meth:`app` with the server's timeouts (the
        headers within :attr:`Limits.header_seconds`); serve it with a site."""
        return web.AppRunner(self.app(), handle_signals=False, access_log=None,
                             keepalive_timeout=self.limits.header_seconds,
                             shutdown_timeout=2.0)

    async def _on_startup(self, app: web.Application) -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(quiet_exception_handler(log, self._throttle))
        self._watcher = asyncio.create_task(self._watch())
        self.open_tables(loop)

    async def _on_shutdown(self, app: web.Application) -> None:
        if self._watcher is not None:
            self._watcher.cancel()
        for task in self._reviewing:
            task.cancel()
        self.close()

    async def _wrong_code(self, address: str) -> None:
        """A join or watch from ``address`` named no table: counted, told (within
        bounds) and answered only after the address's delay."""
        _count, delay = self.guesses.wrong(address)
        self._tell_guesses()
        await asyncio.sleep(delay)

    def _tell_guesses(self) -> None:
        """One line for the wrong codes, at most every few seconds whatever their
        number or addresses: how many, from how many addresses, the most from one."""
        if not self.guesses.recent or self._throttle.allow("code") is None:
            return
        recent = self.guesses.told()
        worst = max(recent, key=lambda address: recent[address])
        total = sum(recent.values())
        if len(recent) == 1:
            log.warning("Wrong table code from %s (%d so far)", worst,
                        self.guesses.count(worst))
        else:
            log.warning("Wrong table codes: %d from %d addresses (%d so far from %s)",
                        total, len(recent), self.guesses.count(worst), worst)

    def warn(self, key: str, text: str, *args: object) -> None:
        """Log a one-line warning, at most one every few seconds for ``key``."""
        held = self._throttle.allow(key)
        if held is not None:
            log.warning(text + (f" ({held} more like it not shown)" if held else ""), *args)

    def _refusal(self, request: web.Request) -> str | None:
        """Why a connection is refused before it is opened, or None."""
        if cross_origin(request.headers, request.url) or (
                self.local_only and "Origin" in request.headers
                and not is_loopback(request.url.host or "")):
            return "The tables take no connection from a web page: use hearts join."
        return None

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        refusal = self._refusal(request)
        if refusal:
            self.warn("origin", "Refused a connection from a web page of another site "
                      "(%s, from %s)", request.headers.get("Origin"), request.remote)
            raise web.HTTPForbidden(text=refusal)
        # No permessage-deflate: a message is a few hundred bytes, and a compressor
        # would cost each connection over 100 KiB and every frame its CPU.
        ws = web.WebSocketResponse(max_msg_size=msg.MAX_MESSAGE_BYTES,
                                   heartbeat=msg.HEARTBEAT_SECONDS, compress=False)
        try:
            await ws.prepare(request)
        except ConnectionError:  # the client went before the answer: nothing to say
            return web.Response(status=400)
        if len(self.connections) >= self.max_connections:
            room = self.waiting.make_room()  # a connection that has not joined gives way
            if room is None:
                self.warn("full", "The server is full (%d connections): refused one from %s",
                          len(self.connections), request.remote)
                await _refuse_now(ws, ErrorCode.SERVER_FULL,
                                  "the server is full - try again in a while")
                return ws
            self._let_go(room)
        self.connections.add(ws)
        sock = None if request.transport is None else request.transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.send_buffer)
        outbox = Outbox()
        outbox.sink = _write_now(ws, request.transport)
        self._waiting[outbox] = ws
        for other in self.waiting.admit(outbox, request.remote or "?"):
            self._let_go(other)
        sender = asyncio.create_task(self._send(ws, outbox, request))
        try:
            await self._serve(ws, outbox, request)
        except Exception as error:  # one line, and the tables go on
            self.warn(f"error {type(error).__name__}",
                      "A connection from %s ended on an error: %r", request.remote, error)
        finally:
            self.connections.discard(ws)
            self.waiting.left(outbox)
            self._waiting.pop(outbox, None)
            outbox.close()
            try:
                await asyncio.wait_for(sender, self.limits.send_seconds + 5.0)
            except (TimeoutError, ConnectionError):
                sender.cancel()
            self._sending.pop(outbox, None)
        return ws

    async def _send(self, ws: web.WebSocketResponse, outbox: Outbox,
                    request: web.Request) -> None:
        """Send what the outbox holds, in order; a client that does not read is
        dropped (by :meth:`_watch`, when a send waits too long), with a line in the log."""
        loop = asyncio.get_running_loop()
        try:
            while (text := await outbox.get()) is not None:
                self._sending[outbox] = (loop.time(), request)
                try:
                    await ws.send_str(text)
                finally:
                    self._sending.pop(outbox, None)
        except ConnectionError:
            return
        if outbox.too_slow:
            self.warn("slow", "Dropped the connection from %s: it does not read what the "
                      "table sends", request.remote)
        if (outbox.too_slow or outbox.let_go) and request.transport is not None:
            request.transport.abort()  # its unsent bytes would keep the socket open
        else:
            with contextlib.suppress(TimeoutError, ConnectionError):
                await asyncio.wait_for(ws.close(), 2.0)

    def _let_go(self, key: object) -> None:
        """Close a connection that has not joined, to make room for a new one."""
        if not isinstance(key, Outbox):
            return
        self._waiting.pop(key, None)
        self.warn("waiting", "Too many connections waiting to join: let one go to make room")
        key.put(msg.ErrorMessage(ErrorCode.SERVER_FULL, "too many connections wait to join "
                                 "from your network - try again in a while"))
        key.let_go = True
        key.close()

    async def _watch(self) -> None:
        """Drop every connection whose send has waited longer than the limit: its
        client does not read (a send waits only when the network's buffers are full)."""
        loop = asyncio.get_running_loop()
        every = min(1.0, self.limits.send_seconds / 4)
        pruned = loop.time()
        while True:
            await asyncio.sleep(every)
            now = loop.time()
            if now - pruned > 60.0:
                self.guesses.prune()
                pruned = now
            self._tell_guesses()
            for outbox, (since, request) in list(self._sending.items()):
                if now - since > self.limits.send_seconds:
                    self._sending.pop(outbox, None)
                    outbox.stalled()
                    self.warn("slow", "Dropped the connection from %s: it does not read "
                              "what the table sends", request.remote)
                    if request.transport is not None:
                        request.transport.abort()

    async def _serve(self, ws: web.WebSocketResponse, outbox: Outbox,
                     request: web.Request) -> None:
        limits = self.limits
        table_id = request.match_info.get("table")
        address = request.remote or "?"
        bad = 0
        table: NetTable | None = None
        holder: SeatHolder | None = None
        watched: NetTable | None = None
        """The table this connection watches, if it is a watcher's."""
        messages = TokenBucket(limits.messages_per_second, limits.message_burst, loop_clock)
        hints = TokenBucket(1.0 / limits.hint_seconds, limits.hint_burst, loop_clock)
        patience = TokenBucket(limits.patience_per_second, limits.patience, loop_clock)
        deadline = asyncio.get_running_loop().time() + limits.join_seconds

        def refuse(code: ErrorCode, text: str) -> bool:
            """Say why; True when the connection is to close: that was one bad
            message too many, or the error closes it."""
            nonlocal bad
            bad += 1
            outbox.put(msg.ErrorMessage(code, text))
            if code.closes:
                return True
            if bad >= MAX_BAD_MESSAGES:
                outbox.put(msg.ErrorMessage(ErrorCode.TOO_MANY_BAD,
                                             "too many bad messages - closing"))
                return True
            return False

        def too_fast(text: str) -> bool:
            """A message refused for its rate; True when the connection is to close."""
            if patience.take():
                outbox.put(msg.ErrorMessage(ErrorCode.RATE_LIMITED, text))
                return False
            self.warn("flood", "Closed the connection from %s: it kept sending too fast",
                      address)
            outbox.put(msg.ErrorMessage(ErrorCode.TOO_MANY_BAD,
                                         "too many messages too fast - closing"))
            return True

        try:
            while True:
                try:
                    if holder is None and watched is None:  # the deadline holds meanwhile
                        async with asyncio.timeout_at(deadline):
                            frame = await ws.receive()
                    else:
                        frame = await ws.receive()
                except TimeoutError:
                    outbox.put(msg.ErrorMessage(ErrorCode.JOIN_TIMEOUT,
                                                 "no join in time - closing"))
                    return
                if frame.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                    return
                if frame.type == WSMsgType.ERROR:
                    # too big, most often: aiohttp closes the connection itself
                    outbox.put(msg.ErrorMessage(ErrorCode.TOO_BIG,
                                                 f"connection error: {ws.exception()}"))
                    return
                if frame.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    continue
                if not messages.take():
                    if too_fast(f"too many messages: at most {limits.messages_per_second:g} "
                                "a second - this one was not taken"):
                        return
                    continue
                try:
                    message = msg.read_client(frame.data, None if holder is None
                                              else holder.seat)
                except msg.MessageError as error:
                    if watched is not None and error.code is ErrorCode.NOT_JOINED:
                        # a command from a watcher, who has no seat to act from
                        error = msg.MessageError("watchers cannot act", ErrorCode.WATCHING)
                    if refuse(error.code, str(error)):
                        return
                    continue
                if isinstance(message, msg.Join):
                    if holder is not None:
                        if refuse(ErrorCode.ALREADY_JOINED, "already seated: send a command "
                                  "or leave"):
                            return
                        continue
                    table = self.find(message.code, table_id)
                    if table is None or table.closed:
                        table = None
                        await self._wrong_code(address)
                        if refuse(ErrorCode.BAD_CODE, "no table has that code"):
                            return
                        continue
                    if message.token is not None and not message.token.isascii():
                        # no token is (they are URL-safe base64), and a lone surrogate
                        # from JSON could not even be compared
                        if refuse(ErrorCode.BAD_TOKEN, "that token is not for a seat at "
                                  "this table"):
                            return
                        continue
                    outbox.resume = message.resume  # what the client holds already
                    token = message.token
                    if token is None and table_id is not None:
                        # a web page's seat: its token is in the table's cookie
                        token = seat_token(request.cookies)
                    try:
                        holder = table.join(message.name, token, outbox)
                    except JoinRefused as error:
                        if refuse(error.code, str(error)):
                            return
                        continue
                    self.waiting.left(outbox)  # seated: bounded by the seats from now on
                    self._waiting.pop(outbox, None)
                elif isinstance(message, msg.Watch):
                    if holder is not None or watched is not None:
                        if refuse(ErrorCode.ALREADY_JOINED, "already at this table"):
                            return
                        continue
                    found = self.find_watch(message.code, table_id)
                    if found is None:
                        await self._wrong_code(address)
                        if refuse(ErrorCode.BAD_CODE, "no table has that code"):
                            return
                        continue
                    try:
                        watch(found, message.name, outbox)
                    except WatchRefused as error:
                        if refuse(error.code, str(error)):
                            return
                        continue
                    watched = found
                    self.waiting.left(outbox)  # watching: bounded by the table's watchers
                    self._waiting.pop(outbox, None)
                elif watched is not None:
                    if isinstance(message, msg.Leave):
                        return
                    if isinstance(message, msg.Sync):
                        watched.watchers.last = None
                        watched.redraw()
                    elif refuse(ErrorCode.WATCHING, "watchers cannot act"):
                        return
                elif table is None or holder is None:
                    if refuse(ErrorCode.NOT_JOINED, "send join first"):
                        return
                elif holder.outbox is not outbox:
                    outbox.put(msg.ErrorMessage(ErrorCode.REPLACED, "this seat is played "
                                                "from another connection now"))
                    return
                elif isinstance(message, msg.Leave):
                    table.leave(holder)
                    holder = None
                    return
                elif isinstance(message, msg.Sync):
                    table.sync(holder)
                elif isinstance(message, msg.AskReview):
                    # a review costs the shared workers, as a hint does
                    if not hints.take():
                        if too_fast(f"one review or hint every {limits.hint_seconds:g} "
                                    "seconds - this one was not taken"):
                            return
                        continue
                    record = finished_hand(table, message.hand)
                    if record is None:
                        if refuse(ErrorCode.BAD_MESSAGE, "no such hand of this match is "
                                  "over: only a finished hand is reviewed"):
                            return
                        continue
                    self._review(table, holder, outbox, *record)
                elif isinstance(message, msg.HostCommand):
                    refusal = creator.run(self.tables, self.data_dir, table, holder, outbox,
                                          message)
                    if refusal is not None and refuse(*refusal):
                        return
                elif isinstance(message, ev.AskHint) and not hints.take():
                    if too_fast(f"one hint every {limits.hint_seconds:g} seconds - "
                                "this one was not taken"):
                        return
                else:
                    table.act(holder, message)
        finally:
            if table is not None:
                # Whatever ended the connection (an error out of the table too), the
                # seat it held is shown away and waits: never a ghost seat.
                for seat in list(table.holders.values()):
                    if seat.outbox is outbox:
                        table.dropped(seat, outbox)
            if watched is not None:
                watched.watchers.remove(outbox)
                watched.redraw()  # the players see who watches

    def find_watch(self, code: str, table_id: str | None = None) -> NetTable | None:
        """The table whose watch code is ``code`` (compared in constant time)."""
        found = None
        for table in self.tables.values():
            if table.watchers.matches(code) and (table_id is None or table.id == table_id) \
                    and not table.closed:
                found = table
        return found

    def _review(self, table: NetTable, holder: SeatHolder, outbox: Outbox, number: int,
                record: dict[str, Any]) -> None:
        """Make the review of ``holder``'s decisions in hand ``number`` in the
        executor (one at a time a table), and send it when it is made."""
        reviews = self.reviews.get(table.id)
        if reviews is None:
            reviews = self.reviews[table.id] = Reviews(self.executor, self.review_depth)
        seat = msg.seat_name(holder.seat)

        async def review() -> None:
            try:
                document = await reviews.document(record, seat)
            except Exception as error:  # one line, and the table goes on
                self.warn(f"review {type(error).__name__}", "A review failed: %r", error)
                outbox.put(msg.ErrorMessage(ErrorCode.BAD_MESSAGE,
                                            f"the review could not be made: {error}"))
                return
            outbox.put(review_message(number, seat, document, record))

        task = asyncio.get_running_loop().create_task(review())
        self._reviewing.add(task)
        task.add_done_callback(self._reviewing.discard)


def finished_hand(table: NetTable, number: int | None) -> tuple[int, dict[str, Any]] | None:
    """Hand ``number`` of ``table``'s match (the last finished by default) and its
    record, if it is over."""
    hands = table.table.match.hands
    finished = [i for i, hand in enumerate(hands, 1) if hand.phase is Phase.OVER]
    if not finished:
        return None
    wanted = finished[-1] if number is None else number
    if not 1 <= wanted <= len(hands) or hands[wanted - 1].phase is not Phase.OVER:
        return None
    return wanted, hands[wanted - 1].record()


def watch(table: NetTable, name: str, outbox: Outbox) -> None:
    """Let ``name`` watch ``table`` through ``outbox``: welcome them, send the public
    state, and tell the players (:class:`WatchRefused` if the table takes no more)."""
    table.watchers.add(name, outbox)
    outbox.put(msg.Welcome("watch", None, None, table.id, table.epoch))
    table.watchers.last = None
    table.redraw()
    table.tell(Say(Notice(NoticeKind.WATCHING, name=name)))


def default_max_connections(tables: int) -> int:
    """The most connections a server of ``tables`` tables takes: eight a table
    (four people, and some still joining or coming back), and never so many
    that the process runs out of open files (its limit, less what the tables'
    stores and the server itself need)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 8 * tables + 32
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(16, min(wanted, soft - 64 - 4 * tables))


def _write_now(ws: web.WebSocketResponse, transport: asyncio.BaseTransport | None
               ) -> Callable[[str], bool] | None:
    """What writes a text frame to ``ws`` at once, when it can go without waiting:
    the socket's buffer has room for it and the frame is not compressed (a
    compressed one may be made on another thread). None without a transport."""
    if not isinstance(transport, asyncio.WriteTransport):
        return None
    high = transport.get_write_buffer_limits()[1]

    def write(text: str) -> bool:
        if ws.compress or ws.closed or transport.is_closing() \
                or transport.get_write_buffer_size() + len(text) + 16 > high:
            return False
        sending = ws.send_str(text)
        try:
            sending.send(None)
        except StopIteration:
            return True  # written: the frame never waits in that case
        except (ConnectionError, RuntimeError):
            return False  # the sender meets the same and ends the connection
        # Only a full buffer makes an uncompressed frame wait, after writing it,
        # and there was room: not expected, but the frame went all the same.
        sending.close()
        return True
    return write


async def _refuse_now(ws: web.WebSocketResponse, code: ErrorCode, text: str) -> None:
    """Tell a connection why it is refused, and close it."""
    with contextlib.suppress(TimeoutError, ConnectionError):
        await asyncio.wait_for(ws.send_str(msg.server_text(msg.ErrorMessage(code, text))), 2.0)
        await asyncio.wait_for(ws.close(), 2.0)
