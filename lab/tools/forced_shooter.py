"""A second shooter for measuring moon defence: the Expert forced to shoot
whenever its signs allow.

    hearts-arena match lab.tools.moon_search_expert:off lab.tools.forced_shooter:make --seed 6603

(``lab.tools.forced_shooter:eager`` goes for it from a twentieth of its playouts.)

It is the released Expert, except where a shot is still open to it (no other
seat has taken a point). There it plays out every candidate card on sampled
deals with itself playing to shoot (the hand-written shooting play) and the
others playing judgement, and when the best card makes the moon in at least
``READY`` of those playouts, it plays that card whatever a shot that fails
would cost: it does not weigh the shot against playing on, as the shooter
(:mod:`hearts.ai.shooter`) does, so it goes for the moon more often and on
weaker hands. Its pass is the Expert's, or the shooting pass (its three lowest
cards) when the hand it was dealt is one judgement would pass to shoot with.
Like every computer player it reads only its view.
"""

from __future__ import annotations

import random

from hearts.ai import Level
from hearts.ai.inference import lacks_of_view
from hearts.ai.judgement import shoot_play
from hearts.ai.kit import rule_kit
from hearts.ai.passing import _shooting_hand
from hearts.ai.players import SearchPlayer
from hearts.ai.sampling import sample_deal_guessing
from hearts.ai.search import candidates, outcome
from hearts.ai.shooter import shooting_pass
from hearts.ai.situation import Situation
from hearts.cards import Card, cards_of_mask
from hearts.core import JACK_OF_DIAMONDS_POINTS, POINT_CARDS
from hearts.seeds import decision_seed
from hearts.view import PlayerView

READY = 0.2
"""The share of its playouts that must make the moon for it to go for it."""
DEALS = 100
"""Sampled deals a decision where a shot is open."""
WIDTH = 6
"""The most candidate cards tried (the shooting play is always among them)."""
NOISE = 0.1
"""Chance a playout seat plays a random legal card (the Expert's)."""


def make(seed: int = 0) -> ForcedShooter:
    """The arena's entry point: a forced shooter whose decisions replay from ``seed``."""
    return ForcedShooter(seed)


def eager(seed: int = 0) -> ForcedShooter:
    """A forced shooter that goes for the moon from a twentieth of its playouts."""
    return ForcedShooter(seed, 0.05)


def shot_made(points: tuple[int, ...], me: int, value: int) -> bool:
    """Whether seat ``me`` shot the moon, from the hand's final points."""
    least = value + JACK_OF_DIAMONDS_POINTS
    return points[me] <= 0 and all(points[o] >= least for o in range(4) if o != me)


class ForcedShooter(SearchPlayer):
    """The Expert that plays for the moon at every decision where its playouts
    say a shot can still be made (``ready`` of them, ``READY`` unless given)."""

    def __init__(self, seed: int = 0, ready: float = READY) -> None:
        super().__init__(Level.EXPERT, seed)
        self.ready = ready
        """The share of its playouts that must make the moon for it to go for it."""

    def __repr__(self) -> str:
        return f"ForcedShooter(seed={self.seed})"

    def choose_pass(self, view: PlayerView) -> list[Card]:
        """The shooting pass from a hand judgement would shoot with, else the Expert's."""
        dealt = 0
        for card in view.hand:
            dealt |= card.bit
        if _shooting_hand(dealt):
            return cards_of_mask(shooting_pass(dealt))
        return super().choose_pass(view)

    def shot_card(self, view: PlayerView) -> tuple[int, float]:
        """The card likeliest to make the moon and the share of playouts it made it
        in (-1 and 0 when another seat has taken a point)."""
        s = Situation.of(view)
        me = s.me
        if any(s.taken[seat] & POINT_CARDS for seat in range(4) if seat != me):
            return -1, 0.0
        kit = rule_kit(view.rules)
        rng = random.Random(decision_seed(view, self.seed, salt=7))
        lacks = lacks_of_view(view, kit)
        cards = candidates(s, kit, WIDTH)
        shot = shoot_play(s.hand, s.legal, s.trick, s.played)
        if shot not in cards:
            cards.append(shot)
        made = [0] * len(cards)
        for _deal in range(DEALS):
            world = sample_deal_guessing(s, rng, lacks, 0.5)
            seed = rng.getrandbits(32)
            for position, card in enumerate(cards):
                points = outcome(s, world, card, kit, seed, NOISE, 1 << me)
                made[position] += shot_made(points, me, kit.value)
        best = max(range(len(cards)), key=lambda i: (made[i], cards[i] == shot, -i))
        return cards[best], made[best] / DEALS

    def choose_play(self, view: PlayerView) -> Card:
        """The shot's card where the shot is on, else the Expert's."""
        if len(view.legal) == 1:
            return view.legal[0]
        if not view.legal:
            raise ValueError("it is not this player's turn")
        card, rate = self.shot_card(view)
        if card >= 0 and rate >= self.ready:
            return Card.from_index(card)
        return super().choose_play(view)
