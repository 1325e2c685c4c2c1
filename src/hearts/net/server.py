"""The table server: an aiohttp app holding network tables, one WebSocket per person.

A client opens ``/ws`` (or ``/t/TABLE/ws``, so a proxy can route tables to
machines by path), sends ``join`` with the table's code, and from then on
``act`` messages; the server answers with that seat's ``state`` after every
change (see :mod:`hearts.net.messages` and ``docs/network.md``). Each table is
a :class:`~hearts.net.tables.NetTable` kept in a folder of its own under the
server's data folder, so a server killed at any moment and started again with
the same command carries every table on.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path

from aiohttp import WSMsgType, web

from hearts.ai import Level, Player, make_player
from hearts.net import messages as msg
from hearts.net.errors import ErrorCode
from hearts.net.tables import JoinRefused, NetTable, Outbox, SeatHolder, TableConfig

__all__ = ["MAX_BAD_MESSAGES", "TableServer"]

MAX_BAD_MESSAGES = 10
"""Bad messages (malformed, unknown, refused) a connection may send before it is closed."""

_JOIN_SECONDS = 30.0
"""How long a new connection has to send its ``join``."""

TABLES_KEY = web.AppKey("tables", object)


class TableServer:
    """The tables of one server process, and the aiohttp app that serves them."""

    def __init__(self, data_dir: Path, config: TableConfig, tables: int = 1,
                 executor: Executor | None = None,
                 factory: Callable[[Level, int], Player] = make_player,
                 codes: list[str] | None = None) -> None:
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
        self.tables: dict[str, NetTable] = {}
        """The tables by id."""
        self.notices: list[str] = []
        """What the stores said when the tables were opened."""

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
                                      delay_scale=self.config.delay_scale)
            except ValueError as error:
                self.notices.append(str(error))
                continue
            self.tables[table.id] = table
        number = 1
        while len(self.tables) < self.count:
            table_id = f"t{number}"
            number += 1
            if table_id in self.tables or (root / table_id).exists():
                continue
            code = self.codes[len(self.tables)] if self.codes and \
                len(self.codes) > len(self.tables) else None
            table = NetTable.create(table_id, root / table_id, self.config, self.executor,
                                    self.factory, code=code)
            self.tables[table.id] = table
        for table in self.tables.values():
            self.notices.extend(table.start(loop))

    def find(self, code: str, table_id: str | None = None) -> NetTable | None:
        """The table whose code is ``code`` (compared in constant time)."""
        found = None
        for table in self.tables.values():
            if secrets.compare_digest(table.code.encode(), code.encode()) and \
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
        app.on_startup.append(self._on_startup)
        app.on_shutdown.append(self._on_shutdown)
        return app

    async def _on_startup(self, app: web.Application) -> None:
        self.open_tables(asyncio.get_running_loop())

    async def _on_shutdown(self, app: web.Application) -> None:
        self.close()

    async def _socket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=msg.MAX_MESSAGE_BYTES, heartbeat=20.0)
        await ws.prepare(request)
        outbox = Outbox()
        sender = asyncio.create_task(self._send(ws, outbox))
        try:
            await self._serve(ws, outbox, request.match_info.get("table"))
        finally:
            outbox.close()
            try:
                await asyncio.wait_for(sender, 5.0)
            except (TimeoutError, ConnectionError):
                sender.cancel()
            if not ws.closed:
                await ws.close()
        return ws

    @staticmethod
    async def _send(ws: web.WebSocketResponse, outbox: Outbox) -> None:
        while True:
            text = await outbox.queue.get()
            if text is None:
                await ws.close()
                return
            try:
                await ws.send_str(text)
            except ConnectionError:
                return

    async def _serve(self, ws: web.WebSocketResponse, outbox: Outbox,
                     table_id: str | None) -> None:
        bad = 0
        table: NetTable | None = None
        holder: SeatHolder | None = None

        def refuse(code: ErrorCode, text: str) -> bool:
            """Say why; True when the connection is to close: that was one bad
            message too many, or the error closes it."""
            nonlocal bad
            bad += 1
            outbox.put(msg.error_message(code, text))
            if code.closes:
                return True
            if bad >= MAX_BAD_MESSAGES:
                outbox.put(msg.error_message(ErrorCode.TOO_MANY_BAD,
                                             "too many bad messages - closing"))
                return True
            return False

        try:
            while True:
                timeout = _JOIN_SECONDS if holder is None else None
                try:
                    frame = await ws.receive(timeout=timeout)
                except TimeoutError:
                    outbox.put(msg.error_message(ErrorCode.JOIN_TIMEOUT,
                                                 "no join in time - closing"))
                    return
                if frame.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                    return
                if frame.type == WSMsgType.ERROR:
                    # too big, most often: aiohttp closes the connection itself
                    outbox.put(msg.error_message(ErrorCode.TOO_BIG,
                                                 f"connection error: {ws.exception()}"))
                    return
                if frame.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    continue
                try:
                    message = msg.read_client(frame.data)
                except msg.MessageError as error:
                    if refuse(error.code, str(error)):
                        return
                    continue
                if isinstance(message, msg.Join):
                    if holder is not None:
                        if refuse(ErrorCode.ALREADY_JOINED, "already seated: send act or leave"):
                            return
                        continue
                    table = self.find(message.code, table_id)
                    if table is None or table.closed:
                        if refuse(ErrorCode.BAD_CODE, "no table has that code"):
                            return
                        continue
                    try:
                        holder = table.join(message.name, message.token, outbox)
                    except JoinRefused as error:
                        if refuse(error.code, str(error)):
                            return
                        continue
                elif table is None or holder is None:
                    if refuse(ErrorCode.NOT_JOINED, "send join first"):
                        return
                elif holder.outbox is not outbox:
                    outbox.put(msg.error_message(ErrorCode.REPLACED, "this seat is played "
                                                 "from another connection now"))
                    return
                elif isinstance(message, msg.Leave):
                    table.leave(holder)
                    holder = None
                    return
                else:
                    table.act(holder, message)
        finally:
            if table is not None and holder is not None:
                table.dropped(holder, outbox)
