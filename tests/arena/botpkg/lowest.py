"""A Python player by import path: the lowest legal card, the three lowest to pass."""

from __future__ import annotations

from hearts import Card, PlayerView

__version__ = "0.3"


class Lowest:
    """Plays the lowest legal card; remembers its seed to show it is given one."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose_pass(self, view: PlayerView) -> list[Card]:
        return [card for card in view.hand if str(card) != "QS"][:3]

    def choose_play(self, view: PlayerView) -> Card:
        return view.legal[0]


def make(seed: int) -> Lowest:
    """The factory the arena calls for each seat of each hand."""
    return Lowest(seed)


not_a_factory = 42


def make_nothing(seed: int) -> object:
    """A factory whose result is not a player."""
    return object()


class Broken(Lowest):
    """Raises on its seat's third trick."""

    def choose_play(self, view: PlayerView) -> Card:
        if view.trick_number == 2:
            raise RuntimeError("lost count of the spades")
        return super().choose_play(view)


def make_broken(seed: int) -> Broken:
    """A player that fails in the middle of a hand."""
    return Broken(seed)
