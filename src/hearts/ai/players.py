"""The computer players of each level."""

from __future__ import annotations

import random

from hearts.ai.inference import lacks_of_view, observations_of_view
from hearts.ai.judgement import Skill, judge_play, naive_play
from hearts.ai.kit import rule_kit
from hearts.ai.levels import Level
from hearts.ai.moongate import moon_gate
from hearts.ai.moonmodel import moon_suspect
from hearts.ai.objective import match_objective
from hearts.ai.passing import choose_pass_mask
from hearts.ai.passsearch import PassBudget, search_pass
from hearts.ai.search import Budget, search_play
from hearts.ai.situation import Situation
from hearts.cards import Card, Seat, cards_of_mask
from hearts.seeds import decision_seed
from hearts.view import PlayerView

__all__ = ["BUDGETS", "PASS_BUDGETS", "SKILLS", "SLIPS", "JudgementPlayer", "SearchPlayer",
           "make_player"]

SKILLS = {
    Level.BEGINNER: Skill(voids=False, moon=False),
    Level.CASUAL: Skill(voids=False, moon=True),
    Level.CLUB: Skill(voids=True, moon=True),
    Level.STRONG: Skill(voids=True, moon=True),
    Level.EXPERT: Skill(voids=True, moon=True),
}
"""What each level pays attention to."""

SLIPS = {Level.BEGINNER: 0.5, Level.CASUAL: 0.25}
"""How often a weak level plays the careless card instead of its judgement's."""

BUDGETS = {
    Level.STRONG: Budget(deals=40, width=5, late_deals=20),
    Level.EXPERT: Budget(deals=320, width=8, noise=0.1, late_deals=240, trust=0.5,
                         extra_deals=320, finalists=3, miss=0.5, moon_watch=0.6,
                         moon_fear=1.0, queen_fear=0.3, guard=True),
}
"""How hard the search levels look."""

PASS_BUDGETS = {
    Level.EXPERT: PassBudget(deals=160, width=8, noise=0.1, prior=0.4, stopper=1.0,
                              queen_fear=0.3),
}
"""How hard the levels that search their pass look (the others pass by judgement)."""


class JudgementPlayer:
    """A player that decides by judgement alone (Beginner, Casual, Club)."""

    def __init__(self, level: Level = Level.CLUB, seed: int = 0) -> None:
        self.level = Level(level)
        """The player's level."""
        self.seed = seed
        """The seed every decision is derived from."""
        self.skill = SKILLS[self.level]
        """What it pays attention to."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.level.label}, seed={self.seed})"

    def choose_pass(self, view: PlayerView) -> list[Card]:
        """Three cards to pass (the queen of spades only where the rules allow)."""
        hand = 0
        for card in view.hand:
            hand |= card.bit
        return cards_of_mask(choose_pass_mask(hand, rule_kit(view.rules)))

    def choose_play(self, view: PlayerView) -> Card:
        """One of ``view.legal``."""
        if len(view.legal) == 1:
            return view.legal[0]
        if not view.legal:
            raise ValueError("it is not this player's turn")
        return Card.from_index(self._decide(view, Situation.of(view)))

    def _decide(self, view: PlayerView, s: Situation) -> int:
        kit = rule_kit(view.rules)
        slip = SLIPS.get(self.level, 0.0)
        if slip and random.Random(decision_seed(view, self.seed)).random() < slip:
            return naive_play(s.hand, s.legal, s.trick)
        voids = s.voids if self.skill.voids else (0, 0, 0, 0)
        return judge_play(s.me, s.hand, s.legal, s.trick, s.played, s.taken, voids, kit,
                          self.skill)


class SearchPlayer(JudgementPlayer):
    """A player that searches sampled deals with judgement playouts (Strong, Expert)."""

    def __init__(self, level: Level = Level.EXPERT, seed: int = 0,
                 budget: Budget | None = None) -> None:
        super().__init__(level, seed)
        self.budget = budget or BUDGETS[self.level]
        """How hard it looks."""

    def choose_pass(self, view: PlayerView) -> list[Card]:
        """Three cards to pass: judgement's, or the best of a searched shortlist."""
        budget = PASS_BUDGETS.get(self.level)
        if budget is None or not budget.deals:
            return super().choose_pass(view)
        hand = 0
        for card in view.hand:
            hand |= card.bit
        targets = tuple(int(view.pass_direction.target(seat)) for seat in Seat)
        rng = random.Random(decision_seed(view, self.seed, salt=1))
        kit = rule_kit(view.rules)
        objective = match_objective(int(view.seat), view.scores, view.rules.target, kit.value)
        mask = search_pass(int(view.seat), hand, targets, (int(view.dealer) + 1) & 3,
                           kit, budget, rng, objective)
        return cards_of_mask(mask)

    def _decide(self, view: PlayerView, s: Situation) -> int:
        rng = random.Random(decision_seed(view, self.seed))
        kit = rule_kit(view.rules)
        lacks = lacks_of_view(view, kit) if self.budget.trust else None
        objective = match_objective(s.me, s.scores, view.rules.target, kit.value)
        seen = (observations_of_view(view) if self.budget.miss < 1.0 or self.budget.model > 0
                else ())
        suspect = moon_suspect(view, self.budget.moon_gate, self.budget.moon_weight) \
            if self.budget.moon_gate > 0 else None
        moon = moon_gate(view, self.budget.moon_search,
                         calibrated=self.budget.moon_calibrated) \
            if self.budget.moon_search > 0 else None
        return search_play(s, kit, self.budget, rng, lacks=lacks, objective=objective,
                           seen=seen, suspect=suspect, moon=moon)


def make_player(level: Level | int = Level.CLUB, seed: int = 0) -> JudgementPlayer:
    """A computer player of ``level`` whose decisions replay from ``seed``."""
    level = Level(level)
    if level.searches:
        return SearchPlayer(level, seed)
    return JudgementPlayer(level, seed)
