"""Every record the game writes can be reviewed: computer players standing in for
people and for players that failed, undos, hands played out once no points are
left, forced cards, matches restored from what the store kept, hands without a
pass; and a record that cannot be read gets a clear message."""

from __future__ import annotations

import random
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from hearts import Seat
from hearts.ai import Level
from hearts.hand import Hand, HandRecordError
from hearts.review import evaluate
from hearts.review.analysis import review_hand, validate
from hearts.review.document import ReviewUnreadable, decision_count, readable, review_document
from hearts.review.replay import replay
from hearts.rules import PassDirection
from hearts.table import Person, SeatSpec, one_person
from hearts.table import events as ev
from hearts.table.driver import Driver
from hearts.view import Phase
from tests.review.helpers import played_record
from tests.table.helpers import make_driver, restored, two_people
from tests.table.test_fuzz import OPS, fuzz_step

REVIEW_OPS = (*OPS, "stand in", "stand in", "come back", "restore")
"""The table fuzz's steps, and a computer player standing in for a person who
left (as at a network table), the person coming back, and the match restored
from what the store would keep (as after a crash)."""


def reviewed(data: dict[str, Any]) -> None:
    """Review the record the game wrote (``data``, read where a review takes it in)
    whole at a small depth, as every front end would (with one hindsight playout a
    choice, to be quick); a hand not over is refused, since the review shows every
    hand."""
    record = readable(data)
    if Hand.from_record(record).phase is not Phase.OVER:
        with pytest.raises(ReviewUnreadable, match="before it is over"):
            decision_count(record)
        with pytest.raises(ReviewUnreadable, match="before it is over"):
            review_document(record, None, 1, 2)
        return
    steps = replay(record)
    count = decision_count(record)
    with mock.patch.object(evaluate, "HINDSIGHT_PLAYOUTS", 1):
        review = review_hand(record, list(Seat), 1, 2)
    assert len(review.decisions) == count
    assert len(steps) >= count - 4 + 1  # a step a card and a pass, the deal first
    validate(review.to_json())


def step(driver: Driver, op: str, pick: random.Random, seats: tuple[SeatSpec, ...]
         ) -> Driver:
    """One random step; the driver to go on with (a new one after a restore)."""
    table = driver.table
    if not table.people and op not in ("answer", "elapsed", "failed", "wrong", "stale",
                                       "restore", "stand in"):
        op = "come back"  # the other steps are a person's
    if op == "stand in":  # the person drops, and the grace time runs out at once
        seat = pick.choice([s for s in Seat if isinstance(seats[s], Person)])
        driver.send(ev.Drop(seat))
        token = table.grace_token(seat)
        if token is not None:
            (grace,) = [r for r in driver.due if r.token == token]
            driver.due.remove(grace)
            driver.send(ev.Elapsed(token))
    elif op == "come back":
        seat = pick.choice([s for s in Seat if isinstance(seats[s], Person)])
        driver.send(ev.Return(seat))
    elif op == "restore":
        copy = restored(table)
        again = Driver(copy, driver.player_factory)
        again.hold = True
        again.start()
        return again
    else:
        fuzz_step(driver, [], op, pick, checked=False)  # restoring is a step of its own
    return driver


@pytest.mark.slow
@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seating=st.sampled_from([one_person(), two_people()]), seed=st.integers(0, 1 << 16),
       steps=st.lists(st.tuples(st.sampled_from(REVIEW_OPS), st.integers(0, 1 << 16)),
                      min_size=20, max_size=120))
def test_every_hand_the_table_records_can_be_reviewed(seating: tuple[SeatSpec, ...], seed: int,
                                                      steps: list[tuple[str, int]]) -> None:
    driver = make_driver(seats=seating, seed=seed, hold=True, level=Level.CLUB, grace=5.0)
    driver.send(ev_deal(driver))
    for op, choice in steps:
        driver = step(driver, op, random.Random(choice), seating)
    for hand in driver.table.match.hands:
        reviewed(hand.record())
        event(f"stand-ins: {min(len(hand.stand_ins), 3)}"
              f"{' (cards)' if any(s.play for s in hand.stand_ins) else ''}")
    event(f"hands: {min(len(driver.table.match.hands), 3)}")


def ev_deal(driver: Driver) -> Any:
    return ev.Deal(driver.table.people[0])


def test_a_hand_whose_every_decision_a_stand_in_made_is_reviewed() -> None:
    driver = make_driver(seats=two_people(), seed=3, level=Level.CLUB, grace=5.0)
    driver.send(ev_deal(driver))
    for seat in driver.table.people:  # both drop as the cards are dealt, for good
        driver.send(ev.Drop(seat))
    hand = driver.table.match.hands[0]
    assert hand.stand_ins and len(hand.plays) == 52
    assert any(s.play is not None and s.play > 0 for s in hand.stand_ins)
    reviewed(hand.record())


def test_a_hand_without_a_pass_is_reviewed_without_a_pass_decision() -> None:
    record = played_record(2, direction=PassDirection.NONE)
    review = review_hand(record, list(Seat), 1, 4)
    assert [d.kind for d in review.decisions] == ["play"] * 52


def test_a_record_that_cannot_be_read_gets_a_clear_message() -> None:
    record = played_record(2).to_json()
    record["plays"] = [*record["plays"][:10], "QS", *record["plays"][11:]]
    with pytest.raises(ReviewUnreadable, match="This hand cannot be reviewed: hand record"):
        readable(record)
    with pytest.raises(ReviewUnreadable, match="cannot be reviewed: hand record is not JSON"):
        readable("{")
    del record["deal"]
    with pytest.raises(ReviewUnreadable, match="deal is missing") as unreadable:
        readable(record)
    with pytest.raises(HandRecordError) as read:
        Hand.from_record(record)
    assert str(read.value) in str(unreadable.value)  # names the field as Hand.from_record does


def test_hearts_review_reads_every_hand_of_a_store(tmp_path: Any, monkeypatch: Any,
                                                   capsys: Any) -> None:
    import json
    import sqlite3

    from hearts.review import cli
    from hearts.store import Store

    monkeypatch.setenv("HEARTS_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(evaluate, "HINDSIGHT_PLAYOUTS", 1)
    store = Store.open(tmp_path)
    pick = random.Random(5)
    seating = two_people()
    driver = make_driver(seats=seating, seed=11, hold=True, level=Level.CLUB)
    driver.send(ev_deal(driver))
    for _ in range(160):  # stand-ins, undos, restores, several hands: saved as the game saves
        driver = step(driver, pick.choice(REVIEW_OPS), random.Random(pick.getrandbits(16)),
                      seating)
        for match, state in driver.saves:
            store.save(match, state, Seat.SOUTH)
        driver.saves.clear()
    store.close()
    db = sqlite3.connect(tmp_path / "hearts.db")
    hands = db.execute("SELECT match_id, number, record, finished FROM hands").fetchall()
    db.close()
    assert len(hands) >= 2
    assert any(json.loads(record).get("stand_ins") for _m, _n, record, _f in hands)
    assert any(finished is None for *_rest, finished in hands)  # the hand in play
    for match_id, number, _record, finished in hands:
        status = cli.main(["--match", str(match_id), "--hand", str(number), "--json",
                           "--depth", "2", "--jobs", "1"])
        out, err = capsys.readouterr()
        if finished is None:  # a hand in play is never shown: its cards are hidden
            assert status == 2 and "cannot be reviewed before it is over" in err and not out
        else:
            assert status == 0
            validate(json.loads(out))
