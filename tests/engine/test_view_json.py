"""PlayerView.to_json / from_json: a round trip for every kind of view, clear errors."""

from __future__ import annotations

import json
import random

import pytest

from hearts import Hand, PassDirection, Phase, PlayerView, Rules, Seat
from hearts.rules import Passing, Scoring
from hearts.view import VIEW_SCHEMA, VIEW_VERSION


def _views(seed: int, rules: Rules) -> list[PlayerView]:
    """Every seat's view at every step of a random hand."""
    rng = random.Random(seed)
    hand = Hand.deal(rules, rng, dealer=Seat(seed % 4),
                     pass_direction=list(PassDirection)[seed % 4], scores=(3, 0, 41, 17))
    views = [hand.view(seat) for seat in Seat]
    if hand.phase is Phase.PASSING:
        for seat in Seat:
            cards = [c for c in hand.holding(seat) if str(c) != "QS"]
            hand.pass_cards(seat, rng.sample(cards, 3))
            views.append(hand.view(seat))
    while hand.phase is Phase.PLAYING:
        hand.play(rng.choice(hand.legal_plays()))
        views.extend(hand.view(seat) for seat in Seat)
    return views


@pytest.mark.parametrize("seed", range(6))
def test_round_trip(seed: int) -> None:
    rules = Rules(scoring=list(Scoring)[seed % 2], jack_of_diamonds=seed % 3 == 0,
                  first_lead=seed % 2 == 1, leading_hearts=True, first_trick=seed > 2,
                  passing=list(Passing)[seed % 2], target=(50, 100, 200)[seed % 3])
    for view in _views(seed, rules):
        data = view.to_json()
        assert data["schema"] == VIEW_SCHEMA and data["version"] == VIEW_VERSION
        assert PlayerView.from_json(data) == view
        assert PlayerView.from_json(json.dumps(data)) == view


def test_json_form() -> None:
    hand = Hand.deal(Rules(), 5, dealer=Seat.WEST, pass_direction=PassDirection.NONE)
    hand.play(hand.legal_plays()[0])
    data = hand.view(Seat.EAST).to_json()
    assert data["seat"] == "east" and data["dealer"] == "west" and data["turn"] == "east"
    assert data["leader"] == "north" and data["phase"] == "playing"
    assert data["pass_direction"] == "none"
    assert data["legal"] == [str(card) for card in hand.legal_plays()]
    assert set(data["legal"]) <= set(data["hand"])
    assert data["trick"] == [{"seat": "north", "card": str(hand.plays[0])}]
    assert data["cards_held"] == [13, 13, 12, 13] and data["voids"] == [[], [], [], []]
    assert hand.view(Seat.WEST).to_json()["legal"] == []
    assert all(isinstance(card, str) and len(card) == 2 for card in data["hand"])


@pytest.mark.parametrize(("change", "message"), [
    ({"schema": "x"}, "not a hearts-view of version 1"),
    ({"seat": "middle"}, "view: seat: 'middle' is not south"),
    ({"hand": ["ZZ"]}, "view: hand: not a card"),
    ({"scores": [1, 2, 3]}, "view: scores: must be a list of 4"),
    ({"scores": [1, 2, 3, "4"]}, "view: scores: '4' is not a whole number"),
    ({"voids": [["X"], [], [], []]}, "view: voids: 'X' is not a suit letter"),
    ({"hearts_broken": "no"}, "view: hearts_broken: must be true or false"),
    ({"rules": {"scoring": "odd"}}, "view: rules: bad rules"),
    ({"phase": "dancing"}, "view: phase:"),
    ({"tricks": [{"leader": "south", "cards": ["2C"], "winner": "west"}]},
     "view: tricks: must be a list of 4"),
])
def test_bad_views_are_refused_with_the_field(change: dict[str, object], message: str) -> None:
    data = Hand.deal(Rules(), 1).view(Seat.SOUTH).to_json()
    with pytest.raises(ValueError, match=message):
        PlayerView.from_json({**data, **change})
    missing = dict(data)
    del missing["legal"]
    with pytest.raises(ValueError, match="view: legal is missing"):
        PlayerView.from_json(missing)
    with pytest.raises(ValueError, match="not JSON"):
        PlayerView.from_json("{")
