"""A client's side of a network table: connect, join, reconnect by itself.

:class:`Connection` keeps one WebSocket to the table server. It joins with
the table's code, remembers the seat's token from ``welcome``, keeps the
seat's state (applying each ``change`` to it, asking for the whole state with
``sync`` when one was missed), hands every message to a callback with each
state whole, and when the connection drops it connects again with a growing
pause (backoff), takes the same seat back with the token and asks only for
what it missed (``resume``). With a
:class:`~hearts.net.wire.seats.SeatTokens` the token outlives the process: the same
command run again takes the same seat back (a kept token the table no longer
knows is forgotten, and the person joins afresh). A refusal that another try
cannot mend (a wrong code, a full table) ends it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Callable
from typing import Any

import aiohttp

from hearts.net.wire import messages as msg
from hearts.net.wire.errors import ErrorCode
from hearts.net.wire.seats import SeatTokens

__all__ = ["SEAT_PATIENCE", "Connection", "error_code", "table_url"]

SEAT_PATIENCE = 25.0
"""How long a client keeps asking for its seat while the server says another
connection plays it (an old one of its own may not be seen gone yet)."""


def error_code(message: msg.ServerMessage | None) -> ErrorCode | None:
    """The code of an ``error`` message (None for any other message, or a code
    this client does not know)."""
    return message.code if isinstance(message, msg.ErrorMessage) else None


def _why(error: BaseException) -> str:
    """What went wrong connecting, in a few words ("connection refused")."""
    if isinstance(error, aiohttp.WSServerHandshakeError):
        return f"the address answers, but not as a Hearts table (HTTP {error.status})"
    if isinstance(error, aiohttp.ClientConnectorError):
        error = error.os_error
    if isinstance(error, OSError) and error.errno:
        text = os.strerror(error.errno)  # "Connection refused", not asyncio's own words
        return text[:1].lower() + text[1:]
    return str(error) or type(error).__name__


def table_url(address: str) -> str:
    """The WebSocket address of a server given as ``HOST:PORT``, a URL, or ``ws://...``."""
    text = address.strip()
    if text.startswith(("ws://", "wss://")):
        base = text
    elif text.startswith(("http://", "https://")):
        base = "ws" + text[4:]
    else:
        base = "ws://" + text
    if base.rstrip("/").endswith("/ws"):
        return base.rstrip("/")
    return base.rstrip("/") + "/ws"


