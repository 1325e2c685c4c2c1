"""The review is honest: no phantom loss from the winner's curse, and verdicts that a
new review seed does not turn round (a small version of
``python -m hearts.review.calibration``, whose full figures are in docs/review.md)."""

from __future__ import annotations

import random
import statistics

import pytest

from hearts.review.calibration import calibrate
from hearts.review.evaluate import Measured


def equal_choices(rng: random.Random, choices: int, deals: int) -> Measured:
    """``choices`` equally good choices: each deal's luck is shared, each choice's
    own noise is not."""
    found = Measured(list(range(choices)), [], [[] for _ in range(choices)])
    for _ in range(deals):
        luck = rng.randint(0, 10)
        found.weights.append(rng.choice((0.5, 1.0, 2.0)))
        for scores in found.scores:
            scores.append(float(luck + rng.randint(0, 6)))
    return found


def test_equally_good_choices_give_nothing_away_on_average() -> None:
    rng = random.Random(46)
    split, whole = [], []
    for _ in range(150):
        found = equal_choices(rng, 5, 200)
        chosen = rng.randrange(5)
        split.append(found.loss(chosen).expected)
        whole.append(found.difference(chosen, found.best()).expected)
    spread = statistics.stdev(split) / len(split) ** 0.5
    assert abs(statistics.mean(split)) < 3 * spread  # no winner's curse
    assert statistics.mean(whole) > 0.15  # against the best of the same deals: a phantom loss
    assert statistics.mean(whole) > 5 * spread


def test_a_worse_choice_is_measured_at_its_true_loss() -> None:
    rng = random.Random(7)
    losses = []
    for _ in range(60):
        found = equal_choices(rng, 4, 200)
        found.scores[3][:] = [x + 2.0 for x in found.scores[3]]  # two points worse, always
        losses.append(found.loss(3).expected)
    assert statistics.mean(losses) == pytest.approx(2.0, abs=0.05)


def test_the_effective_sample_size_of_weighted_deals() -> None:
    assert Measured([0], [1.0] * 4, [[0.0] * 4]).effective_deals == 4
    assert Measured([0], [1.0, 0.0, 0.0, 0.0], [[0.0] * 4]).effective_deals == 1
    assert Measured([0], [3.0, 1.0], [[0.0] * 2]).effective_deals == pytest.approx(1.6)


@pytest.mark.slow
def test_experts_give_away_almost_nothing_and_verdicts_hold_with_another_seed() -> None:
    found = calibrate([1, 2], depth=500)
    assert found.decisions >= 60
    assert max(found.lost) <= 0.05
    assert found.flips <= 0.01 * found.decisions
