"""The lean core: the rules of play over plain ints, for speed.

A card is an index 0..51 (``suit * 13 + rank - 2``) and a set of cards is a
52-bit int. Suits are masks (``hand & HEARTS``), the lowest card of a set is
``m & -m`` and counts are ``m.bit_count()``. :class:`hearts.hand.Hand` uses
these functions for its own legality and scoring, so the public API and the
search's playouts can never disagree about the rules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

__all__ = [
    "CLUBS", "DIAMONDS", "FULL_DECK", "HEARTS", "JACK_OF_DIAMONDS", "JACK_OF_DIAMONDS_INDEX",
    "JACK_OF_DIAMONDS_POINTS", "POINT_CARDS", "QUEEN_OF_SPADES", "QUEEN_OF_SPADES_INDEX",
    "SPADES", "SUIT_MASKS", "TWO_OF_CLUBS", "card_points_table", "final_points",
    "heart_points_table", "legal_mask", "mask_points", "random_hand", "trick_winner",
]

# Final, so that mypyc compiles these constants into the modules that use them.
CLUBS: Final = 0x1FFF
DIAMONDS: Final = CLUBS << 13
HEARTS: Final = CLUBS << 26
SPADES: Final = CLUBS << 39
SUIT_MASKS = (CLUBS, DIAMONDS, HEARTS, SPADES)
FULL_DECK: Final = (1 << 52) - 1

TWO_OF_CLUBS: Final = 1
QUEEN_OF_SPADES_INDEX: Final = 49
"""The queen of spades' card index (``3 * 13 + 12 - 2``)."""
QUEEN_OF_SPADES: Final = 1 << QUEEN_OF_SPADES_INDEX
JACK_OF_DIAMONDS_INDEX: Final = 22
"""The jack of diamonds' card index (``1 * 13 + 11 - 2``)."""
JACK_OF_DIAMONDS: Final = 1 << JACK_OF_DIAMONDS_INDEX
JACK_OF_DIAMONDS_POINTS: Final = -10
"""What the jack of diamonds is worth to whoever takes it, when the rules count it."""
POINT_CARDS: Final = HEARTS | QUEEN_OF_SPADES
"""The cards that carry positive points (and must all be taken to shoot the moon)."""

# Points of each heart by rank index 0 (the 2) .. 12 (the ace), per scoring.
_HEART_VALUES = {
    "house": (1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 4, 5),
    "classic": (1,) * 13,
}
_QUEEN_VALUES = {"house": 10, "classic": 13}


def _heart_table(values: Sequence[int]) -> tuple[int, ...]:
    table = [0] * 8192
    for bits in range(1, 8192):
        low = (bits & -bits).bit_length() - 1
        table[bits] = table[bits & (bits - 1)] + values[low]
    return tuple(table)


_HEART_TABLES = {name: _heart_table(values) for name, values in _HEART_VALUES.items()}


def heart_points_table(scoring: str) -> tuple[int, ...]:
    """Points of every set of hearts under a scoring, indexed by the 13-bit set
    (``(mask >> 26) & 0x1FFF``)."""
    return _HEART_TABLES[scoring]


def card_points_table(scoring: str, jack_of_diamonds: bool) -> tuple[int, ...]:
    """Points of each card index under a scoring (``"house"`` or ``"classic"``)."""
    table = [0] * 52
    for rank_index, value in enumerate(_HEART_VALUES[scoring]):
        table[26 + rank_index] = value
    table[QUEEN_OF_SPADES_INDEX] = _QUEEN_VALUES[scoring]
    if jack_of_diamonds:
        table[JACK_OF_DIAMONDS_INDEX] = JACK_OF_DIAMONDS_POINTS
    return tuple(table)


def mask_points(taken: int, scoring: str, jack_of_diamonds: bool) -> int:
    """Points in a set of taken cards, before any moon is considered."""
    points = _HEART_TABLES[scoring][(taken >> 26) & 0x1FFF]
    if taken & QUEEN_OF_SPADES:
        points += _QUEEN_VALUES[scoring]
    if jack_of_diamonds and taken & JACK_OF_DIAMONDS:
        points += JACK_OF_DIAMONDS_POINTS
    return points


