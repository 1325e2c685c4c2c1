"""The statistics of a run: duplicate deals, or matches played twice."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from hearts.arena.duplicate import DealResult
from hearts.arena.games import GameResult, match_wins
from hearts.arena.seating import SIDES_SWAPPED, SIDES_UPRIGHT

__all__ = ["GamesSummary", "Summary", "mean_and_ci", "summarize", "summarize_games"]


def mean_and_ci(samples: Sequence[float]) -> tuple[float, float, float]:
    """Mean, half-width of its 95% confidence interval, and z (mean over its error)."""
    count = len(samples)
    mean = sum(samples) / count
    if count < 2:
        return mean, 0.0, 0.0
    variance = sum((x - mean) ** 2 for x in samples) / (count - 1)
    error = math.sqrt(variance / count)
    return mean, 1.96 * error, (mean / error if error > 0 else 0.0)


class Summary(NamedTuple):
    """Side A against side B over a run of duplicate deals."""

    deals: int
    """Deals played (each twice)."""
    hands: int
    """Hands played: two per deal."""
    a_mean: float
    """Side A's mean points per hand per seat."""
    b_mean: float
    """Side B's mean points per hand per seat."""
    diff: float
    """``b_mean - a_mean``: how many points a hand A saves against B (positive: A better)."""
    ci95: float
    """Half-width of the 95% confidence interval of ``diff`` (deals as the samples)."""
    z: float
    """``diff`` over its standard error; 3 or more means A is surely better."""
    a_moons: int
    """Moons side A shot (side B conceded them)."""
    b_moons: int
    """Moons side B shot (side A conceded them)."""


def summarize(results: Sequence[DealResult]) -> Summary:
    """The summary of a run; deals are the independent samples."""
    count = len(results)
    if count == 0:
        return Summary(0, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0, 0)
    a = [sum(r.a_points) / len(r.a_points) for r in results]
    b = [sum(r.b_points) / len(r.b_points) for r in results]
    mean, ci95, z = mean_and_ci([r.saving() for r in results])
    return Summary(count, 2 * count, sum(a) / count, sum(b) / count, mean, ci95, z,
                   sum(r.a_moons for r in results), sum(r.b_moons for r in results))


class GamesSummary(NamedTuple):
    """Side A against side B over matches, each played twice with the seats swapped."""

    games: int
    """Games: each one match played twice."""
    matches: int
    """Matches played: two per game."""
    hands: int
    """Hands played in all the matches."""
    a_wins: float
    """Matches side A won; a match whose lowest total a seat of each side shares
    counts a half to each side."""
    b_wins: float
    """Matches side B won, counted the same way."""
    margin: float
    """A's share of the matches won minus B's (from -1 to 1; positive: A better)."""
    ci95: float
    """Half-width of the 95% confidence interval of ``margin`` (games as the samples)."""
    z: float
    """``margin`` over its standard error."""
    a_moons: int
    """Moons side A shot (side B conceded them)."""
    b_moons: int
    """Moons side B shot (side A conceded them)."""


def summarize_games(results: Sequence[GameResult]) -> GamesSummary:
    """The summary of a match-mode run; games (pairs of matches) are the samples."""
    count = len(results)
    if count == 0:
        return GamesSummary(0, 0, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0, 0)
    a_wins = [match_wins(r.scores[0], SIDES_UPRIGHT) + match_wins(r.scores[1], SIDES_SWAPPED)
              for r in results]
    margin, ci95, z = mean_and_ci([wins - 1.0 for wins in a_wins])
    total = sum(a_wins)
    return GamesSummary(count, 2 * count, sum(len(r.hands) for r in results), total,
                        2 * count - total, margin, ci95, z,
                        sum(r.a_moons for r in results), sum(r.b_moons for r in results))
