"""What the table's parts read of the table: :class:`Situation`, a narrow view of
:class:`~hearts.table.table.Table` made of its public readings only.

The aids (:mod:`hearts.table.aids`) and the decisions
(:mod:`hearts.table.decisions`) are given the table as a :class:`Situation`:
they read where it stands, never its private state, and change it only by
what they return or by their own part.
"""

from __future__ import annotations

from typing import Protocol

from hearts.cards import Seat
from hearts.hand import Hand
from hearts.levels import Level
from hearts.options import Options
from hearts.table.seating import Seating
from hearts.table.stage import Stage

__all__ = ["Situation"]


class Situation(Protocol):
    """The public readings of a table its parts rely on."""

    @property
    def hand(self) -> Hand | None:
        """The current hand."""
        ...

    @property
    def stage(self) -> Stage:
        """Where the table stands."""
        ...

    @property
    def claimed(self) -> bool:
        """The rest of a settled hand is being played out."""
        ...

    @property
    def shared(self) -> bool:
        """Friends share the table."""
        ...

    @property
    def options(self) -> Options:
        """The options in force."""
        ...

    @property
    def turn_seconds(self) -> float | None:
        """How long a person has to pass or play."""
        ...

    @property
    def seed(self) -> int:
        """The table's seed."""
        ...

    @property
    def deals(self) -> int:
        """How many hands were dealt."""
        ...

    @property
    def people(self) -> tuple[Seat, ...]:
        """The seats whose people are here and decide."""
        ...

    def seating(self, seat: Seat) -> Seating:
        """Who sits in ``seat``."""
        ...

    def is_person(self, seat: Seat) -> bool:
        """``seat``'s person is here and decides."""
        ...

    def level_of(self, seat: Seat) -> Level:
        """The level a computer seat plays the next hand at."""
        ...

    def passed(self, seat: Seat) -> bool:
        """``seat``'s pass is made while others still choose."""
        ...

    def to_play(self, seat: Seat) -> bool:
        """The table waits for ``seat``'s card."""
        ...

    def hint_due(self, seat: Seat) -> bool:
        """``seat`` has a decision a hint can help with."""
        ...
