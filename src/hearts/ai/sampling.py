"""Deal the unseen cards among the other seats, honestly.

Only what the deciding seat knows is used: its own hand, the cards played, how
many cards each seat holds, who has shown out of which suit, and the cards it
passed (the receiver holds them until it plays them).

The search deals thousands of times a decision, so this module is compiled by
mypyc (see :mod:`hearts.speedups`): the cards go round as small ints, and the
generator's ``shuffle`` and ``randrange`` are replaced by :func:`shuffle` and
:func:`below`, which make the same draws from its ``getrandbits``
(tests/ai/test_sampling.py holds them to that).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from hearts.ai.situation import Situation
from hearts.core import FULL_DECK, QUEEN_OF_SPADES, SUIT_MASKS

if TYPE_CHECKING:
    # A native 64-bit int to mypyc; an int everywhere else.
    from mypy_extensions import i64

__all__ = ["TOP_RANKS", "below", "sample_deal", "sample_deal_guessing", "shuffle"]

# mypyc 2.4 compiles ``1 << n`` on i64 to a C shift of a 32-bit int (wrong from
# bit 31 on): shifts start from this value, which it cannot fold.
ONE: Final[i64] = len("1")


def below(bits: Callable[[int], int], n: i64) -> i64:
    """``random.Random.randrange(n)`` (for ``n > 0``) from the same generator's
    ``getrandbits``: the same draws, without its Python-level argument checks."""
    k = int(n).bit_length()
    r: i64 = bits(k)
    while r >= n:
        r = bits(k)
    return r


def shuffle(items: list[int], bits: Callable[[int], int]) -> None:
    """``random.Random.shuffle(items)`` from the same generator's ``getrandbits``:
    the same order, the same draws."""
    i: i64 = len(items) - 1
    while i > 0:
        j = below(bits, i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1


def _cards(mask: int) -> list[int]:
    """The card indices in ``mask``, lowest first."""
    out: list[int] = []
    m: i64 = mask
    while m:
        low = m & -m
        out.append(int(low).bit_length() - 1)
        m ^= low
    return out


def sample_deal(situation: Situation, rng: random.Random, use_voids: bool = True) -> list[int]:
    """Four hands (masks): ours, and the unseen cards dealt to the others at random.

    Each other seat gets exactly as many cards as it holds, never a card of a suit
    it has shown out of (when ``use_voids``), and the cards we passed it.
    """
    me: i64 = situation.me
    hands = [0, 0, 0, 0]
    hands[me] = situation.hand
    room = [0, 0, 0, 0]
    unknown: i64 = FULL_DECK ^ situation.played ^ situation.hand
    seat: i64
    for seat in range(4):
        if seat != me:
            known: i64 = situation.known[seat]
            hands[seat] = known
            unknown &= ~known
            room[seat] = situation.held[seat] - int(known).bit_count()
    # Each suit's eligible seats as a 4-bit mask; a seat void in it is left out.
    voids: i64 = 0
    if use_voids:
        voids = (situation.voids[0] | situation.voids[1] << 4 | situation.voids[2] << 8
                 | situation.voids[3] << 12)
    keys: list[int] = []
    suit: i64
    for suit in range(4):
        if not unknown & SUIT_MASKS[suit]:
            continue
        count: i64 = 0
        for seat in range(4):
            if seat != me and room[seat] > 0 and not voids >> (4 * seat + suit) & 1:
                count += 1
        keys.append(count * 4 + suit)
    keys.sort()
    suits: list[list[int]] = []
    eligible: list[int] = []
    for key in keys:
        suit = key & 3
        suits.append(_cards(unknown & SUIT_MASKS[suit]))
        seats: i64 = 0
        for seat in range(4):
            if seat != me and not voids >> (4 * seat + suit) & 1:
                seats |= 1 << seat
        eligible.append(seats)
    bits = rng.getrandbits
    for _attempt in range(40):
        dealt = list(hands)
        left = list(room)
        if _deal(suits, eligible, dealt, left, bits):
            return dealt
    if use_voids:
        return sample_deal(situation, rng, use_voids=False)
    raise ValueError("the unseen cards cannot be dealt")  # pragma: no cover


def _deal(suits: list[list[int]], eligible: list[int], hands: list[int], room: list[int],
          bits: Callable[[int], int]) -> bool:
    """Deal each suit's cards (in ``suits``' order) among its ``eligible`` seats (a
    4-bit mask each), each card to a seat as likely as its ``room``."""
    index: i64 = 0
    seat: i64
    for cards in suits:
        seats: i64 = eligible[index]
        index += 1
        order = list(cards)
        shuffle(order, bits)
        for card in order:
            total: i64 = 0
            for seat in range(4):
                if seats >> seat & 1:
                    total += room[seat]
            if total <= 0:
                return False
            pick = below(bits, total)
            for seat in range(4):
                if not seats >> seat & 1:
                    continue
                pick -= room[seat]
                if pick < 0:
                    hands[seat] |= ONE << card
                    room[seat] -= 1
                    break
    return True


TOP_RANKS: Final = sum(0x1F00 << (13 * suit) for suit in range(4))
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
    me: i64 = situation.me
    guess = [0, 0, 0, 0]
    seat: i64
    for seat in range(4):
        if seat != me and lacks[seat]:
            guess[seat] = lacks[seat] if rng.random() < trust else lacks[seat] & QUEEN_OF_SPADES
    if not (guess[0] or guess[1] or guess[2] or guess[3]) and favour < 0:
        return sample_deal(situation, rng)
    hands = [0, 0, 0, 0]
    hands[me] = situation.hand
    room = [0, 0, 0, 0]
    unknown: i64 = FULL_DECK ^ situation.played ^ situation.hand
    for seat in range(4):
        if seat != me:
            known: i64 = situation.known[seat]
            hands[seat] = known
            unknown &= ~known
            room[seat] = situation.held[seat] - int(known).bit_count()
    voids: i64 = (situation.voids[0] | situation.voids[1] << 4 | situation.voids[2] << 8
                  | situation.voids[3] << 12)
    g0: i64 = guess[0]
    g1: i64 = guess[1]
    g2: i64 = guess[2]
    g3: i64 = guess[3]
    # Each card with the mask of seats that may get it, grouped by how many may
    # (one, two, three or more); a card no seat may get sends us to sample_deal.
    groups: list[list[int]] = [[], [], [], []]
    masks: list[list[int]] = [[], [], [], []]
    while unknown:
        low = unknown & -unknown
        unknown ^= low
        card: i64 = int(low).bit_length() - 1
        suit = card // 13
        seats: i64 = 0
        count: i64 = 0
        for seat in range(4):
            if (seat != me and room[seat] > 0 and not voids >> (4 * seat + suit) & 1
                    and not (g0 if seat == 0 else g1 if seat == 1 else g2 if seat == 2
                             else g3) & low):
                seats |= 1 << seat
                count += 1
        if count > 3:
            count = 3
        groups[count].append(card)
        masks[count].append(seats)
    if groups[0]:
        return sample_deal(situation, rng)
    bits = rng.getrandbits
    for _attempt in range(20):
        dealt = list(hands)
        left = list(room)
        failed = False
        size: i64
        for size in range(1, 4):
            # Shuffle positions, so that each card keeps its seats.
            order = list(range(len(groups[size])))
            shuffle(order, bits)
            cards = groups[size]
            allowed = masks[size]
            for position in order:
                card = cards[position]
                seats = allowed[position]
                if favour >= 0 and seats >> favour & 1:
                    seat = _tilted_pick(ONE << card, _seats(seats), left, favour, tilt, rng)
                    if seat < 0:
                        failed = True
                        break
                    dealt[seat] |= ONE << card
                    left[seat] -= 1
                    continue
                total: i64 = 0
                for seat in range(4):
                    if seats >> seat & 1:
                        total += left[seat]
                if total <= 0:
                    failed = True
                    break
                pick = below(bits, total)
                for seat in range(4):
                    if not seats >> seat & 1:
                        continue
                    pick -= left[seat]
                    if pick < 0:
                        dealt[seat] |= ONE << card
                        left[seat] -= 1
                        break
            if failed:
                break
        if not failed:
            return dealt
    return sample_deal(situation, rng)


def _seats(mask: i64) -> list[int]:
    """The seats in a 4-bit mask, in order."""
    return [seat for seat in range(4) if mask >> seat & 1]


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
