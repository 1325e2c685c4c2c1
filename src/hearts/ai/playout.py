"""Play a hand out to the end with judgement in every seat, on plain ints."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hearts.ai.judgement import judge_play, shoot_play
from hearts.ai.kit import RuleKit
from hearts.core import HEARTS, POINT_CARDS, final_points, legal_mask, trick_winner

__all__ = ["playout"]


def playout(hands: list[int], trick: Sequence[int], leader: int, played: int,
            taken: Sequence[int], voids: Sequence[int], broken: bool, first: bool,
            kit: RuleKit, rng: random.Random, noise: float = 0.0,
            shooters: int = 0) -> tuple[int, ...]:
    """Final points of each seat after judgement plays out the hand from here.

    ``hands`` is consumed. ``trick`` holds the cards already in the current trick,
    led by ``leader``. With probability ``noise`` a seat plays a random legal card.
    A seat in the ``shooters`` mask (bit ``1 << seat``) plays to shoot the moon for
    as long as no other seat has taken points.
    """
    taken = list(taken)
    voids = list(voids)
    cards = list(trick)
    seat = (leader + len(cards)) & 3
    first_lead, leading_hearts, first_trick = kit.first_lead, kit.leading_hearts, kit.first_trick
    chance = rng.random
    while hands[seat]:
        led = cards[0] // 13 if cards else -1
        legal = legal_mask(hands[seat], led, first, broken, first_lead, leading_hearts,
                           first_trick)
        if noise and chance() < noise:
            pick = rng.randrange(legal.bit_count())
            while pick:
                legal &= legal - 1
                pick -= 1
            card = (legal & -legal).bit_length() - 1
        elif shooters >> seat & 1 and _alive(seat, taken):
            card = shoot_play(hands[seat], legal, cards, played)
        else:
            card = judge_play(seat, hands[seat], legal, cards, played, taken, voids, kit)
        bit = 1 << card
        hands[seat] ^= bit
        played |= bit
        if led >= 0 and card // 13 != led:
            voids[seat] |= 1 << led
        cards.append(card)
        if len(cards) < 4:
            seat = (seat + 1) & 3
            continue
        leader = (leader + trick_winner(cards)) & 3
        mask = (1 << cards[0]) | (1 << cards[1]) | (1 << cards[2]) | (1 << cards[3])
        taken[leader] |= mask
        if mask & HEARTS:
            broken = True
        cards = []
        seat = leader
        first = False
    return final_points(taken, kit.scoring, kit.jack)


def _alive(seat: int, taken: Sequence[int]) -> bool:
    """Whether ``seat`` may still shoot: no other seat has taken points."""
    others = taken[0] | taken[1] | taken[2] | taken[3]
    return not (others & ~taken[seat]) & POINT_CARDS
