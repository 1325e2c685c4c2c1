"""One connection's life at the table server, from its first frame to its close.

A :class:`Session` is in one :class:`Step` at a time: it *waits* to join (it
has :attr:`Limits.join_seconds` to do so, and counts among the connections
waiting, capped by address, network and in total), then it is *seated* (it
plays one seat) or *watching* (it follows a table as the public sees it),
until it is *closed*. Every message a client sends is read into its typed
form (:mod:`hearts.net.wire.messages`) and handled by one ``match`` over all of
them, which :func:`typing.assert_never` closes: a message type added to the
protocol and not handled here fails the type check, never drops silently.

What the session asks of its server (the tables, wrong codes, the budgets a
seat, a watcher and an address have) is the :class:`Room` it is given. A
seat's reaction goes to everyone at its table (:func:`react`).
"""

from __future__ import annotations

import asyncio
import collections
import enum
from typing import Protocol, assert_never

from aiohttp import WSMessage, WSMsgType, web

from hearts.cards import Seat
from hearts.hand import HandRecord
from hearts.net.admission.cookies import seat_token
from hearts.net.admission.limits import Limits, TokenBucket
from hearts.net.clock import loop_clock
from hearts.net.tables.outbox import Outbox
from hearts.net.tables.table import JoinRefused, NetTable, SeatHolder
from hearts.net.tables.watchers import WatchRefused
from hearts.net.wire import messages as msg
from hearts.net.wire.errors import ErrorCode
from hearts.table import Notice, NoticeKind, Say
from hearts.table import events as ev
from hearts.view import Phase

__all__ = ["MAX_BAD_MESSAGES", "Room", "Session", "Step", "finished_hand", "react", "watch"]

MAX_BAD_MESSAGES = 10
"""Bad messages (malformed, unknown, refused) a connection may send before it is closed."""

_HELD_FRAMES = 4
"""Frames a connection may send while its refusal waits (read, so a close is seen
at once, and handled after the wait); past them it is not read until then."""

_ENDS = (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED)


class Step(enum.Enum):
    """Where a connection is in its life."""

    WAITING = "waiting"
    """Connected, not yet joined nor watching."""
    SEATED = "seated"
    """Plays a seat at a table."""
    WATCHING = "watching"
    """Watches a table."""
    CLOSED = "closed"
    """Ended: it is in no count any more."""


class Room(Protocol):
    """What a session asks of the server it belongs to."""

    limits: Limits

    def find(self, code: str, table_id: str | None = None) -> NetTable | None:
        """The table whose join code is ``code``."""

    def find_watch(self, code: str, table_id: str | None = None) -> NetTable | None:
        """The table whose watch code is ``code``."""

    def guessed_wrong(self, address: str) -> float:
        """Count a wrong code from ``address``; the seconds its refusal waits."""

    def warn(self, key: str, text: str, *args: object) -> None:
        """A one-line warning, at most one every few seconds for ``key``."""

    def settled(self, session: Session) -> None:
        """``session`` joined or began watching: it waits to join no more."""

    def may_watch(self, session: Session) -> str | None:
        """Why ``session`` may not watch one more table (its address's budget), or None."""

    def aids(self, table: NetTable, seat: Seat) -> TokenBucket:
        """The hints and reviews left to a seat: kept a seat, not a connection."""

    def review(self, table: NetTable, holder: SeatHolder, outbox: Outbox, number: int,
               record: HandRecord) -> None:
        """Make the review of ``holder``'s hand ``number`` and send it when made."""

    def reactions(self, table: NetTable, seat: Seat) -> TokenBucket:
        """The reactions left to a seat: kept a seat, not a connection."""

    def host_command(self, table: NetTable, holder: SeatHolder, outbox: Outbox,
                     command: msg.HostCommand) -> tuple[ErrorCode, str] | None:
        """The table's creator runs it: why not (the code, in words), or None."""


