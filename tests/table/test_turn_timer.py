"""The people's turn timer (``turn_seconds``): a person who does not pass or play
in time has a computer player decide that once for them, recorded as a stand-in,
and everyone is told; a person who acts in time is never overridden."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hearts import Phase, Seat
from hearts.hand import Hand, StandIn
from hearts.table import Decide, Notice, NoticeKind, Say, SeatSpec, Stage, Wait
from hearts.table import events as ev
from hearts.table.driver import Driver

from .helpers import (
    QS,
    SteadyPlayer,
    answer,
    answer_decisions,
    choose_three,
    due_decisions,
    make_driver,
    person_passes,
    said,
    two_people,
)

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST
SECONDS = 45.0


def timers(driver: Driver) -> list[Wait]:
    """Every turn timer the table waits for now (an unscaled wait)."""
    return [r for r in driver.due if isinstance(r, Wait) and not r.scaled
            and r.token in driver.table.waiting_on]


def timer(driver: Driver) -> Wait:
    """The one turn timer the table is running now."""
    (wait,) = timers(driver)
    assert wait.seconds == SECONDS
    return wait


def timed_out(effects: Iterable[object]) -> list[Say]:
    """The time-out notices among ``effects``."""
    return [e for e in effects if isinstance(e, Say) and e.notice.kind is NoticeKind.TIMED_OUT]


def to_turn(driver: Driver, seat: Seat = S) -> None:
    """From a dealt hand, pass for the people in time and play on (answering every
    decision and pause, never a turn timer) until ``seat`` is to play with its
    timer running."""
    table = driver.table
    for person in table.people:
        if table.stage is Stage.PASSING and not table.passed(person):
            person_passes(driver, person)
    for _ in range(400):
        hand = table.hand
        assert hand is not None and hand.phase is not Phase.OVER
        if table.to_play(seat) and table.stage is Stage.PLAYING and timers(driver):
            return
        if due_decisions(driver):
            answer(driver, due_decisions(driver)[0])
            continue
        if hand.turn is not None and hand.turn != seat and table.is_person(hand.turn) \
                and table.stage is Stage.PLAYING and timers(driver):
            driver.send(ev.Play(hand.turn, hand.legal_plays()[0]))
            continue
        live = set(table.waiting_on)
        pauses = [r for r in driver.due if isinstance(r, Wait)
                  and (r.scaled or r.token not in live)]
        answer(driver, pauses[0])
    raise AssertionError(f"{seat} never got to play")


def dealt(seats: Sequence[SeatSpec] | None = None) -> tuple[Driver, Hand]:
    """A held driver of a table with the turn timer, its first hand dealt by South."""
    driver = make_driver(seats=seats, hold=True, turn_seconds=SECONDS)
    driver.send(ev.Deal(S))
    hand = driver.table.hand
    assert hand is not None
    return driver, hand


def at_souths_turn() -> tuple[Driver, Hand]:
    """A held driver whose South is to play, its timer running."""
    driver, hand = dealt()
    to_turn(driver)
    return driver, hand


def test_the_timer_runs_only_with_turn_seconds_and_is_never_scaled() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    assert not [r for r in driver.due if isinstance(r, Wait)]
    timed = make_driver(hold=True, turn_seconds=SECONDS)
    effects = timed.send(ev.Deal(S))
    (wait,) = [e for e in effects if isinstance(e, Wait)]
    assert wait.seconds == SECONDS and wait.scaled is False
    assert wait.token in timed.table.waiting_on


def test_a_person_who_does_not_pass_in_time_gets_a_computer_pass() -> None:
    driver, hand = dealt()
    table = driver.table
    answer_decisions(driver)  # the computers pass
    driver.send(ev.Pass(S, tuple(choose_three(table, S)[:1])))  # one card is no pass
    effects = answer(driver, timer(driver))
    assert timed_out(effects) == [Say(Notice(NoticeKind.TIMED_OUT, S))]  # to everyone
    (request,) = [e for e in effects if isinstance(e, Decide)]
    assert (request.seat, request.kind) == (S, "pass")
    assert request.view == hand.view(S)
    assert not hand.passed(S)  # nothing is passed before the decision comes
    answer(driver, request)
    expected = SteadyPlayer().choose_pass(request.view)
    assert hand.passed(S) == tuple(sorted(expected, key=lambda c: c.index))
    assert table.stage is Stage.RECEIVED
    assert hand.stand_ins == [StandIn(S, None, "beginner", request.seed)]
    assert {"seat": "south", "decision": "pass", "player": "beginner",
            "seed": request.seed} in hand.record()["stand_ins"]
    assert hand.players is not None and hand.players[S].player == "human"


def test_a_person_who_does_not_play_in_time_gets_a_computer_card() -> None:
    driver, hand = at_souths_turn()
    index = len(hand.plays)
    effects = answer(driver, timer(driver))
    assert timed_out(effects) == [Say(Notice(NoticeKind.TIMED_OUT, S))]
    (request,) = [e for e in effects if isinstance(e, Decide)]
    assert (request.seat, request.kind, request.view) == (S, "play", hand.view(S))
    assert len(hand.plays) == index
    card = SteadyPlayer().choose_play(request.view)
    answer(driver, request)
    assert len(hand.plays) == index + 1 and hand.plays[index] == card  # at once, no pause
    assert hand.stand_ins == [StandIn(S, index, "beginner", request.seed)]
    assert {"seat": "south", "decision": index, "player": "beginner",
            "seed": request.seed} in hand.record()["stand_ins"]


def test_every_turn_has_a_timer_of_its_own() -> None:
    driver, hand = at_souths_turn()
    table = driver.table
    first = timer(driver)
    driver.send(ev.Play(S, hand.legal_plays()[0]))
    assert first.token not in table.waiting_on and not timers(driver)
    effects = answer(driver, first)  # the old timer has no say on the next turn
    assert effects == []
    to_turn(driver)
    assert timer(driver).token != first.token


def test_a_person_who_passes_in_time_is_not_overridden() -> None:
    driver, hand = dealt()
    running = timer(driver)
    passed = person_passes(driver, S)  # before the computers, before the timer ran out
    effects = answer(driver, running)
    assert not timed_out(effects)
    assert [d.seat for d in due_decisions(driver)] == [W, N, E]  # nothing asked for South
    answer_decisions(driver)
    assert hand.passed(S) == tuple(sorted(passed, key=lambda c: c.index))
    assert hand.stand_ins == [] and not timed_out(driver.said)


def test_a_late_computer_pass_is_ignored_once_the_person_passed() -> None:
    driver, hand = dealt()
    answer(driver, timer(driver))
    (request,) = [d for d in due_decisions(driver, "pass") if d.seat == S]
    late = driver.answer(request)
    driver.due.remove(request)
    mine = [c for c in hand.holding(S) if c != QS][:3]  # the lowest, not the steady pick
    assert isinstance(late, ev.Decided) and set(mine) != set(late.cards)
    driver.send(ev.Pass(S, tuple(mine)))
    assert driver.send(late) == []  # the person's own pass stands
    assert hand.passed(S) == tuple(sorted(mine, key=lambda c: c.index))
    answer_decisions(driver)
    assert [s for s in hand.stand_ins if s.seat == S] == []


def test_a_late_computer_card_is_ignored_once_the_person_played() -> None:
    driver, hand = at_souths_turn()
    answer(driver, timer(driver))
    (request,) = [d for d in due_decisions(driver, "play") if d.seat == S]
    driver.due.remove(request)
    late = driver.answer(request)
    index = len(hand.plays)
    mine = hand.legal_plays()[-1]
    driver.send(ev.Play(S, mine))
    assert hand.plays[index] == mine
    assert driver.send(late) == []
    assert hand.plays[index] == mine and not [s for s in hand.stand_ins if s.seat == S]


def test_a_card_played_in_time_stops_the_timer() -> None:
    driver, hand = at_souths_turn()
    running = timer(driver)
    driver.send(ev.Play(S, hand.legal_plays()[0]))
    plays = hand.plays
    assert driver.send(ev.Elapsed(running.token)) == []
    assert hand.plays == plays
    assert not [d for d in due_decisions(driver) if d.seat == S]
    assert not timed_out(driver.said)


def test_every_person_is_told_who_timed_out() -> None:
    driver, hand = dealt(two_people())
    answer_decisions(driver)
    running = timer(driver)
    person_passes(driver, S)  # South in time, North not
    effects = answer(driver, running)
    assert timed_out(effects) == [Say(Notice(NoticeKind.TIMED_OUT, N))]
    for seat in (S, N):
        assert Notice(NoticeKind.TIMED_OUT, N) in said(driver, seat)
    assert [(d.seat, d.kind) for d in due_decisions(driver)] == [(N, "pass")]
    answer_decisions(driver)
    assert hand.phase is Phase.PLAYING
    assert [s.seat for s in hand.stand_ins] == [N]


def test_a_timed_out_person_plays_on_themselves_next_time() -> None:
    driver, hand = at_souths_turn()
    table = driver.table
    first = len(hand.plays)
    answer(driver, timer(driver))
    answer_decisions(driver)
    assert len(hand.plays) == first + 1
    to_turn(driver)  # South's next turn is its own again, with a timer of its own
    assert table.is_person(S) and table.to_play(S)
    index = len(hand.plays)
    card = hand.legal_plays()[-1]
    driver.send(ev.Play(S, card))
    assert hand.plays[index] == card
    assert [(s.seat, s.play) for s in hand.stand_ins] == [(S, first)]


def test_a_hint_on_its_way_does_not_stop_the_timer() -> None:
    driver, _ = at_souths_turn()
    running = timer(driver)
    driver.send(ev.AskHint(S))
    effects = answer(driver, running)
    assert timed_out(effects) == [Say(Notice(NoticeKind.TIMED_OUT, S))]
    assert [(d.seat, d.kind) for d in due_decisions(driver, "play")] == [(S, "play")]
