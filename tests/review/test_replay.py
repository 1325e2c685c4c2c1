"""The replay model: the steps of a hand from any record file."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from hearts.cards import Seat
from hearts.hand import Hand
from hearts.records import RecordFileError
from hearts.review.replay import load_record, replay, truncated
from hearts.rules import PassDirection
from tests.review.helpers import played_record


def test_the_steps_are_the_deal_the_passes_and_every_card() -> None:
    record = played_record(2)
    hand = Hand.from_record(record)
    steps = replay(record)
    assert [s.kind for s in steps] == ["deal"] + ["pass"] * 4 + ["play"] * 52
    assert steps[0].hands == tuple(tuple(hand.dealt(seat)) for seat in Seat)
    for step in steps[1:5]:
        assert step.seat is not None and step.cards == hand.passed(step.seat)
        assert step.to == PassDirection.LEFT.target(step.seat)
    assert steps[4].hands != steps[0].hands  # exchanged after the fourth pass
    assert steps[3].hands == steps[0].hands
    plays = steps[5:]
    assert [s.cards[0] for s in plays] == list(hand.plays)
    assert [s.trick_number for s in plays] == [n // 4 + 1 for n in range(52)]
    assert plays[-1].points == hand.points and plays[-1].tricks == hand.tricks
    assert plays[3].trick == hand.tricks[0].plays() and len(plays[3].tricks) == 1
    assert plays[4].trick == ((hand.tricks[0].winner, hand.plays[4]),)
    assert sum(len(h) for h in plays[10].hands) == 52 - 11


def test_points_so_far_grow_trick_by_trick() -> None:
    record = played_record(4)
    hand = Hand.from_record(record)
    steps = replay(record)[5:]
    for number in range(1, 13):
        partial = Hand.from_record(truncated(record, 4 * number))
        assert steps[4 * number - 1].points == partial.points
    assert steps[-1].points == hand.points


def test_a_hand_without_passing_has_no_pass_steps() -> None:
    steps = replay(played_record(1, direction=PassDirection.NONE))
    assert [s.kind for s in steps[:2]] == ["deal", "play"]


def test_records_load_from_every_kind_of_file(tmp_path: Path) -> None:
    first, second = played_record(1), played_record(2)
    single = tmp_path / "hand.json"
    single.write_text(json.dumps(first.to_json(), indent=2))
    assert load_record(single) == ("the file", first)
    export = tmp_path / "export.jsonl"
    export.write_text(first.to_text() + "\n" + second.to_text() + "\n")
    assert load_record(export, 2) == ("line 2", second)
    results = tmp_path / "results.jsonl.gz"
    header = {"format": "hearts-arena-results"}
    with gzip.open(results, "wt") as file:
        file.write(json.dumps(header) + "\n"
                   + json.dumps({"deal": 1, "hands": [first.to_json(), second.to_json()]}) + "\n")
    assert load_record(results, 2) == ("line 2, hand 2", second)
    with pytest.raises(RecordFileError, match="holds 2 hands: choose one"):
        load_record(export)
    with pytest.raises(RecordFileError, match="--hand must be 1 to 2"):
        load_record(export, 3)


def test_a_cut_record_keeps_only_the_stand_ins_of_decisions_made_by_then() -> None:
    from hearts.hand import StandIn
    from hearts.review.verdict import tasks_of

    hand = Hand.from_record(played_record(3))
    hand.stand_ins = [StandIn(Seat.WEST, None, "club", 5), StandIn(Seat.NORTH, 20, "club", 7),
                      StandIn(Seat.EAST, 51, "casual", 9)]
    record = hand.to_record()
    assert [s.play for s in truncated(record, 21).stand_ins] == [None, 20]
    assert [s.play for s in truncated(record, 20).stand_ins] == [None]
    assert truncated(record, 0, passes=False).stand_ins == ()
    assert truncated(record, 0, passes=False).passes == ()
    for plays in range(53):
        cut = truncated(record, plays)
        assert cut.plays == record.plays[:plays] and cut.passes == record.passes
        again = Hand.from_record(cut.to_json())  # every cut reads back, and is its JSON
        assert again.to_record() == cut
    assert len(tasks_of(record, list(Seat), 0, 1)) == 56
    assert len(replay(record)) == 57
