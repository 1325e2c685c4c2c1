"""One duplicate deal: the same cards played twice with the sides swapped.

Each deal is a single hand, dealt from a seed made of the run's seed and the
deal number; the dealer is ``Seat(deal % 4)`` and the pass direction is what the
rules give hand number ``deal``. In the first playing side A sits South and
North, side B West and East; in the second they swap. Each seat's player
decides from a seed made of the run's seed, the deal, the playing and the seat.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

from hearts.arena.players import PlayerSpec, Settings
from hearts.arena.seating import (
    SIDES_SWAPPED,
    SIDES_UPRIGHT,
    play_seated,
    read_moons_and_hands,
    side_moons,
)
from hearts.cards import Seat
from hearts.hand import Hand
from hearts.records import read_text
from hearts.rules import Rules
from hearts.seeds import arena_deal_seed, deal_player_seed

__all__ = ["DealResult", "deal_seed", "play_deal", "read_deals"]


class DealResult(NamedTuple):
    """Both playings of one deal."""

    deal: int
    """The deal number (0-based)."""
    a_points: tuple[int, ...]
    """Side A's points in each of its hands: two seats a playing, two playings."""
    b_points: tuple[int, ...]
    """Side B's points, in the same order."""
    a_moons: int
    """Moons side A shot in the two playings (side B conceded them)."""
    b_moons: int
    """Moons side B shot."""
    hands: tuple[dict[str, Any], ...]
    """The two hand records (:meth:`hearts.hand.Hand.record`), upright then swapped."""

    def to_json(self) -> dict[str, Any]:
        """The deal's line in a results file."""
        return {"deal": self.deal, "a": list(self.a_points), "b": list(self.b_points),
                "moons": [self.a_moons, self.b_moons], "hands": list(self.hands)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealResult:
        """A deal read back from its line (``KeyError``/``TypeError``/``ValueError`` if
        the line is broken)."""
        return cls(int(data["deal"]), tuple(data["a"]), tuple(data["b"]),
                   *read_moons_and_hands(data))

    def saving(self) -> float:
        """Points a hand A saved against B on this deal: B's mean less A's."""
        return (sum(self.b_points) / len(self.b_points)
                - sum(self.a_points) / len(self.a_points))


def read_deals(path: Path) -> dict[int, DealResult]:
    """The deals of a ``hearts-arena match`` results file (gzipped or not) by number.

    The header and any game lines are skipped. Raises
    :class:`~hearts.records.RecordFileError` when the file cannot be read, and
    ``ValueError``, ``KeyError`` or ``TypeError`` when a deal's line is broken.
    """
    deals = {}
    for line in read_text(path).splitlines():
        data = json.loads(line)
        if "deal" in data:
            result = DealResult.from_json(data)
            deals[result.deal] = result
    return deals


def deal_seed(seed: int, deal: int) -> int:
    """The seed deal ``deal`` of a run is dealt from."""
    return arena_deal_seed(seed, deal)


def _play_once(rules: Rules, seed: int, deal: int, specs: dict[str, PlayerSpec],
               sides: tuple[str, ...], playing: int, settings: Settings) -> Hand:
    hand = Hand.deal(rules, deal_seed(seed, deal), dealer=Seat(deal % 4),
                     pass_direction=rules.pass_direction(deal))
    seeds = [deal_player_seed(seed, deal, playing, seat) for seat in range(4)]
    play_seated(hand, sides, specs, seeds, rules, settings,
                f"deal {deal}, playing {playing + 1} of 2")
    return hand


def play_deal(rules: Rules, seed: int, deal: int, a: PlayerSpec, b: PlayerSpec,
              settings: Settings) -> DealResult:
    """Play deal ``deal`` twice, A in South/North then in West/East."""
    specs = {"a": a, "b": b}
    first = _play_once(rules, seed, deal, specs, SIDES_UPRIGHT, 0, settings)
    second = _play_once(rules, seed, deal, specs, SIDES_SWAPPED, 1, settings)
    p, q = first.points, second.points
    moons = [side_moons(first, SIDES_UPRIGHT), side_moons(second, SIDES_SWAPPED)]
    return DealResult(deal, (p[0], p[2], q[1], q[3]), (p[1], p[3], q[0], q[2]),
                      moons[0][0] + moons[1][0], moons[0][1] + moons[1][1],
                      (first.record(), second.record()))
