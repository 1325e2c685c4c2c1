"""The moon-threat model: its signs, its weights, and the moon-aware mode it opens."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from tests.ai.test_honesty import _played_hand, _twin
from tests.deals import played_without_passing

from hearts.ai import Level, make_player
from hearts.ai.moonmodel import (
    MODEL_FORMAT,
    MoonModel,
    default_model,
    fingerprint,
    moon_chances,
    moon_suspect,
)
from hearts.ai.moonsigns import SIGN_NAMES, moon_signs
from hearts.ai.players import BUDGETS
from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.rules import PassDirection, Rules
from hearts.view import Phase, PlayerView


def _body(seed: int = 1, hidden: int = 3) -> dict[str, Any]:
    """A small weights file's contents, fingerprinted."""
    rng = random.Random(seed)
    size = len(SIGN_NAMES)
    body: dict[str, Any] = {
        "format": MODEL_FORMAT, "signs": list(SIGN_NAMES),
        "mean": [rng.uniform(0, 0.5) for _ in range(size)],
        "scale": [rng.uniform(0.5, 2) for _ in range(size)],
        "hidden": [[rng.gauss(0, 0.5) for _ in range(size)] for _ in range(hidden)],
        "hidden_bias": [rng.gauss(0, 0.5) for _ in range(hidden)],
        "out": [rng.gauss(0, 1) for _ in range(hidden)], "out_bias": -2.0,
        "trained": {"note": "a test's"},
    }
    body["fingerprint"] = fingerprint(body)
    return body


def test_signs_have_a_row_for_each_seat_that_may_still_shoot() -> None:
    hand = played_without_passing("")
    rows = moon_signs(hand.view(Seat.SOUTH))
    assert sorted(rows) == [1, 2, 3]
    assert all(len(row) == len(SIGN_NAMES) for row in rows.values())
    no_pass = SIGN_NAMES.index("no_pass")
    assert all(row[no_pass] == 1.0 for row in rows.values())
    for name in ("is_passer", "is_target", "got_high", "got_all_low", "gave_high"):
        assert all(row[SIGN_NAMES.index(name)] == 0.0 for row in rows.values())


def _points_split_hand() -> Hand:
    """A hand played by Club players until two seats have taken points."""
    from hearts.ai import Level, make_player

    for seed in range(40):
        hand = Hand.deal(Rules(), seed, pass_direction=PassDirection.NONE)
        players = [make_player(Level.CLUB, seat) for seat in range(4)]
        while hand.turn is not None:
            scorers = {t.winner for t in hand.tricks
                       if any(c.bit & ((0x1FFF << 26) | (1 << 49)) for c in t.cards)}
            if len(scorers) >= 2:
                return hand
            hand.play(players[hand.turn].choose_play(hand.view(hand.turn)))
    raise AssertionError("no hand split its points")


def test_no_row_once_points_are_split_and_no_chance_either() -> None:
    hand = _points_split_hand()
    view = hand.view(Seat.SOUTH)
    assert moon_signs(view) == {}
    chances = moon_chances(view, MoonModel(_body()))
    assert sorted(chances) == [s for s in range(4) if s != 0]
    assert set(chances.values()) == {0.0}
    assert moon_suspect(view, 0.01, 1.0, MoonModel(_body())) is None


def test_a_pass_shows_on_the_passer_and_the_target() -> None:
    hand = Hand.deal(Rules(), 12)  # passes left
    queen = Card.parse("QS")
    passes = {seat: sorted((c for c in hand.holding(seat) if c != queen),
                           key=lambda c: (c.rank, c.suit))[:3] for seat in Seat}
    passes[Seat.SOUTH] = sorted((c for c in hand.holding(Seat.SOUTH) if c != queen),
                                key=lambda c: (c.rank, c.suit))[-3:]
    for seat in Seat:
        hand.pass_cards(seat, passes[seat])
    view = hand.view(Seat.SOUTH)
    rows = moon_signs(view)
    target, passer = int(view.pass_target), int(PassDirection.LEFT.source(Seat.SOUTH))
    assert rows[target][SIGN_NAMES.index("is_target")] == 1.0
    assert rows[passer][SIGN_NAMES.index("is_passer")] == 1.0
    assert rows[passer][SIGN_NAMES.index("got_all_low")] == 1.0  # East passed its three lowest
    assert rows[target][SIGN_NAMES.index("gave_high")] > 0


