"""The gate of the moon search: the few decisions where one opponent may be shooting.

The gate fires when one other seat holds every point taken so far (it alone has
taken points, so it could still take the rest) and the moon-threat model
(:mod:`hearts.ai.moonmodel`) gives it at least a set chance of shooting. The
search then plays those decisions out in two worlds, the one it searches
anyway and one where that seat plays for the moon (:func:`hearts.ai.search.search_play`'s
``moon``), mixed by that chance.

Only the view is read, so a hidden card cannot open or shut the gate.
"""

from __future__ import annotations

from hearts.ai.moonmodel import MoonModel, default_model
from hearts.ai.moonsigns import moon_signs
from hearts.core import POINT_CARDS
from hearts.view import PlayerView

__all__ = ["lone_opponent", "moon_gate"]


def lone_opponent(view: PlayerView) -> int:
    """The other seat that alone has taken points so far, or -1 (nobody has, more
    than one seat has, or we have)."""
    taken = [0, 0, 0, 0]
    for trick in view.tricks:
        for card in trick.cards:
            taken[int(trick.winner)] |= card.bit
    scorers = [seat for seat in range(4) if taken[seat] & POINT_CARDS]
    if len(scorers) != 1 or scorers[0] == int(view.seat):
        return -1
    return scorers[0]


def moon_gate(view: PlayerView, threshold: float,
              model: MoonModel | None = None) -> tuple[int, float] | None:
    """The suspect and its chance of shooting when the gate fires, else None.

    It fires when one other seat alone has taken points and the model's chance
    that it shoots is at least ``threshold`` (a ``threshold`` of 0 or less never
    fires: the search is off).
    """
    if threshold <= 0:
        return None
    seat = lone_opponent(view)
    if seat < 0:
        return None
    row = moon_signs(view).get(seat)
    if row is None:
        return None
    chance = (model or default_model()).chance(row)
    if chance < threshold:
        return None
    return seat, chance
