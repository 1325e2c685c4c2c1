"""What happens to the table: the events :meth:`hearts.table.Table.handle` takes.

A person's events name their seat. A computer player's answer carries the
token of the request it answers; so does a pause that ran out. The table
ignores an answer whose token is no longer the one it waits for, so a late
answer or an old timer can never act on a table that has moved on.
"""

from __future__ import annotations

from dataclasses import dataclass

from hearts.cards import Card, Seat
from hearts.levels import Level
from hearts.options import Options

__all__ = [
    "Abandon", "Advised", "AskHint", "Continue", "Deal", "Decided", "Drop", "Elapsed", "Event",
    "Failed", "FreeSeat", "Leave", "OptionsChanged", "Pass", "PersonEvent", "Play", "Return",
    "SeatComputer", "SeatEvent", "Sit", "Undo",
]


@dataclass(frozen=True, slots=True)
class Deal:
    """Deal the next hand (or, after game over, the first of a new match)."""

    seat: Seat
    """The person who asked."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass these three cards (choosing them is the front end's business)."""

    seat: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Play:
    """Play this card."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class Continue:
    """Put the cards just received into the hand without waiting for the pause."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back a person's last card and the cards after it (or their pass,
    until the exchange)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class AskHint:
    """A person asks what the Expert would do in their place."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Sit:
    """A person takes a seat nobody holds (free, or played by a computer player
    until someone takes it)."""

    seat: Seat
    name: str


@dataclass(frozen=True, slots=True)
class Return:
    """The seat's person is back (they were away, or a computer player stood in)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Drop:
    """The seat's person's connection ended: the table waits for them a while."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Leave:
    """The seat's person gives it up for good: a computer player plays it until
    someone takes it."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class FreeSeat:
    """The host frees the seat (its person, if any, is out): a computer player plays
    it until someone takes it."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class SeatComputer:
    """The host gives the seat to a computer player for good."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Abandon:
    """Leave the match in progress (kept as abandoned) and set up a new one."""


@dataclass(frozen=True, slots=True)
class OptionsChanged:
    """The options were saved: they apply from the next hand dealt (a lower target
    may end the match at once)."""

    options: Options
    level: Level | None = None
    """A level for this run only (``--level``), which wins over the options'."""


@dataclass(frozen=True, slots=True)
class Decided:
    """A computer player's answer (three cards to pass, or one to play), or the
    hint's advice, to the request with ``token``."""

    token: int
    cards: tuple[Card, ...]
    level: Level | None = None
    """The level that made the decision when it is lighter than the one asked for
    (a busy server's computer players think less: :mod:`hearts.net.tables.thinking`);
    the hand's record names it for that decision. None: the level asked for."""


@dataclass(frozen=True, slots=True)
class Failed:
    """The decision (or hint) asked for with ``token`` raised an error."""

    token: int
    error: str
    """What went wrong, in one line (the exception's type and message)."""
    log: str | None = None
    """Where the traceback was written, if it was."""


@dataclass(frozen=True, slots=True)
class Elapsed:
    """The pause asked for with ``token`` has run out."""

    token: int


Advised = Decided
"""The hint's answer is a decision like any other."""

PersonEvent = Deal | Pass | Play | Continue | Undo | AskHint
"""What a person does at the table, from their own seat."""

SeatEvent = Sit | Return | Drop | Leave | FreeSeat | SeatComputer
"""Who sits in a seat changes (the seat's lifecycle: :mod:`hearts.table.seating`)."""

Event = PersonEvent | SeatEvent | Abandon | OptionsChanged | Decided | Failed | Elapsed
"""Anything :meth:`hearts.table.Table.handle` takes."""
