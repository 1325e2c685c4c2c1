"""Rules: the options as data, their validation, JSON form and pass rotation."""

from __future__ import annotations

import dataclasses
import json
import pickle
from typing import Any

import pytest

from hearts import Card, IllegalMove, PassDirection, Passing, Rules, RuleSet, Scoring, Seat


def test_fields_and_defaults_exactly() -> None:
    rules = Rules()
    assert [f.name for f in dataclasses.fields(Rules)] == [
        "scoring", "jack_of_diamonds", "first_lead", "leading_hearts", "first_trick",
        "passing", "target", "pass_queen",
    ]
    assert rules.scoring is Scoring.HOUSE
    assert rules.jack_of_diamonds is False
    assert rules.first_lead is False
    assert rules.leading_hearts is False
    assert rules.first_trick is False
    assert rules.passing is Passing.LEFT
    assert rules.target == 100
    assert rules.pass_queen is False


def test_rules_are_frozen_hashable_and_picklable() -> None:
    rules = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 50  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.first_lead = True  # type: ignore[misc]
    assert rules == Rules() and hash(rules) == hash(Rules())
    assert rules != Rules(target=50)
    assert pickle.loads(pickle.dumps(Rules(scoring=Scoring.CLASSIC))) == Rules(
        scoring=Scoring.CLASSIC)
    changed = dataclasses.replace(rules, first_trick=True)
    assert changed.first_trick and not rules.first_trick


