"""The gated moon search: when its gate opens, how it mixes two worlds, and that
it stays honest (issue 66)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from tests.ai.test_honesty import GUIDED, _played_hand, _twin
from tests.ai.test_moon import _points_split_hand
from tests.deals import played_without_passing

from hearts.ai import Level, make_player
from hearts.ai import search as search_module
from hearts.ai.kit import rule_kit
from hearts.ai.moongate import (
    CALIBRATION_SIGNS,
    calibrated_chance,
    calibration,
    calibration_body,
    calibration_inputs,
    coefficients_of,
    lone_opponent,
    moon_gate,
)
from hearts.ai.moonmodel import default_model
from hearts.ai.moonsigns import moon_signs
from hearts.ai.players import BUDGETS, SearchPlayer
from hearts.ai.search import Budget, _mixed, _Round, search_play
from hearts.ai.situation import Situation
from hearts.cards import Card, Seat
from hearts.rules import PassDirection

NORTH_RUNS = "9C KC 2C 3C AH 2H KH 3H"
"""North wins a clean trick, then leads the ace of hearts and takes three more."""

MOONED = GUIDED._replace(moon_search=0.001, moon_deals=2)
"""The Expert's small test budget with the moon search open at nearly every lone
opponent."""


def test_the_gate_opens_when_one_opponent_alone_has_points() -> None:
    hand = played_without_passing(NORTH_RUNS + " QH")
    view = hand.view(Seat.EAST)
    assert hand.turn is Seat.EAST and lone_opponent(view) == int(Seat.NORTH)
    opened = moon_gate(view, 0.001)
    assert opened is not None
    seat, chance = opened
    assert seat == int(Seat.NORTH) and 0.0 < chance < 1.0
    assert moon_gate(view, chance) == opened
    assert moon_gate(view, chance + 1e-9) is None
    assert moon_gate(view, 0.0) is None  # 0: the search is off


def test_the_gate_stays_shut_without_a_lone_opponent() -> None:
    clean = played_without_passing("9C KC 2C 3C")  # a trick taken, no points yet
    assert all(moon_gate(clean.view(seat), 0.001) is None for seat in Seat)
    ours = played_without_passing(NORTH_RUNS)  # North alone has points: not a threat to itself
    assert lone_opponent(ours.view(Seat.NORTH)) == -1
    assert moon_gate(ours.view(Seat.NORTH), 0.001) is None
    assert all(moon_gate(ours.view(seat), 0.001) is not None
               for seat in Seat if seat is not Seat.NORTH)
    split = _points_split_hand()
    assert all(moon_gate(split.view(seat), 0.001) is None for seat in Seat)


def test_every_level_keeps_the_moon_search_off() -> None:
    assert all(budget.moon_search == 0 for budget in BUDGETS.values())
    assert not any(budget.moon_calibrated for budget in BUDGETS.values())


def test_the_calibrated_chance_reads_the_models_chance_and_the_signs() -> None:
    view = played_without_passing(NORTH_RUNS + " QH").view(Seat.EAST)
    row = moon_signs(view)[int(Seat.NORTH)]
    chance = default_model().chance(row)
    inputs = calibration_inputs(row, chance)
    assert len(inputs) == len(CALIBRATION_SIGNS) + 1 == len(calibration()) - 1
    # The identity calibration gives the model's chance back.
    identity = (0.0, 1.0) + (0.0,) * len(CALIBRATION_SIGNS)
    assert calibrated_chance(inputs, identity) == pytest.approx(chance)
    # The gate opens on the model's chance and gives the calibrated one when asked.
    opened = moon_gate(view, 0.001, calibrated=True)
    assert opened is not None and opened[0] == int(Seat.NORTH)
    assert opened[1] == pytest.approx(calibrated_chance(inputs))
    assert moon_gate(view, chance + 1e-9, calibrated=True) is None
    # The fitted calibration lowers the chance as the signs say the shot is off.
    lower = list(inputs)
    lower[0] -= 2.0
    assert calibrated_chance(lower) < calibrated_chance(inputs)
    assert 0.0 < calibrated_chance([-40.0] + [0.0] * (len(inputs) - 1)) < 1e-6


def test_a_calibration_file_is_checked_when_read() -> None:
    body = calibration_body((0.5, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0), "a test")
    assert coefficients_of(body) == (0.5, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    with pytest.raises(ValueError, match="fingerprint"):
        coefficients_of({**body, "coefficients": [9.0] * 8})
    with pytest.raises(ValueError, match="signs"):
        coefficients_of(calibration_body((0.0,) * 8) | {"signs": ["bias"]})
    with pytest.raises(ValueError, match="not a hearts-moon-calibration"):
        coefficients_of({**body, "format": "something else"})
    with pytest.raises(ValueError, match="number"):
        coefficients_of(calibration_body((0.0, 1.0)))


def test_two_worlds_are_mixed_by_the_chance() -> None:
    today = _Round([1.0, 3.0], [[2.0, 4.0], [5.0, 5.0]])
    shot = _Round([2.0, 2.0], [[10.0, 20.0], [0.0, 0.0]])
    mixed = _mixed(today, shot, 0.25)
    # Each world's weighted mean a deal, times the deals, mixed 3 to 1.
    assert mixed.total(0) == pytest.approx(0.75 * 2 * 3.5 + 0.25 * 2 * 15.0)
    assert mixed.total(1) == pytest.approx(0.75 * 2 * 5.0)
    assert sum(mixed.weights) == pytest.approx(2.0)
    # With no chance the shot world counts for nothing; with certainty, alone.
    assert _mixed(today, shot, 0.0).total(0) == pytest.approx(2 * 3.5)
    assert _mixed(today, shot, 1.0).total(0) == pytest.approx(2 * 15.0)


def _recorded(monkeypatch: pytest.MonkeyPatch, moon: tuple[int, float] | None,
              budget: Budget) -> list[int]:
    """The shooters mask of every sampled deal the search plays out at East's turn."""
    masks: list[int] = []

    def trials(s: Situation, world: Sequence[int], cards: Sequence[int], *args: Any) -> None:
        shooters, scores = args[3], args[8]
        masks.append(shooters)
        assert len(world) == 4
        for position in range(len(cards)):
            scores[position].append(float(cards[position]))

    monkeypatch.setattr(search_module, "trials", trials)
    view = played_without_passing(NORTH_RUNS + " QH").view(Seat.EAST)
    search_play(Situation.of(view), rule_kit(view.rules), budget, random.Random(1), moon=moon)
    return masks


