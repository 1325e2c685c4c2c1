"""Computer players, Beginner to Expert.

``make_player(level, seed)`` returns a player with ``choose_pass(view)`` (three
cards, the queen of spades only where the rules let it be passed) and
``choose_play(view)`` (one legal card).
Players see only a :class:`~hearts.view.PlayerView`; each decision is a pure
function of the view and the seed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from hearts.ai.levels import Level
from hearts.cards import Card
from hearts.view import PlayerView

if TYPE_CHECKING:
    from hearts.ai.players import make_player

__all__ = ["Level", "Player", "make_player"]


def __getattr__(name: str) -> object:
    # The players (and the search, the models, their weights) load only when one
    # is asked for: what needs just the level names, the table's flow among them,
    # does not pay for them.
    if name == "make_player":
        from hearts.ai.players import make_player

        return make_player
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Player(Protocol):
    """A computer player: decisions from a PlayerView only."""

    def choose_pass(self, view: PlayerView) -> list[Card]:
        """Three cards to pass (the queen of spades only where ``view.rules.pass_queen``)."""
        ...

    def choose_play(self, view: PlayerView) -> Card:
        """One of ``view.legal``."""
        ...