class Session:
    """One WebSocket connection: its step, its table and seat, and its limits."""

    def __init__(self, room: Room, ws: web.WebSocketResponse, outbox: Outbox,
                 request: web.Request) -> None:
        limits = room.limits
        self.room = room
        self.ws = ws
        """The connection."""
        self.outbox = outbox
        """What waits to be sent to it."""
        self.request = request
        """The request that opened it (its cookies: a web page's seat)."""
        self.address = request.remote or "?"
        """Where it comes from (as the server sees it: a trusted proxy may set it)."""
        self.table_id = request.match_info.get("table")
        """The table its path names (``/t/TABLE/ws``), or None (``/ws``)."""
        self.step = Step.WAITING
        """Where it is in its life."""
        self.table: NetTable | None = None
        """The table it plays at (seated) or watches."""
        self.holder: SeatHolder | None = None
        """Its seat (seated)."""
        self.bad = 0
        """Bad messages so far."""
        self.watching = False
        """Counted among its address's watchers (the server keeps the count)."""
        self.gone = asyncio.Event()
        """Set when the server lets it go (to make room): any wait of its own ends."""
        self._messages = TokenBucket(limits.messages_per_second, limits.message_burst,
                                     loop_clock)
        self._patience = TokenBucket(limits.patience_per_second, limits.patience, loop_clock)
        self._deadline = asyncio.get_running_loop().time() + limits.join_seconds
        self._held: collections.deque[WSMessage] = collections.deque()

    # --- the life -------------------------------------------------------------------

    async def run(self) -> None:
        """Read and handle the client's messages until the connection ends; then
        leave the seat (shown away, waiting for its person) or the watchers."""
        try:
            while self.step is not Step.CLOSED and not self.gone.is_set():
                frame = await self._next_frame()
                if frame is None or await self._frame(frame):
                    break
        finally:
            self._end()

    async def _next_frame(self) -> WSMessage | None:
        """The next frame; None when the connection is to end (no join in time)."""
        if self._held:
            return self._held.popleft()
        if self.step is not Step.WAITING:
            return await self.ws.receive()
        try:
            async with asyncio.timeout_at(self._deadline):  # the deadline holds meanwhile
                return await self.ws.receive()
        except TimeoutError:
            self.outbox.put(msg.ErrorMessage(ErrorCode.JOIN_TIMEOUT, "no join in time - closing"))
            return None

    async def _frame(self, frame: WSMessage) -> bool:
        """Handle one frame; True when the connection is to close."""
        if frame.type in _ENDS:
            return True
        if frame.type == WSMsgType.ERROR:
            # too big, most often: aiohttp closes the connection itself
            self.outbox.put(msg.ErrorMessage(ErrorCode.TOO_BIG,
                                             f"connection error: {self.ws.exception()}"))
            return True
        if frame.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
            return False
        limits = self.room.limits
        if not self._messages.take():
            return self._too_fast(f"too many messages: at most {limits.messages_per_second:g} "
                                  "a second - this one was not taken")
        try:
            message = msg.read_client(frame.data, None if self.holder is None
                                      else self.holder.seat)
        except msg.MessageError as error:
            if self.step is Step.WATCHING and error.code is ErrorCode.NOT_JOINED:
                # a command from a watcher, who has no seat to act from
                error = msg.MessageError("watchers cannot act", ErrorCode.WATCHING)
            return self._refuse(error.code, str(error))
        return await self.handle(message)

    async def handle(self, message: msg.ClientMessage) -> bool:
        """Handle one message of the client; True when the connection is to close."""
        match message:
            case msg.Join():
                return await self._join(message)
            case msg.Watch():
                return await self._watch(message)
            case msg.Leave():
                return self._leave()
            case msg.Sync():
                return self._sync()
            case msg.AskReview():
                return self._ask_review(message)
            case ev.Deal() | ev.Pass() | ev.Play() | ev.Continue() | ev.Undo() | ev.AskHint():
                return self._act(message)
            case msg.HostCommand():
                return self._host(message)
            case msg.React():
                return self._react(message)
            case _:
                assert_never(message)

    def _end(self) -> None:
        """The connection ended: out of every count, its seat or its watching left."""
        step, self.step = self.step, Step.CLOSED
        table = self.table
        if table is None:
            return
        if step is Step.SEATED:
            # Whatever ended the connection (an error out of the table too), the
            # seat it held is shown away and waits: never a ghost seat.
            for seat in list(table.holders.values()):
                if seat.outbox is self.outbox:
                    table.dropped(seat, self.outbox)
        elif step is Step.WATCHING:
            table.watchers.remove(self.outbox)
            table.redraw()  # the players see who watches

    # --- the messages -----------------------------------------------------------------

    async def _join(self, message: msg.Join) -> bool:
        if self.step is not Step.WAITING:
            return self._refuse(ErrorCode.ALREADY_JOINED, "already seated: send a command "
                                "or leave" if self.step is Step.SEATED
                                else "already at this table")
        table = self.room.find(message.code, self.table_id)
        if table is None or table.closed:
            return await self._wrong_code()
        if message.token is not None and not message.token.isascii():
            # no token is (they are URL-safe base64), and a lone surrogate from
            # JSON could not even be compared
            return self._refuse(ErrorCode.BAD_TOKEN, "that token is not for a seat at this "
                                "table")
        self.outbox.resume = message.resume  # what the client holds already
        token = message.token
        if token is None and self.table_id is not None:
            # a web page's seat: its token is in the table's cookie
            token = seat_token(self.request.cookies)
        try:
            self.holder = table.join(message.name, token, self.outbox)
        except JoinRefused as error:
            return self._refuse(error.code, str(error))
        self.table = table
        self.step = Step.SEATED
        self.room.settled(self)  # bounded by the seats from now on
        return False

    async def _watch(self, message: msg.Watch) -> bool:
        if self.step is not Step.WAITING:
            return self._refuse(ErrorCode.ALREADY_JOINED, "already at this table")
        found = self.room.find_watch(message.code, self.table_id)
        if found is None:
            return await self._wrong_code()
        why = self.room.may_watch(self)
        if why is not None:
            return self._refuse(ErrorCode.WATCHERS_FULL, why)
        try:
            watch(found, message.name, self.outbox)
        except WatchRefused as error:
            return self._refuse(error.code, str(error))
        self.table = found
        self.step = Step.WATCHING
        self.room.settled(self)  # bounded by the watchers' budgets from now on
        return False

    def _leave(self) -> bool:
        match self.step:
            case Step.SEATED:
                if self._replaced():
                    return True
                assert self.table is not None and self.holder is not None
                self.table.leave(self.holder)
                self.holder = None
                return True
            case Step.WATCHING:
                return True
            case Step.WAITING | Step.CLOSED:
                return self._refuse(ErrorCode.NOT_JOINED, "send join first")
            case _:
                assert_never(self.step)

    def _sync(self) -> bool:
        match self.step:
            case Step.SEATED:
                if self._replaced():
                    return True
                assert self.table is not None and self.holder is not None
                self.table.sync(self.holder)
            case Step.WATCHING:
                assert self.table is not None
                self.table.watchers.resend(self.outbox)
                self.table.redraw()
            case Step.WAITING | Step.CLOSED:
                return self._refuse(ErrorCode.NOT_JOINED, "send join first")
            case _:
                assert_never(self.step)
        return False

    def _seat(self) -> tuple[NetTable, SeatHolder] | bool:
        """The table and seat a seat's command comes from; or, when it is refused
        (a watcher, not joined, the seat played from another connection now),
        whether the connection is to close."""
        if self.step is Step.WATCHING:
            return self._refuse(ErrorCode.WATCHING, "watchers cannot act")
        if self.step is not Step.SEATED:
            return self._refuse(ErrorCode.NOT_JOINED, "send join first")
        if self._replaced():
            return True
        assert self.table is not None and self.holder is not None
        return self.table, self.holder

    def _ask_review(self, message: msg.AskReview) -> bool:
        seated = self._seat()
        if isinstance(seated, bool):
            return seated
        table, holder = seated
        # a review costs the shared workers, as a hint does: one budget a seat
        if not self.room.aids(table, holder.seat).take():
            return self._too_fast(f"one review or hint every "
                                  f"{self.room.limits.hint_seconds:g} seconds - this one "
                                  "was not taken")
        record = finished_hand(table, message.hand)
        if record is None:
            return self._refuse(ErrorCode.BAD_MESSAGE, "no such hand of this match is over: "
                                "only a finished hand is reviewed")
        self.room.review(table, holder, self.outbox, *record)
        return False

    def _act(self, event: ev.PersonEvent) -> bool:
        seated = self._seat()
        if isinstance(seated, bool):
            return seated
        table, holder = seated
        if isinstance(event, ev.AskHint) and not self.room.aids(table, holder.seat).take():
            return self._too_fast(f"one hint every {self.room.limits.hint_seconds:g} seconds "
                                  "- this one was not taken")
        table.act(holder, event)
        return False

    def _host(self, command: msg.HostCommand) -> bool:
        """The creator's command (free, computer, link, close); from anyone else,
        refused by the table's creator rules (:mod:`hearts.net.tables.creator`)."""
        seated = self._seat()
        if isinstance(seated, bool):
            return seated
        table, holder = seated
        refusal = self.room.host_command(table, holder, self.outbox, command)
        return refusal is not None and self._refuse(*refusal)

    def _react(self, message: msg.React) -> bool:
        """A seat's reaction, to every seat and watcher of the table (a watcher may
        see reactions, never send one)."""
        seated = self._seat()
        if isinstance(seated, bool):
            return seated
        table, holder = seated
        if not self.room.reactions(table, holder.seat).take():
            return self._too_fast(f"one reaction every {self.room.limits.reaction_seconds:g} "
                                  "seconds - this one was not sent")
        react(table, holder.seat, message.reaction)
        return False

    # --- refusals -----------------------------------------------------------------------

    def _replaced(self) -> bool:
        """True (and the client told) when its seat is played from another
        connection now: this one is to close."""
        if self.holder is not None and self.holder.outbox is not self.outbox:
            self.outbox.put(msg.ErrorMessage(ErrorCode.REPLACED, "this seat is played from "
                                             "another connection now"))
            return True
        return False

    async def _wrong_code(self) -> bool:
        """A join or watch named no table: counted, and refused after the address's
        delay. The wait holds nothing: the connection still waits to join (so it
        gives way to a newcomer), its frames are read meanwhile (a close ends
        it at once), and being let go ends the wait."""
        delay = self.room.guessed_wrong(self.address)
        if not await self._hold(delay):
            return True
        return self._refuse(ErrorCode.BAD_CODE, "no table has that code")

    async def _hold(self, seconds: float) -> bool:
        """Wait ``seconds``, reading what the client sends meanwhile; False when
        the connection ended (closed, or let go) before the time was up."""
        until = asyncio.get_running_loop().time() + seconds
        try:
            async with asyncio.timeout_at(until):
                while len(self._held) < _HELD_FRAMES:
                    frame = await self.ws.receive()  # ends when the socket does
                    if frame.type in _ENDS or frame.type == WSMsgType.ERROR:
                        return False
                    self._held.append(frame)
                await self.gone.wait()
        except TimeoutError:
            pass
        return not self.gone.is_set()

    def _refuse(self, code: ErrorCode | None, text: str) -> bool:
        """Say why; True when the connection is to close: that was one bad message
        too many, or the error closes it."""
        self.bad += 1
        self.outbox.put(msg.ErrorMessage(code, text))
        if code is not None and code.closes:
            return True
        if self.bad >= MAX_BAD_MESSAGES:
            self.outbox.put(msg.ErrorMessage(ErrorCode.TOO_MANY_BAD,
                                             "too many bad messages - closing"))
            return True
        return False

    def _too_fast(self, text: str) -> bool:
        """A message refused for its rate; True when the connection is to close."""
        if self._patience.take():
            self.outbox.put(msg.ErrorMessage(ErrorCode.RATE_LIMITED, text))
            return False
        self.room.warn("flood", "Closed the connection from %s: it kept sending too fast",
                       self.address)
        self.outbox.put(msg.ErrorMessage(ErrorCode.TOO_MANY_BAD,
                                         "too many messages too fast - closing"))
        return True


