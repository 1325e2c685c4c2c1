"""Play a hand out to the end with judgement in every seat, on plain ints."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hearts.ai.judgement import FULL_SKILL, judge_play, shoot_play
from hearts.ai.kit import RuleKit
from hearts.core import HEARTS, POINT_CARDS, QUEEN_OF_SPADES, SUIT_MASKS, final_points, legal_mask

__all__ = ["playout"]


def playout(hands: list[int], trick: Sequence[int], leader: int, played: int,
            taken: Sequence[int], voids: Sequence[int], broken: bool, first: bool,
            kit: RuleKit, rng: random.Random, noise: float = 0.0,
            shooters: int = 0, charged: int = -1, charge: int = 0,
            guard: bool = False) -> tuple[int, ...]:
    """Final points of each seat after judgement plays out the hand from here.

    ``hands`` is consumed. ``trick`` holds the cards already in the current trick,
    led by ``leader``. With probability ``noise`` a seat plays a random legal card.
    A seat in the ``shooters`` mask (bit ``1 << seat``) plays to shoot the moon for
    as long as no other seat has taken points. Seat ``charged`` (if not -1) scores
    ``charge`` points more when it takes the queen of spades without shooting the moon.
    With ``guard``, seat ``charged`` knows the shooter and defends against it (see
    ``threat`` in :func:`~hearts.ai.judgement.judge_play`).
    """
    taken = list(taken)
    voids = list(voids)
    cards = list(trick)
    seat = (leader + len(cards)) & 3
    first_lead, leading_hearts, first_trick = kit.first_lead, kit.leading_hearts, kit.first_trick
    chance = rng.random
    threat = shooters.bit_length() - 1 if guard and shooters else -1
    while hands[seat]:
        if not cards and not hands[seat] & (hands[seat] - 1):
            # The last trick: every seat has one card left and nothing to decide.
            _last_trick(hands, seat, taken)
            break
        hand = hands[seat]
        if cards:
            led = cards[0] // 13
            if first:
                legal = legal_mask(hand, led, first, broken, first_lead, leading_hearts,
                                   first_trick)
            else:
                legal = hand & SUIT_MASKS[led] or hand
        else:
            led = -1
            if first:
                legal = legal_mask(hand, led, first, broken, first_lead, leading_hearts,
                                   first_trick)
            elif leading_hearts and not broken:
                legal = hand & ~HEARTS or hand
            else:
                legal = hand
        if noise and chance() < noise:
            pick = rng.randrange(legal.bit_count())
            while pick:
                legal &= legal - 1
                pick -= 1
            card = (legal & -legal).bit_length() - 1
        elif not legal & (legal - 1):
            card = legal.bit_length() - 1
        elif shooters >> seat & 1 and _alive(seat, taken):
            card = shoot_play(hand, legal, cards, played)
        else:
            card = judge_play(seat, hand, legal, cards, played, taken, voids, kit, FULL_SKILL,
                              threat if seat == charged else -1)
        bit = 1 << card
        hands[seat] = hand ^ bit
        played |= bit
        if led >= 0 and card // 13 != led:
            voids[seat] |= 1 << led
        cards.append(card)
        if len(cards) < 4:
            seat = (seat + 1) & 3
            continue
        best = 0
        top = cards[0]
        for position in (1, 2, 3):
            if cards[position] // 13 == led and cards[position] > top:
                top = cards[position]
                best = position
        leader = (leader + best) & 3
        mask = (1 << cards[0]) | (1 << cards[1]) | (1 << cards[2]) | (1 << cards[3])
        taken[leader] |= mask
        if mask & HEARTS:
            broken = True
        cards = []
        seat = leader
        first = False
    points = final_points(taken, kit.scoring, kit.jack)
    mine = taken[charged] if charged >= 0 else 0
    if mine & QUEEN_OF_SPADES and mine & POINT_CARDS != POINT_CARDS:
        return tuple(p + charge if seat == charged else p for seat, p in enumerate(points))
    return points


def _last_trick(hands: list[int], leader: int, taken: list[int]) -> None:
    """Play the last trick, one card in each hand and ``leader`` to lead."""
    best = hands[leader]
    led_mask = SUIT_MASKS[(best.bit_length() - 1) // 13]
    winner = leader
    mask = 0
    for step in range(4):
        seat = (leader + step) & 3
        card = hands[seat]
        mask |= card
        if card & led_mask and card > best:
            best = card
            winner = seat
        hands[seat] = 0
    taken[winner] |= mask


def _alive(seat: int, taken: Sequence[int]) -> bool:
    """Whether ``seat`` may still shoot: no other seat has taken points."""
    others = taken[0] | taken[1] | taken[2] | taken[3]
    return not (others & ~taken[seat]) & POINT_CARDS
