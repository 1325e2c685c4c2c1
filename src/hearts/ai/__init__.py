"""Computer players. TEMPORARY scaffold: the real players replace this module.

The interface is fixed: ``make_player(level, seed)`` returns an object with
``choose_pass(view) -> list[Card]`` (three cards) and ``choose_play(view) -> Card``.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Protocol

from hearts.cards import Card
from hearts.view import PlayerView

__all__ = ["Level", "Player", "make_player"]


class Level(IntEnum):
    """The five difficulty levels."""

    BEGINNER = 1
    CASUAL = 2
    CLUB = 3
    STRONG = 4
    EXPERT = 5

    def __str__(self) -> str:
        return self.name.capitalize()


class Player(Protocol):
    """A computer player: decisions from a PlayerView only."""

    def choose_pass(self, view: PlayerView) -> list[Card]:
        """Three cards to pass (never the queen of spades)."""
        ...

    def choose_play(self, view: PlayerView) -> Card:
        """One of ``view.legal``."""
        ...


class _LowestCard:
    def choose_pass(self, view: PlayerView) -> list[Card]:
        return [c for c in reversed(view.hand) if c.index != 49][:3]

    def choose_play(self, view: PlayerView) -> Card:
        return view.legal[0]


def make_player(level: Level = Level.CLUB, seed: int = 0) -> Player:
    """A computer player of ``level``."""
    return _LowestCard()
