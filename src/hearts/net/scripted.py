"""A scripted person at a network table: plays a Beginner's choices through a
real :class:`~hearts.net.client.Connection`. The tests and the load benchmark
(:mod:`hearts.net.bench`) seat these."""

from __future__ import annotations

import asyncio
import time
from typing import Any, ClassVar

from hearts.ai import Level, make_player
from hearts.cards import Card
from hearts.net import messages as msg
from hearts.net.client import Connection, error_code
from hearts.net.errors import ErrorCode
from hearts.table import Action, Notice, SeatState, Stage
from hearts.table import events as ev

__all__ = ["Board", "Scripted"]


class Board:
    """What the people of one table share to time a card's journey: when each card
    was sent, and how long until every other person at the table saw it."""

    def __init__(self, others: int = 3) -> None:
        self.others = others
        """How many people besides the player must see a card."""
        self.sent: dict[tuple[int, str], list[float]] = {}
        """(hand, card) to [when it was sent, how many others have seen it]."""
        self.spread: list[float] = []
        """Seconds from sending each card until the last of the others saw it."""

    def played(self, hand: int, card: str) -> None:
        """A person sends ``card`` now."""
        self.sent[hand, card] = [time.perf_counter(), 0.0]

    def seen(self, hand: int, card: str) -> None:
        """Another person saw ``card`` played (call once a person and card)."""
        entry = self.sent.get((hand, card))
        if entry is None:
            return
        entry[1] += 1
        if entry[1] == self.others:
            self.spread.append(time.perf_counter() - entry[0])
            del self.sent[hand, card]


class Scripted:
    """A person who plays by a Beginner's choices, through a real connection."""

    alive: ClassVar[list[Scripted]] = []
    """Every person started and not stopped yet."""

    def __init__(self, url: str, code: str, name: str, deals: bool = False,
                 hands: int | None = None, history: bool = True, board: Board | None = None,
                 pace: float = 0.0, **options: Any) -> None:
        self.deals = deals
        """This person presses Deal between hands."""
        self.history = history
        """Keep every message; when False only the latest state (the benchmark's way)."""
        self.hand_limit = hands
        """Deal no more than this many hands (None: play the match out)."""
        self.states: list[SeatState] = []
        """Every state received, in order."""
        self.messages: list[msg.ServerMessage] = []
        """Every message received, in order (each change as the state it makes)."""
        self.hands: list[msg.HandMessage] = []
        """The ``hand`` messages received."""
        self.over = asyncio.Event()
        """Set once the match is over (or the hand limit reached and that hand finished)."""
        self.playing = True
        """When False the person reads but does nothing."""
        self.latencies: list[float] = []
        """Seconds from sending each card to seeing it played in a state."""
        self.board = board
        """Shared with the others at the table to time each card to all of them."""
        self.pace = pace
        """Seconds to think before playing each card (0: at once)."""
        self._seen: set[tuple[int, str]] = set()
        self._sent: tuple[Card, float] | None = None
        self._last: tuple[Any, ...] | None = None
        self.connection = Connection(url, code, name, self._got, **options)
        """The connection to the table."""
        self.task: asyncio.Task[str] | None = None

    def start(self) -> None:
        """Connect and play, in a task of the running loop."""
        self.task = asyncio.create_task(self.connection.run())
        Scripted.alive.append(self)

    async def stop(self) -> None:
        """Disconnect and wait for the connection's task to end."""
        await self.connection.stop()
        if self in Scripted.alive:
            Scripted.alive.remove(self)
        if self.task is not None:
            await asyncio.wait_for(self.task, 5)

    def wake(self) -> None:
        """Act on the latest state again (after being held still)."""
        self.playing = True
        self._last = None
        asyncio.get_running_loop().create_task(self._act(self.state))

    @property
    def state(self) -> SeatState:
        """The latest state."""
        return self.states[-1]

    def notices(self) -> list[Notice]:
        """The notices received, in order."""
        return [m.notice for m in self.messages if isinstance(m, msg.NoticeMessage)]

    def errors(self) -> list[ErrorCode | None]:
        """The codes of the errors received, in order."""
        return [error_code(m) for m in self.messages if isinstance(m, msg.ErrorMessage)]

    def _got(self, message: msg.ServerMessage) -> None:
        if self.history:
            self.messages.append(message)
            if isinstance(message, msg.HandMessage):
                self.hands.append(message)
        if not isinstance(message, msg.StateMessage):
            return
        state = message.seat_state()
        if not self.history:
            self.states.clear()
        self.states.append(state)
        view = state.view
        if self._sent is not None and view is not None and self._sent[0] in view.played:
            self.latencies.append(time.perf_counter() - self._sent[1])
            self._sent = None
        if self.board is not None and view is not None:
            hand = state.hand_number
            for card in view.played:
                if (hand, str(card)) not in self._seen:
                    self._seen.add((hand, str(card)))
                    self.board.seen(hand, str(card))
        done = (self.hand_limit is not None and state.hand_number >= self.hand_limit
                and state.stage is Stage.IDLE)
        if state.match_over or done:
            self.over.set()
        if self.playing:
            asyncio.get_running_loop().create_task(self._act(state))

    async def _act(self, state: SeatState) -> None:
        view = state.view
        key = (state.stage, state.hand_number, len(state.passable),
               len(view.played) if view else 0, state.to_play)
        if key == self._last:
            return
        seat = state.seat
        player = make_player(Level.BEGINNER, 7)
        event: ev.PersonEvent | None = None
        if state.stage is Stage.RECEIVED:
            event = ev.Continue(seat)
        elif state.stage is Stage.PASSING and state.can(Action.PASS) and view is not None:
            event = ev.Pass(seat, tuple(player.choose_pass(view)))
        elif state.to_play and view is not None and view.legal:
            card = player.choose_play(view)
            if self.pace:
                await asyncio.sleep(self.pace)
            self._sent = (card, time.perf_counter())
            if self.board is not None:
                self._seen.add((state.hand_number, str(card)))
                self.board.played(state.hand_number, str(card))
            event = ev.Play(seat, card)
        elif state.stage is Stage.IDLE and self.deals and state.can(Action.DEAL) \
                and not state.match_over and not self.over.is_set():
            event = ev.Deal(seat)
        if event is not None:
            self._last = key  # (before the send: a state alike meanwhile sends nothing)
            if not await self.send(event):
                self._last = None  # lost with the line: the next state asks again

    async def send(self, event: ev.PersonEvent) -> bool:
        """Send ``event`` (a command) to the table."""
        return await self.connection.send(event)
