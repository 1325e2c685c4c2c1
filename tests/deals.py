"""Deals the tests share."""

from __future__ import annotations

from hearts.cards import CardSet
from hearts.hand import Hand
from hearts.rules import PassDirection, Rules

SIGNS_DEAL = ("3C JC 4D 7D 9D TD KD AD KH 2S 3S 4S AS", "9C 3D 8D QD 3H 5H 7H 8H 9H JH 7S TS QS",
              "4C 5C 6C 7C KC 2D 4H 6H TH QH AH 8S 9S", "2C 8C TC QC AC 5D 6D JD 2H 5S 6S JS KS")
"""South's, West's, North's and East's cards of a deal where moon signs show early."""


def played_without_passing(plays: str) -> Hand:
    """:data:`SIGNS_DEAL` under the default rules, no pass, after ``plays``."""
    hand = Hand(Rules(), [CardSet.parse(cards) for cards in SIGNS_DEAL],
                pass_direction=PassDirection.NONE)
    for card in plays.split():
        hand.play(card)
    return hand