def test_the_model_reads_its_weights_and_refuses_tampered_ones(tmp_path: Path) -> None:
    body = _body()
    path = tmp_path / "weights.json"
    path.write_text(json.dumps(body))
    model = MoonModel.load(path)
    assert model.fingerprint == body["fingerprint"]
    row = [0.5] * len(SIGN_NAMES)
    assert 0.0 < model.chance(row) < 1.0
    tampered = {**body, "out_bias": 1.0}
    path.write_text(json.dumps(tampered))
    with pytest.raises(ValueError, match="fingerprint"):
        MoonModel.load(path)
    path.write_text(json.dumps({**body, "signs": body["signs"][:-1]}))
    with pytest.raises(ValueError, match="signs"):
        MoonModel.load(path)
    path.write_text("{not json")
    with pytest.raises(ValueError, match="cannot read"):
        MoonModel.load(path)


def test_the_shipped_model_loads_and_gives_chances() -> None:
    model = default_model()
    assert len(model.fingerprint) == 16
    hand = played_without_passing("")
    chances = moon_chances(hand.view(Seat.SOUTH))
    assert sorted(chances) == [1, 2, 3] and all(0 < p < 1 for p in chances.values())


def test_signs_and_chances_ignore_hidden_cards() -> None:
    rng = random.Random(47)
    checked = 0
    for deal in range(60):
        direction = (PassDirection.NONE, PassDirection.LEFT)[deal % 2]
        hand = _played_hand(deal, rng.randrange(0, 24), direction)
        turn = hand.turn
        assert turn is not None
        twin = _twin(hand, turn, rng)
        if twin is None:
            continue
        view = hand.view(turn)
        assert any(hand.holding(s) != twin.holding(s) for s in Seat)
        assert moon_signs(twin.view(turn)) == moon_signs(view)
        assert moon_chances(twin.view(turn)) == moon_chances(view)
        checked += 1
    assert checked >= 10


def test_the_suspect_is_the_likeliest_seat_and_its_share_is_capped() -> None:
    hand = played_without_passing("")
    view = hand.view(Seat.SOUTH)
    model = MoonModel(_body())
    chances = moon_chances(view, model)
    seat = max(chances, key=lambda s: chances[s])
    assert moon_suspect(view, chances[seat] + 1e-9, 1.0, model) is None
    assert moon_suspect(view, chances[seat], 2.0, model) == (seat, min(1.0, 2 * chances[seat]))
    assert moon_suspect(view, 0.001, 1000.0, model) == (seat, 1.0)


def test_the_pass_view_has_signs_too() -> None:
    hand = Hand.deal(Rules(), 3)
    view = hand.view(Seat.WEST)
    assert view.phase is Phase.PASSING
    rows = moon_signs(view)
    assert sorted(rows) == [0, 2, 3]
    assert all(row[SIGN_NAMES.index("passing")] == 1.0 for row in rows.values())


def test_outside_the_mode_the_expert_plays_as_release_0_2_0() -> None:
    """On positions where no seat's chance reaches the gate, the Expert's decision is
    the one release 0.2.0 made (tests/ai/data/make_expert_v020.py wrote them)."""
    data = json.loads((Path(__file__).parent / "data" / "expert_v020.json").read_text())
    assert data["version"] == "0.2.0" and len(data["positions"]) >= 20
    budget = BUDGETS[Level.EXPERT]
    checked = 0
    for position in data["positions"]:
        view = PlayerView.from_json(position["view"])
        if budget.moon_gate and moon_suspect(view, budget.moon_gate, budget.moon_weight):
            continue
        checked += 1
        assert str(make_player(Level.EXPERT, position["seed"]).choose_play(view)) == \
            position["card"]
    assert checked >= 20
