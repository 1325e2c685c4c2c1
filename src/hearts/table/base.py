"""What a table holds, and what anyone may read of it: the match, where it
stands, who sits where, the requests and pauses it waits for.

:class:`TableState` is the ground :class:`~hearts.table.table.Table` stands on:
the seat lifecycle (:mod:`hearts.table.lifecycle`), the aids
(:mod:`hearts.table.aids`) and the flow of the match
(:mod:`hearts.table.table`) each add their part of :meth:`Table.handle`.
Nothing here changes the table but the small steps they share (a fresh token,
a pause asked for, requests forgotten).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from hearts.ai import Level
from hearts.cards import SEATS, Card, Seat, Suit
from hearts.duplicate import player_seed
from hearts.hand import Hand
from hearts.match import Match
from hearts.options import Options
from hearts.rules import Rules
from hearts.seeds import computer_seed, match_seed
from hearts.table.effects import Effect, Say, Wait
from hearts.table.happenings import Happening, HappeningLog
from hearts.table.notices import Notice
from hearts.table.seating import Presence, Seating, SeatSpec, one_person
from hearts.view import Phase, Trick

__all__ = ["SUIT_ORDER", "Ask", "Pause", "Stage", "TableState", "display_order"]

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The order of the suits in a person's hand, so the two red suits never touch."""


@functools.cache
def _point_cards(rules: Rules) -> int:
    """The cards that carry points (or count, as the jack of diamonds may) under
    ``rules``, as a mask."""
    return sum(card.bit for card in Card.all() if rules.card_points(card))


def display_order(card: Card) -> tuple[int, int]:
    """Sort key of a card in a person's hand: by :data:`SUIT_ORDER`, low to high."""
    return SUIT_ORDER.index(card.suit), card.rank


class Stage(Enum):
    """Where the table stands."""

    IDLE = "idle"
    """Before the first deal, between hands, or after the game is over."""
    PASSING = "passing"
    """Cards are being chosen to pass."""
    RECEIVED = "received"
    """The cards just received are held up out of the hands."""
    PLAYING = "playing"
    """Tricks are being played."""
    TRICK_SHOW = "trick"
    """A finished trick is left on show for a moment."""


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
    key: tuple[int, int, int]
    """The position asked about; an answer for another position is stale."""
    level: Level
    seed: int
    tries: int = 1
    """How many times this decision has been asked (a failure asks once more)."""
    timed_out: bool = False
    """True when the person's turn timer ran out: the card is played at once."""


