"""A small, fast and honest Hearts library, and a terminal game on top of it.

The public API::

    from hearts import (Card, Suit, Seat, CardSet, Rules, Scoring, Passing,
                        PassDirection, Phase, Hand, Match, PlayerView, IllegalMove)
"""

from hearts import speedups

# Before anything imports a module it may serve compiled (hearts.core is one).
speedups.install()

from hearts.cards import Card, CardSet, Seat, Suit  # noqa: E402
from hearts.hand import Hand, HandRecordError, Play, SeatPlayer, Trick  # noqa: E402
from hearts.match import Match, MatchOver  # noqa: E402
from hearts.rules import IllegalMove, PassDirection, Passing, Rules, Scoring  # noqa: E402
from hearts.view import Phase, PlayerView  # noqa: E402

__all__ = [
    "Card", "CardSet", "Hand", "HandRecordError", "IllegalMove", "Match", "MatchOver",
    "PassDirection", "Passing", "Phase", "Play", "PlayerView", "Rules", "Scoring", "Seat",
    "SeatPlayer",
    "Suit", "Trick",
]
__version__ = "0.2.0.dev0"