def finished_hand(table: NetTable, number: int | None) -> tuple[int, HandRecord] | None:
    """Hand ``number`` of ``table``'s match (the last finished by default) and its
    record, if it is over (typed from the hand in memory: nothing to read)."""
    hands = table.table.match.hands
    finished = [i for i, hand in enumerate(hands, 1) if hand.phase is Phase.OVER]
    if not finished:
        return None
    wanted = finished[-1] if number is None else number
    if not 1 <= wanted <= len(hands) or hands[wanted - 1].phase is not Phase.OVER:
        return None
    return wanted, hands[wanted - 1].to_record()


def react(table: NetTable, seat: Seat, reaction: str) -> None:
    """Send ``seat``'s ``reaction`` to every person at ``table``: the seats (their
    own too, which shows it was sent) and the watchers."""
    text = msg.server_text(msg.Reaction(seat, reaction))
    for holder in table.holders.values():
        if holder.outbox is not None:
            holder.outbox.put_text(text)
    table.watchers.say(text)


def watch(table: NetTable, name: str, outbox: Outbox) -> None:
    """Let ``name`` watch ``table`` through ``outbox``: welcome them, send the public
    state, and tell the players (:class:`WatchRefused` if the table takes no more)."""
    table.watchers.add(name, outbox)
    outbox.put(msg.Welcome("watch", None, None, table.id, table.epoch))
    table.redraw()
    table.tell(Say(Notice(NoticeKind.WATCHING, name=name)))
