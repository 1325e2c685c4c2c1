"""What the table asked for and waits on: its requests, timers and pauses.

Every request carries a fresh token: a decision asked of a computer player (or
of the adviser, for a hint), the pause before a card or after a trick, a
person's turn timer, the grace time of a seat nobody decides for. The table
waits for at most one answer per seat, one pause, one turn timer and one grace
timer per seat; an answer or a pause whose token is not the one waited for is
ignored, so a late answer or an old timer never acts on a table that moved on.

:class:`Requests` keeps them and nothing else: it does not know the rules, the
hand or who sits where. The table tells it what to ask and what is over, and
asks it which request a token answers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from hearts.cards import Card, Seat
from hearts.levels import Level
from hearts.table import events as ev
from hearts.table.effects import Decide, Effect, Say, Wait
from hearts.table.notices import Notice, NoticeKind, Outcome
from hearts.view import PlayerView

__all__ = ["Ask", "Key", "Pause", "Requests"]

Key = tuple[int, int, int]
"""A position of the match: the hand's number, passing (0) or playing (1), and the
cards played. An answer asked at another position is stale."""


class Pause(Enum):
    """What a pause the table asked for (:class:`~hearts.table.effects.Wait`) is for."""

    RECEIVED = "received"
    """The cards just received are on show."""
    TRICK = "trick"
    """A finished trick is on show."""
    CARD = "card"
    """A computer player's card appears after a moment."""
    FORCED = "forced"
    """A person's only card is played for them after a moment."""
    TURN = "turn"
    """A person's time to decide (the turn timer of a network table)."""


@dataclass(frozen=True, slots=True)
class Ask:
    """A request the table waits on."""

    token: int
    kind: Literal["pass", "play", "hint"]
    seat: Seat
    key: Key
    """The position asked about; an answer for another position is stale."""
    level: Level
    seed: int
    tries: int = 1
    """How many times this decision has been asked (a failure asks once more)."""
    timed_out: bool = False
    """True when the person's turn timer ran out: the card is played at once."""


