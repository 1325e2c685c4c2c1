"""One duplicate deal: the same cards played twice with the sides swapped.

Each deal is a single hand. Its cards come from a seed derived from the run's
seed and the deal number; the dealer is ``Seat(deal % 4)`` and the pass
direction is what the rules give hand number ``deal``. In the first playing
side A sits South and North, side B West and East; in the second they swap.
"""

from __future__ import annotations

import hashlib
import random
from typing import NamedTuple

from hearts.ai import Level, make_player
from hearts.cards import Seat
from hearts.hand import Hand
from hearts.rules import Rules
from hearts.view import Phase

__all__ = ["DealResult", "deal_seed", "play_deal", "play_hand"]


class DealResult(NamedTuple):
    """Both playings of one deal."""

    deal: int
    """The deal number (0-based)."""
    a_points: tuple[int, ...]
    """Side A's points in each of its hands: two seats a playing, two playings."""
    b_points: tuple[int, ...]
    """Side B's points, in the same order."""


def deal_seed(seed: int, deal: int, *salt: int) -> int:
    """A stable seed from the run's seed, the deal number and anything else."""
    text = repr((seed, deal, *salt)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def play_hand(rules: Rules, seed: int, deal: int, levels: tuple[Level, ...]) -> tuple[int, ...]:
    """Play deal ``deal`` once with ``levels[seat]`` in each seat; each seat's points."""
    hand = Hand.deal(rules, random.Random(deal_seed(seed, deal)), dealer=Seat(deal % 4),
                     pass_direction=rules.pass_direction(deal))
    players = [make_player(level, deal_seed(seed, deal, seat, int(level)))
               for seat, level in enumerate(levels)]
    if hand.phase is Phase.PASSING:
        for seat in Seat:
            hand.pass_cards(seat, players[seat].choose_pass(hand.view(seat)))
    while hand.phase is Phase.PLAYING:
        turn = hand.turn
        assert turn is not None
        hand.play(players[turn].choose_play(hand.view(turn)))
    return hand.points


def play_deal(rules: Rules, seed: int, deal: int, a: Level, b: Level) -> DealResult:
    """Play deal ``deal`` twice, A in South/North then in West/East."""
    first = play_hand(rules, seed, deal, (a, b, a, b))
    second = play_hand(rules, seed, deal, (b, a, b, a))
    return DealResult(deal, (first[0], first[2], second[1], second[3]),
                      (first[1], first[3], second[0], second[2]))
