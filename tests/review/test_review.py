"""A whole hand's review: its JSON shape, its totals, and that it is a pure function."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from hearts.cards import Seat
from hearts.review.analysis import Review, from_json, hand_key, review_hand, validate
from hearts.review.verdict import BLUNDER, INACCURACY, MISTAKE, Z, classify
from tests.review.helpers import played_record

DEPTH = 12


@pytest.fixture(scope="module")
def review() -> Review:
    return review_hand(played_record(6), list(Seat), 2, DEPTH)


def test_the_thresholds_classify_the_points_given_away() -> None:
    assert [classify(x) for x in (0.0, INACCURACY - 0.01, INACCURACY, MISTAKE, BLUNDER, 20)] \
        == ["best", "best", "inaccuracy", "mistake", "blunder", "blunder"]


def test_an_error_is_named_only_when_it_stands_clear_of_its_uncertainty() -> None:
    se = 0.1
    assert classify(INACCURACY - Z * se - 0.01, se) == "best"
    assert classify(INACCURACY - Z * se + 0.01, se) == "close"
    assert classify(INACCURACY + Z * se - 0.01, se) == "close"
    assert classify(INACCURACY + Z * se + 0.01, se) == "inaccuracy"
    assert classify(MISTAKE, 0.4) == "mistake" and classify(BLUNDER, 1.0) == "blunder"
    assert classify(BLUNDER, 1.8) == "close"  # four points, but as likely under half a point
    assert classify(-1.0, 0.7) == "best"


def test_every_decision_of_every_seat_is_judged(review: Review) -> None:
    plays = [d for d in review.decisions if d.kind == "play"]
    passes = [d for d in review.decisions if d.kind == "pass"]
    assert len(plays) == 52 and len(passes) == 4
    assert [d.plays for d in plays] == list(range(52))
    for d in review.decisions:
        if d.verdict == "forced":
            assert not d.choices and d.loss == 0
            continue
        assert d.choices[0].diff == 0
        assert [c.expected for c in d.choices] == sorted(c.expected for c in d.choices)
        assert d.picked is not None and d.picked in d.choices
        assert d.verdict == classify(d.loss, d.loss_se)
        assert 0 < d.ess <= DEPTH + 1e-9
    for seat in Seat:
        total = review.lost(seat)
        assert total.lost == pytest.approx(sum(d.loss for d in review.of(seat)))
        assert total.se == pytest.approx(sum(d.loss_se ** 2 for d in review.of(seat)) ** 0.5)


def test_the_json_has_the_documented_shape_and_reads_back(review: Review) -> None:
    document = json.loads(json.dumps(review.to_json()))
    validate(document)
    assert document["hand"] == hand_key(review.record) and document["depth"] == DEPTH
    again = from_json(review.record, document)
    assert again.to_json() == document
    broken: dict[str, Any]
    for broken in ({"version": 1}, {"thresholds": {}}, {"seats": []}, {"code": None}):
        bad: dict[str, Any] = {**copy.deepcopy(document), **broken}
        with pytest.raises(ValueError, match="review JSON"):
            validate(bad)
    bad = copy.deepcopy(document)
    bad["decisions"][5]["verdict"] = "brilliant"
    with pytest.raises(ValueError, match=r"decisions\[5\].verdict"):
        validate(bad)


def test_a_review_is_a_pure_function_of_record_seat_seed_and_depth(review: Review) -> None:
    state = random.getstate()
    again = review_hand(copy.deepcopy(review.record), list(Seat), 2, DEPTH)
    assert random.getstate() == state
    assert again.to_json() == review.to_json()
    other = review_hand(review.record, [Seat.SOUTH], 3, DEPTH)
    assert other.to_json()["decisions"] != [
        d for d in review.to_json()["decisions"] if d["seat"] == "south"]


def test_the_review_imports_without_textual() -> None:
    from tests.engine.test_import_hygiene import fresh_import

    loaded = fresh_import(["hearts.review.replay", "hearts.review.verdict",
                           "hearts.review.analysis", "hearts.review.text", "hearts.review.cli",
                           "hearts.review.bench", "hearts.review.document",
                           "hearts.review.fingerprint", "hearts.review.calibration",
                           "hearts.store.reviews", "hearts.store.report",
                           "hearts.tui.review_command"])
    assert not [m for m in loaded["all"] if m == "textual" or m.startswith("textual.")]


def test_cards_either_side_of_a_card_in_the_trick_do_not_play_alike() -> None:
    from hearts.ai.kit import rule_kit
    from hearts.ai.situation import Situation
    from hearts.cards import Card
    from hearts.hand import Hand
    from hearts.review.evaluate import play_groups
    from hearts.rules import PassDirection, Rules
    from tests.engine.helpers import deal_of

    deal = deal_of("9C JC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
                   "TC QC KC AC 8C 2H 3H 4H 5H 6H 7H 8H 9H",
                   "2C 4C 5C 6C 7C TH JH QH KH AH 2S 3S 4S")
    hand = Hand(Rules(), deal, dealer=Seat.SOUTH, pass_direction=PassDirection.NONE)
    for card in ("TC", "2C", "3C"):
        hand.play(card)
    view = hand.view(Seat.SOUTH)
    groups = play_groups(Situation.of(view), rule_kit(view.rules))
    assert [[Card.from_index(c) for c in g] for g in groups] == [[Card.parse("9C")],
                                                                [Card.parse("JC")]]
    hand = Hand(Rules(), deal, dealer=Seat.EAST, pass_direction=PassDirection.NONE)
    view = hand.view(Seat.SOUTH)  # South leads: the 2 to the queen of diamonds play alike
    groups = play_groups(Situation.of(view), rule_kit(view.rules))
    assert [len(g) for g in groups] == [1, 1, 11]
