"""Scoring a hand's outcome by the chance of winning the match.

Near the end of a match the points a hand gives each seat matter less than who
wins: the queen of spades given to the leader helps us, given to the player in
last place it may end the match while someone else leads. :func:`match_objective`
gives the search an :class:`Objective` whose score is minus our chance of winning
after the hand: exact when some total reaches the target (the lowest total wins,
a tie shares the win), and otherwise from a logistic model of the rest of the
match whose spread shrinks as the leader nears the target. Scores are scaled to
count like the hand's own score (:func:`hand_score`) when the totals are level,
so the search's prior keeps its meaning; a little of the hand's own score is
added, so that a match already won or lost is still played sensibly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["TIEBREAK", "Objective", "hand_score", "match_objective", "win_chance"]

TIEBREAK = 0.02
"""The share of the hand's own score (:func:`hand_score`) in the match objective's
score: enough to break ties, no more."""


def hand_score(points: Sequence[int], me: int) -> int:
    """A hand's own score for seat ``me``, lower being better: our points times four
    minus everyone's (three times what ours exceed the mean of the others' by).
    Every search scores a hand's points by it unless the match decides."""
    return 4 * points[me] - sum(points)


def _spread(totals: Sequence[int], target: int, value: int) -> float:
    """The logistic model's temperature: about how many points the rest of the
    match can still swing between two seats."""
    # Rough figures, not fitted: the seat with the most points takes about 0.3 of a
    # hand's value a hand, and two seats' totals drift apart by about a third of a
    # hand's value a hand (0.19 is that over the logistic's pi / sqrt(3)).
    hands_left = max(0.5, (target - max(totals)) / (0.3 * value))
    return 0.19 * value * math.sqrt(hands_left)


def win_chance(me: int, totals: Sequence[int], target: int, value: int) -> float:
    """Our chance of winning the match from these totals (after a hand)."""
    if max(totals) >= target:
        low = min(totals)
        if totals[me] != low:
            return 0.0
        return 1.0 / sum(1 for total in totals if total == low)
    spread = _spread(totals, target, value)
    low = min(totals)
    weights = [math.exp((low - total) / spread) for total in totals]
    return weights[me] / sum(weights)


@dataclass(frozen=True, slots=True)
class Objective:
    """Scores a hand's final points by the match (lower is better)."""

    me: int
    """The seat deciding."""
    scores: tuple[int, ...]
    """Match totals before this hand."""
    target: int
    """The total that ends the match."""
    value: int
    """The positive points in one hand (33 or 26)."""
    scale: float
    """Makes a point count as in the hand's own scoring while the totals are level."""

    def score(self, points: Sequence[int]) -> float:
        """Minus our chance of winning after a hand ending with ``points``, scaled,
        plus :data:`TIEBREAK` of the hand's own score."""
        totals = [score + taken for score, taken in zip(self.scores, points, strict=True)]
        chance = win_chance(self.me, totals, self.target, self.value)
        return -self.scale * chance + TIEBREAK * hand_score(points, self.me)


def match_objective(me: int, scores: Sequence[int], target: int, value: int) -> Objective | None:
    """The match objective when this hand can end the match (a moon, which gives
    every other seat the hand's value, could take someone to the target), else None:
    earlier on, the hand's points are what counts."""
    if max(scores) + value < target:
        return None
    # At level totals one point of our own moves the chance by 3 / (16 spread);
    # the hand's own scoring counts it 3.
    scale = 16 * _spread(scores, target, value)
    return Objective(me, tuple(scores), target, value, scale)
