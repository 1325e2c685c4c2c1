"""The engine's fast paths give exactly what the plain code gives."""

from __future__ import annotations

import random

from hearts import Card, Hand, Rules, Seat
from hearts.cards import cards_of_mask, names_of_mask
from hearts.hand import _DECK_BITS, _shuffled_deck


def test_the_deal_shuffles_as_random_shuffle_does() -> None:
    for seed in range(500):
        expected = list(_DECK_BITS)
        random.Random(seed).shuffle(expected)
        assert _shuffled_deck(random.Random(seed)) == expected
    deck = Card.all()
    random.Random(42).shuffle(deck)
    hand = Hand.deal(Rules(), 42)
    assert [hand.dealt(seat) for seat in Seat] == [sorted(deck[s::4]) for s in range(4)]


class _Subclass(random.Random):
    """A Random of its own kind: the deal must use its own shuffle."""

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        x.reverse()


def test_other_random_kinds_shuffle_their_own_way() -> None:
    assert _shuffled_deck(_Subclass(1)) == list(reversed(_DECK_BITS))


def test_cards_of_mask_matches_the_cards_in_the_mask() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        mask = rng.getrandbits(52) & rng.getrandbits(52)
        assert cards_of_mask(mask) == [c for c in Card.all() if mask >> c.index & 1]
    assert cards_of_mask(0) == []
    assert cards_of_mask((1 << 52) - 1) == Card.all()


def test_names_of_mask_are_the_names_of_its_cards() -> None:
    rng = random.Random(5)
    for _ in range(500):
        mask = rng.getrandbits(52) & rng.getrandbits(52)
        assert names_of_mask(mask) == [str(card) for card in cards_of_mask(mask)]
    assert names_of_mask(0) == []
    assert names_of_mask((1 << 52) - 1) == [str(card) for card in Card.all()]
