"""What the table page reads of one person's seat: the local :class:`~hearts.tui.chair.Chair`
and a network seat (:class:`~hearts.tui.remote.RemoteChair`) both offer it."""

from __future__ import annotations

from typing import Protocol

from hearts.cards import Card, Seat
from hearts.table import Stage
from hearts.view import PlayerView, Trick

__all__ = ["Seen", "place"]


class Seen(Protocol):
    """One person's side of the table, as the widgets draw it."""

    seat: Seat
    notice: str | None
    review: Trick | None

    @property
    def view(self) -> PlayerView | None:
        """The seat's view of the hand on the table, or None before the first deal."""

    @property
    def stage(self) -> Stage:
        """Where the table stands."""

    @property
    def scores(self) -> tuple[int, ...]:
        """The match totals, in seat order."""

    @property
    def match_over(self) -> bool:
        """True once the match is over."""

    @property
    def hand_number(self) -> int:
        """How many hands were dealt in the match."""

    @property
    def target(self) -> int:
        """The score that ends the match."""

    @property
    def level_label(self) -> str:
        """The computer players' level by name."""

    @property
    def assisted(self) -> bool:
        """True once help was used in this match."""

    @property
    def chosen(self) -> list[Card]:
        """The cards chosen to pass."""

    @property
    def highlighted(self) -> Card | None:
        """The card under the highlight."""

    def label(self, seat: Seat) -> str:
        """How ``seat`` is named on the table."""

    def sheet(self, max_rows: int | None = None) -> list[str]:
        """The score sheet as lines."""

    def user_cards(self) -> list[Card]:
        """The person's hand as drawn."""

    def raised(self) -> set[Card]:
        """The cards drawn raised out of the hand."""

    def legal(self) -> set[Card]:
        """The cards that may be played now."""

    def trick_cards(self) -> dict[Seat, Card]:
        """The cards on the table."""

    def winning_seat(self) -> Seat | None:
        """Who took the finished trick on show."""

    def result_lines(self) -> list[str]:
        """The summary lines once a hand is over."""

    def can(self, action: str) -> bool:
        """Whether a button's action may be used now."""

    def prompt(self) -> str:
        """The status lines."""

    def nothing_to_play(self) -> str:
        """Why there is no card to play or pass."""


def place(seen: Seen, seat: Seat) -> Seat:
    """Where ``seat`` is drawn: the person's own seat at the bottom (South's place)."""
    return Seat((seat - seen.seat) % 4)
