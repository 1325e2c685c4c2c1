"""The hold hand of the Classic rules at the table: no pass is asked, play begins
at once, and a match saved in it carries on."""

from __future__ import annotations

from hearts import PassDirection, Phase, Seat
from hearts.options import Options
from hearts.rules import Reason, Refusal, RuleSet
from hearts.table import Action, Notice, NoticeKind, Say, Stage, seat_state
from hearts.table import events as ev
from hearts.table.driver import Driver

from .helpers import (
    cards,
    deal_and_pass,
    make_driver,
    play_lowest,
    play_out_hand,
    restored,
    stage,
    two_people,
)

S = Seat.SOUTH
CLASSIC = RuleSet.CLASSIC.apply(Options(target=1000))


def to_the_hold_hand(driver: Driver) -> list[ev.Event]:
    """Play the first three hands (passing left, right, across), then deal the
    fourth; the effects of that deal."""
    for _ in range(3):
        deal_and_pass(driver)
        play_out_hand(driver)
    return driver.send(ev.Deal(S))  # type: ignore[return-value]


def test_the_fourth_hand_of_the_classic_rules_is_played_without_passing() -> None:
    driver = make_driver(options=CLASSIC)
    table = driver.table
    directions = []
    for _ in range(3):
        deal_and_pass(driver)
        hand = table.hand
        assert hand is not None
        directions.append(hand.pass_direction)
        play_out_hand(driver)
    assert directions == [PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS]
    asked = len(driver.asked)
    effects = driver.send(ev.Deal(S))
    hand = table.hand
    assert hand is not None and hand.pass_direction is PassDirection.NONE
    assert Say(Notice(NoticeKind.HOLD_HAND)) in effects
    assert table.stage in (Stage.PLAYING, Stage.TRICK_SHOW)
    assert not any(request.kind == "pass" for request in driver.asked[asked:])
    state = seat_state(table, S)
    assert not state.can(Action.PASS) and not state.passable
    # the 2 of clubs leads (Classic), whoever holds it: the computers have played
    # up to South's turn
    assert table.to_play(S)
    if hand.plays:
        assert str(hand.plays[0]) == "2C"
    else:
        assert [str(card) for card in hand.legal_plays()] == ["2C"]
    # a pass is refused; the person plays when it is their turn
    driver.send(ev.Pass(S, tuple(cards(table, S)[:3])))
    assert driver.said[-1].notice == Notice(NoticeKind.REFUSED,
                                            refusal=Refusal(Reason.NOT_PASSING))
    play_out_hand(driver)
    assert hand.phase is Phase.OVER and stage(table) is Stage.IDLE
    assert all(hand.passed(seat) == () for seat in Seat)
    assert hand.record()["pass_direction"] == "none"
    driver.send(ev.Deal(S))  # and the rotation starts again
    assert table.hand is not None and table.hand.pass_direction is PassDirection.LEFT
    assert stage(table) is Stage.PASSING


def test_a_hold_hand_saved_mid_play_carries_on() -> None:
    driver = make_driver(options=CLASSIC)
    table = driver.table
    to_the_hold_hand(driver)
    hand = table.hand
    assert hand is not None
    for _ in range(5):
        turn = hand.turn
        assert turn is not None and table.is_person(turn)
        play_lowest(driver, turn)
    copy = restored(table)
    assert copy.stage in (Stage.PLAYING, Stage.TRICK_SHOW)
    assert copy.hand is not None and copy.hand.pass_direction is PassDirection.NONE
    assert copy.hand.plays == hand.plays


def test_two_people_play_the_hold_hand() -> None:
    driver = make_driver(seats=two_people(), options=CLASSIC)
    table = driver.table
    for _ in range(3):
        driver.send(ev.Deal(S))
        for seat in table.people:
            chosen = [c for c in cards(table, seat) if str(c) != "QS"][:3]
            driver.send(ev.Pass(seat, tuple(chosen)))
        play_out_hand(driver)
    driver.send(ev.Deal(S))
    hand = table.hand
    assert hand is not None and hand.pass_direction is PassDirection.NONE
    assert table.stage in (Stage.PLAYING, Stage.TRICK_SHOW)
    play_out_hand(driver)
    assert hand.phase is Phase.OVER
