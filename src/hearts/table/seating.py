"""Who sits at the table: a person, or a computer player of some level."""

from __future__ import annotations

from dataclasses import dataclass

from hearts.ai import Level
from hearts.cards import Seat

__all__ = ["Computer", "Person", "SeatSpec", "one_person"]


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


SeatSpec = Person | Computer
"""What one seat of the table is."""


def one_person(seat: Seat = Seat.SOUTH) -> tuple[SeatSpec, ...]:
    """Today's game: one person (in South) against three computer players."""
    return tuple(Person() if each == seat else Computer() for each in Seat)
