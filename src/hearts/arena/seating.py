"""Seating two sides at a table for one hand (its seeds from :mod:`hearts.seeds`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hearts.arena.players import PlayerSpec, Settings, seat_player, seat_record
from hearts.arena.referee import referee_hand
from hearts.hand import Hand
from hearts.rules import Rules

__all__ = ["SIDES_SWAPPED", "SIDES_UPRIGHT", "play_seated", "read_moons_and_hands",
           "side_moons"]

SIDES_UPRIGHT = ("a", "b", "a", "b")
"""Side A in South and North, side B in West and East."""
SIDES_SWAPPED = ("b", "a", "b", "a")
"""The sides swapped: B in South and North."""


def play_seated(hand: Hand, sides: Sequence[str], specs: dict[str, PlayerSpec],
                seeds: Sequence[int], rules: Rules, settings: Settings, where: str) -> None:
    """Play ``hand`` with side ``sides[seat]``'s player in each seat, deciding from
    ``seeds[seat]``; the hand's :attr:`~hearts.hand.Hand.players` name them."""
    players = [seat_player(specs[side], seed, rules, settings, side)
               for side, seed in zip(sides, seeds, strict=True)]
    hand.players = tuple(seat_record(specs[side], seed)
                         for side, seed in zip(sides, seeds, strict=True))
    names = [specs[side].label for side in sides]
    referee_hand(hand, players, names, where)


def side_moons(hand: Hand, sides: Sequence[str]) -> tuple[int, int]:
    """Moons shot in a finished hand by side A and by side B (0 or 1 each)."""
    shooter = hand.shooter
    if shooter is None:
        return 0, 0
    return (1, 0) if sides[shooter] == "a" else (0, 1)



def read_moons_and_hands(data: dict[str, Any]) -> tuple[int, int, tuple[dict[str, Any], ...]]:
    """The moons of each side and the hand records of a results line (``KeyError``,
    ``TypeError`` or ``ValueError`` if the line is broken)."""
    a_moons, b_moons = data["moons"]
    hands = data["hands"]
    if not isinstance(hands, list) or not all(isinstance(h, dict) for h in hands):
        raise ValueError("hands must be hand records")
    return int(a_moons), int(b_moons), tuple(hands)
