"""The statistics of a duplicate run."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from hearts.arena.duplicate import DealResult

__all__ = ["Summary", "summarize"]


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


def summarize(results: Sequence[DealResult]) -> Summary:
    """The summary of a run; deals are the independent samples."""
    count = len(results)
    if count == 0:
        return Summary(0, 0, 0.0, 0.0, 0.0, 0.0, 0.0)
    a = [sum(r.a_points) / len(r.a_points) for r in results]
    b = [sum(r.b_points) / len(r.b_points) for r in results]
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / count
    if count > 1:
        variance = sum((d - mean) ** 2 for d in diffs) / (count - 1)
        error = math.sqrt(variance / count)
    else:
        error = 0.0
    z = mean / error if error > 0 else 0.0
    return Summary(count, 2 * count, sum(a) / count, sum(b) / count, mean, 1.96 * error, z)
