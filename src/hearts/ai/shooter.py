"""A moon-hungry player for measuring moon defence: ``hearts.ai.shooter:make``.

Not a difficulty level: it plays like a searching player, but every decision is
searched both ways, playing on normally and playing to shoot the moon (taking
every trick it can while no one else has points), and a shot of its own counts
for more than its real value. Its pass searches the same way, and the shooting
pass keeps the high cards and gives away the lowest. Once another seat has taken
points it plays on as a plain searcher.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from hearts.ai.inference import lacks_of_view
from hearts.ai.judgement import shoot_play
from hearts.ai.kit import RuleKit, rule_kit
from hearts.ai.objective import hand_score
from hearts.ai.passsearch import pass_candidates, pass_totals
from hearts.ai.sampling import sample_deal_guessing
from hearts.ai.search import Budget, candidates, outcome, search_play
from hearts.ai.situation import Situation
from hearts.cards import Card, Seat, cards_of_mask
from hearts.core import JACK_OF_DIAMONDS_POINTS, POINT_CARDS, QUEEN_OF_SPADES_INDEX
from hearts.seeds import decision_seed
from hearts.view import PlayerView

__all__ = ["ShooterBudget", "ShooterPlayer", "make"]


class ShooterBudget(NamedTuple):
    """How hard the shooter looks (counts, never time) and how much it wants the moon."""

    deals: int = 120
    """Sampled deals a play decision."""
    width: int = 6
    """The most candidate cards (each searched both ways)."""
    pass_deals: int = 96
    """Sampled deals for the pass."""
    pass_width: int = 5
    """Judgement's pass sets tried beside the shooting pass."""
    greed: float = 1.0
    """A shot of its own counts this many hands' value more than it really scores."""
    noise: float = 0.1
    """Chance a playout seat plays a random legal card."""


def make(seed: int = 0) -> ShooterPlayer:
    """The arena's entry point: a shooter whose decisions replay from ``seed``."""
    return ShooterPlayer(seed)


def shooting_pass(hand: int) -> int:
    """The pass of a seat going for the moon: its three lowest cards (low hearts
    first among equals), never the queen of spades."""
    cards = [index for index in range(52)
             if hand >> index & 1 and index != QUEEN_OF_SPADES_INDEX]
    cards.sort(key=lambda index: (index % 13, index // 13 != 2))
    mask = 0
    for index in cards[:3]:
        mask |= 1 << index
    return mask


class ShooterPlayer:
    """A searching player that goes for the moon whenever the search says it may."""

    def __init__(self, seed: int = 0, budget: ShooterBudget | None = None) -> None:
        self.seed = seed
        """The seed every decision is derived from."""
        self.budget = budget or ShooterBudget()
        """How hard it looks and how greedy it is."""

    def __repr__(self) -> str:
        return f"ShooterPlayer(seed={self.seed})"

    def _score(self, me: int, kit: RuleKit) -> Callable[[tuple[int, ...]], float]:
        """The hand's own score (:func:`~hearts.ai.objective.hand_score`), a shot of
        our own counting ``greed`` hands' value more."""
        bonus = 4 * self.budget.greed * kit.value
        shot = kit.value + JACK_OF_DIAMONDS_POINTS  # the least a moon gives each other seat

        def score(points: tuple[int, ...]) -> float:
            result: float = hand_score(points, me)
            if points[me] <= 0 and all(points[o] >= shot for o in range(4) if o != me):
                result -= bonus
            return result

        return score

    def choose_pass(self, view: PlayerView) -> list[Card]:
        """Three cards to pass: the best of judgement's passes and the shooting pass."""
        kit = rule_kit(view.rules)
        me = int(view.seat)
        hand = 0
        for card in view.hand:
            hand |= card.bit
        options = [(option, 0) for option in pass_candidates(hand, kit, self.budget.pass_width)]
        options.append((shooting_pass(hand), 1 << me))
        targets = tuple(int(view.pass_direction.target(seat)) for seat in Seat)
        rng = random.Random(decision_seed(view, self.seed, salt=1))
        totals = pass_totals(me, hand, options, targets, (int(view.dealer) + 1) & 3, kit,
                             self.budget.pass_deals, self.budget.noise, rng,
                             self._score(me, kit))
        best = min(range(len(options)), key=lambda i: (totals[i], i))
        return cards_of_mask(options[best][0])

    def choose_play(self, view: PlayerView) -> Card:
        """One of ``view.legal``."""
        if not view.legal:
            raise ValueError("it is not this player's turn")
        if len(view.legal) == 1:
            return view.legal[0]
        s = Situation.of(view)
        kit = rule_kit(view.rules)
        rng = random.Random(decision_seed(view, self.seed))
        lacks = lacks_of_view(view, kit)
        alive = not any(s.taken[seat] & POINT_CARDS for seat in range(4) if seat != s.me)
        if not alive:
            plain = Budget(deals=self.budget.deals, width=self.budget.width,
                           noise=self.budget.noise, late_deals=self.budget.deals, trust=0.5)
            return Card.from_index(search_play(s, kit, plain, rng, lacks=lacks))
        cards = candidates(s, kit, self.budget.width)
        shot = shoot_play(s.hand, s.legal, s.trick, s.played)
        if shot not in cards:
            cards.append(shot)
        options = [(card, 0) for card in cards] + [(card, 1 << s.me) for card in cards]
        score = self._score(s.me, kit)
        totals = [0.0] * len(options)
        deals = self.budget.deals * (2 if s.hand.bit_count() <= 6 else 1)
        for _deal in range(deals):
            world = sample_deal_guessing(s, rng, lacks, 0.5)
            seed = rng.getrandbits(32)
            for position, (card, shooters) in enumerate(options):
                points = outcome(s, world, card, kit, seed, self.budget.noise, shooters)
                totals[position] += score(points)
        best = min(range(len(options)), key=lambda i: (totals[i], i))
        return Card.from_index(options[best][0])

