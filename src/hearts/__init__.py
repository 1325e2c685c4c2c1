"""A small, fast and honest Hearts library, and a terminal game on top of it.

The public API::

    from hearts import (Card, Suit, Seat, CardSet, Rules, Scoring, Passing,
                        PassDirection, Phase, Hand, Match, PlayerView, IllegalMove)
    from hearts import RuleSet   # the rules by name: Original, Classic, Omnibus
    from hearts import HandRecord   # a hand's record as one typed value (Hand.to_record)
"""

from hearts import speedups

# First of all, before anything imports the compiled modules (some may be
# hearts.* modules imported below): it may put the pure-Python ones in their place.
speedups.install()

from hearts.cards import Card, CardSet, Seat, Suit
from hearts.hand import Hand, HandRecord, HandRecordError, Play, SeatPlayer, Trick
from hearts.match import Match, MatchOver
from hearts.rules import IllegalMove, PassDirection, Passing, Rules, RuleSet, Scoring
from hearts.view import Phase, PlayerView

__all__ = [
    "Card", "CardSet", "Hand", "HandRecord", "HandRecordError", "IllegalMove", "Match",
    "MatchOver", "PassDirection", "Passing", "Phase", "Play", "PlayerView", "RuleSet", "Rules",
    "Scoring", "Seat", "SeatPlayer", "Suit", "Trick",
]


def __getattr__(name: str) -> str:
    """``__version__``, looked up on first use (reading the metadata takes a while)."""
    if name == "__version__":
        from hearts.distribution import version

        return version()
    raise AttributeError(f"module 'hearts' has no attribute {name!r}")

