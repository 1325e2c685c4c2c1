"""Hand records: export to JSON, replay exactly, refuse malformed records clearly."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from hearts import Hand, HandRecordError, PassDirection, Phase, Rules, Scoring, Seat

from .helpers import random_pass, random_play


def same_hand(one: Hand, two: Hand) -> None:
    assert two.record() == one.record()
    assert two.phase is one.phase
    assert two.turn == one.turn
    assert two.points == one.points
    assert two.tricks == one.tricks
    assert two.trick == one.trick
    assert two.legal_plays() == one.legal_plays()
    assert two.shooter == one.shooter
    for seat in Seat:
        assert two.view(seat) == one.view(seat)
        assert two.holding(seat) == one.holding(seat)


def played_hand(seed: int, plays: int | None = None, passes: int = 4,
                rules: Rules | None = None,
                direction: PassDirection = PassDirection.LEFT) -> Hand:
    rng = random.Random(seed)
    hand = Hand.deal(rules or Rules(), rng, dealer=Seat(seed % 4), pass_direction=direction,
                     scores=(seed, 2 * seed, 0, 7))
    if hand.phase is Phase.PASSING:
        random_pass(hand, rng, list(Seat)[:passes])
    if passes == 4 or direction is PassDirection.NONE:
        random_play(hand, rng, plays)
    return hand


@pytest.mark.parametrize(
    ("plays", "passes", "direction"),
    [(None, 4, PassDirection.LEFT), (None, 4, PassDirection.ACROSS),
     (None, 0, PassDirection.NONE), (0, 0, PassDirection.LEFT), (0, 2, PassDirection.RIGHT),
     (0, 4, PassDirection.LEFT), (1, 4, PassDirection.LEFT), (17, 4, PassDirection.ACROSS),
     (51, 0, PassDirection.NONE)],
)
def test_records_replay_exactly(plays: int | None, passes: int,
                                direction: PassDirection) -> None:
    rules = Rules(scoring=Scoring.CLASSIC, jack_of_diamonds=True, first_lead=True,
                  leading_hearts=True, first_trick=True, target=50)
    hand = played_hand(5, plays, passes, rules, direction)
    text = hand.to_json()
    assert json.loads(text) == hand.record()
    same_hand(hand, Hand.from_record(text))
    same_hand(hand, Hand.from_record(hand.record()))
    same_hand(hand, Hand.from_record(json.loads(text)))


def test_record_form() -> None:
    hand = played_hand(3, plays=5)
    record = hand.record()
    assert record["format"] == "hearts-hand" and record["version"] == 1
    assert set(record) >= {"rules", "dealer", "pass_direction", "scores", "deal", "passes",
                           "plays"}
    assert record["rules"] == Rules().to_json()
    assert record["dealer"] == "east"
    assert record["pass_direction"] == "left"
    assert record["scores"] == [3, 6, 0, 7]
    assert set(record["deal"]) == {"south", "west", "north", "east"}
    assert sorted(c for cards in record["deal"].values() for c in cards) == sorted(
        str(c) for c in hand.dealt(Seat.SOUTH) + hand.dealt(Seat.WEST)
        + hand.dealt(Seat.NORTH) + hand.dealt(Seat.EAST))
    assert len(record["passes"]) == 4
    assert record["plays"] == [str(c) for c in hand.plays]
    assert len(record["plays"]) == 5


def test_a_replayed_unfinished_hand_plays_on_identically() -> None:
    hand = played_hand(9, plays=20)
    copy = Hand.from_record(hand.to_json())
    rng_one, rng_two = random.Random(1), random.Random(1)
    random_play(hand, rng_one)
    random_play(copy, rng_two)
    same_hand(hand, copy)
    assert hand.phase is Phase.OVER


def record_of(**changes: Any) -> dict[str, Any]:
    record = played_hand(2, plays=8).record()
    record.update(changes)
    return record


def edited(edit: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    record = played_hand(2, plays=8).record()
    edit(record)
    return record


def set_first_pass(record: dict[str, Any], cards: list[str]) -> None:
    record["passes"][0]["cards"] = cards


def swap_deal_card(record: dict[str, Any], seat: str, card: str) -> None:
    record["deal"][seat][0] = card


BAD_RECORDS = [
    ("not json {", "not JSON"),
    ("[1, 2]", "JSON object"),
    ("42", "JSON object"),
    (record_of(format="chess-game"), "hearts-hand"),
    (record_of(version=2), "version"),
    (edited(lambda r: r.pop("format")), "hearts-hand"),
    (edited(lambda r: r.pop("rules")), "rules is missing"),
    (edited(lambda r: r.pop("dealer")), "dealer is missing"),
    (edited(lambda r: r.pop("pass_direction")), "pass_direction is missing"),
    (edited(lambda r: r.pop("scores")), "scores is missing"),
    (edited(lambda r: r.pop("deal")), "deal is missing"),
    (edited(lambda r: r.pop("passes")), "passes is missing"),
    (edited(lambda r: r.pop("plays")), "plays is missing"),
    (edited(lambda r: r["deal"].pop("north")), "deal.north is missing"),
    (record_of(rules="house"), "rules must be"),
    (record_of(rules={"target": 0}), "target"),
    (record_of(rules={"colour": "red"}), "colour"),
    (record_of(dealer="nobody"), "seat"),
    (record_of(scores=[0, 0, 0]), "scores"),
    (record_of(scores=[0, 0, 0, "1"]), "scores"),
    (record_of(deal=[]), "deal must be"),
    (record_of(plays="2C"), "plays must be"),
    (edited(lambda r: swap_deal_card(r, "south", "XX")), "deal.south"),
    (edited(lambda r: swap_deal_card(r, "south", "1H")), "not a card: '1H'"),
    (edited(lambda r: swap_deal_card(r, "south", r["deal"]["west"][0])), "dealt twice"),
    (edited(lambda r: r["deal"]["east"].pop()), "13"),
    (edited(lambda r: r["deal"].update(east=5)), "deal.east must be a list of cards"),
    (edited(lambda r: r["passes"].__setitem__(1, r["passes"][0])), "passes[1]"),
    (edited(lambda r: r["passes"].__setitem__(1, r["passes"][0])), "already passed"),
    (edited(lambda r: r["passes"].append(r["passes"][0])), "passes[4]"),
    (edited(lambda r: set_first_pass(r, ["QS", "2C", "3C"])), "passes[0]"),
    (edited(lambda r: r["passes"].__setitem__(0, "south")), "passes[0]"),
    (edited(lambda r: r["passes"][0].update(seat="nobody")), "passes[0]"),
    (edited(lambda r: set_first_pass(r, ["2C"])), "exactly 3"),
    (edited(lambda r: r["plays"].append("QQ")), "plays[8]"),
    (edited(lambda r: r["plays"].append(7)), "plays[8] must be a card"),
    (edited(lambda r: r["plays"].__setitem__(1, r["plays"][0])), "plays[1]"),
    (edited(lambda r: r["plays"].__setitem__(0, r["plays"][1])), "plays[0]"),
    (edited(lambda r: r.update(plays=r["plays"] * 8)), "plays["),
    (edited(lambda r: r.update(passes=[])), "plays[0]"),
    (edited(lambda r: r.update(pass_direction="none")), "passes[0]"),
]


@pytest.mark.parametrize(("record", "words"), BAD_RECORDS,
                         ids=[f"{i}-{w}" for i, (_, w) in enumerate(BAD_RECORDS)])
def test_malformed_records_fail_clearly(record: dict[str, Any] | str, words: str) -> None:
    with pytest.raises(HandRecordError) as info:
        Hand.from_record(record)
    assert isinstance(info.value, ValueError)
    assert words in str(info.value), str(info.value)


def test_a_queen_of_spades_pass_in_a_record_is_refused() -> None:
    hand = Hand.deal(Rules(), 4)
    holder = next(s for s in Seat if any(str(c) == "QS" for c in hand.holding(s)))
    record = hand.record()
    others = [str(c) for c in hand.holding(holder) if str(c) != "QS"][:2]
    record["passes"] = [{"seat": holder.name.lower(), "cards": ["QS", *others]}]
    with pytest.raises(HandRecordError, match="queen of spades"):
        Hand.from_record(record)


def test_an_illegal_play_in_a_record_is_refused_with_the_reason() -> None:
    for seed in range(100):
        hand = played_hand(seed, plays=1)
        led, turn = hand.plays[0], hand.turn
        assert turn is not None
        held = hand.holding(turn)
        wrong = [c for c in held if c.suit != led.suit]
        if wrong and len(wrong) < len(held):
            break
    else:
        raise AssertionError("no deal to renege in")
    record = hand.record()
    record["plays"].append(str(wrong[0]))
    with pytest.raises(HandRecordError, match=r"plays\[1\].*must follow"):
        Hand.from_record(record)


def test_a_bad_pass_direction_names_the_field() -> None:
    with pytest.raises(HandRecordError, match="pass_direction"):
        Hand.from_record(record_of(pass_direction="sideways"))


def test_a_bad_pass_direction_is_refused() -> None:
    with pytest.raises(HandRecordError, match="sideways"):
        Hand.from_record(record_of(pass_direction="sideways"))


def test_a_record_must_name_every_rule() -> None:
    with pytest.raises(HandRecordError, match="rules: first_lead is missing"):
        Hand.from_record(record_of(rules={"target": 100}))


def test_a_seeded_deal_records_its_seed_and_deals_again() -> None:
    hand = Hand.deal(Rules(), 1234, dealer=Seat.NORTH)
    record = hand.record()
    assert record["seed"] == 1234
    again = Hand.deal(Rules(), record["seed"], dealer=Seat.NORTH)
    assert again.record()["deal"] == record["deal"]
    assert Hand.from_record(record).seed == 1234
    assert "seed" not in Hand.deal(Rules(), random.Random(1234)).record()


def test_players_round_trip_and_are_checked() -> None:
    from hearts import SeatPlayer

    hand = played_hand(4, plays=6)
    hand.players = (SeatPlayer("human"), SeatPlayer("expert", 11), SeatPlayer("club", 12),
                    SeatPlayer("cmd:./bot", None, "bot 1.2"))
    record = hand.record()
    assert record["players"][0] == {"seat": "south", "player": "human"}
    assert record["players"][3] == {"seat": "east", "player": "cmd:./bot", "version": "bot 1.2"}
    assert Hand.from_record(json.dumps(record)).players == hand.players
    for bad, words in [([], "4 seats"), ([{"player": 1}] * 4, "players[0] must name"),
                       ([{"seat": "west", "player": "human"}] * 4, "must be south"),
                       ([{"player": "club", "seed": "7"}] * 4, "seed must be")]:
        with pytest.raises(HandRecordError, match=re.escape(words)):
            Hand.from_record({**record, "players": bad})
    with pytest.raises(HandRecordError, match="seed must be"):
        Hand.from_record({**record, "seed": 1.5})