class Requests:
    """The decisions asked for, the cards decided early, the pause, the turn timer and
    the grace timers of one table, each with its token."""

    def __init__(self) -> None:
        self._token = 0
        self._asks: dict[Seat, Ask] = {}
        self._ready: dict[Seat, tuple[Card, Ask]] = {}
        """Computer cards decided before their pause ran out, with the request."""
        self._pause: tuple[int, Pause] | None = None
        self._timer: tuple[int, Seat, Key] | None = None
        """The turn timer running: its token, the seat and the position it times."""
        self._graces: dict[Seat, int] = {}
        """The grace timers running, by seat: their tokens."""
        self._card_waited = False
        """The pause before a computer card ran out before the card came."""
        self.stuck = False
        """True when a decision failed at every level: nothing more is asked until
        the table forgets its requests (the hand abandoned, or taken back)."""

    # --- what anyone may read ------------------------------------------------

    @property
    def settled(self) -> bool:
        """True when no decision, early card or pause is waited for."""
        return not self._asks and self._pause is None and not self._ready

    @property
    def waiting_on(self) -> tuple[int, ...]:
        """The tokens of the answers, timers and pause waited for."""
        tokens = [ask.token for ask in self._asks.values()]
        tokens += self._graces.values()
        if self._pause is not None:
            tokens.append(self._pause[0])
        if self._timer is not None:
            tokens.append(self._timer[0])
        return tuple(tokens)

    @property
    def timer_token(self) -> int | None:
        """The token of the turn timer running, if one is."""
        return None if self._timer is None else self._timer[0]

    def grace_token(self, seat: Seat) -> int | None:
        """The token of the grace timer running for ``seat``, if one is."""
        return self._graces.get(seat)

    @property
    def graces(self) -> tuple[tuple[Seat, int], ...]:
        """The grace timers running: each seat and its token."""
        return tuple(self._graces.items())

    # --- decisions -----------------------------------------------------------

    def ask(self, out: list[Effect], seat: Seat, kind: Literal["pass", "play", "hint"],
            key: Key, level: Level, seed: int, view: PlayerView,
            timed_out: bool = False) -> None:
        """Ask ``seat``'s decision of a computer player (or the adviser) from ``view``."""
        ask = Ask(self._new_token(), kind, seat, key, level, seed, timed_out=timed_out)
        self._asks[seat] = ask
        out.append(Decide(ask.token, seat, kind, view, level, seed))

    def asked(self, seat: Seat) -> bool:
        """True while a decision (or a hint) for ``seat`` is on its way."""
        return seat in self._asks

    def deciding(self, seat: Seat) -> bool:
        """True when a computer player is deciding for ``seat`` (not a hint)."""
        ask = self._asks.get(seat)
        return ask is not None and ask.kind != "hint"

    def asked_by(self, token: int) -> Ask | None:
        """The request ``token`` answers, if the table still waits for it."""
        return next((ask for ask in self._asks.values() if ask.token == token), None)

    def answered(self, seat: Seat) -> None:
        """``seat``'s decision came (or is no longer needed): stop waiting for it."""
        self._asks.pop(seat, None)

    def forget_asks(self) -> None:
        """Stop waiting for every decision and hint."""
        self._asks.clear()

    def drop_stale(self, key: Key) -> None:
        """Forget the decisions and the turn timer of any position but ``key``."""
        for seat, ask in list(self._asks.items()):
            if ask.key != key:
                del self._asks[seat]
        if self._timer is not None and self._timer[2] != key:
            self._timer = None

    def failed(self, event: ev.Failed, view: Callable[[Seat], PlayerView],
               out: list[Effect]) -> None:
        """A decision raised: ask it once more, then of the level below; a hint
        nobody could give is told to its asker, a decision nobody could make leaves
        the table :attr:`stuck`. Each step is told (to the asker alone, for a hint)."""
        ask = self.asked_by(event.token)
        if ask is None:
            return

        def failed(outcome: Outcome, lower: Level | None = None) -> Notice:
            return Notice(NoticeKind.PLAYER_FAILED, None if ask.kind == "hint" else ask.seat,
                          decision=ask.kind, level=ask.level, lower=lower, outcome=outcome,
                          error=event.error, log=event.log)

        told = ask.seat if ask.kind == "hint" else None  # a hint is the asker's alone
        if ask.tries < 2:
            retry = dataclasses.replace(ask, token=self._new_token(), tries=ask.tries + 1)
            out.append(Say(failed(Outcome.ASK_AGAIN), told))
        elif ask.level > Level.BEGINNER:
            lower = Level(ask.level - 1)
            retry = dataclasses.replace(ask, token=self._new_token(), level=lower, tries=1)
            out.append(Say(failed(Outcome.LOWER_LEVEL, lower), told))
        elif ask.kind == "hint":
            del self._asks[ask.seat]
            out.append(Say(failed(Outcome.NO_HINT), ask.seat))
            return
        else:
            del self._asks[ask.seat]
            self.stuck = True
            out.append(Say(failed(Outcome.STUCK)))
            return
        self._asks[ask.seat] = retry
        out.append(Decide(retry.token, ask.seat, ask.kind, view(ask.seat), retry.level,
                          retry.seed))

    # --- computer cards decided before their pause ran out ------------------------

    def keep_card(self, ask: Ask, card: Card) -> None:
        """Keep the card decided for ``ask`` until its pause runs out."""
        self._ready[ask.seat] = (card, ask)

    def has_card(self, seat: Seat) -> bool:
        """True when ``seat``'s card was decided and waits for its pause."""
        return seat in self._ready

    def take_card(self, seat: Seat) -> tuple[Card, Ask] | None:
        """The card decided for ``seat`` and its request, no longer kept."""
        return self._ready.pop(seat, None)

    @property
    def card_waited(self) -> bool:
        """True when the pause before a computer card ran out before the card came:
        the card is played as soon as it comes."""
        return self._card_waited

    def wait_card(self) -> None:
        """The pause before a computer card ran out and the card has not come."""
        self._card_waited = True

    def card_played(self, seat: Seat) -> None:
        """A card was played by ``seat``: its decision, the cards decided early, the
        pause and the turn timer are all over."""
        self._asks.pop(seat, None)
        self._ready.clear()
        self._pause = None
        self._timer = None
        self._card_waited = False

    # --- the pause -------------------------------------------------------------

    def pause(self, out: list[Effect], seconds: float, kind: Pause) -> None:
        """Pause for ``seconds`` (scaled by the front end's speed)."""
        token = self._new_token()
        self._pause = (token, kind)
        out.append(Wait(token, seconds))

    def pausing(self, kind: Pause) -> bool:
        """True while a pause for ``kind`` runs."""
        return self._pause is not None and self._pause[1] is kind

    def end_pause(self) -> None:
        """Stop waiting for the pause running, if any."""
        self._pause = None

    def pause_over(self, token: int) -> Pause | None:
        """What the pause ``token`` ends was for, if it is the one running (it ends)."""
        if self._pause is None or self._pause[0] != token:
            return None
        kind = self._pause[1]
        self._pause = None
        return kind

    # --- the turn timer ----------------------------------------------------------

    @property
    def timing(self) -> bool:
        """True while a turn timer runs."""
        return self._timer is not None

    def start_timer(self, out: list[Effect], seat: Seat, key: Key, seconds: float) -> None:
        """Give ``seat``'s person ``seconds`` to decide at position ``key`` (never
        shortened by the front end's speed)."""
        token = self._new_token()
        self._timer = (token, seat, key)
        out.append(Wait(token, seconds, scaled=False))

    def stop_timer(self) -> None:
        """Stop the turn timer, if one runs."""
        self._timer = None

    def timer_over(self, token: int) -> tuple[Seat, Key] | None:
        """The seat and the position the turn timer ``token`` timed, if it is the one
        running (it stops)."""
        if self._timer is None or self._timer[0] != token:
            return None
        _, seat, key = self._timer
        self._timer = None
        return seat, key

    # --- the grace timers --------------------------------------------------------

    def start_grace(self, out: list[Effect], seat: Seat, seconds: float) -> None:
        """Wait ``seconds`` for someone to decide for ``seat`` (never shortened)."""
        token = self._new_token()
        self._graces[seat] = token
        out.append(Wait(token, seconds, scaled=False))

    def grace_over(self, token: int) -> Seat | None:
        """The seat whose grace timer ``token`` is, if it still runs (it stops)."""
        seat = next((seat for seat, each in self._graces.items() if each == token), None)
        if seat is not None:
            del self._graces[seat]
        return seat

    # --- forgetting ----------------------------------------------------------

    def forget_seat(self, seat: Seat) -> None:
        """Who sits in ``seat`` changed: what it was asked and has not answered, its
        early card, its grace timer and its turn timer are forgotten."""
        self._asks.pop(seat, None)
        self._ready.pop(seat, None)
        self._graces.pop(seat, None)
        if self._timer is not None and self._timer[1] == seat:
            self._timer = None

    def forget(self) -> None:
        """Forget every decision, early card, pause and turn timer (a new hand, an
        undo): nothing is stuck any more. The grace timers go on."""
        self.stuck = False
        self._asks.clear()
        self._ready.clear()
        self._pause = None
        self._timer = None
        self._card_waited = False

    def _new_token(self) -> int:
        self._token += 1
        return self._token
