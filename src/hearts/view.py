"""PlayerView: everything one seat may know, and nothing else."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from hearts.cards import Card, CardSet, Seat, Suit
from hearts.rules import PassDirection, Rules

__all__ = ["Phase", "PlayerView", "Trick"]


class Phase(Enum):
    """Where a hand stands."""

    PASSING = "passing"
    """Cards are being chosen to pass."""
    PLAYING = "playing"
    """Tricks are being played."""
    OVER = "over"
    """All thirteen tricks are played and the points are final."""


class Trick(NamedTuple):
    """A finished trick."""

    leader: Seat
    """The seat that led it."""
    cards: tuple[Card, ...]
    """The four cards in play order, the lead first."""
    winner: Seat
    """The seat that took it."""

    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """The trick as ``(seat, card)`` pairs in play order."""
        return tuple((self.leader.offset(i), card) for i, card in enumerate(self.cards))


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What ``seat`` can see of a hand: plain values, no link back to the hand.

    Two views are equal exactly when the seat cannot tell the two situations apart.
    """

    seat: Seat
    """Whose view this is."""
    rules: Rules
    """The rules of the hand."""
    phase: Phase
    """Passing, playing or over."""
    pass_direction: PassDirection
    """Where this hand's passes go."""
    dealer: Seat
    """The dealer of this hand."""
    hand: tuple[Card, ...]
    """The seat's own cards, sorted."""
    passed: tuple[Card, ...]
    """The cards this seat passed (empty until it has passed)."""
    received: tuple[Card, ...]
    """The cards this seat received (empty until the exchange)."""
    trick: tuple[tuple[Seat, Card], ...]
    """The current trick so far as ``(seat, card)`` pairs in play order."""
    leader: Seat | None
    """Who leads (or led) the current trick; None while passing or once over."""
    turn: Seat | None
    """Whose turn it is to play; None unless playing."""
    tricks: tuple[Trick, ...]
    """The finished tricks in order."""
    played: CardSet
    """Every card played so far, the current trick included."""
    points_taken: tuple[int, ...]
    """Points each seat has taken this hand (final, moon included, once over)."""
    scores: tuple[int, ...]
    """Match totals before this hand."""
    cards_held: tuple[int, ...]
    """How many cards each seat holds."""
    voids: tuple[frozenset[Suit], ...]
    """For each seat, the suits it has shown out of (failed to follow)."""
    hearts_broken: bool
    """A heart has been played."""
    legal: tuple[Card, ...]
    """The cards this seat may play now; empty unless it is this seat's turn."""

    @property
    def trick_number(self) -> int:
        """The current trick, 0 to 12 (13 once the hand is over)."""
        return len(self.tricks)

    @property
    def led_suit(self) -> Suit | None:
        """The suit led to the current trick, if any card has been played to it."""
        return self.trick[0][1].suit if self.trick else None

    @property
    def pass_target(self) -> Seat:
        """The seat this seat's passed cards go to."""
        return self.pass_direction.target(self.seat)
