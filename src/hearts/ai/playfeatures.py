"""What the learned model of play reads: a legal card's features in a seat's position.

The model (:mod:`hearts.ai.playmodel`) gives each card a seat could play a score,
the sum of the weights of the features the card has in that position, and the
chance of each card is the softmax of the scores over the legal cards. The
features are binary and crossed with the kind of decision (a lead, following
at each position, discarding at each position), so the model is a table of
weights: scoring a card is a few lookups. Judgement's own choice
(:func:`hearts.ai.judgement.judge`) is one of the features, so the model can
only learn to be as sharp as judgement or sharper.

The position is what that seat could see when it chose: its hand, the trick,
every card played, each seat's taken cards and shown-out suits. The same code
gives the lab the features to train on (:func:`decision_features`) and the
search the chance of a play (:func:`log_chance`), so the two cannot disagree.
Compiled by mypyc with the playout (:mod:`hearts.speedups`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

from hearts.ai.judgement import Book, judge
from hearts.core import (
    FULL_DECK,
    HEARTS,
    JACK_OF_DIAMONDS,
    POINT_CARDS,
    QUEEN_OF_SPADES,
    legal_mask,
)

if TYPE_CHECKING:
    # A native 64-bit int to mypyc; an int everywhere else.
    from mypy_extensions import i64

__all__ = ["FEATURES", "decision_features", "log_chance", "model_choice"]

# mypyc 2.4 compiles ``1 << n`` on i64 to a C shift of a 32-bit int (wrong from
# bit 31 on): shifts start from this value, which it cannot fold.
ONE: Final[i64] = len("1")
SUIT: Final[i64] = ONE * 0x1FFF
"""A suit's 13 bits, shifted by ``13 * suit`` (64 bits wide, as ``ONE``: a constant
mypyc folds would be shifted as a 32-bit int)."""
BIG_SPADES: Final[i64] = (ONE << 50) | (ONE << 51)

# The blocks of the weight table (see _score): each block's first index.
_J: Final = 0            # judgement's card, by slot, moon state and points on the trick
_J_PHASE: Final = 56     # judgement's card, by slot and stage of the hand
_RANK: Final = 77        # slot, suit, rank bucket
_EDGE: Final = 273       # slot, suit: the card is our lowest, highest or only one there
_LENGTH: Final = 357     # slot, suit, how many we hold there
_ABOVE: Final = 497      # slot, suit, unseen cards above it (0..3+)
_BELOW: Final = 609      # slot, suit, unseen cards below it (0..3+)
_RELATION: Final = 721   # following: position, relation to the trick's best card,
#                          points on the trick, queen unseen, moon state
_SPECIAL: Final = 913    # slot, the queen / a big spade with the queen out / a heart
#                          / the jack of diamonds, moon state
_DANGER: Final = 1025    # leading a suit another seat has shown out of, points out
_LED: Final = 1029       # following: position, suit led, relation
_HOLD: Final = 1077      # slot, the card's suit, what the hand holds: the queen of
#                          spades, the ace or king of spades, no / 1-2 / 3+ hearts
FEATURES: Final = 1413
"""How many features (weights) the model has."""

_RANK_BUCKET: Final = (0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 5, 6)
"""2-4, 5-7, 8-9, 10-J, Q, K, A."""
_COUNTS: Final = tuple(bin(bits).count("1") for bits in range(8192))


def _count(mask: i64, suit: i64) -> i64:
    return _COUNTS[(mask >> (13 * suit)) & SUIT]


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


class _Context:
    """One decision's position, shared by every card scored in it."""

    def __init__(self, seat: i64, hand: i64, legal: i64, n: i64, t0: i64, t1: i64, t2: i64,
                 played: i64, k0: i64, k1: i64, k2: i64, k3: i64, voids: i64, rules: Book,
                 choice: i64) -> None:
        self.hand: i64 = hand
        self.legal: i64 = legal
        self.n: i64 = n
        self.out: i64 = FULL_DECK ^ played ^ hand
        self.choice: i64 = choice
        self.jack: bool = rules.jack
        self.voids: i64 = voids
        self.seat: i64 = seat
        done: i64 = (int(played).bit_count() - n) // 4
        self.phase: i64 = 0 if done < 4 else (1 if done < 9 else 2)
        holders: i64 = ((1 if k0 & POINT_CARDS else 0) | (2 if k1 & POINT_CARDS else 0)
                        | (4 if k2 & POINT_CARDS else 0) | (8 if k3 & POINT_CARDS else 0))
        moon: i64 = 0
        if holders:
            if holders & (holders - 1):
                moon = 3
            else:
                moon = 1 if holders == ONE << seat else 2
        self.moon: i64 = moon
        self.led: i64 = t0 // 13 if n else -1
        best: i64 = t0
        points: i64 = 0
        if n:
            cards: i64 = ONE << t0
            if n > 1:
                cards |= ONE << t1
                if t1 // 13 == self.led and t1 > best:
                    best = t1
            if n > 2:
                cards |= ONE << t2
                if t2 // 13 == self.led and t2 > best:
                    best = t2
            points = rules.positive(cards)
        self.best: i64 = best
        self.points: i64 = 1 if points > 0 else 0
        self.queen_out: i64 = 1 if self.out & QUEEN_OF_SPADES else 0
        follow: bool = n > 0 and bool(legal & (SUIT << (13 * self.led)))
        if not n:
            self.slot: i64 = 0
        elif follow:
            self.slot = n
        else:
            self.slot = 3 + n
        below: i64 = legal & ((ONE << best) - 1) if follow else 0
        above: i64 = legal & ~((ONE << best) - 1) if follow else 0
        self.duck: i64 = _top(below) if below else -1
        self.win: i64 = _low(above) if above else -1
        hearts = _count(hand, 2)
        self.holding: i64 = ((6 if hand & QUEEN_OF_SPADES else 0) + (3 if hand & BIG_SPADES else 0)
                             + (0 if not hearts else (1 if hearts < 3 else 2)))
        self.danger_suits: i64 = 0
        if self.out & POINT_CARDS:
            suit: i64
            for suit in range(4):
                step: i64
                for step in range(1, 4):
                    if voids >> (4 * ((seat + step) & 3) + suit) & 1:
                        self.danger_suits |= ONE << suit
                        break


