"""A scripted person at a network table: plays a Beginner's choices through a
real :class:`~hearts.net.wire.client.Connection`. The tests and the load benchmark
(:mod:`hearts.net.bench`) seat these; :class:`Board` is the benchmark's count
of every card of a table."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import Any, ClassVar, NamedTuple

from hearts.ai import Level, make_player
from hearts.cards import Card
from hearts.net.wire import messages as msg
from hearts.net.wire.client import Connection, error_code
from hearts.net.wire.errors import ErrorCode
from hearts.table import Action, Notice, NoticeKind, SeatState, Stage
from hearts.table import events as ev
from hearts.table import happenings as hp

__all__ = ["REFUSING", "Board", "Scripted", "Timed"]

REFUSING = frozenset({NoticeKind.REFUSED, NoticeKind.NOT_PLAYING, NoticeKind.PRESS_DEAL,
                      NoticeKind.FINISH_HAND, NoticeKind.NOT_A_PERSON})
"""The notices that refuse what a person sent (a ``refused`` one names its reason)."""


class Timed(NamedTuple):
    """One card's journey: from its player sending it until the last of the others
    at the table had a state showing it."""

    seconds: float
    sent: float
    """When it was sent (``time.monotonic()``, one clock for every process of a machine)."""
    arrived: float
    """When the last of the others saw it."""
    table: str
    hand: int
    card: str
    last: str
    """Who saw it last."""
    how: str
    """How they learned of it: ``change`` (one by one) or ``state`` (a whole state:
    after a gap in the changes, or coming back)."""
    built: float = float("nan")
    """Seconds from its sending until the server built the message that showed it to
    the last (its ``now``, on the machine's wall clock); NaN when not known."""


class Board:
    """The count of one table's cards, kept by the people of the table together.

    A person calls :meth:`played` as it sends a card and :meth:`refused` when the
    table refuses it; the others call :meth:`seen` once each when a state first
    shows it. A card is timed (:attr:`timed`) once the others have all seen it,
    from its sending; a refused card is never timed, even when the table later
    plays it itself; a card the others see that nobody sent (the rest of a hand
    whose points are settled, played out by the table) is counted in
    :attr:`played_out`; a card sent that never reached all the others by the
    time its hand was two hands back is counted in :attr:`unseen`.
    :meth:`begin` starts the counts again (the measurement's start)."""

    def __init__(self, others: int = 3, table: str = "") -> None:
        self.others = others
        """How many people besides the player must see a card."""
        self.table = table
        """The table's name, for the worst card."""
        self.sent: dict[tuple[int, str], list[Any]] = {}
        """(hand, card) to [when it was sent, the others who have seen it, when it
        was sent on the wall clock]."""
        self.timed: list[Timed] = []
        """The cards timed since :meth:`begin`, in the order they arrived."""
        self.played_out = 0
        """Cards the people saw that none of them sent (the table played them)."""
        self.unseen = 0
        """Cards sent that never reached all the others (a person away, say)."""
        self.refusals: Counter[str] = Counter()
        """What the table refused, by reason (``not-your-turn``) or notice kind."""
        self.errors: Counter[str] = Counter()
        """The server's ``error`` messages to the people, by code."""
        self.drops: Counter[str] = Counter()
        """Connections that ended while playing, by how (the close code or the error)."""
        self._hands: list[int] = []
        self._recent: dict[tuple[int, str], Timed] = {}
        self._unsent: dict[tuple[int, str], int] = {}
        self.since = float("-inf")
        """Cards sent since this moment are timed (:meth:`begin`)."""

    @property
    def spread(self) -> list[float]:
        """Seconds from sending each card timed until the last of the others saw it."""
        return [t.seconds for t in self.timed]

    def begin(self) -> None:
        """Start counting from now: only the cards sent from now on are timed (one
        sent before belongs to the warm-up, even if it arrives later)."""
        self.since = time.monotonic()
        self.timed.clear()
        self.played_out = self.unseen = 0
        self.refusals.clear()
        self.errors.clear()
        self.drops.clear()

    def played(self, hand: int, card: str) -> None:
        """A person sends ``card`` of hand number ``hand`` now."""
        self._hand(hand)
        self.sent[hand, card] = [time.monotonic(), set(), time.time()]

    def refused(self, hand: int, card: str | None, reason: str) -> None:
        """The table refused ``card`` (None: something other than a card)."""
        self.refusals[reason] += 1
        if card is None:
            return
        if self.sent.pop((hand, card), None) is not None:
            return
        timed = self._recent.pop((hand, card), None)
        if timed is not None:  # the table played it itself before the refusal came back
            if timed in self.timed:
                self.timed.remove(timed)
                self.played_out += 1
            self._unsent[hand, card] = self.others

    def withdrawn(self, hand: int, card: str) -> None:
        """A card that could not be sent (the connection had closed): forget it."""
        self.sent.pop((hand, card), None)

    def seen(self, hand: int, card: str, who: str = "", how: str = "change",
             made: float | None = None) -> None:
        """Another person, ``who``, first saw ``card`` played (call once a person
        and card), in a ``change`` or a whole ``state`` the server made at ``made``
        (its ``now``: seconds since 1970)."""
        self._hand(hand)
        key = (hand, card)
        entry = self.sent.get(key)
        if entry is None:
            if key in self._recent:
                return  # a late seer of a card already timed (the sender counted none)
            count = self._unsent.get(key, 0)
            if count == 0:
                self.played_out += 1
            self._unsent[key] = count + 1
            return
        entry[1].add(who)
        if len(entry[1]) >= self.others:
            now = time.monotonic()
            built = float("nan") if made is None else made - entry[2]
            timed = Timed(now - entry[0], entry[0], now, self.table, hand, card, who, how,
                          built)
            if entry[0] >= self.since:
                self.timed.append(timed)
            self._recent[key] = timed
            del self.sent[key]

    def dropped(self, how: str) -> None:
        """A person's connection ended while playing."""
        self.drops[how] += 1

    def error(self, code: str) -> None:
        """The server sent a person an ``error``."""
        self.errors[code] += 1

    def pending(self, before: float) -> int:
        """Cards sent before ``before`` that have not reached all the others yet."""
        return sum(1 for entry in self.sent.values() if entry[0] < before)

    def _hand(self, hand: int) -> None:
        """Keep the cards of this hand and the one before; count those older unseen."""
        if self._hands and self._hands[-1] == hand:
            return
        self._hands = [*self._hands[-1:], hand]
        keep = set(self._hands)
        for key in [k for k in self.sent if k[0] not in keep]:
            del self.sent[key]
            self.unseen += 1
        self._recent = {k: v for k, v in self._recent.items() if k[0] in keep}
        self._unsent = {k: v for k, v in self._unsent.items() if k[0] in keep}


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
        self._sent: tuple[int, Card, float] | None = None
        self._turn: tuple[int, int] | None = None
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
        self._last = self._turn = None
        asyncio.get_running_loop().create_task(self._act(self.state))

    @property
    def state(self) -> SeatState:
        """The latest state."""
        return self.states[-1]

    def notices(self) -> list[Notice]:
        """The notices received, in order."""
        return [m.notice for m in self.messages if isinstance(m, msg.NoticeMessage)]

    def happenings(self) -> list[hp.Happening]:
        """What happened, as the states received told it: each once, by its number."""
        told: dict[int, hp.Happening] = {}
        for message in self.messages:
            if isinstance(message, msg.StateMessage):
                for number, happening in message.events:
                    told.setdefault(number, happening)
        return [told[number] for number in sorted(told)]

    def errors(self) -> list[ErrorCode | None]:
        """The codes of the errors received, in order."""
        return [error_code(m) for m in self.messages if isinstance(m, msg.ErrorMessage)]

    def _got(self, message: msg.ServerMessage) -> None:
        if self.history:
            self.messages.append(message)
            if isinstance(message, msg.HandMessage):
                self.hands.append(message)
        if isinstance(message, msg.Welcome):
            self._last = self._turn = None  # a new connection: what was lost is asked again
        if isinstance(message, msg.NoticeMessage) and message.notice.kind in REFUSING:
            self._refused(message.notice)
            return
        if not isinstance(message, msg.StateMessage):
            return
        state = message.seat_state()
        if not self.history:
            self.states.clear()
        self.states.append(state)
        view = state.view
        if self._sent is not None and view is not None and self._sent[1] in view.played \
                and self._sent[0] == state.hand_number:
            self.latencies.append(time.perf_counter() - self._sent[2])
            self._sent = None
        if self.board is not None and view is not None:
            hand = state.hand_number
            for card in view.played:
                if (hand, str(card)) not in self._seen:
                    self._seen.add((hand, str(card)))
                    self.board.seen(hand, str(card), self.connection.name)
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
            # One card a turn: the same turn comes again in other states (the trick
            # on show, then play), and a second card would be refused.
            turn = (state.hand_number, len(view.played))
            if turn == self._turn:
                return
            self._turn = turn
            if self.pace:
                await asyncio.sleep(self.pace)
                state = self.state  # what the table says now, after thinking
                view = state.view
                if not (self.playing and state.to_play and view is not None and view.legal
                        and (state.hand_number, len(view.played)) == turn):
                    return  # the turn passed meanwhile (the rest of the hand played out)
                key = (state.stage, state.hand_number, len(state.passable),
                       len(view.played), state.to_play)
            card = player.choose_play(view)
            self._sent = (state.hand_number, card, time.perf_counter())
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
                self._last = self._turn = None  # lost with the line: the next state asks again

    def _refused(self, notice: Notice) -> None:
        """The table refused what was sent: a card is forgotten (never timed) and
        the latest state is acted on afresh."""
        if self._sent is None:
            return
        hand, card, _when = self._sent
        self._sent = None
        if self.board is not None:
            reason = notice.refusal.reason if notice.refusal is not None else notice.kind
            self.board.refused(hand, str(card), str(reason))
        self._last = self._turn = None
        if self.playing and self.states:
            asyncio.get_running_loop().create_task(self._act(self.state))

    async def send(self, event: ev.PersonEvent) -> bool:
        """Send ``event`` (a command) to the table."""
        return await self.connection.send(event)
