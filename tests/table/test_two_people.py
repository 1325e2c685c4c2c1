"""Two people at one table (South and North), West and East computer players:
a whole hand through Table alone, each person's prompt, and what is refused."""

from __future__ import annotations

from hearts import Phase, Seat
from hearts.options import Options
from hearts.rules import Passing
from hearts.table import Decide, Say, Stage, Table
from hearts.table import events as ev
from hearts.table.driver import Driver

from .helpers import (
    answer,
    check_hand,
    due_decisions,
    due_waits,
    make_driver,
    person_passes,
    play_out_hand,
    two_people,
)

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST
NAMES = {S: "Ann", W: "West", N: "Bob", E: "East"}


def expected_prompt(table: Table, seat: Seat) -> str:
    """What ``seat``'s prompt should say while tricks are played (worked out here
    from the hand, not from the table's own wording code)."""
    hand = table.hand
    assert hand is not None
    if table.stage is Stage.TRICK_SHOW:
        assert table.shown_trick is not None
        taken = f"{NAMES[table.shown_trick.winner]} takes trick {len(hand.tricks)}"
        return taken + (" - your lead" if hand.turn == seat else "")
    turn = hand.turn
    assert turn is not None
    number = len(hand.tricks) + 1
    if not hand.trick:
        return f"Trick {number} - " + ("your lead" if turn == seat else f"{NAMES[turn]} to lead")
    led = hand.trick[0][1].suit
    whose = "your play" if turn == seat else f"{NAMES[turn]} to play"
    return f"Trick {number} - {led} led - {whose}"


def play_hand_checking_prompts(driver: Driver) -> int:
    """Play the hand's tricks (people their lowest legal card, answering every
    request), checking both prompts at every step; how many cards the people played."""
    table = driver.table
    people_cards = 0
    for _ in range(500):
        hand = table.hand
        assert hand is not None
        check_hand(hand)
        if hand.phase is Phase.OVER and table.stage is Stage.IDLE:
            return people_cards
        if table.stage in (Stage.PLAYING, Stage.TRICK_SHOW) and not table.claimed:
            for seat in (S, N):
                assert table.prompt(seat) == expected_prompt(table, seat)
        if due_decisions(driver):
            request = due_decisions(driver)[0]
            assert request.seat in (W, E)  # no one decides for a person
            answer(driver, request)
        elif table.stage is Stage.PLAYING and hand.turn in (S, N) and not table.claimed:
            seat = hand.turn
            other = N if seat == S else S
            if table.cards(other):
                effects = driver.send(ev.Use(other, table.cards(other)[0]))
                assert Say("Wait for your turn", other) in effects
            driver.send(ev.Use(seat, hand.legal_plays()[0]))
            people_cards += 1
        else:
            answer(driver, due_waits(driver)[0])
    raise AssertionError("the hand never ended")


def test_two_people_play_a_whole_hand_through_the_table() -> None:
    driver = make_driver(seats=two_people(), hold=True)
    table = driver.table
    assert table.people == (S, N)
    effects = driver.send(ev.Deal(S))
    asked = [(e.seat, e.kind) for e in effects if isinstance(e, Decide)]
    assert asked == [(W, "pass"), (E, "pass")]
    hand = table.hand
    assert hand is not None and hand.players is not None
    assert [p.player for p in hand.players] == ["human", "beginner", "human", "beginner"]
    choose = "Choose 3 cards to pass left - the queen of spades may not be passed"
    assert table.prompt(S) == table.prompt(N) == choose
    while due_decisions(driver):
        answer(driver, due_decisions(driver)[0])
    person_passes(driver, S)
    assert table.prompt(S) == "Waiting for the others to pass" and table.prompt(N) == choose
    assert table.stage is Stage.PASSING and table.can("pass", N) and not table.can("pass", S)
    person_passes(driver, N)
    assert table.stage is Stage.RECEIVED
    assert table.prompt(S) == "You receive these 3 cards from East - any key to continue"
    assert table.prompt(N) == "You receive these 3 cards from West - any key to continue"
    assert table.raised(N) == set(hand.received(N))
    answer(driver, due_waits(driver)[0])
    played = play_hand_checking_prompts(driver)
    assert played >= 2
    assert hand.phase is Phase.OVER and table.stage is Stage.IDLE and not driver.due
    assert len(hand.plays) == 52
    for seat in (S, N):
        assert table.prompt(seat).endswith(
            "Hand complete - press Deal for the next one, v to review it")


def test_each_persons_desk_is_their_own() -> None:
    driver = make_driver(seats=two_people(), hold=True)
    driver.send(ev.Deal(N))
    table = driver.table
    card = table.cards(N)[4]
    driver.send(ev.Choose(N, card))
    driver.send(ev.Move(S, 3))
    assert table.desks[N].chosen == [card] and table.desks[S].chosen == []
    assert table.desks[S].cursor == 3 and table.desks[N].cursor == 0
    state = table.state()
    assert state["desks"] == {"south": {"chosen": [], "cursor": 3},
                              "north": {"chosen": [str(card)], "cursor": 0}}


def test_undo_is_refused_with_more_than_one_person() -> None:
    driver = make_driver(seats=two_people(), hold=True)
    driver.send(ev.Deal(S))
    table = driver.table
    person_passes(driver, S)
    refusal = "Undo is not available with more than one person at the table"
    effects = driver.send(ev.Undo(S))
    assert Say(refusal, S) in effects
    hand = table.hand
    assert hand is not None and hand.passed(S) and not table.assisted
    assert not table.can("undo", S)


def test_the_people_are_named_to_each_other_when_the_cards_go_across() -> None:
    driver = make_driver(seats=two_people(), options=Options(passing=Passing.ROTATE))
    table = driver.table
    for number in range(3):
        driver.send(ev.Deal(S))
        driver.hold = True
        person_passes(driver, S)
        person_passes(driver, N)
        while due_decisions(driver):
            answer(driver, due_decisions(driver)[0])
        if number == 2:
            break
        driver.hold = False
        answer(driver, due_waits(driver)[0])
        play_out_hand(driver)
    hand = table.hand
    assert hand is not None and str(hand.pass_direction) == "across"
    assert table.prompt(S) == "You receive these 3 cards from Bob - any key to continue"
    assert table.prompt(N) == "You receive these 3 cards from Ann - any key to continue"


def test_the_winner_is_named_to_each_person() -> None:
    driver = make_driver(seats=two_people(), options=Options(target=50))
    table = driver.table
    for _ in range(30):
        if table.match.over:
            break
        driver.send(ev.Deal(S))
        person_passes(driver, S)
        person_passes(driver, N)
        play_out_hand(driver)
    assert table.match.over
    winners = table.match.winners
    low = min(table.match.scores)
    for seat in (S, N):
        text = table.winner_text(seat)
        if len(winners) == 1:
            who = "You win" if winners[0] == seat else f"{NAMES[winners[0]]} wins"
            assert text == f"Game over - {who} with {low} points"
        else:
            assert text.endswith(f" share the win with {low} points")
