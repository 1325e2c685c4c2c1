"""The order a person's cards are shown in: by suit, so the two red suits never
touch, then low to high."""

from __future__ import annotations

from hearts.cards import Card, Suit

__all__ = ["SUIT_ORDER", "display_order"]

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The order of the suits in a person's hand, so the two red suits never touch."""


def display_order(card: Card) -> tuple[int, int]:
    """Sort key of a card in a person's hand: by :data:`SUIT_ORDER`, low to high."""
    return SUIT_ORDER.index(card.suit), card.rank