class Connection:
    """One person's connection to a table, kept alive until :meth:`stop` or a fatal refusal."""

    def __init__(self, url: str, code: str, name: str,
                 on_message: Callable[[msg.ServerMessage], None], token: str | None = None,
                 first_pause: float = 0.25, longest_pause: float = 2.0,
                 tries: int | None = None, tokens: SeatTokens | None = None,
                 on_trouble: Callable[[int, str], None] | None = None) -> None:
        self.url = url
        """The server's WebSocket address."""
        self.code = code
        """The table's join code."""
        self.name = name
        """The person's name."""
        self.tokens = tokens
        """Where the seat's token is kept between runs, if anywhere."""
        if token is None and tokens is not None:
            token = tokens.get(url, code)
        self.token = token
        """The seat's token once welcomed (sent again on reconnecting)."""
        self._welcomed = False
        self.on_message = on_message
        """Called with every message the server sends, in order; a ``change`` is
        handed on as the ``state`` it makes."""
        self.epoch: str | None = None
        """The run of the table the state below belongs to."""
        self.seq = -1
        """The number of the state held."""
        self.state: dict[str, Any] | None = None
        """The seat's state as JSON, as the server last made it."""
        self.first_pause = first_pause
        self.longest_pause = longest_pause
        self.tries = tries
        """Connection attempts in a row before giving up (None: never give up)."""
        self.connected = asyncio.Event()
        """Set while a connection is open and joined."""
        self.ended: str | None = None
        """Why the connection ended for good, once it has."""
        self.refusal: ErrorCode | None = None
        """The code of the server's refusal that ended it, if one did."""
        self.reconnects = 0
        """How many times the connection was made again after a drop."""
        self.on_trouble = on_trouble
        """Called after every attempt that failed to join: the attempts failed in a
        row so far, and why the last one did (for a person to read)."""
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._busy_since: float | None = None
        self._stopping = False
        self._stopped = asyncio.Event()

    async def send(self, message: msg.ClientMessage) -> bool:
        """Send ``message`` now; False when not connected (the command is lost, as a
        key pressed while the line is down)."""
        return await self.send_json(msg.client_json(message))

    async def send_json(self, message: dict[str, Any]) -> bool:
        """Send a message already made as JSON values (the tests send odd ones)."""
        ws = self._ws
        if ws is None or ws.closed or not self.connected.is_set():
            return False
        try:
            await ws.send_str(msg.encode(message))
        except (ConnectionError, aiohttp.ClientError):
            return False
        return True

    async def leave(self) -> None:
        """Give the seat up for good, and stop."""
        await self.send(msg.Leave())
        if self.tokens is not None:
            self.tokens.forget(self.url, self.code)
        await self.stop()

    async def stop(self) -> None:
        """Close the connection and do not come back."""
        self._stopping = True
        self._stopped.set()
        ws = self._ws
        if ws is not None and not ws.closed:
            await ws.close()

    def _seat_busy(self, data: msg.ServerMessage) -> bool:
        """True when the seat is played from another connection (``seat-taken``),
        for a while: an old connection of this person's that the server has not
        seen drop yet gives way within :data:`SEAT_PATIENCE`; past it, the refusal
        ends the connection like any other (the seat is open in another window)."""
        if error_code(data) is not ErrorCode.SEAT_TAKEN:
            self._busy_since = None
            return False
        now = time.monotonic()
        if self._busy_since is None:
            self._busy_since = now
        return now - self._busy_since < SEAT_PATIENCE

    def _stale_token(self, data: msg.ServerMessage) -> bool:
        """True (and the kept token forgotten) when the server refuses a token this
        process never used: one kept from an earlier run, for a seat given up since."""
        if self._welcomed or self.tokens is None or error_code(data) is not ErrorCode.BAD_TOKEN:
            return False
        self.tokens.forget(self.url, self.code)
        self.token = None
        return True

    async def run(self) -> str:
        """Connect, join and read until stopped or refused; returns why it ended."""
        failures = 0
        trouble = "connection closed"
        async with aiohttp.ClientSession() as session:
            while not self._stopping:
                joined = False
                try:
                    async with session.ws_connect(self.url, heartbeat=msg.HEARTBEAT_SECONDS) as ws:
                        self._ws = ws
                        await ws.send_str(msg.encode(msg.client_json(msg.Join(
                            self.code, self.name, self.token, self._resume()))))
                        async for frame in ws:
                            if frame.type is not aiohttp.WSMsgType.TEXT:
                                continue
                            try:
                                data = msg.read_server(frame.data)
                            except ValueError:
                                continue
                            if data is None:
                                continue  # a message of a newer server
                            if isinstance(data, (msg.StateMessage, msg.ChangeMessage)):
                                data = await self._take_state(ws, data)
                                if data is None:
                                    continue
                            elif isinstance(data, msg.Welcome):
                                self.token = data.token
                                if data.epoch != self.epoch:
                                    self.epoch, self.seq, self.state = data.epoch, -1, None
                                joined = self._welcomed = True
                                failures = 0
                                if self.tokens is not None and self.token is not None:
                                    self.tokens.keep(self.url, self.code, self.token)
                                self.connected.set()
                            elif self._stale_token(data):
                                break  # join again at once, as a newcomer
                            elif self._seat_busy(data):
                                trouble = "your seat is open in another window"
                                self.on_message(data)
                                break  # try again: that window may have just closed
                            elif (code := error_code(data)) is not None and (
                                    code.fatal or code is ErrorCode.BAD_TOKEN):
                                assert isinstance(data, msg.ErrorMessage)
                                self.ended = data.message
                                self.refusal = code
                                self._stopping = True
                            self.on_message(data)
                            if self._stopping:
                                break
                except (aiohttp.ClientError, ConnectionError, OSError) as error:
                    trouble = f"cannot reach the table: {_why(error)}"
                else:
                    if joined:
                        trouble = "the connection to the table was lost"
                    elif self._busy_since is None:
                        trouble = "the table closed the connection"
                finally:
                    self.connected.clear()
                    self._ws = None
                if self._stopping:
                    break
                failures = 0 if joined else failures + 1
                if self.on_trouble is not None:
                    self.on_trouble(failures, trouble)
                if self.tries is not None and failures >= self.tries:
                    break
                pause = min(self.longest_pause, self.first_pause * 2 ** min(failures, 10))
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stopped.wait(), pause)
                self.reconnects += 1
        if self.ended is None:
            self.ended = "left the table" if self._stopping else trouble
        return self.ended

    def _resume(self) -> msg.Resume | None:
        """Where this client stands, for coming back with only what it missed."""
        if self.epoch is None or self.state is None:
            return None
        return msg.Resume(self.epoch, self.seq)

    async def _take_state(self, ws: aiohttp.ClientWebSocketResponse,
                          data: msg.StateMessage | msg.ChangeMessage
                          ) -> msg.StateMessage | None:
        """The state a ``state`` or ``change`` makes, kept; None (and the whole state
        asked for) when a change does not follow the state held, or breaks it."""
        if isinstance(data, msg.StateMessage):
            self.seq, self.state = data.seq, data.state
            return data
        if self.state is None or data.base != self.seq:
            await ws.send_str(msg.encode(msg.client_json(msg.Sync())))
            return None
        try:
            state = msg.apply_change(self.state, data.set)
        except ValueError:
            await ws.send_str(msg.encode(msg.client_json(msg.Sync())))
            return None
        self.seq, self.state = data.seq, state
        return msg.StateMessage(data.seq, data.now, state, data.events)
