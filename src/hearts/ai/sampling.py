"""Deal the unseen cards among the other seats, honestly.

Only what the deciding seat knows is used: its own hand, the cards played, how
many cards each seat holds, who has shown out of which suit, and the cards it
passed (the receiver holds them until it plays them).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hearts.ai.situation import Situation
from hearts.core import FULL_DECK, QUEEN_OF_SPADES, SUIT_MASKS

__all__ = ["sample_deal", "sample_deal_guessing"]


def sample_deal(situation: Situation, rng: random.Random, use_voids: bool = True) -> list[int]:
    """Four hands (masks): ours, and the unseen cards dealt to the others at random.

    Each other seat gets exactly as many cards as it holds, never a card of a suit
    it has shown out of (when ``use_voids``), and the cards we passed it.
    """
    me = situation.me
    hands = [0, 0, 0, 0]
    hands[me] = situation.hand
    room = [0, 0, 0, 0]
    unknown = FULL_DECK ^ situation.played ^ situation.hand
    for seat in range(4):
        if seat != me:
            known = situation.known[seat]
            hands[seat] = known
            unknown &= ~known
            room[seat] = situation.held[seat] - known.bit_count()
    suits = []
    for suit in range(4):
        cards = unknown & SUIT_MASKS[suit]
        if not cards:
            continue
        seats = [seat for seat in range(4) if seat != me and room[seat] > 0
                 and not (use_voids and situation.voids[seat] >> suit & 1)]
        suits.append((len(seats), suit, cards))
    suits.sort()
    for _attempt in range(40):
        dealt = list(hands)
        left = list(room)
        if _deal(suits, dealt, left, me, situation.voids if use_voids else (0, 0, 0, 0), rng):
            return dealt
    if use_voids:
        return sample_deal(situation, rng, use_voids=False)
    raise ValueError("the unseen cards cannot be dealt")  # pragma: no cover


def _deal(suits: list[tuple[int, int, int]], hands: list[int], room: list[int], me: int,
          voids: tuple[int, ...], rng: random.Random) -> bool:
    for _count, suit, cards in suits:
        order = []
        while cards:
            low = cards & -cards
            order.append(low)
            cards ^= low
        rng.shuffle(order)
        for bit in order:
            total = 0
            for seat in range(4):
                if seat != me and not voids[seat] >> suit & 1:
                    total += room[seat]
            if total <= 0:
                return False
            pick = rng.randrange(total)
            for seat in range(4):
                if seat == me or voids[seat] >> suit & 1:
                    continue
                pick -= room[seat]
                if pick < 0:
                    hands[seat] |= bit
                    room[seat] -= 1
                    break
    return True


TOP_RANKS = sum(0x1F00 << (13 * suit) for suit in range(4))
"""The 10, jack, queen, king and ace of every suit."""


def sample_deal_guessing(situation: Situation, rng: random.Random, lacks: Sequence[int],
                         trust: float, favour: int = -1, tilt: float = 1.0) -> list[int]:
    """Like :func:`sample_deal`, but each other seat also avoids the cards ``lacks``
    guesses it does not hold: always the queen of spades (a search player sheds it
    whenever it may), the other guesses with probability ``trust`` a seat and deal.

    Seat ``favour`` (if not -1) is dealt a strong hand: each 10 or higher comes to
    it ``tilt`` times as readily, and each lower card ``tilt`` times less (a seat
    shooting the moon holds the high cards).

    Falls back to :func:`sample_deal` when the guesses cannot all be met.
    """
    me = situation.me
    guess = [0, 0, 0, 0]
    for seat in range(4):
        if seat != me and lacks[seat]:
            guess[seat] = lacks[seat] if rng.random() < trust else lacks[seat] & QUEEN_OF_SPADES
    if not any(guess) and favour < 0:
        return sample_deal(situation, rng)
    hands = [0, 0, 0, 0]
    hands[me] = situation.hand
    room = [0, 0, 0, 0]
    unknown = FULL_DECK ^ situation.played ^ situation.hand
    for seat in range(4):
        if seat != me:
            known = situation.known[seat]
            hands[seat] = known
            unknown &= ~known
            room[seat] = situation.held[seat] - known.bit_count()
    groups: list[list[tuple[int, list[int]]]] = [[], [], [], []]
    while unknown:
        low = unknown & -unknown
        unknown ^= low
        card = low.bit_length() - 1
        suit = card // 13
        seats = [seat for seat in range(4) if seat != me and room[seat] > 0
                 and not situation.voids[seat] >> suit & 1 and not guess[seat] & low]
        groups[min(len(seats), 3)].append((low, seats))
    if groups[0]:
        return sample_deal(situation, rng)
    for _attempt in range(20):
        dealt = list(hands)
        left = list(room)
        failed = False
        for group in groups[1:]:
            order = list(group)
            rng.shuffle(order)
            for bit, seats in order:
                if favour >= 0 and favour in seats:
                    seat = _tilted_pick(bit, seats, left, favour, tilt, rng)
                    if seat < 0:
                        failed = True
                        break
                    dealt[seat] |= bit
                    left[seat] -= 1
                    continue
                total = 0
                for seat in seats:
                    total += left[seat]
                if total <= 0:
                    failed = True
                    break
                pick = rng.randrange(total)
                for seat in seats:
                    pick -= left[seat]
                    if pick < 0:
                        dealt[seat] |= bit
                        left[seat] -= 1
                        break
            if failed:
                break
        if not failed:
            return dealt
    return sample_deal(situation, rng)


def _tilted_pick(bit: int, seats: Sequence[int], left: Sequence[int], favour: int, tilt: float,
                 rng: random.Random) -> int:
    """A seat for one card, ``favour`` weighted by ``tilt`` (or its inverse for a low
    card); -1 when every seat is full."""
    factor = tilt if bit & TOP_RANKS else 1.0 / tilt
    weights = [left[seat] * (factor if seat == favour else 1.0) for seat in seats]
    total = sum(weights)
    if total <= 0:
        return -1
    pick = rng.random() * total
    for seat, weight in zip(seats, weights, strict=True):
        pick -= weight
        if pick < 0 and weight > 0:
            return seat
    return next(seat for seat in reversed(seats) if left[seat] > 0)