def hand_value(scoring: str) -> int:
    """The positive points in one hand: 33 (house) or 26 (classic)."""
    return mask_points(POINT_CARDS, scoring, False)


def final_points(taken: Sequence[int], scoring: str, jack_of_diamonds: bool) -> tuple[int, ...]:
    """Each seat's points for a finished hand, the moon included.

    ``taken`` is each seat's taken cards. A seat that took every point card
    scores nothing for them and every other seat scores the hand's full value;
    the jack of diamonds (when played) still counts for whoever took it.
    """
    for shooter, cards in enumerate(taken):
        if cards & POINT_CARDS == POINT_CARDS:
            full = hand_value(scoring)
            return tuple(
                (0 if seat == shooter else full)
                + (JACK_OF_DIAMONDS_POINTS
                   if jack_of_diamonds and taken[seat] & JACK_OF_DIAMONDS else 0)
                for seat in range(len(taken))
            )
    return tuple(mask_points(cards, scoring, jack_of_diamonds) for cards in taken)


def legal_mask(
    hand: int,
    led_suit: int,
    first_trick: bool,
    hearts_broken: bool,
    first_lead_rule: bool,
    leading_hearts_rule: bool,
    first_trick_rule: bool,
) -> int:
    """The cards of ``hand`` that may be played now.

    ``led_suit`` is the suit led to the current trick, or -1 when leading.
    The chain of rules: follow suit; the 2 of clubs leads; no points on the
    first trick; no heart lead before hearts are broken; otherwise anything.
    """
    if led_suit >= 0:
        follow = hand & SUIT_MASKS[led_suit]
        if first_trick and first_trick_rule:
            if follow:
                return follow & ~POINT_CARDS or follow
            return hand & ~POINT_CARDS or hand
        return follow or hand
    if first_trick:
        if first_lead_rule and hand & TWO_OF_CLUBS:
            return TWO_OF_CLUBS
        if first_trick_rule:
            hand = hand & ~POINT_CARDS or hand
    if leading_hearts_rule and not hearts_broken:
        return hand & ~HEARTS or hand
    return hand


def trick_winner(cards: Sequence[int]) -> int:
    """Position (0 = leader) of the winning card among a trick's card indices."""
    led = cards[0] // 13
    best = 0
    for position in range(1, len(cards)):
        card = cards[position]
        if card // 13 == led and card > cards[best]:
            best = position
    return best


def random_hand(rng: random.Random, first_lead_rule: bool = False,
                leading_hearts_rule: bool = False, first_trick_rule: bool = False,
                scoring: str = "house", jack_of_diamonds: bool = False) -> tuple[int, ...]:
    """Deal and play one hand at random (no passing) on ints only; the benchmark's
    measure of raw core speed. Returns each seat's final points."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for position, card in enumerate(deck):
        hands[position & 3] |= 1 << card
    taken = [0, 0, 0, 0]
    if first_lead_rule:
        leader = next(seat for seat in range(4) if hands[seat] & TWO_OF_CLUBS)
    else:
        leader = 1
    broken = False
    choice = rng.randrange
    for trick in range(13):
        first = trick == 0
        led = -1
        played = [0, 0, 0, 0]
        trick_mask = 0
        for position in range(4):
            seat = (leader + position) & 3
            legal = legal_mask(hands[seat], led, first, broken,
                               first_lead_rule, leading_hearts_rule, first_trick_rule)
            pick = choice(legal.bit_count())
            while pick:
                legal &= legal - 1
                pick -= 1
            bit = legal & -legal
            index = bit.bit_length() - 1
            hands[seat] ^= bit
            trick_mask |= bit
            played[position] = index
            if position == 0:
                led = index // 13
        if trick_mask & HEARTS:
            broken = True
        leader = (leader + trick_winner(played)) & 3
        taken[leader] |= trick_mask
    return final_points(taken, scoring, jack_of_diamonds)
