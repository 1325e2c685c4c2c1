"""Tokens: an answer or a pause that is not the one the table waits for never
changes it; an answer that breaks the rules counts as a failure."""

from __future__ import annotations

import json

from hearts import Card, Phase, Seat
from hearts.ai import Level
from hearts.rules import Reason, Refusal
from hearts.table import Decide, Notice, NoticeKind, Outcome, Say, Stage, Table, seat_state
from hearts.table import events as ev
from hearts.table.driver import Driver

from .helpers import (
    QS,
    answer,
    due_decisions,
    due_waits,
    make_driver,
    person_passes,
    record_text,
    stage,
    step,
    to_first_card,
)

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST


def look(table: Table) -> tuple[object, ...]:
    """Everything an event could change at the table."""
    return (record_text(table.match), json.dumps(table.state(), sort_keys=True),
            table.assisted, table.stage, table.waiting_on, table.claimed, table.settled,
            table.shown_trick, {seat: seat_state(table, seat) for seat in Seat})


def ignored(driver: Driver, event: ev.Event) -> None:
    """``event`` changes nothing and asks for nothing."""
    before = look(driver.table)
    assert driver.send(event) == []
    assert look(driver.table) == before


def answered_twice(driver: Driver, request: Decide) -> None:
    """Answer ``request``, then check the same answer again changes nothing."""
    again = driver.answer(request)
    answer(driver, request)
    ignored(driver, again)


def first_card_asked(driver: Driver) -> Decide:
    """Deal, pass and end the received pause; West's first card request."""
    to_first_card(driver)
    (request,) = due_decisions(driver)
    return request


def test_an_answer_given_twice_counts_once() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    answered_twice(driver, due_decisions(driver)[0])
    request = first_card_asked(driver)
    answer(driver, due_waits(driver)[0])
    answered_twice(driver, request)
    hand = driver.table.hand
    assert hand is not None and len(hand.plays) == 1


def test_a_token_never_given_is_ignored() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    hand = driver.table.hand
    assert hand is not None
    unknown = max(driver.table.waiting_on) + 100
    ignored(driver, ev.Decided(unknown, tuple(hand.holding(W)[:3])))
    ignored(driver, ev.Failed(unknown, "RuntimeError: late"))
    ignored(driver, ev.Elapsed(unknown))


def test_a_pauses_token_answers_no_decision_and_a_decisions_token_ends_no_pause() -> None:
    driver = make_driver(hold=True)
    request = first_card_asked(driver)
    (pause,) = due_waits(driver)
    hand = driver.table.hand
    assert hand is not None
    ignored(driver, ev.Decided(pause.token, (hand.legal_plays()[0],)))
    ignored(driver, ev.Elapsed(request.token))


def test_an_answer_after_an_undo_is_stale() -> None:
    driver = make_driver(hold=True)
    first_card_asked(driver)
    table = driver.table
    hand = table.hand
    assert hand is not None
    while not table.to_play(S) or due_decisions(driver) or table.stage is not Stage.PLAYING:
        step(driver)
    driver.send(ev.Play(S, hand.legal_plays()[0]))
    while stage(table) is Stage.TRICK_SHOW:
        answer(driver, due_waits(driver)[0])
    (request,) = due_decisions(driver)  # the next computer card
    stale = driver.answer(request)
    driver.send(ev.Undo(S))
    hand = table.hand
    assert hand is not None and hand.turn == S
    ignored(driver, stale)
    ignored(driver, ev.Failed(request.token, "RuntimeError: too late"))


def test_a_pass_answered_after_a_new_deal_is_stale() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    old = due_decisions(driver, "pass")[0]
    stale = driver.answer(old)
    driver.send(ev.Abandon())
    driver.send(ev.Deal(S))
    hand = driver.table.hand
    assert hand is not None
    ignored(driver, stale)
    assert not hand.passed(old.seat)


def test_a_pass_answered_after_the_hand_moved_on_is_stale() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    table = driver.table
    requests = due_decisions(driver, "pass")
    answers = [driver.answer(r) for r in requests]
    for request in requests:
        answer(driver, request)
    person_passes(driver)
    assert table.stage is Stage.RECEIVED
    for late in answers:
        ignored(driver, late)
    answer(driver, due_waits(driver)[0])
    assert stage(table) is Stage.PLAYING
    for late in answers:
        ignored(driver, late)


