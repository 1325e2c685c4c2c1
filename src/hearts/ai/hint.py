"""The hint: what the Expert would do in the user's place, from the user's view alone.

The hint is an Expert decision like any computer player's: a pure function of a
:class:`~hearts.view.PlayerView` and a seed, so it can never see a hidden card,
and the same position asked again gives the same advice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hearts.ai.levels import HINT_LEVEL
from hearts.ai.players import make_player
from hearts.cards import Card
from hearts.seeds import hint_seed
from hearts.view import Phase, PlayerView

if TYPE_CHECKING:
    from hearts.ai import Player

__all__ = ["HINT_LEVEL", "advise", "hint_player", "hint_seed"]

def hint_player(seed: int) -> Player:
    """The player that gives the hints (the Expert), seeded with ``seed``."""
    return make_player(HINT_LEVEL, seed)


def advise(view: PlayerView, adviser: Player) -> tuple[Card, ...]:
    """``adviser``'s choice for ``view``'s seat: three cards while passing, else the
    one card to play. Raises ``ValueError`` when the seat has nothing to decide."""
    if view.phase is Phase.PASSING and not view.passed:
        return tuple(adviser.choose_pass(view))
    if view.legal:
        return (adviser.choose_play(view),)
    raise ValueError("there is nothing to decide now")