def _put(w: list[float], found: list[int] | None, key: i64) -> float:
    """The weight of feature ``key``, noted in ``found`` when it is given."""
    if found is not None:
        found.append(key)
    return w[key]


def _score(w: list[float], found: list[int] | None, x: _Context, card: i64) -> float:
    """The card's score in ``x``: the sum of its features' weights in ``w``; each
    feature's index is appended to ``found`` when it is given."""
    slot = x.slot
    suit = card // 13
    rank = card % 13
    bit = ONE << card
    mine = x.hand & (SUIT << (13 * suit))
    out_suit = x.out & (SUIT << (13 * suit))
    cell = slot * 4 + suit
    moon = x.moon
    total = 0.0
    if card == x.choice:
        total += _put(w, found, _J + (slot * 4 + moon) * 2 + x.points)
        total += _put(w, found, _J_PHASE + slot * 3 + x.phase)
    total += _put(w, found, _RANK + cell * 7 + _RANK_BUCKET[rank])
    edge: i64 = (1 if _low(mine) == card else 0) + (2 if _top(mine) == card else 0)
    if edge:
        total += _put(w, found, _EDGE + cell * 3 + edge - 1)
    length = _count(x.hand, suit)
    total += _put(w, found, _LENGTH + cell * 5 + (length if length < 5 else 5) - 1)
    higher = _count(out_suit & ~((bit << 1) - 1), suit)
    lower = _count(out_suit & (bit - 1), suit)
    total += _put(w, found, _ABOVE + cell * 4 + (higher if higher < 3 else 3))
    total += _put(w, found, _BELOW + cell * 4 + (lower if lower < 3 else 3))
    n = x.n
    if 1 <= slot <= 3:
        if card > x.best:
            relation: i64 = 0 if card == x.win else 1
        else:
            relation = 2 if card == x.duck else 3
        cross = (((n - 1) * 4 + relation) * 2 + x.points) * 2 + x.queen_out
        total += _put(w, found, _RELATION + cross * 4 + moon)
        total += _put(w, found, _LED + ((n - 1) * 4 + x.led) * 4 + relation)
    special: i64 = -1
    if bit & QUEEN_OF_SPADES:
        special = 0
    elif bit & BIG_SPADES and x.queen_out:
        special = 1
    elif bit & HEARTS:
        special = 2
    elif x.jack and bit & JACK_OF_DIAMONDS:
        special = 3
    if special >= 0:
        total += _put(w, found, _SPECIAL + (slot * 4 + special) * 4 + moon)
    if slot == 0 and x.danger_suits >> suit & 1:
        total += _put(w, found, _DANGER + suit)
    total += _put(w, found, _HOLD + cell * 12 + x.holding)
    return total


