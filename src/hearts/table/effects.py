"""What the table wants done: the effects :meth:`hearts.table.Table.handle` returns.

A front end (the Textual app, a network server, a test) carries them out: it
runs decisions off its main thread and answers with
:class:`~hearts.table.events.Decided` or :class:`~hearts.table.events.Failed`,
turns waits into :class:`~hearts.table.events.Elapsed`, saves, shows notices
and redraws. The table itself never waits, thinks, saves or draws.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from hearts.cards import Seat
from hearts.levels import Level
from hearts.match import Match
from hearts.table.notices import Notice
from hearts.view import PlayerView

__all__ = ["Abandoned", "Decide", "Effect", "Redraw", "Save", "Say", "Wait"]


@dataclass(frozen=True, slots=True)
class Decide:
    """Ask a computer player (or, for a hint, the adviser) to decide from ``view``.

    Build the player as ``make_player(level, seed)``; answer with ``Decided(token,
    cards)`` (three cards to pass, one to play) or ``Failed(token, ...)``.
    """

    token: int
    seat: Seat
    """The seat that decides (for a hint, the person's own seat)."""
    kind: Literal["pass", "play", "hint"]
    view: PlayerView
    """All the decider may know: that seat's view, never another seat's cards."""
    level: Level
    seed: int


@dataclass(frozen=True, slots=True)
class Wait:
    """Send ``Elapsed(token)`` after ``seconds`` (scaled by the front end's speed
    unless ``scaled`` is False: a person's time to decide is never shortened)."""

    token: int
    seconds: float
    scaled: bool = True


@dataclass(frozen=True, slots=True)
class Save:
    """Save the match and the table's state now (every change that matters)."""

    match: Match
    state: dict[str, Any]
    """The table's own state as JSON values (:func:`hearts.table.snapshot.restore`)."""
    assisted: bool
    """A person had help (a hint or an undo) in this match."""


@dataclass(frozen=True, slots=True)
class Abandoned:
    """The match in progress was left: record it as abandoned (before the next save)."""


@dataclass(frozen=True, slots=True)
class Say:
    """Tell people something: one person's seat, or everyone (``seat`` None). The
    front end words the notice."""

    notice: Notice
    seat: Seat | None = None


@dataclass(frozen=True, slots=True)
class Redraw:
    """Something on the table changed: draw it again."""


Effect = Decide | Wait | Save | Abandoned | Say | Redraw
"""Anything :meth:`hearts.table.Table.handle` returns."""
