"""HandRecord: one typed value for a hand record, with one codec that writes the
JSON exactly as before, reads old records, and refuses a broken one with the same
messages as Hand.from_record always gave."""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from hearts import Card, Hand, HandRecordError, PassDirection, Rules, Seat
from hearts import hand_record as codec
from hearts.hand import HandRecord, Passed, SeatPlayer, StandIn, read_record
from hearts.records import hand_key

from .record_kinds import kinds
from .test_records import BAD_RECORDS, played_hand

GOLDEN = [json.loads(line) for line in
          (Path(__file__).parent / "data" / "hand_records.jsonl").read_text().splitlines()]
"""Records of every kind as the engine wrote them before HandRecord (record_kinds.py)."""


@pytest.mark.parametrize("golden", GOLDEN, ids=[g["kind"] for g in GOLDEN])
def test_records_of_every_kind_read_and_write_exactly_as_before(golden: dict[str, Any]) -> None:
    data = golden["record"]
    text = json.dumps(data)
    typed = read_record(data)
    assert json.dumps(typed.to_json()) == text  # the same keys, in the same order
    assert read_record(text) == typed and typed.to_text() == text
    assert json.dumps(Hand.from_record(data).record()) == text
    assert json.dumps(Hand.from_record(typed).record()) == text
    assert Hand.from_record(typed).to_record() == typed
    assert Hand.from_record(text).to_json() == text
    # today's engine writes the same hands exactly as the golden file holds them
    assert json.dumps(kinds()[golden["kind"]].record()) == text
    assert hand_key(typed) == hand_key(data)
    assert pickle.loads(pickle.dumps(typed)) == typed  # a review's task crosses processes
    assert hash(typed) == hash(read_record(text))


def test_the_fields_are_typed() -> None:
    (golden,) = [g["record"] for g in GOLDEN if g["kind"].startswith("seed, players")]
    typed = read_record(golden)
    assert typed.rules == Rules(target=50) and typed.dealer is Seat.NORTH
    assert typed.pass_direction is PassDirection.ACROSS and typed.scores == (0, 0, 0, 0)
    assert typed.seed == 2024 and typed.over
    assert [passed.seat for passed in typed.passes] == [Seat.EAST, Seat.SOUTH, Seat.NORTH,
                                                        Seat.WEST]  # the order made
    assert all(isinstance(p, Passed) and len(p.cards) == 3 for p in typed.passes)
    assert typed.passed(Seat.NORTH) == typed.passes[2].cards
    assert all(isinstance(card, Card) for card in typed.plays) and len(typed.plays) == 52
    assert [len(cards) for cards in typed.deal] == [13] * 4
    assert typed.players == (SeatPlayer("human", name="Ann"), SeatPlayer("expert", 11),
                             SeatPlayer("human", name="Bob"),
                             SeatPlayer("cmd:./bot", 5, "bot 1.2"))
    assert typed.stand_ins == (StandIn(Seat.NORTH, None, "club", 77),
                               StandIn(Seat.NORTH, 9, "club", 77),
                               StandIn(Seat.SOUTH, 30, "human", None, "Cat"))
    assert typed.assisted == frozenset({Seat.NORTH, Seat.SOUTH})
    hand = Hand.from_record(typed)
    assert hand.seed == 2024 and hand.players == typed.players
    assert hand.stand_ins == list(typed.stand_ins) and hand.assisted == set(typed.assisted)
    assert hand.decider(Seat.SOUTH, 30) == SeatPlayer("human", name="Cat")


def test_an_old_record_reads_as_before() -> None:
    (plain,) = [g["record"] for g in GOLDEN if g["kind"] == "plain"]
    assert not {"seed", "players", "stand_ins", "assisted"} & set(plain)
    typed = read_record(plain)
    assert typed.seed is None and typed.players is None
    assert typed.stand_ins == () and typed.assisted == frozenset()
    (old,) = [g["record"] for g in GOLDEN if "0.3.0" in g["kind"]]
    assert "pass_queen" not in old["rules"]
    assert read_record(old).rules.pass_queen is False


@pytest.mark.parametrize(("record", "words"), BAD_RECORDS,
                         ids=[f"{i}-{w}" for i, (_, w) in enumerate(BAD_RECORDS)])
def test_a_broken_record_is_refused_as_hand_from_record_refuses_it(
        record: dict[str, Any] | str, words: str) -> None:
    with pytest.raises(HandRecordError) as typed:
        read_record(record)
    with pytest.raises(HandRecordError) as replayed:
        Hand.from_record(record)
    assert words in str(typed.value) and str(typed.value) == str(replayed.value)


