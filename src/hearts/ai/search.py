"""Determinized Monte Carlo search over a shortlist of candidate cards.

For each sampled deal of the unseen cards, every candidate is played and the hand
played out by judgement in all four seats; the same deals and the same playout
randomness serve every candidate, so their differences are measured fairly. A
result counts as our points minus the mean of the others' (moon included), so a
shot of our own is worth as much as it really is.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from hearts.ai.judgement import judge_play
from hearts.ai.kit import RuleKit
from hearts.ai.playout import playout
from hearts.ai.sampling import sample_deal, sample_deal_guessing
from hearts.ai.situation import Situation
from hearts.core import (
    FULL_DECK,
    HEARTS,
    POINT_CARDS,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    trick_winner,
)

__all__ = ["Budget", "candidates", "search_play"]


class Budget(NamedTuple):
    """How hard a search player looks (counts, never time)."""

    deals: int
    """Sampled deals per decision (at the start of the hand; fewer cards, more deals)."""
    width: int
    """The most candidate cards searched."""
    noise: float = 0.0
    """Chance a playout seat plays a random legal card."""
    late_deals: int = 0
    """Extra deals per decision once half the tricks are played (they are cheap)."""
    prior: float = 0.15
    """Points a hand the judgement's own choice is credited: another card must beat
    it by more than this to be played instead."""
    trust: float = 0.0
    """How often a sampled deal respects what the others' plays suggest they lack."""


def _distinct(legal: int, hand: int, played: int, kit: RuleKit) -> list[int]:
    """The legal cards, one from each group that would play the same way."""
    out = FULL_DECK ^ played ^ hand
    kept: list[int] = []
    previous = -1
    mask = legal
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        if (previous >= 0 and previous // 13 == card // 13
                and not out & ((1 << card) - (1 << previous))
                and kit.table[card] == kit.table[previous]):
            kept[-1] = card
        else:
            kept.append(card)
        previous = card
    return kept


def candidates(situation: Situation, kit: RuleKit, width: int) -> list[int]:
    """The cards worth searching, the judgement's choice first, at most ``width``."""
    s = situation
    forced = _settled(s, kit)
    if forced is not None:
        return [forced]
    choice = judge_play(s.me, s.hand, s.legal, s.trick, s.played, s.taken, s.voids, kit)
    distinct = _distinct(s.legal, s.hand, s.played, kit)
    ordered = [choice]
    preferred: list[int] = []
    if s.trick:
        led = s.trick[0] // 13
        best = max(c for c in s.trick if c // 13 == led)
        below = s.legal & ((1 << best) - 1)
        above = s.legal & ~below
        if below:
            preferred.append(below.bit_length() - 1)
        if above:
            preferred.append((above & -above).bit_length() - 1)
            preferred.append(above.bit_length() - 1)
    for suit in range(4):
        mine = s.legal & SUIT_MASKS[suit]
        if mine:
            preferred.append((mine & -mine).bit_length() - 1)
            preferred.append(mine.bit_length() - 1)
    stopper = _stopper(s, kit)
    for card in preferred + sorted(distinct, key=lambda c: (c % 13, c)):
        if card == stopper:
            continue
        equivalent = next((d for d in distinct if _same(d, card, s, kit)), card)
        if equivalent not in ordered and not any(_same(o, card, s, kit) for o in ordered):
            ordered.append(equivalent)
    return ordered[:width]


def _lone_scorer(s: Situation) -> int:
    """The one seat that has taken points, or -1."""
    lone = -1
    for seat in range(4):
        if s.taken[seat] & POINT_CARDS:
            if lone >= 0:
                return -1
            lone = seat
    return lone


def _settled(s: Situation, kit: RuleKit) -> int | None:
    """A card judgement plays without searching: the queen of spades when void
    (unless the trick's winner alone has points and may be shooting)."""
    if not s.trick or not s.legal & QUEEN_OF_SPADES:
        return None
    led = s.trick[0] // 13
    if s.legal & SUIT_MASKS[led]:
        return None
    best = max(range(len(s.trick)), key=lambda i: (s.trick[i] // 13 == led, s.trick[i]))
    winner = (s.leader + best) & 3
    lone = _lone_scorer(s)
    if lone >= 0 and lone == winner:
        return None
    return 49


def _stopper(s: Situation, kit: RuleKit) -> int:
    """Our top heart when it should be kept as a moon stopper (-1 otherwise): we are
    discarding and one other seat alone has points."""
    hearts = s.hand & HEARTS
    if not s.trick or not hearts or hearts == s.legal:
        return -1
    led = s.trick[0] // 13
    lone = _lone_scorer(s)
    if s.legal & SUIT_MASKS[led] or lone < 0 or lone == s.me:
        return -1
    return hearts.bit_length() - 1


def _same(a: int, b: int, s: Situation, kit: RuleKit) -> bool:
    if a == b:
        return True
    if a // 13 != b // 13 or kit.table[a] != kit.table[b]:
        return False
    low, high = min(a, b), max(a, b)
    out = FULL_DECK ^ s.played ^ s.hand
    return not out & ((1 << high) - (1 << low))


def search_play(situation: Situation, kit: RuleKit, budget: Budget, rng: random.Random,
                use_voids: bool = True, lacks: Sequence[int] | None = None) -> int:
    """The card index the search prefers for ``situation``.

    ``lacks`` (see :mod:`hearts.ai.inference`) guides the deals when ``budget.trust``.
    """
    s = situation
    options = candidates(s, kit, budget.width)
    if len(options) == 1:
        return options[0]
    deals = budget.deals
    if s.hand.bit_count() <= 6:
        deals += budget.late_deals
    totals = [0] * len(options)
    me = s.me
    leader = s.leader
    guided = bool(lacks and budget.trust and any(lacks))
    for _deal in range(deals):
        if guided:
            world = sample_deal_guessing(s, rng, lacks or (), budget.trust)
        else:
            world = sample_deal(s, rng, use_voids)
        playout_seed = rng.getrandbits(32)
        for position, card in enumerate(options):
            hands = list(world)
            bit = 1 << card
            hands[me] ^= bit
            voids = list(s.voids)
            trick = [*s.trick, card]
            if len(trick) > 1 and card // 13 != trick[0] // 13:
                voids[me] |= 1 << (trick[0] // 13)
            broken = s.broken
            played = s.played | bit
            taken = list(s.taken)
            first = s.first
            lead = leader
            if len(trick) == 4:
                lead = (leader + trick_winner(trick)) & 3
                mask = 0
                for c in trick:
                    mask |= 1 << c
                taken[lead] |= mask
                broken = broken or bool(mask & HEARTS)
                trick = []
                first = False
            points = playout(hands, trick, lead, played, taken, voids, broken, first, kit,
                             random.Random(playout_seed), budget.noise)
            totals[position] += 4 * points[me] - sum(points)
    totals[0] -= round(4 * budget.prior * deals)
    best = 0
    for position in range(1, len(options)):
        if totals[position] < totals[best]:
            best = position
    return options[best]