def test_an_old_pause_does_nothing() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    person_passes(driver)
    while due_decisions(driver):
        answer(driver, due_decisions(driver)[0])
    (received,) = due_waits(driver)
    driver.send(ev.Continue(S))
    driver.due.remove(received)
    ignored(driver, ev.Elapsed(received.token))
    (card_pause,) = due_waits(driver)
    answer(driver, due_decisions(driver)[0])
    answer(driver, card_pause)
    ignored(driver, ev.Elapsed(card_pause.token))  # the same pause, twice


def test_an_illegal_pass_counts_as_a_failure() -> None:
    driver = make_driver(hold=True, level=Level.CLUB)
    driver.send(ev.Deal(S))
    table = driver.table
    hand = table.hand
    assert hand is not None
    request = due_decisions(driver, "pass")[0]
    seat, requests_seed = request.seat, request.seed
    held = hand.holding(seat)
    stranger = next(c for c in hand.holding(S) if c != QS)
    wrong: list[tuple[tuple[Card, ...], Refusal, Outcome]] = [
        (tuple(held[:2]), Refusal(Reason.THREE_CARDS), Outcome.ASK_AGAIN),
        ((held[0], held[1], stranger), Refusal(Reason.NOT_IN_HAND, card=stranger),
         Outcome.LOWER_LEVEL),
    ]
    for cards, reason, outcome in wrong:
        driver.due.remove(request)
        effects = driver.send(ev.Decided(request.token, cards))
        assert not hand.passed(seat)
        notices = [e.notice for e in effects if isinstance(e, Say)]
        assert notices == [Notice(
            NoticeKind.PLAYER_FAILED, seat, decision="pass", level=Level.CLUB, outcome=outcome,
            lower=Level.CASUAL if outcome is Outcome.LOWER_LEVEL else None,
            error=f"an illegal pass ({reason})")]
        (request,) = [r for r in due_decisions(driver) if r.seat == seat]
    assert request.level is Level.CASUAL and request.seed == requests_seed
    answer(driver, request)
    assert hand.passed(seat)


def test_an_illegal_card_counts_as_a_failure() -> None:
    driver = make_driver(hold=True)
    request = first_card_asked(driver)
    hand = driver.table.hand
    assert hand is not None
    illegal = next(c for c in hand.holding(S) if c != QS)  # not West's to play
    reason = hand.refuse_play(illegal)
    assert reason == Refusal(Reason.NOT_IN_HAND, card=illegal)
    driver.due.remove(request)
    effects = driver.send(ev.Decided(request.token, (illegal,)))
    notices = [e.notice for e in effects if isinstance(e, Say)]
    assert notices == [Notice(NoticeKind.PLAYER_FAILED, W, decision="play",
                              level=Level.BEGINNER, outcome=Outcome.ASK_AGAIN,
                              error=f"an illegal card ({reason})")]
    assert hand.plays == ()
    (retry,) = due_decisions(driver)
    assert (retry.seat, retry.kind, retry.level, retry.seed) == (
        W, "play", request.level, request.seed)
    assert retry.token != request.token
    driver.due.remove(retry)
    effects = driver.send(ev.Decided(retry.token, tuple(hand.legal_plays()[:2])))
    notices = [e.notice for e in effects if isinstance(e, Say)]
    assert [(n.kind, n.error) for n in notices] == [
        (NoticeKind.PLAYER_FAILED, "an illegal card (no card)")]
    assert hand.plays == ()


def test_the_table_waits_for_exactly_the_requests_it_made() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    table = driver.table
    person_passes(driver)
    for _ in range(300):
        assert sorted(table.waiting_on) == sorted(r.token for r in driver.due)
        hand = table.hand
        assert hand is not None
        if hand.phase is Phase.OVER and table.stage is Stage.IDLE:
            break
        step(driver)
    assert table.settled and table.waiting_on == () and not driver.due
