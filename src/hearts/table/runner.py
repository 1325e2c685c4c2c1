"""One way to carry out a table's effects, for every front end.

A front end (the terminal app, a network table, a test's driver) supplies its
:class:`Ports`: how it runs a decision, waits, saves, records an abandoned
match, tells people something and redraws. :func:`carry_out` hands each
effect to its port in order, matching every kind of effect exhaustively, so
a new kind cannot be dropped silently by one of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, assert_never

from hearts.table.effects import Abandoned, Decide, Effect, Redraw, Save, Say, Wait

__all__ = ["Ports", "carry_out"]


class Ports(Protocol):
    """What a front end does for the table."""

    def decide(self, request: Decide) -> None:
        """Run the decision off the front end's main thread; answer with
        ``Decided`` or ``Failed``."""

    def wait(self, request: Wait) -> None:
        """Answer with ``Elapsed`` after the pause."""

    def save(self, save: Save) -> None:
        """Keep the match and the table's state."""

    def abandoned(self) -> None:
        """Record the match in progress as abandoned."""

    def tell(self, notice: Say) -> None:
        """Tell the seat (or everyone) the notice."""

    def redraw(self) -> None:
        """Show the table as it is now."""


def carry_out(effects: Iterable[Effect], ports: Ports) -> None:
    """Do what the table asked, in order; redraw once, at the end, if asked."""
    redraw = False
    for effect in effects:
        match effect:
            case Decide():
                ports.decide(effect)
            case Wait():
                ports.wait(effect)
            case Save():
                ports.save(effect)
            case Abandoned():
                ports.abandoned()
            case Say():
                ports.tell(effect)
            case Redraw():
                redraw = True
            case _:
                assert_never(effect)
    if redraw:
        ports.redraw()
