"""Matches: dealers, pass directions, totals, the end and the winners."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import hearts.match
from hearts import (
    Card,
    Hand,
    Match,
    MatchOver,
    PassDirection,
    Passing,
    Phase,
    Rules,
    Scoring,
    Seat,
)

from .helpers import MOON_WITH_JACK, play_queues, predeal, queue_deal, random_pass, random_play


def finish(hand: Hand, rng: random.Random) -> None:
    if hand.phase is Phase.PASSING:
        random_pass(hand, rng)
    random_play(hand, rng)


def play_match(match: Match, rng: random.Random, limit: int = 100) -> None:
    for _ in range(limit):
        if match.over:
            return
        finish(match.deal(), rng)
    raise AssertionError("the match did not end")


def test_first_dealer_is_south_and_the_deal_moves_left() -> None:
    match = Match(Rules(target=200), rng_or_seed=3)
    assert match.hand is None and match.hands == []
    assert match.next_dealer is Seat.SOUTH
    assert match.scores == (0, 0, 0, 0)
    assert not match.over and match.winners == ()
    rng = random.Random(3)
    dealers: list[Seat] = []
    for _ in range(6):
        hand = match.deal()
        assert match.hand is hand
        dealers.append(hand.dealer)
        finish(hand, rng)
        if match.over:
            break
    expected = [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]
    assert dealers == expected[:len(dealers)]
    assert len(dealers) >= 4


@pytest.mark.parametrize("passing", list(Passing))
def test_pass_directions_follow_the_rules_and_restart_each_match(passing: Passing) -> None:
    rules = Rules(passing=passing, target=200)
    rng = random.Random(5)
    for _ in range(2):  # a new match starts the rotation afresh
        match = Match(rules, rng_or_seed=rng.randrange(1000))
        directions = []
        for _ in range(5):
            hand = match.deal()
            directions.append(hand.pass_direction)
            finish(hand, rng)
            if match.over:
                break
        left, right, across, hold = (PassDirection.LEFT, PassDirection.RIGHT,
                                     PassDirection.ACROSS, PassDirection.NONE)
        cycle = {Passing.LEFT: [left] * 5, Passing.ROTATE: [left, right, across, left, right],
                 Passing.ROTATE_HOLD: [left, right, across, hold, left]}[passing]
        assert directions == cycle[:len(directions)]
        assert len(directions) >= 4


def test_totals_and_the_scores_each_hand_starts_with() -> None:
    match = Match(Rules(target=100), rng_or_seed=11)
    rng = random.Random(11)
    totals = [0, 0, 0, 0]
    while not match.over:
        hand = match.deal()
        assert hand.scores == tuple(totals)
        assert hand.view(Seat.SOUTH).scores == tuple(totals)
        hand.pass_cards(Seat.SOUTH, [c for c in hand.holding(Seat.SOUTH) if str(c) != "QS"][:3])
        assert match.scores == tuple(totals)  # an unfinished hand does not count
        assert not match.over
        finish(hand, rng)
        totals = [t + p for t, p in zip(totals, hand.points, strict=True)]
        assert match.scores == tuple(totals)
    assert max(totals) >= 100
    before_last = [t - p for t, p in zip(totals, match.hands[-1].points, strict=True)]
    assert max(before_last) < 100


def test_dealing_before_the_hand_is_over_raises() -> None:
    match = Match(Rules(), rng_or_seed=1)
    hand = match.deal()
    with pytest.raises(MatchOver, match="not finished"):
        match.deal()
    hand.pass_cards(Seat.SOUTH, [c for c in hand.holding(Seat.SOUTH) if str(c) != "QS"][:3])
    with pytest.raises(ValueError, match="not finished"):
        match.deal()
    assert match.hands == [hand]


def test_dealing_after_the_match_is_over_raises() -> None:
    match = Match(Rules(target=50), rng_or_seed=2)
    play_match(match, random.Random(2))
    hands = list(match.hands)
    with pytest.raises(MatchOver, match="over"):
        match.deal()
    assert match.hands == hands


def test_rules_given_to_deal_apply_from_that_hand_on() -> None:
    match = Match(Rules(target=200), rng_or_seed=4)
    rng = random.Random(4)
    first = match.deal()
    finish(first, rng)
    classic = Rules(scoring=Scoring.CLASSIC, jack_of_diamonds=True, passing=Passing.ROTATE,
                    target=200)
    second = match.deal(classic)
    assert first.rules == Rules(target=200)
    assert second.rules == classic and match.rules == classic
    assert second.pass_direction is PassDirection.RIGHT  # the second hand of the match
    finish(second, rng)
    third = match.deal()
    assert third.rules == classic
    assert third.pass_direction is PassDirection.ACROSS
    finish(third, rng)
    assert sum(third.points) in (16, 26) or third.shooter is not None


def test_a_lower_target_given_mid_match_ends_it() -> None:
    match = Match(Rules(target=200), rng_or_seed=8)
    rng = random.Random(8)
    finish(match.deal(), rng)
    finish(match.deal(), rng)
    while max(match.scores) < 50:
        finish(match.deal(), rng)
        assert not match.over
    assert not match.over  # the target is still 200
    finish(match.deal(Rules(target=50)), rng)
    assert match.over


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("target", [1, 50, 77, 100, 300])
def test_over_and_winners_on_random_matches(seed: int, target: int) -> None:
    rules = Rules(target=target, jack_of_diamonds=seed % 2 == 0,
                  scoring=Scoring.CLASSIC if seed % 3 == 0 else Scoring.HOUSE)
    match = Match(rules, rng_or_seed=seed)
    rng = random.Random(seed)
    while True:
        assert not match.over and match.winners == ()
        hand = match.deal()
        finish(hand, rng)
        if max(match.scores) >= target:
            break
    assert match.over
    low = min(match.scores)
    assert match.winners == tuple(s for s in Seat if match.scores[s] == low)
    assert match.winners  # at least one


class _ScriptedDeals:
    """Stands in for Hand in hearts.match: deals scripted moons for chosen shooters."""

    def __init__(self, shooters: Sequence[Seat]) -> None:
        self.shooters = list(shooters)
        self.queues: list[dict[Seat, list[str]]] = []

    def deal(self, rules: Rules, rng: object, dealer: Seat, pass_direction: PassDirection,
             scores: Sequence[int]) -> Hand:
        shooter = self.shooters.pop(0)
        assert shooter is dealer.left  # the moon scripts need the shooter to lead
        after_pass, by_seat = queue_deal(MOON_WITH_JACK, shooter)
        deal, passes = predeal(after_pass, pass_direction)
        hand = Hand(rules, deal, dealer=dealer, pass_direction=pass_direction, scores=scores)
        for seat, chosen in passes.items():
            hand.pass_cards(seat, chosen)
        assert [set(hand.holding(s)) for s in Seat] == [set(h) for h in after_pass]
        self.queues.append({seat: queue.split() for seat, queue in by_seat.items()})
        return hand


@pytest.mark.parametrize("passing", list(Passing))
def test_a_tie_for_the_lowest_total_is_shared(monkeypatch: pytest.MonkeyPatch,
                                              passing: Passing) -> None:
    # Hand 1 (South deals): West shoots the moon: 33 0 33 33.
    # Hand 2 (West deals): North shoots the moon: 33 33 0 33. Totals 66 33 33 66.
    script = _ScriptedDeals([Seat.WEST, Seat.NORTH])
    monkeypatch.setattr(hearts.match, "Hand", script)
    match = Match(Rules(target=50, passing=passing), rng_or_seed=0)
    first = match.deal()
    play_queues(first, script.queues[0])
    assert first.points == (33, 0, 33, 33)
    assert match.scores == (33, 0, 33, 33)
    assert not match.over and match.winners == ()
    second = match.deal()
    assert second.scores == (33, 0, 33, 33)
    play_queues(second, script.queues[1])
    assert second.points == (33, 33, 0, 33)
    assert match.scores == (66, 33, 33, 66)
    assert match.over
    assert match.winners == (Seat.WEST, Seat.NORTH)


def test_the_match_is_over_when_a_total_reaches_the_target_exactly(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Classic scoring, target 50: two moons take two seats to 52.
    script = _ScriptedDeals([Seat.WEST, Seat.NORTH])
    monkeypatch.setattr(hearts.match, "Hand", script)
    match = Match(Rules(target=50, scoring=Scoring.CLASSIC), rng_or_seed=0)
    play_queues(match.deal(), script.queues[0])
    assert match.scores == (26, 0, 26, 26) and not match.over
    play_queues(match.deal(), script.queues[1])
    assert match.scores == (52, 26, 26, 52)
    assert match.over and match.winners == (Seat.WEST, Seat.NORTH)
    assert Card.parse("QS") in match.hands[1].taken(Seat.NORTH)


def test_every_hand_has_a_seed_that_deals_it_again() -> None:
    from hearts.match import hand_seed

    match = Match(Rules(target=50), rng_or_seed=21)
    assert match.seed == 21
    rng = random.Random(21)
    while not match.over:
        hand = match.deal()
        number = len(match.hands) - 1
        assert hand.seed == hand_seed(21, number) < 1 << 48
        again = Hand.deal(hand.rules, hand.seed, dealer=hand.dealer)
        assert [again.dealt(seat) for seat in Seat] == [hand.dealt(seat) for seat in Seat]
        finish(hand, rng)
    assert len({hand.seed for hand in match.hands}) == len(match.hands)


def test_a_match_carries_on_from_its_seed_and_its_hands() -> None:
    rng = random.Random(9)
    first = Match(Rules(target=200), rng_or_seed=5)
    for _ in range(2):
        finish(first.deal(), rng)
    carried = Match(Rules(target=200), rng_or_seed=first.seed)
    carried.hands = [Hand.from_record(hand.record()) for hand in first.hands]
    assert carried.scores == first.scores
    assert carried.deal().record()["deal"] == first.deal().record()["deal"]


def test_unseeded_matches_differ_and_a_random_gives_a_seed() -> None:
    assert Match().seed != Match().seed
    assert Match(rng_or_seed=random.Random(3)).seed == Match(rng_or_seed=random.Random(3)).seed


def test_lowering_the_target_between_hands_ends_the_match_at_once() -> None:
    match = Match(Rules(target=200), rng_or_seed=5)
    rng = random.Random(5)
    while max(match.scores) < 50:
        finish(match.deal(), rng)
    assert not match.over
    match.rules = Rules(target=50)  # saved options, before the next deal
    assert match.over and match.winners
    with pytest.raises(MatchOver):
        match.deal()


def test_raising_the_target_after_the_match_keeps_it_over() -> None:
    match = Match(Rules(target=50), rng_or_seed=2)
    play_match(match, random.Random(2))
    match.rules = Rules(target=200)
    assert match.over