def _record() -> dict[str, Any]:
    hand = played_hand(6, plays=12)
    hand.players = tuple(SeatPlayer("club", seat) for seat in range(4))
    hand.stand_ins = [StandIn(Seat.WEST, 3, "club", 9)]
    hand.assisted = {Seat.SOUTH}
    return hand.record()


MORE_BAD = [
    ({"stand_ins": {}}, "stand_ins must be a list"),
    ({"stand_ins": [7]}, "stand_ins[0] must be an object"),
    ({"stand_ins": [{"seat": "up", "decision": 1, "player": "club", "seed": 1}]},
     "stand_ins[0] must name a seat"),
    ({"stand_ins": [{"seat": "west", "decision": 12, "player": "club", "seed": 1}]},
     "stand_ins[0].decision must be 'pass' or the index of a card played"),
    ({"stand_ins": [{"seat": "west", "decision": "pass", "player": "club"}]},
     "stand_ins[0] must name a player and its seed"),
    ({"stand_ins": [{"seat": "west", "decision": 2, "player": "human", "name": "x" * 65}]},
     "stand_ins[0].name must be text of at most 64 characters"),
    ({"assisted": "south"}, "assisted must list seats"),
    ({"assisted": ["south", "up"]}, "assisted: not a seat: 'up'"),
    ({"players": [{"player": "club", "version": 2}] * 4}, "players[0].version must be text"),
    ({"players": [{"player": "human", "name": "x" * 65}] * 4},
     "players[0].name must be text of at most 64 characters"),
    ({"seed": "7"}, "seed must be a whole number"),
]


@pytest.mark.parametrize(("change", "words"), MORE_BAD, ids=[w for _, w in MORE_BAD])
def test_every_field_is_refused_with_its_message(change: dict[str, Any], words: str) -> None:
    record = {**_record(), **change}
    for read in (read_record, HandRecord.unchecked, Hand.from_record):
        with pytest.raises(HandRecordError, match=re.escape(f"hand record: {words}")):
            read(record)


def test_unchecked_reads_the_fields_and_leaves_the_moves() -> None:
    record = _record()
    record["plays"][5], record["plays"][6] = record["plays"][6], record["plays"][5]
    with pytest.raises(HandRecordError, match=r"plays\[5\]"):
        read_record(record)
    typed = HandRecord.unchecked(record)  # the fields read: a changed card is for verify
    assert [str(card) for card in typed.plays] == record["plays"]
    with pytest.raises(HandRecordError, match=r"hand record: plays\[5\]: ") as info:
        Hand.from_record(typed)
    with pytest.raises(HandRecordError) as again:
        Hand.from_record(record)
    assert str(info.value) == str(again.value)


def test_a_record_built_by_hand_is_refused_where_it_is_wrong() -> None:
    typed = played_hand(6, plays=12).to_record()
    queen = Card.parse("QS")
    lost = HandRecord(typed.rules, typed.dealer, typed.pass_direction, typed.scores,
                      (typed.deal[0][:12], *typed.deal[1:]))
    with pytest.raises(HandRecordError, match="deal: the four hands must hold the 52 cards"):
        Hand.from_record(lost)
    held_by = next(seat for seat in Seat if queen in typed.deal[seat])
    wrong = HandRecord(typed.rules, typed.dealer, typed.pass_direction, typed.scores,
                       typed.deal, (Passed(held_by.left, (queen,)),))
    with pytest.raises(HandRecordError, match=r"hand record: passes\[0\]: "):
        Hand.from_record(wrong)


def test_a_typed_record_is_replayed_and_cut_without_reading_json() -> None:
    typed = read_record(_record())
    with mock.patch.object(codec, "_read", side_effect=AssertionError("read again")), \
            mock.patch.object(json, "loads", side_effect=AssertionError("JSON again")):
        hand = Hand.from_record(typed)
        cut = typed.cut(3)
        assert Hand.from_record(cut).plays == typed.plays[:3]
    assert hand.to_record() == typed
    assert cut.stand_ins == () and typed.cut(4).stand_ins == typed.stand_ins  # West's 4th card
    before = typed.cut(0, passes=False)
    assert before.passes == () and before.plays == () and before.assisted == typed.assisted
    assert Hand.from_record(before).holding(Seat.SOUTH) == list(typed.deal[Seat.SOUTH])
    assert typed.cut(12) == typed  # a value: equal when the fields are
