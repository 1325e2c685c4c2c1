"""Two people at one table (South and North), West and East computer players:
a whole hand through Table alone, each person's prompt, and what is refused."""

from __future__ import annotations

import random

from hearts import Phase, Seat
from hearts.options import Options
from hearts.rules import PassDirection, Passing, Reason, Refusal
from hearts.table import (
    Action,
    Decide,
    Notice,
    NoticeKind,
    Prompt,
    PromptKind,
    Say,
    Stage,
    Table,
    seat_state,
)
from hearts.table import events as ev
from hearts.table.driver import Driver

from .helpers import (
    QS,
    answer,
    cards,
    check_hand,
    due_decisions,
    due_waits,
    flush,
    make_driver,
    person_passes,
    play_out_hand,
    progress_event,
    prompts,
    stage,
    two_people,
)

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST
NAMES = ("Ann", "West", "Bob", "East")
"""The seats' names, in seat order (South, West, North, East)."""


def expected_prompt(table: Table, seat: Seat) -> Prompt:
    """What ``seat``'s prompt should ask while tricks are played (worked out here
    from the hand, not from the table's own prompt code)."""
    hand = table.hand
    assert hand is not None
    if table.stage is Stage.TRICK_SHOW:
        assert table.shown_trick is not None
        return Prompt(PromptKind.TRICK_TAKEN, seat=table.shown_trick.winner,
                      number=len(hand.tricks), next_lead=hand.turn == seat)
    turn = hand.turn
    assert turn is not None
    number = len(hand.tricks) + 1
    if not hand.trick:
        return Prompt(PromptKind.LEAD, seat=turn, number=number)
    return Prompt(PromptKind.FOLLOW, seat=turn, number=number, suit=hand.trick[0][1].suit)


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
                state = seat_state(table, seat)
                assert state.prompt == expected_prompt(table, seat)
                assert state.names == NAMES
        if due_decisions(driver):
            request = due_decisions(driver)[0]
            assert request.seat in (W, E)  # no one decides for a person
            answer(driver, request)
        elif table.stage is Stage.PLAYING and hand.turn in (S, N) and not table.claimed:
            seat = hand.turn
            other = N if seat == S else S
            if cards(table, other):
                effects = driver.send(ev.Play(other, cards(table, other)[0]))
                refusal = Refusal(Reason.NOT_YOUR_TURN, seat=seat)
                assert Say(Notice(NoticeKind.REFUSED, refusal=refusal), other) in effects
            driver.send(ev.Play(seat, hand.legal_plays()[0]))
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
    choose = Prompt(PromptKind.CHOOSE, direction=PassDirection.LEFT)
    assert prompts(table) == {S: choose, N: choose}
    while due_decisions(driver):
        answer(driver, due_decisions(driver)[0])
    person_passes(driver, S)
    assert prompts(table) == {S: Prompt(PromptKind.WAIT_PASS, direction=PassDirection.LEFT),
                              N: choose}
    assert table.stage is Stage.PASSING
    assert seat_state(table, N).can(Action.PASS) and not seat_state(table, S).can(Action.PASS)
    person_passes(driver, N)
    assert stage(table) is Stage.RECEIVED
    assert prompts(table) == {S: Prompt(PromptKind.RECEIVED, seat=E),
                              N: Prompt(PromptKind.RECEIVED, seat=W)}
    assert seat_state(table, N).raised == set(hand.received(N))
    assert seat_state(table, S).raised == set(hand.received(S))
    answer(driver, due_waits(driver)[0])
    played = play_hand_checking_prompts(driver)
    assert played >= 2
    assert hand.phase is Phase.OVER and stage(table) is Stage.IDLE and not driver.due
    assert len(hand.plays) == 52
    assert prompts(table) == {seat: Prompt(PromptKind.HAND_OVER, shooter=hand.shooter)
                              for seat in (S, N)}


def test_each_person_may_pass_only_their_own_cards() -> None:
    driver = make_driver(seats=two_people(), hold=True)
    driver.send(ev.Deal(N))
    table = driver.table
    assert seat_state(table, N).passable == frozenset(c for c in cards(table, N) if c != QS)
    assert seat_state(table, S).passable == frozenset(c for c in cards(table, S) if c != QS)
    theirs = tuple(cards(table, S)[:3])
    effects = driver.send(ev.Pass(N, theirs))
    refusal = Refusal(Reason.NOT_IN_HAND, card=theirs[0])
    assert Say(Notice(NoticeKind.REFUSED, refusal=refusal), N) in effects
    assert not table.passed(N) and "desks" not in table.state()


def test_undo_is_refused_with_more_than_one_person() -> None:
    driver = make_driver(seats=two_people(), hold=True)
    driver.send(ev.Deal(S))
    table = driver.table
    person_passes(driver, S)
    effects = driver.send(ev.Undo(S))
    assert Say(Notice(NoticeKind.UNDO_SHARED), S) in effects
    hand = table.hand
    assert hand is not None and hand.passed(S) and not table.assisted
    assert table.undo_refusal(S) is NoticeKind.UNDO_SHARED
    assert not seat_state(table, S).can(Action.UNDO)


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
    assert prompts(table) == {S: Prompt(PromptKind.RECEIVED, seat=N),
                              N: Prompt(PromptKind.RECEIVED, seat=S)}
    assert seat_state(table, S).seats[N].name == "Bob"
    assert seat_state(table, N).seats[S].name == "Ann"


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
    winners = tuple(table.match.winners)
    low = min(table.match.scores)
    assert winners and all(table.match.scores[seat] == low for seat in winners)
    hand = table.hand
    assert hand is not None
    for seat in (S, N):
        state = seat_state(table, seat)
        assert state.prompt == Prompt(PromptKind.GAME_OVER, shooter=hand.shooter,
                                      winners=winners)
        assert state.result is not None and state.result.winners == winners
        assert state.names == NAMES and state.scores == table.match.scores


def test_the_hands_of_a_match_share_each_persons_record() -> None:
    # a match keeps every hand, and each hand names who sat where: a person who
    # keeps their seat is one record for the whole match, not one a hand
    # (the computer players' differ: each hand's seed)
    driver = make_driver(seats=two_people())
    table = driver.table
    pick = random.Random(3)
    for _ in range(3):
        driver.send(ev.Deal(S))
        while (hand := table.hand) is not None and hand.phase is not Phase.OVER:
            event = progress_event(table, pick)
            if event is None:
                flush(driver)
            else:
                driver.send(event)
        flush(driver)
    hands = table.match.hands
    assert len(hands) == 3 and all(hand.players is not None for hand in hands)
    for seat in (S, N):
        records = {id(hand.players[seat]) for hand in hands if hand.players is not None}
        assert len(records) == 1
        assert hands[0].players is not None and hands[0].players[seat].name == NAMES[seat]
    assert len({hand.players[W] for hand in hands if hand.players is not None}) == 3