class TableState:
    """A match of Hearts at a table of four seats: what it holds and what anyone
    may read of it (see :class:`~hearts.table.table.Table`)."""

    def __init__(self, options: Options, seed: int,
                 seats: Sequence[SeatSpec] | None = None, level: Level | None = None,
                 turn_seconds: float | None = None, grace: float | None = None) -> None:
        specs = tuple(seats or one_person())
        if len(specs) != 4:
            raise ValueError("a table has 4 seats")
        self._seating = [Seating.of(spec) for spec in specs]
        self.shared = sum(each.for_person for each in self._seating) > 1
        """Friends share the table (it was set up with more than one person's seat):
        the records name the people, and undo is not offered."""
        self.named = self.shared
        """People are shown by their names (a network table, even of one person),
        not by their seats."""
        self.grace = grace
        """How long the table waits for a person's seat that is free or whose person
        dropped, before a computer player stands in (None: for ever)."""
        self.options = options
        """The options in force; their rules apply from the next deal."""
        self.level_override = level
        """A level for this run only (``--level``)."""
        self.turn_seconds = turn_seconds
        """How long a person has to pass or play (None: as long as they like)."""
        self.seed = seed
        """The seed of every deal and every computer decision."""
        self.games = 0
        """How many matches were started after the first (each has its own seed)."""
        self.deals = 0
        """How many hands were dealt at this table (the computer players' seeds use it)."""
        self.match = Match(options.rules(), match_seed(seed, 0))
        """The match being played."""
        self.stage = Stage.IDLE
        """Where the table stands."""
        self.happenings = HappeningLog()
        """What happened at the table, numbered (:mod:`hearts.table.happenings`):
        the hand in play's and the one before it."""
        self.shown_trick: Trick | None = None
        """The finished trick on show, during ``TRICK_SHOW``."""
        self.aided: set[Seat] = set()
        """The seats whose people had help (a hint or an undo) in this match."""
        self.claimed = False
        """True while the rest of a hand whose points are settled is played out."""
        self.stuck = False
        """True when a decision failed at every level: nothing more is asked until
        the hand is left (abandoned, or taken back by an undo)."""
        self._graces: dict[Seat, int] = {}
        """The grace timers running, by seat: their tokens."""
        self._quiet = {seat for seat in Seat if self._seating[seat].presence is Presence.AWAY}
        """Seats away since the table started (again): their return is not news."""
        self._token = 0
        self._asks: dict[Seat, Ask] = {}
        self._ready: dict[Seat, tuple[Card, Ask]] = {}
        """Computer cards decided before their pause ran out, with the request."""
        self._pause: tuple[int, Pause] | None = None
        self._timer: tuple[int, Seat, tuple[int, int, int]] | None = None
        """The turn timer running: its token, the seat and the position it times."""
        self._card_waited = False

    @property
    def seats(self) -> tuple[Seating, ...]:
        """Who sits where now, in seat order."""
        return tuple(self._seating)

    def seating(self, seat: Seat) -> Seating:
        """Who sits in ``seat`` now."""
        return self._seating[seat]

    @property
    def people(self) -> tuple[Seat, ...]:
        """The seats whose people are here and decide."""
        return tuple(seat for seat in SEATS if self._seating[seat].person_decides)

    def is_person(self, seat: Seat) -> bool:
        """True when ``seat``'s person is here and decides."""
        return self._seating[seat].person_decides

    def grace_token(self, seat: Seat) -> int | None:
        """The token of the grace timer running for ``seat``, if one is (the front end
        knows when it ends)."""
        return self._graces.get(seat)

    @property
    def assisted(self) -> bool:
        """True once a person had help (a hint or an undo) in this match."""
        return bool(self.aided)

    def place(self, seat: Seat, seating: Seating) -> None:
        """Put ``seating`` in ``seat`` before :meth:`start` (a table set up again
        after a restart: its people away until they come back, and nobody told
        when they do: they were not seen to go)."""
        self._seating[seat] = seating
        if seating.presence is Presence.AWAY:
            self._quiet.add(seat)

    @property
    def level(self) -> Level:
        """The computer players' level for the next hand."""
        return self.level_override or Level(self.options.difficulty)

    def level_of(self, seat: Seat) -> Level:
        """The level a computer seat plays the next hand at."""
        return self._seating[seat].level or self.level

    @property
    def hand(self) -> Hand | None:
        """The current hand, or None before the first deal."""
        return self.match.hand

    @property
    def rules(self) -> Rules:
        """The rules the next hand will be dealt with."""
        return self.match.rules

    @property
    def in_progress(self) -> bool:
        """True when a match has begun and is not over (quitting would lose it)."""
        return bool(self.match.hands) and not self.match.over

    @property
    def target(self) -> int:
        """The score that ends the match now: the hand's target while it is played,
        the next hand's between hands."""
        hand = self.hand
        if hand is None or self.stage is Stage.IDLE:
            return self.match.rules.target
        return hand.rules.target

    def passed(self, seat: Seat) -> bool:
        """True once ``seat``'s cards have gone, while the others are still choosing."""
        hand = self.hand
        return hand is not None and hand.phase is Phase.PASSING and bool(hand.passed(seat))

    def to_play(self, seat: Seat) -> bool:
        """True when the table waits for ``seat``'s card."""
        hand = self.hand
        return (self.stage in (Stage.PLAYING, Stage.TRICK_SHOW) and hand is not None
                and hand.turn == seat and not self.claimed)

    @property
    def computer_due(self) -> Seat | None:
        """The computer seat whose card is due now, if any."""
        hand = self.hand
        if self.stage is not Stage.PLAYING or hand is None or hand.turn is None:
            return None
        return hand.turn if self._seating[hand.turn].computer_decides else None

    def hint_due(self, seat: Seat) -> bool:
        """True when ``seat`` has a decision a hint can help with."""
        return (self.stage is Stage.PASSING and not self.passed(seat)) or self.to_play(seat)

    @property
    def points_settled(self) -> bool:
        """True when play goes on but no card left to be taken carries points (nor
        the jack of diamonds when it counts): the rest cannot change any score."""
        hand = self.hand
        if hand is None or hand.phase is not Phase.PLAYING or self.stage is not Stage.PLAYING:
            return False
        taken = 0
        for seat in SEATS:
            taken |= hand.taken(seat).mask
        points = _point_cards(hand.rules)
        return taken & points == points

    def last_trick(self) -> Trick | None:
        """The trick the last-trick key shows: the one that finished last."""
        hand = self.hand
        return hand.tricks[-1] if hand is not None and hand.tricks else None

    @property
    def waiting(self) -> tuple[Seat, ...]:
        """The seats whose pass or card the table waits for from a person (or from a
        seat nobody sits in yet), in seat order; also while a computer player
        decides for a person whose time ran out."""
        hand = self.hand
        if hand is None or self.stuck:
            return ()
        if self.stage is Stage.PASSING:
            return tuple(seat for seat in SEATS if not hand.passed(seat)
                         and not self._seating[seat].computer_decides)
        turn = hand.turn
        if self.stage in (Stage.PLAYING, Stage.TRICK_SHOW) and turn is not None \
                and not self.claimed and not self._seating[turn].computer_decides:
            return (turn,)
        return ()

    @property
    def turn_timer(self) -> tuple[int, tuple[Seat, ...]] | None:
        """The turn timer running: its token (the front end knows when it ends) and
        the seats whose time it is; None when none runs."""
        if self._timer is None:
            return None
        return self._timer[0], self.waiting

    @property
    def looks(self) -> tuple[object, ...]:
        """Everything a seat's state is built from, told cheaply: while it stays
        equal, every seat's state does too (a front end need not build them again)."""
        hand = self.hand
        grown = None if hand is None else (
            id(hand), len(hand.plays), hand.passes_made())
        return (id(self.match), len(self.match.hands), grown, self.stage, self.claimed,
                self.stuck, self.shown_trick is not None, tuple(self._seating),
                frozenset(self.aided), tuple(self._graces.items()),
                None if self._timer is None else self._timer[0], self.match.rules,
                self.level, self.shared, self.named)

    @property
    def settled(self) -> bool:
        """True when nothing is being decided or waited for (tests wait for this)."""
        return not self._asks and self._pause is None and not self._ready

    @property
    def waiting_on(self) -> tuple[int, ...]:
        """The tokens of the answers and pauses the table waits for."""
        tokens = [ask.token for ask in self._asks.values()]
        tokens += self._graces.values()
        if self._pause is not None:
            tokens.append(self._pause[0])
        if self._timer is not None:
            tokens.append(self._timer[0])
        return tuple(tokens)

    def _computer_seed(self, seat: Seat) -> int:
        """The seed of the computer player in ``seat`` for the hand just dealt (in a
        duplicate evening, the one that holds those cards in every round)."""
        hand = self.hand
        if hand is not None and hand.duplicate is not None:
            return player_seed(hand.duplicate, seat)
        return computer_seed(self.seed, self.deals, seat)

    def _forget_requests(self) -> None:
        self.stuck = False
        self._asks.clear()
        self._ready.clear()
        self._pause = None
        self._timer = None
        self._card_waited = False

    def _key(self) -> tuple[int, int, int]:
        hand = self.hand
        if hand is None:
            return (0, 0, 0)
        return (len(self.match.hands), 0 if hand.phase is Phase.PASSING else 1, len(hand.plays))

    def _deciding(self, seat: Seat) -> bool:
        """True when a computer player is deciding for ``seat`` (not a hint)."""
        ask = self._asks.get(seat)
        return ask is not None and ask.kind != "hint"

    def _new_token(self) -> int:
        self._token += 1
        return self._token

    def _wait(self, out: list[Effect], seconds: float, kind: Pause) -> None:
        token = self._new_token()
        self._pause = (token, kind)
        out.append(Wait(token, seconds))

    def _tell(self, happening: Happening) -> None:
        """Keep ``happening`` in the table's log (:attr:`happenings`)."""
        self.happenings.add(happening)

    def _say(self, out: list[Effect], seat: Seat | None, notice: Notice | None) -> None:
        if notice is not None:
            out.append(Say(notice, seat))
