"""Play a hand out to the end with judgement in every seat, on plain ints.

The whole position lives in local ints (each seat's hand and taken cards, the
trick's cards, the voids packed in one int), so compiled by mypyc the loop runs
on native ints and allocates nothing per card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from hearts.ai.judgement import CLUBS_MASK, ONE, Book, book, judge, of_seat, pack_voids, shoot
from hearts.ai.kit import RuleKit
from hearts.ai.playfeatures import model_choice
from hearts.core import HEARTS, POINT_CARDS, QUEEN_OF_SPADES, final_points, legal_mask

if TYPE_CHECKING:
    # A native 64-bit int to mypyc; an int everywhere else.
    from mypy_extensions import i64

__all__ = ["below", "playout"]


def playout(hands: list[int], trick: Sequence[int], leader: int, played: int,
            taken: Sequence[int], voids: Sequence[int], broken: bool, first: bool,
            kit: RuleKit, rng: random.Random, noise: float = 0.0,
            shooters: int = 0, charged: int = -1, charge: int = 0,
            guard: bool = False, policy: list[float] | None = None) -> tuple[int, ...]:
    """Final points of each seat after judgement plays out the hand from here.

    ``hands`` is consumed. ``trick`` holds the cards already in the current trick,
    led by ``leader``. With probability ``noise`` a seat plays a random legal card.
    A seat in the ``shooters`` mask (bit ``1 << seat``) plays to shoot the moon for
    as long as no other seat has taken points. Seat ``charged`` (if not -1) scores
    ``charge`` points more when it takes the queen of spades without shooting the moon.
    With ``guard``, seat ``charged`` knows the shooter and defends against it (see
    ``threat`` in :func:`~hearts.ai.judgement.judge_play`). With a ``policy`` (a
    weight table of the learned model of play, :mod:`hearts.ai.playfeatures`), a
    shooter plays the card that table rates likeliest instead of
    :func:`~hearts.ai.judgement.shoot`'s.
    """
    n = len(trick)
    k0, k1, k2, k3 = _run(
        hands[0], hands[1], hands[2], hands[3], taken[0], taken[1], taken[2], taken[3],
        pack_voids(voids), n, trick[0] if n else 0, trick[1] if n > 1 else 0,
        trick[2] if n > 2 else 0, leader, played, broken, first, kit.first_lead,
        kit.leading_hearts, kit.first_trick, book(kit), rng, noise, shooters, charged,
        shooters.bit_length() - 1 if guard and shooters else -1, policy)
    hands[0] = hands[1] = hands[2] = hands[3] = 0
    points = final_points((k0, k1, k2, k3), kit.scoring, kit.jack)
    mine = of_seat(charged, k0, k1, k2, k3) if charged >= 0 else 0
    if mine & QUEEN_OF_SPADES and mine & POINT_CARDS != POINT_CARDS:
        return tuple([p + charge if seat == charged else p for seat, p in enumerate(points)])
    return points


def _run(h0: i64, h1: i64, h2: i64, h3: i64, k0: i64, k1: i64, k2: i64, k3: i64,
         packed: i64, n: i64, t0: i64, t1: i64, t2: i64, leader: i64, played: i64,
         broken: bool, first: bool, first_lead: bool, leading_hearts: bool,
         first_trick: bool, rules: Book, rng: random.Random, noise: float, shooters: i64,
         charged: i64, threat: i64, policy: list[float] | None
         ) -> tuple[i64, i64, i64, i64]:
    """Each seat's taken cards at the end of :func:`playout`, from the position as
    plain ints: hands ``h0``..``h3``, taken cards ``k0``..``k3``, the voids packed by
    :func:`~hearts.ai.judgement.pack_voids` and the trick's ``n`` cards ``t0``..``t2``."""
    seat = (leader + n) & 3
    chance = rng.random
    bits = rng.getrandbits
    hand: i64
    led: i64
    legal: i64
    card: i64
    while True:
        if seat < 2:
            hand = h0 if seat == 0 else h1
        else:
            hand = h2 if seat == 2 else h3
        if not hand:
            break
        if not n and not hand & (hand - 1):
            # The last trick: every seat has one card left and nothing to decide.
            return _last_trick(seat, h0, h1, h2, h3, k0, k1, k2, k3)
        if n:
            led = t0 // 13
            if first:
                legal = legal_mask(hand, led, first, broken, first_lead, leading_hearts,
                                   first_trick)
            else:
                legal = hand & (CLUBS_MASK << (13 * led)) or hand
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
            pick = below(bits, int(legal).bit_count())
            while pick:
                legal &= legal - 1
                pick -= 1
            card = int(legal & -legal).bit_length() - 1
        elif not legal & (legal - 1):
            card = int(legal).bit_length() - 1
        elif shooters >> seat & 1 and not ((k0 | k1 | k2 | k3) & ~of_seat(seat, k0, k1, k2, k3)
                                           & POINT_CARDS):
            # A shooter plays to shoot while no other seat has points.
            if policy is None:
                card = shoot(hand, legal, n, t0, t1, t2, played)
            else:
                card = model_choice(policy, seat, hand, legal, n, t0, t1, t2, played, k0, k1,
                                    k2, k3, packed, rules)
        else:
            card = judge(seat, hand, legal, n, t0, t1, t2, played, k0, k1, k2, k3, packed,
                         rules, True, True, threat if seat == charged else -1)
        bit = ONE << card
        if seat < 2:
            if seat == 0:
                h0 ^= bit
            else:
                h1 ^= bit
        elif seat == 2:
            h2 ^= bit
        else:
            h3 ^= bit
        played |= bit
        if led >= 0 and card // 13 != led:
            packed |= ONE << (4 * seat + led)
        if n < 3:
            if n == 0:
                t0 = card
            elif n == 1:
                t1 = card
            else:
                t2 = card
            n += 1
            seat = (seat + 1) & 3
            continue
        best: i64 = 0
        top = t0
        if t1 // 13 == led and t1 > top:
            top = t1
            best = 1
        if t2 // 13 == led and t2 > top:
            top = t2
            best = 2
        if card // 13 == led and card > top:
            best = 3
        leader = (leader + best) & 3
        mask = (ONE << t0) | (ONE << t1) | (ONE << t2) | bit
        if leader < 2:
            if leader == 0:
                k0 |= mask
            else:
                k1 |= mask
        elif leader == 2:
            k2 |= mask
        else:
            k3 |= mask
        if mask & HEARTS:
            broken = True
        n = 0
        seat = leader
        first = False
    return k0, k1, k2, k3


def _last_trick(leader: i64, h0: i64, h1: i64, h2: i64, h3: i64, k0: i64, k1: i64, k2: i64,
                k3: i64) -> tuple[i64, i64, i64, i64]:
    """Each seat's taken cards after the last trick, one card in each hand ``h0``..``h3``
    and ``leader`` to lead."""
    best = of_seat(leader, h0, h1, h2, h3)
    led_mask = CLUBS_MASK << (13 * ((int(best).bit_length() - 1) // 13))
    winner = leader
    step: i64
    for step in range(1, 4):
        seat = (leader + step) & 3
        card = of_seat(seat, h0, h1, h2, h3)
        if card & led_mask and card > best:
            best = card
            winner = seat
    mask = h0 | h1 | h2 | h3
    if winner < 2:
        return (k0 | mask, k1, k2, k3) if winner == 0 else (k0, k1 | mask, k2, k3)
    return (k0, k1, k2 | mask, k3) if winner == 2 else (k0, k1, k2, k3 | mask)


def below(bits: Callable[[int], int], n: int) -> int:
    """``random.Random.randrange(n)`` (for ``n > 0``) from the same generator's
    ``getrandbits``: the same draws, without its Python-level argument checks."""
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r
