"""Positions with one right card: the review calls it best, and the other a blunder."""

from __future__ import annotations

import pytest

from hearts.cards import Card, Seat
from hearts.review.verdict import BLUNDER, decide, tasks_of
from tests.review.helpers import (
    MOON_DEAL,
    MOON_QUEUES,
    QUEEN_DEAL,
    QUEEN_QUEUES,
    scripted_record,
)

DECISION = 47
"""Cards played before South's card in the twelfth trick (11 tricks, then West,
North and East)."""

CASES = {
    "duck the queen under the ace": (QUEEN_DEAL, QUEEN_QUEUES, Seat.EAST, "QS 2S", "2S QS"),
    "stop the moon with the only heart that can": (MOON_DEAL, MOON_QUEUES, Seat.SOUTH,
                                                   "AH 2H", "2H AH"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_right_card_is_best_and_the_wrong_one_a_blunder(name: str) -> None:
    deal, queues, dealer, right, wrong = CASES[name]
    good, bad = (decide(next(t for t in tasks_of(scripted_record(deal, queues, dealer, line),
                                                 [Seat.SOUTH], 1, 60) if t.plays == DECISION))
                 for line in (right, wrong))
    best = Card.parse(right.split()[0])
    assert good.chosen == (best,) and good.verdict == "best" and good.loss == 0
    assert bad.verdict == "blunder" and bad.loss >= BLUNDER
    assert bad.best is not None and bad.best.cards == (best,)
    assert bad.hindsight_best is not None and bad.hindsight_best.cards == (best,)
