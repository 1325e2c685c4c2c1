"""The match objective: the chance of winning the match from the totals."""

from __future__ import annotations

import pytest

from hearts.ai.objective import TIEBREAK, hand_score, match_objective, win_chance


def test_a_finished_match_goes_to_the_lowest_total() -> None:
    assert win_chance(0, (40, 101, 60, 70), 100, 26) == 1.0
    assert win_chance(2, (40, 101, 60, 70), 100, 26) == 0.0
    assert win_chance(0, (40, 101, 40, 70), 100, 26) == 0.5


def test_chances_add_up_and_favour_the_low_totals() -> None:
    totals = (30, 60, 45, 80)
    chances = [win_chance(seat, totals, 100, 26) for seat in range(4)]
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > chances[2] > chances[1] > chances[3]


def test_only_a_hand_that_can_end_the_match_is_scored_by_it() -> None:
    assert match_objective(0, (0, 10, 20, 30), 100, 26) is None
    assert match_objective(0, (0, 10, 20, 74), 100, 26) is not None


def test_points_go_better_to_the_leader_than_to_the_trailer() -> None:
    objective = match_objective(0, (50, 30, 70, 80), 100, 26)
    assert objective is not None
    to_leader = objective.score((0, 13, 0, 0))
    to_trailer = objective.score((0, 0, 0, 13))
    assert to_leader < to_trailer


def test_a_moon_that_ends_the_match_in_our_favour_beats_stopping_it() -> None:
    # East shoots: everyone else gets 26 and West goes over while South is lowest;
    # stopping it leaves North twelve behind South with the match going on.
    objective = match_objective(0, (60, 92, 70, 88), 100, 26)
    assert objective is not None
    let_through = objective.score((26, 26, 26, 0))
    stop_it = objective.score((2, 0, 4, 10))
    assert let_through < stop_it
    assert let_through == pytest.approx(-objective.scale + TIEBREAK * (4 * 26 - 78))


def test_level_totals_count_a_point_like_the_hand_does() -> None:
    objective = match_objective(0, (80, 80, 80, 80), 100, 26)
    assert objective is not None
    one_point = objective.score((1, 0, 0, 0)) - objective.score((0, 0, 0, 0))
    assert one_point == pytest.approx(3 * (1 + TIEBREAK), rel=0.35)


def test_a_match_already_lost_still_prefers_fewer_points() -> None:
    objective = match_objective(0, (95, 20, 30, 40), 100, 26)
    assert objective is not None
    assert objective.score((3, 0, 0, 23)) < objective.score((13, 0, 0, 13))


def test_hand_score_is_our_points_times_four_less_everyones() -> None:
    assert hand_score((13, 0, 0, 13), 0) == 4 * 13 - 26 == 26
    assert hand_score((13, 0, 0, 13), 1) == -26
    assert hand_score((0, 26, 26, 26), 0) == -78  # a moon of our own
    assert hand_score((5, 5, 5, 5), 2) == 0
    objective = match_objective(0, (90, 10, 20, 30), 100, 26)
    assert objective is not None
    points = (3, 0, 20, 3)
    chance = win_chance(0, (93, 10, 40, 33), 100, 26)
    assert objective.score(points) == pytest.approx(
        -objective.scale * chance + TIEBREAK * hand_score(points, 0))
