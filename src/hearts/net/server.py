"""The table server: an aiohttp app holding network tables, one WebSocket per person.

A client opens ``/ws`` (or ``/t/TABLE/ws``, so a proxy can route tables to
machines by path), sends ``join`` with the table's code, and from then on
``act`` messages; the server answers with that seat's ``state`` after every
change (see :mod:`hearts.net.wire.messages` and ``docs/network.md``). Each table is
a :class:`~hearts.net.tables.table.NetTable` kept in a folder of its own under the
server's data folder, so a server killed at any moment and started again with
the same command carries every table on.

A client cannot hurt the others (:class:`Limits`): its messages are taken at a
steady rate (hints, which cost the shared computer players' workers, at a
slower one), what waits to be sent to it is bounded (only the latest state
matters; see :class:`~hearts.net.tables.table.Outbox`), a client that does not read
is dropped, it has :data:`Limits.join_seconds` to join whatever else it sends,
a web page of another site is refused, and wrong codes are slowed down and
logged. Connections are admitted by what they are, so that no stranger can
lock the others out: a join with a seat's token always gets in, watchers have
a budget of their own (a table's and an address's), and connections that have
not joined yet are capped by address, by network and in total, the oldest
giving way to a newcomer. A connection's life (waiting to join, seated,
watching, closed) is a :class:`~hearts.net.session.Session`. Everything the server
warns about goes to the ``hearts.net`` logger, one line each, never more
than one line every few seconds for the same cause.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import resource
import secrets
import socket
from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path

from aiohttp import web

from hearts.ai import Level, Player, make_player
from hearts.cards import Seat
from hearts.hand import HandRecord
from hearts.net.admission.addresses import is_loopback
from hearts.net.admission.forwarded import Network, forwarded_middleware
from hearts.net.admission.limits import (
    Guesses,
    Limits,
    Throttle,
    TokenBucket,
    Waiting,
    cross_origin,
    quiet_exception_handler,
)
from hearts.net.admission.pagebudget import PageBudget, page_budget_middleware
from hearts.net.clock import loop_clock
from hearts.net.session import MAX_BAD_MESSAGES, Session, Step
from hearts.net.tables import creator
from hearts.net.tables.outbox import Outbox
from hearts.net.tables.reviews import REVIEW_DEPTH, Reviews, review_message
from hearts.net.tables.table import NetTable, SeatHolder, TableConfig
from hearts.net.tables.thinking import Thinkers
from hearts.net.tables.watchers import MAX_WATCHERS
from hearts.net.wire import messages as msg
from hearts.net.wire.errors import ErrorCode

__all__ = ["MAX_BAD_MESSAGES", "Limits", "TableServer", "default_max_connections", "log"]

log = logging.getLogger("hearts.net")
"""Where the server's warnings go (the host's terminal shows them)."""

SEATS = 4
"""The most seats of a table (each person's connection is one)."""


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
        self.max_connections = (self.limits.max_connections
                                or default_max_connections(tables, self.limits.waiting_total))
        """The most connections at once: past it a new one takes the place of one that
        has not joined, and only when everyone has joined is it told ``server-full``."""
        self.local_only = False
        """Listening on this machine's own address: a web page may only reach it by
        that address (no other name that points here)."""
        self.pages_budget = PageBudget(self.limits.page_requests_per_second,
                                       self.limits.page_request_burst)
        """Each address's budget of plain HTTP requests (the web pages, their files)."""
        self.trusted_proxies: tuple[Network, ...] = ()
        """The proxies in front (``hearts host --trust-proxy``): from their addresses
        alone the client's address and scheme are read from the forwarded headers
        (:mod:`hearts.net.admission.forwarded`)."""
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
        self.thinkers: Thinkers | None = None
        """The computer players' decisions at every table, counted so that they
        think less when the processes that make them fall behind (None: never)."""
        self.sessions: dict[Outbox, Session] = {}
        """The connections' sessions, by their outboxes."""
        self.watching: collections.Counter[str] = collections.Counter()
        """How many watch from each address now, at all the tables."""
        self._aids: dict[tuple[str, Seat], TokenBucket] = {}
        self._reactions: dict[tuple[str, Seat], TokenBucket] = {}
        self._throttle = Throttle(clock=loop_clock)
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
        self._sessions_ended = 0
        self._tables_held = 0

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
            table.thinkers = self.thinkers
            self.notices.extend(table.start(loop))
        self._tables_held += len(self.tables)

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
        self.hold(table)
        return table

    def hold(self, table: NetTable) -> None:
        """Serve ``table`` (new, or opened again from its folder) and start it: the
        connections allowed grow with the tables held (unless a number was set)."""
        table.writer = self.writer
        table.thinkers = self.thinkers
        self.tables[table.id] = table
        self._tables_held += 1
        if self.limits.max_connections is None:
            self.max_connections = max(self.max_connections, default_max_connections(
                len(self.tables), self.limits.waiting_total))
        table.start(asyncio.get_running_loop())

    def find(self, code: str, table_id: str | None = None) -> NetTable | None:
        """The table whose code is ``code`` (compared in constant time)."""
        found = None
        wanted = code.encode(errors="surrogatepass")  # JSON may hold a lone surrogate
        for table in self.tables.values():
            if secrets.compare_digest(table.code.encode(), wanted) and \
                    (table_id is None or table.id == table_id):
                found = table
        return found

    def ended(self) -> int:
        """How many connections and tables have ended since the server started
        (what the server's collector asks: only what ends can leave its long-lived
        objects behind in cycles)."""
        return self._sessions_ended + self._tables_held - len(self.tables)

    def close(self) -> None:
        """Close every table (everything was saved as it happened)."""
        for table in self.tables.values():
            table.close()

    # --- the web app ----------------------------------------------------------------

    def app(self) -> web.Application:
        """The aiohttp app: ``/ws`` and ``/t/{table}/ws``; behind trusted proxies
        every request is first told who its client is; the pages and files are
        held to each address's budget (:attr:`pages_budget`)."""
        told = [forwarded_middleware(self.trusted_proxies)] if self.trusted_proxies else []
        app = web.Application(middlewares=[*told, page_budget_middleware(self.pages_budget)])
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

    def guessed_wrong(self, address: str) -> float:
        """A join or watch from ``address`` named no table: counted and told (within
        bounds); returns the seconds its refusal waits."""
        _count, delay = self.guesses.wrong(address)
        self._tell_guesses()
        return delay

    async def wrong_code(self, address: str) -> None:
        """A wrong code from ``address`` outside a connection (a page's link):
        counted, and answered after the address's delay."""
        await asyncio.sleep(self.guessed_wrong(address))

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
        session = Session(self, ws, outbox, request)
        self.sessions[outbox] = session
        for other in self.waiting.admit(outbox, session.address):
            self._let_go(other)
        sender = asyncio.create_task(self._send(ws, outbox, request))
        try:
            await session.run()
        except Exception as error:  # one line, and the tables go on
            self.warn(f"error {type(error).__name__}",
                      "A connection from %s ended on an error: %r", request.remote, error)
        finally:
            self._forget(session)
            try:
                await asyncio.wait_for(sender, self.limits.send_seconds + 5.0)
            except (TimeoutError, ConnectionError):
                sender.cancel()
            self._sending.pop(outbox, None)
        return ws

    def _forget(self, session: Session) -> None:
        """``session`` ended or was let go: it leaves every count at once."""
        outbox = session.outbox
        if self.sessions.pop(outbox, None) is None:
            return
        self._sessions_ended += 1
        self.connections.discard(session.ws)
        self.waiting.left(outbox)
        if session.watching:
            session.watching = False
            self.watching[session.address] -= 1
            if self.watching[session.address] <= 0:
                del self.watching[session.address]
        outbox.close()

    # --- what a session asks ---------------------------------------------------------

    def settled(self, session: Session) -> None:
        """``session`` joined a seat or began watching: it waits to join no more
        (bounded by the seats, or by the watchers' budgets, from now on)."""
        self.waiting.left(session.outbox)
        if session.step is Step.WATCHING:
            session.watching = True
            self.watching[session.address] += 1

    @property
    def watcher_budget(self) -> int:
        """The most watchers at all the tables together: what the connections
        leave once every seat is counted and room is kept for those joining."""
        seats = SEATS * len(self.tables)
        joining = min(self.limits.waiting_total, max(8, self.max_connections // 4))
        return max(0, self.max_connections - seats - joining)

    def may_watch(self, session: Session) -> str | None:
        """Why ``session`` may not watch one more table now, or None."""
        if self.watching[session.address] >= self.limits.watchers_per_address:
            return (f"at most {self.limits.watchers_per_address} people watch from one "
                    "address - stop watching another table first")
        if sum(self.watching.values()) >= self.watcher_budget:
            return "the server has as many watchers as it takes - try again later"
        return None

    def aids(self, table: NetTable, seat: Seat) -> TokenBucket:
        """The hints and reviews left to ``seat`` at ``table``: one budget a seat,
        which a new connection to the seat does not renew."""
        key = (table.id, seat)
        bucket = self._aids.get(key)
        if bucket is None:
            limits = self.limits
            bucket = self._aids[key] = TokenBucket(1.0 / limits.hint_seconds,
                                                   limits.hint_burst, loop_clock)
        return bucket

    def reactions(self, table: NetTable, seat: Seat) -> TokenBucket:
        """The reactions left to ``seat`` at ``table``: one budget a seat, which a
        new connection to the seat does not renew."""
        key = (table.id, seat)
        bucket = self._reactions.get(key)
        if bucket is None:
            limits = self.limits
            bucket = self._reactions[key] = TokenBucket(1.0 / limits.reaction_seconds,
                                                        limits.reaction_burst, loop_clock)
        return bucket

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
        """Close a connection that has not joined, to make room for a new one: it
        leaves every count now, whatever its handler is still doing."""
        session = self.sessions.get(key) if isinstance(key, Outbox) else None
        if session is None:
            return
        key = session.outbox
        session.gone.set()
        self.warn("waiting", "Too many connections waiting to join: let one go to make room")
        key.put(msg.ErrorMessage(ErrorCode.SERVER_FULL, "too many connections wait to join "
                                 "from your network - try again in a while"))
        key.let_go = True
        self._forget(session)

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
                for budgets in (self._aids, self._reactions):
                    for key in [key for key in budgets if key[0] not in self.tables]:
                        del budgets[key]  # a table closed and gone: its seats' budgets too
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

    def find_watch(self, code: str, table_id: str | None = None) -> NetTable | None:
        """The table whose watch code is ``code`` (compared in constant time)."""
        found = None
        for table in self.tables.values():
            if table.watchers.matches(code) and (table_id is None or table.id == table_id) \
                    and not table.closed:
                found = table
        return found

    def host_command(self, table: NetTable, holder: SeatHolder, outbox: Outbox,
                     command: msg.HostCommand) -> creator.Refusal | None:
        """The creator of ``table`` runs it (:mod:`hearts.net.tables.creator`): why not, or None."""
        return creator.run(self.tables, self.data_dir, table, holder, outbox, command)

    def review(self, table: NetTable, holder: SeatHolder, outbox: Outbox, number: int,
                record: HandRecord) -> None:
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


def default_max_connections(tables: int, waiting: int = Limits.waiting_total) -> int:
    """The most connections a server of ``tables`` tables takes: each table's
    seats and watchers, and ``waiting`` more joining, and never so many that the
    process runs out of open files (its limit, less what the tables' stores and
    the server itself need). When the files are short the watchers give way
    first (:attr:`TableServer.watcher_budget`): the seats are always counted."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = (SEATS + MAX_WATCHERS) * tables + waiting
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