def test_a_gated_decision_searches_the_shot_world_with_more_deals(
        monkeypatch: pytest.MonkeyPatch) -> None:
    budget = Budget(deals=6, width=4, moon_deals=4)
    assert _recorded(monkeypatch, None, budget) == [0] * 6
    north = 1 << int(Seat.NORTH)
    assert _recorded(monkeypatch, (int(Seat.NORTH), 0.3), budget) == [0] * 10 + [north] * 10


def _gated_positions(count: int) -> list[tuple[Any, Any, Seat]]:
    """Positions (a hand, its twin with other unseen cards, the seat to play) where
    the gate opens for the seat to play."""
    rng = random.Random(66)
    found: list[tuple[Any, Any, Seat]] = []
    for deal in range(80):
        direction = (PassDirection.NONE, PassDirection.LEFT)[deal % 2]
        hand = _played_hand(deal, rng.randrange(8, 30), direction)
        turn = hand.turn
        assert turn is not None
        view = hand.view(turn)
        if len(view.legal) < 2 or moon_gate(view, MOONED.moon_search) is None:
            continue
        twin = _twin(hand, turn, rng)
        if twin is None:
            continue
        found.append((hand, twin, turn))
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("calibrated", [False, True])
def test_gated_decisions_replay_and_ignore_hidden_cards(calibrated: bool) -> None:
    def player(seed: int) -> SearchPlayer:
        return SearchPlayer(Level.EXPERT, seed, MOONED._replace(moon_calibrated=calibrated))

    positions = _gated_positions(5)
    assert len(positions) >= 4
    for hand, twin, turn in positions:
        view = hand.view(turn)
        assert twin.view(turn) == view
        assert any(hand.holding(s) != twin.holding(s) for s in Seat)
        first = player(9).choose_play(view)
        assert first in view.legal
        assert player(9).choose_play(view) == first
        assert player(9).choose_play(twin.view(turn)) == first
        assert moon_gate(twin.view(turn), MOONED.moon_search, calibrated=calibrated) == \
            moon_gate(view, MOONED.moon_search, calibrated=calibrated)


def test_outside_the_gate_the_search_plays_as_the_expert() -> None:
    """Where the gate stays shut, the Expert with the moon search decides as the
    released Expert does (same seed, same card)."""
    budget = BUDGETS[Level.EXPERT]._replace(moon_search=0.03, moon_deals=160)
    hand = played_without_passing("9C KC 2C")
    view = hand.view(Seat.SOUTH)
    assert moon_gate(view, 0.03) is None
    card: Card = make_player(Level.EXPERT, 4).choose_play(view)
    assert SearchPlayer(Level.EXPERT, 4, budget).choose_play(view) == card


def _mixed_share(monkeypatch: pytest.MonkeyPatch, chance: float, scale: float) -> float:
    """The share the gated search gives the shot world at East's turn."""
    shares: list[float] = []
    real = search_module._mixed

    def recorded(today: _Round, shot: _Round, share: float) -> _Round:
        shares.append(share)
        return real(today, shot, share)

    monkeypatch.setattr(search_module, "_mixed", recorded)
    view = played_without_passing(NORTH_RUNS + " QH").view(Seat.EAST)
    budget = Budget(deals=4, width=4, moon_deals=2, moon_scale=scale)
    search_play(Situation.of(view), rule_kit(view.rules), budget, random.Random(1),
                moon=(int(Seat.NORTH), chance))
    assert shares and len(set(shares)) == 1
    return shares[0]


def test_the_shot_world_weighs_the_chance_times_the_scale_at_most_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert _mixed_share(monkeypatch, 0.2, 1.0) == pytest.approx(0.2)
    assert _mixed_share(monkeypatch, 0.2, 3.0) == pytest.approx(0.6)
    assert _mixed_share(monkeypatch, 0.2, 10.0) == 1.0
    assert Budget(deals=1, width=1).moon_scale == 1.0
    assert all(budget.moon_scale == 1.0 for budget in BUDGETS.values())