def _context(seat: i64, hand: i64, n: i64, t0: i64, t1: i64, t2: i64, played: i64, k0: i64,
             k1: i64, k2: i64, k3: i64, voids: i64, first: bool, broken: bool, rules: Book,
             first_lead: bool, leading_hearts: bool, first_trick: bool) -> _Context | None:
    """The decision's context, or None when only one card is legal."""
    legal = legal_mask(hand, t0 // 13 if n else -1, first, broken, first_lead, leading_hearts,
                       first_trick)
    if not legal & (legal - 1):
        return None
    choice = judge(seat, hand, legal, n, t0, t1, t2, played, k0, k1, k2, k3, voids, rules,
                   True, True, -1)
    return _Context(seat, hand, legal, n, t0, t1, t2, played, k0, k1, k2, k3, voids, rules,
                    choice)


def log_chance(w: list[float], seat: i64, hand: i64, card: i64, n: i64, t0: i64, t1: i64,
               t2: i64, played: i64, k0: i64, k1: i64, k2: i64, k3: i64, voids: i64,
               first: bool, broken: bool, rules: Book, first_lead: bool, leading_hearts: bool,
               first_trick: bool) -> float:
    """The natural log of the model's chance that ``seat`` plays ``card`` holding
    ``hand`` (the card included) in this position: 0 when it is the only legal card.

    The trick is its ``n`` cards ``t0``..``t2``, ``played`` every card played
    before (the trick's included), ``k0``..``k3`` each seat's taken cards and
    ``voids`` packed by :func:`hearts.ai.judgement.pack_voids`.
    """
    x = _context(seat, hand, n, t0, t1, t2, played, k0, k1, k2, k3, voids, first, broken,
                 rules, first_lead, leading_hearts, first_trick)
    if x is None:
        return 0.0
    mine = 0.0
    top = -1e300
    scores: list[float] = []
    legal: i64 = x.legal
    while legal:
        low = legal & -legal
        legal ^= low
        c: i64 = int(low).bit_length() - 1
        s = _score(w, None, x, c)
        if c == card:
            mine = s
        if s > top:
            top = s
        scores.append(s)
    total = 0.0
    for s in scores:
        total += math.exp(s - top)
    return mine - top - math.log(total)


def model_choice(w: list[float], seat: i64, hand: i64, legal: i64, n: i64, t0: i64, t1: i64,
                 t2: i64, played: i64, k0: i64, k1: i64, k2: i64, k3: i64, voids: i64,
                 rules: Book) -> i64:
    """The legal card the model rates likeliest (the lowest on a tie)."""
    if not legal & (legal - 1):
        return _top(legal)
    choice = judge(seat, hand, legal, n, t0, t1, t2, played, k0, k1, k2, k3, voids, rules,
                   True, True, -1)
    x = _Context(seat, hand, legal, n, t0, t1, t2, played, k0, k1, k2, k3, voids, rules,
                 choice)
    best: i64 = -1
    top = -1e300
    rest = legal
    while rest:
        low = rest & -rest
        rest ^= low
        c: i64 = int(low).bit_length() - 1
        s = _score(w, None, x, c)
        if s > top:
            top = s
            best = c
    return best


def decision_features(seat: int, hand: int, n: int, t0: int, t1: int, t2: int, played: int,
                      k0: int, k1: int, k2: int, k3: int, voids: int, first: bool,
                      broken: bool, rules: Book, first_lead: bool, leading_hearts: bool,
                      first_trick: bool) -> tuple[list[int], list[list[int]], int]:
    """For training: the legal cards (lowest first), each one's feature indices,
    and judgement's card; no cards when only one is legal."""
    x = _context(seat, hand, n, t0, t1, t2, played, k0, k1, k2, k3, voids, first, broken,
                 rules, first_lead, leading_hearts, first_trick)
    if x is None:
        return [], [], -1
    zero = [0.0] * FEATURES
    cards: list[int] = []
    rows: list[list[int]] = []
    legal: i64 = x.legal
    while legal:
        low = legal & -legal
        legal ^= low
        c: i64 = int(low).bit_length() - 1
        found: list[int] = []
        _score(zero, found, x, c)
        cards.append(c)
        rows.append(found)
    return cards, rows, x.choice