@pytest.mark.parametrize("target", [1, 50, 75, 100, 200, 1000])
def test_any_positive_target(target: int) -> None:
    rules = Rules(target=target)
    assert rules.target == target
    assert Rules.from_json(json.loads(json.dumps(rules.to_json()))) == rules


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"target": 0}, "target"),
        ({"target": -100}, "target"),
        ({"target": "100"}, "target"),
        ({"target": True}, "target"),
        ({"target": None}, "target"),
        ({"jack_of_diamonds": 1}, "jack_of_diamonds"),
        ({"first_lead": "yes"}, "first_lead"),
        ({"leading_hearts": None}, "leading_hearts"),
        ({"first_trick": 0}, "first_trick"),
        ({"pass_queen": 1}, "pass_queen"),
        ({"scoring": "house"}, "scoring"),
        ({"scoring": Passing.LEFT}, "scoring"),
        ({"passing": "left"}, "passing"),
        ({"passing": Scoring.HOUSE}, "passing"),
        ({"passing": PassDirection.LEFT}, "passing"),
    ],
)
def test_invalid_values_raise_a_clear_value_error(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Rules(**kwargs)


def test_float_target_is_refused() -> None:
    with pytest.raises(ValueError, match="target"):
        Rules(target=100.0)  # type: ignore[arg-type]


def test_a_bad_target_is_named_in_the_message() -> None:
    with pytest.raises(ValueError, match="target must be a positive whole number, not -3"):
        Rules(target=-3)


ALL_RULES = [
    Rules(scoring=scoring, jack_of_diamonds=jd, first_lead=fl, leading_hearts=lh,
          first_trick=ft, passing=passing, target=target, pass_queen=pq)
    for scoring in Scoring for jd in (False, True) for fl in (False, True)
    for lh in (False, True) for ft in (False, True) for passing in Passing
    for target in (50, 100, 200) for pq in (False, True)
]


def test_json_round_trip_for_every_combination() -> None:
    assert len(ALL_RULES) == 2 * 2**4 * 3 * 3 * 2
    for rules in ALL_RULES:
        data = rules.to_json()
        assert json.loads(json.dumps(data)) == data
        assert Rules.from_json(json.loads(json.dumps(data))) == rules


def test_json_form() -> None:
    assert Rules().to_json() == {
        "scoring": "house", "jack_of_diamonds": False, "first_lead": False,
        "leading_hearts": False, "first_trick": False, "passing": "left", "target": 100,
    }


def test_passing_the_queen_is_written_only_when_on_and_read_as_off_when_missing() -> None:
    # rules written before the rule was added (records, options, results) name no
    # pass_queen and read as they always did; the rule on is written
    assert "pass_queen" not in Rules().to_json()
    assert Rules(pass_queen=True).to_json()["pass_queen"] is True
    assert Rules.from_json({"target": 50}) == Rules(target=50)
    assert Rules.from_json({"pass_queen": True}).pass_queen
    assert not Rules.from_json({"pass_queen": False}).pass_queen


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "JSON object"),
        ("house", "JSON object"),
        ({"colour": "red"}, "unknown rule 'colour'"),
        ({"scoring": "fancy"}, "fancy"),
        ({"passing": "sideways"}, "sideways"),
        ({"target": 0}, "target"),
        ({"target": "75"}, "target"),
        ({"first_trick": "true"}, "first_trick"),
    ],
)
def test_from_json_rejects_bad_data(data: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Rules.from_json(data)


def test_pass_direction_rotation() -> None:
    rotate = Rules(passing=Passing.ROTATE)
    assert [rotate.pass_direction(n) for n in range(7)] == [
        PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS,
        PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.LEFT,
    ]
    left = Rules()
    assert {left.pass_direction(n) for n in range(10)} == {PassDirection.LEFT}
    hold = Rules(passing=Passing.ROTATE_HOLD)
    assert [hold.pass_direction(n) for n in range(9)] == [
        PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE,
        PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE,
        PassDirection.LEFT,
    ]


def test_the_passing_choices_keep_their_saved_names() -> None:
    # options files, hand records and results files written before the hold hand
    # name the first two; the third is new
    assert [p.value for p in Passing] == ["left", "rotate", "rotate-hold"]
    assert Rules.from_json({"passing": "rotate"}).passing is Passing.ROTATE
    assert Rules.from_json({"passing": "rotate-hold"}).passing is Passing.ROTATE_HOLD


def test_the_rule_sets() -> None:
    assert RuleSet.ORIGINAL.rules() == Rules()
    classic = RuleSet.CLASSIC.rules()
    assert classic == Rules(scoring=Scoring.CLASSIC, first_lead=True, leading_hearts=True,
                            first_trick=True, passing=Passing.ROTATE_HOLD, pass_queen=True)
    # Windows' Classic passes the queen; the original game (the seed's) never does
    assert classic.pass_queen and RuleSet.OMNIBUS.rules().pass_queen
    assert not RuleSet.ORIGINAL.rules().pass_queen and not Rules().pass_queen
    assert RuleSet.OMNIBUS.rules(50) == dataclasses.replace(classic, jack_of_diamonds=True,
                                                            target=50)
    for rule_set in RuleSet:
        for target in (10, 100, 1000):
            assert RuleSet.of(rule_set.rules(target)) is rule_set
        assert set(rule_set.settings) == {f.name for f in dataclasses.fields(Rules)} - {
            "target"}
    # a set applied keeps the target; one rule changed by hand names no set
    assert RuleSet.CLASSIC.apply(Rules(target=75)) == RuleSet.CLASSIC.rules(75)
    assert RuleSet.of(dataclasses.replace(classic, passing=Passing.LEFT)) is None
    assert RuleSet.of(Rules(first_trick=True)) is None
    assert [str(rule_set) for rule_set in RuleSet] == ["Original", "Classic", "Omnibus"]


def test_pass_direction_targets() -> None:
    for seat in Seat:
        assert PassDirection.LEFT.target(seat) is seat.left
        assert PassDirection.RIGHT.target(seat).left is seat
        assert PassDirection.ACROSS.target(seat) is seat.offset(2)
        for direction in PassDirection:
            assert direction.source(direction.target(seat)) is seat
    assert PassDirection.LEFT.target(Seat.SOUTH) is Seat.WEST
    assert PassDirection.RIGHT.target(Seat.SOUTH) is Seat.EAST
    assert PassDirection.ACROSS.target(Seat.SOUTH) is Seat.NORTH


HOUSE_VALUES = {"QS": 10, "AH": 5, "KH": 4, "QH": 3, "JH": 2, "TH": 1, "9H": 1, "8H": 1,
                "7H": 1, "6H": 1, "5H": 1, "4H": 1, "3H": 1, "2H": 1}


@pytest.mark.parametrize("jack", [False, True])
def test_house_card_values(jack: bool) -> None:
    rules = Rules(jack_of_diamonds=jack)
    for card in Card.all():
        expected = HOUSE_VALUES.get(str(card), 0)
        if str(card) == "JD" and jack:
            expected = -10
        assert rules.card_points(card) == expected, card
    assert sum(rules.card_points(c) for c in Card.all() if rules.card_points(c) > 0) == 33
    assert Scoring.HOUSE.hand_value == 33


@pytest.mark.parametrize("jack", [False, True])
def test_classic_card_values(jack: bool) -> None:
    rules = Rules(scoring=Scoring.CLASSIC, jack_of_diamonds=jack)
    for card in Card.all():
        if str(card) == "QS":
            expected = 13
        elif card.suit.name == "HEARTS":
            expected = 1
        elif str(card) == "JD" and jack:
            expected = -10
        else:
            expected = 0
        assert rules.card_points(card) == expected, card
    assert Scoring.CLASSIC.hand_value == 26


def test_illegal_move_is_a_value_error() -> None:
    assert issubclass(IllegalMove, ValueError)
