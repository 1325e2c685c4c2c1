"""Computer players, Beginner to Expert.

``make_player(level, seed)`` returns a player with ``choose_pass(view)`` (three
cards, the queen of spades only where the rules let it be passed) and
``choose_play(view)`` (one legal card).
Players see only a :class:`~hearts.view.PlayerView`; each decision is a pure
function of the view and the seed.
"""

from __future__ import annotations

from typing import Protocol

from hearts.ai.levels import Level
from hearts.ai.players import make_player
from hearts.cards import Card
from hearts.view import PlayerView

__all__ = ["Level", "Player", "make_player"]


class Player(Protocol):
    """A computer player: decisions from a PlayerView only."""

    def choose_pass(self, view: PlayerView) -> list[Card]:
        """Three cards to pass (the queen of spades only where ``view.rules.pass_queen``)."""
        ...

    def choose_play(self, view: PlayerView) -> Card:
        """One of ``view.legal``."""
        ...
