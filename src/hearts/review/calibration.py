"""``python -m hearts.review.calibration``: is the review honest? Hands played by
four Experts, each reviewed twice with two review seeds.

Two figures say whether the verdicts can be trusted:

- the points an Expert gives away a decision, by the review's own measure: the
  review measures with the Expert's model of the table, on more deals, so an
  honest review finds the Expert gives away almost nothing (a biased one finds
  phantom losses in choices that are equally good);
- how often a decision's verdict flips between ``best`` and an error (an
  inaccuracy, a mistake or a blunder) from one review seed to the other: a
  verdict that a new seed turns round is noise, not a measurement.

It also counts the decisions too close to call and those called errors. The
figures for the docs come from ``--hands 200`` at the default depth;
``tests/review/test_calibration.py`` measures a few hands.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import NamedTuple

from hearts.ai.levels import Level
from hearts.cards import Seat
from hearts.review.analysis import review_hand
from hearts.review.bench import play_hand
from hearts.review.document import workers
from hearts.review.verdict import DEFAULT_DEPTH, ERRORS, Decision

__all__ = ["Calibration", "calibrate", "main"]


class Calibration(NamedTuple):
    """What reviewing the same hands with two seeds found."""

    hands: int
    """Hands reviewed (every seat's decisions)."""
    decisions: int
    """Decisions with a choice (forced cards left out)."""
    lost: tuple[float, float]
    """Points given away a decision, by each seed's review."""
    lost_se: tuple[float, float]
    """The standard error of each (from the decisions' own standard errors)."""
    flips: int
    """Decisions called best by one seed and an error by the other."""
    close: tuple[int, int]
    """Decisions too close to call, by each seed."""
    errors: tuple[int, int]
    """Decisions called an error, by each seed."""

    def lines(self) -> list[str]:
        """The figures in words."""
        n = self.decisions
        return [
            f"{self.hands} hands by four Experts, {n} decisions with a choice, reviewed with "
            f"two seeds:",
            *(f"  seed {i + 1}: {self.lost[i]:.4f} +/- {self.lost_se[i]:.4f} points given away "
              f"a decision; {self.close[i]} too close to call ({self.close[i] / n:.1%}), "
              f"{self.errors[i]} errors ({self.errors[i] / n:.1%})" for i in range(2)),
            f"  verdicts flipping between best and an error: {self.flips} "
            f"({self.flips / n:.2%})",
        ]


def _judged(decisions: Sequence[Decision]) -> list[Decision]:
    return [d for d in decisions if d.verdict != "forced"]


def calibrate(hands: Sequence[int], depth: int = DEFAULT_DEPTH, seeds: tuple[int, int] = (1, 2),
              executor: Executor | None = None) -> Calibration:
    """Play the hands dealt from ``hands`` (seeds) by four Experts and review each
    with both review ``seeds`` at ``depth``."""
    lost: list[list[float]] = [[], []]
    variance: list[list[float]] = [[], []]
    flips = 0
    close = [0, 0]
    errors = [0, 0]
    decisions = 0
    for hand_seed in hands:
        record = play_hand(hand_seed, Level.EXPERT).to_record()
        reviews = [_judged(review_hand(record, list(Seat), seed, depth, executor).decisions)
                   for seed in seeds]
        for first, second in zip(*reviews, strict=True):
            decisions += 1
            verdicts = {first.verdict, second.verdict}
            flips += "best" in verdicts and bool(verdicts & set(ERRORS))
        for i, judged in enumerate(reviews):
            lost[i] += [d.loss for d in judged]
            variance[i] += [d.loss_se ** 2 for d in judged]
            close[i] += sum(1 for d in judged if d.verdict == "close")
            errors[i] += sum(1 for d in judged if d.verdict in ERRORS)
    n = max(1, decisions)
    return Calibration(len(hands), decisions,
                       (math.fsum(lost[0]) / n, math.fsum(lost[1]) / n),
                       (math.sqrt(math.fsum(variance[0])) / n,
                        math.sqrt(math.fsum(variance[1])) / n),
                       flips, (close[0], close[1]), (errors[0], errors[1]))


def main(argv: list[str] | None = None) -> int:
    """Measure and print; the exit status."""
    parser = argparse.ArgumentParser(prog="python -m hearts.review.calibration",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="hands played (default 200)")
    parser.add_argument("--first", type=int, default=1, help="the first hand's seed (default 1)")
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH,
                        help=f"sampled deals a choice (default {DEFAULT_DEPTH})")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    with workers(args.jobs) as pool:
        found = calibrate(range(args.first, args.first + args.hands), args.depth,
                          executor=pool)
    print(f"Review calibration at depth {args.depth}:")
    print("\n".join(found.lines()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
