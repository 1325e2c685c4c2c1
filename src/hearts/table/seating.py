"""Who sits at the table, and who decides for each seat now.

A seat is a computer player's, or a person's. A person's seat moves between
these, each move an event of the table (:mod:`hearts.table.events`):

- ``free``: nobody has taken it yet; the table waits for it for the grace
  time, then a computer player stands in;
- ``here``: its person is connected and decides;
- ``away``: its person dropped; the table waits for them for the grace time,
  then a computer player stands in;
- ``stand-in``: a computer player decides for it, until its person comes back
  (or, for a seat nobody has taken, until someone takes it);
- ``computer``: a computer player's seat for good.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from hearts.cards import Seat
from hearts.levels import Level

__all__ = ["Computer", "Person", "Presence", "SeatSpec", "Seating", "one_person"]


@dataclass(frozen=True, slots=True)
class Person:
    """A person plays this seat: the table waits for their passes and cards."""

    name: str = "You"
    """How the table names them to the others."""


@dataclass(frozen=True, slots=True)
class Computer:
    """A computer player plays this seat. With no level of its own it plays at
    the table's level (the options page's difficulty, or ``--level``)."""

    level: Level | None = None
    """Its level, or None for the table's."""


class Presence(StrEnum):
    """Who decides for a seat now (see the module's docstring)."""

    HERE = "here"
    AWAY = "away"
    STAND_IN = "stand-in"
    FREE = "free"
    COMPUTER = "computer"


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits in one seat now: its presence, its person's name (if a person holds
    it) and a computer seat's own level."""

    presence: Presence
    name: str | None = None
    """The person who holds the seat (``here``, ``away``, or a ``stand-in`` for
    them); None for a seat nobody holds."""
    level: Level | None = None
    """A computer seat's own level (None: the table's)."""

    @property
    def person_decides(self) -> bool:
        """The seat's person decides (they are here)."""
        return self.presence is Presence.HERE

    @property
    def computer_decides(self) -> bool:
        """A computer player decides for the seat."""
        return self.presence in (Presence.STAND_IN, Presence.COMPUTER)

    @property
    def for_person(self) -> bool:
        """A person's seat (held or not), not a computer's for good."""
        return self.presence is not Presence.COMPUTER

    @property
    def held(self) -> bool:
        """A person holds the seat (here, away, or stood in for)."""
        return self.name is not None and self.presence is not Presence.COMPUTER

    @classmethod
    def of(cls, spec: SeatSpec) -> Seating:
        """The seating of a seat set up as ``spec``."""
        if isinstance(spec, Seating):
            return spec
        if isinstance(spec, Person):
            return cls(Presence.HERE, spec.name)
        return cls(Presence.COMPUTER, level=spec.level)


SeatSpec = Person | Computer | Seating
"""What one seat of the table is set up as."""


def one_person(seat: Seat = Seat.SOUTH) -> tuple[SeatSpec, ...]:
    """Today's game: one person (in South) against three computer players."""
    return tuple(Person() if each == seat else Computer() for each in Seat)
