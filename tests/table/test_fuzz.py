"""Random events through a held Driver: after every one the hand obeys the rules,
a stale answer changed nothing, and a table restored from the saved state
stands where this one stands."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from hearts import Card, Phase, Seat
from hearts.ai import Level
from hearts.options import Options
from hearts.table import Decide, SeatSpec, Table, Wait, one_person, seat_state
from hearts.table import events as ev
from hearts.table.driver import Driver

from .helpers import (
    check_hand,
    make_driver,
    progress_event,
    record_text,
    restored,
    two_people,
)
from .test_save import faces

OPS = ("answer",) * 3 + ("play",) * 2 + ("advance",) * 8 + ("key",) * 3 + (
    "wrong", "stale", "stale", "failed", "elapsed", "deal", "deal", "undo", "hint", "options")
RARE = ("abandon",)
"""Rarer still: an abandoned match starts again from nothing."""
CARDS = Card.all()


def look(table: Table) -> tuple[object, ...]:
    """Everything an event could change at the table."""
    return (record_text(table.match), json.dumps(table.state(), sort_keys=True),
            table.assisted, table.stage, table.waiting_on, table.claimed,
            {seat: seat_state(table, seat) for seat in Seat})


def key_event(seat: Seat, pick: random.Random) -> ev.Event:
    """One of a person's keys, with any card."""
    card = pick.choice(CARDS)
    keys: list[ev.Event] = [ev.Play(seat, card), ev.Pass(seat, tuple(pick.sample(CARDS, 3))),
                            ev.Continue(seat)]
    return pick.choice(keys)


def fuzz_step(driver: Driver, seen: list[Decide | Wait], op: str, pick: random.Random,
              checked: bool = True) -> None:
    """Carry out one random step (``checked``: check the table after each move)."""
    table = driver.table
    people = table.people
    due = list(driver.due)
    event: ev.Event | None = None
    if op == "answer" and due:
        request = pick.choice(due)
        driver.due.remove(request)
        event = driver.answer(request)
    elif op == "play":
        event = progress_event(table, pick)
    elif op == "key":
        event = key_event(pick.choice(people), pick)
    elif op == "wrong":
        decisions = [r for r in due if isinstance(r, Decide)]
        if decisions:
            cards = tuple(pick.sample(CARDS, pick.randint(0, 3)))
            event = ev.Decided(pick.choice(decisions).token, cards)
    elif op == "stale":
        old = [r for r in seen if r.token not in table.waiting_on]
        if old:
            request = pick.choice(old)
            stale = pick.choice([driver.answer(request), ev.Failed(request.token, "late"),
                                 ev.Elapsed(request.token)])
            before = look(table)
            assert driver.send(stale) == []
            assert look(table) == before
            return
    elif op == "failed":
        decisions = [r for r in due if isinstance(r, Decide)]
        if decisions:
            request = pick.choice(decisions)
            driver.due.remove(request)
            event = ev.Failed(request.token, "RuntimeError: fuzz")
    elif op == "elapsed":
        waits = [r for r in due if isinstance(r, Wait)]
        if waits:
            request = pick.choice(waits)
            driver.due.remove(request)
            event = ev.Elapsed(request.token)
    elif op == "deal":
        event = ev.Deal(pick.choice(people))
    elif op == "undo":
        event = ev.Undo(pick.choice(people))
    elif op == "hint":
        event = ev.AskHint(pick.choice(people))
    elif op == "abandon":
        event = ev.Abandon()
    elif op == "options":
        event = ev.OptionsChanged(Options(target=pick.choice((50, 100, 200)),
                                          forced_cards=pick.random() < 0.5))
    elif op == "advance":
        for _ in range(pick.randint(1, 12)):  # a run of ordinary moves: answers and cards
            decisions = [r for r in driver.due if isinstance(r, Decide)]
            progress = progress_event(table, pick)
            if decisions or (progress is None and driver.due):
                request = decisions[0] if decisions else driver.due[0]
                driver.due.remove(request)
                driver.send(driver.answer(request))
            elif progress is not None:
                driver.send(progress)
            else:
                break
            if checked:
                check_table(table)
    if event is not None:
        driver.send(event)


def check_table(table: Table) -> None:
    """The hand obeys the rules, and a table restored from the saved state (the
    match rebuilt from its records) stands where this one does."""
    hand = table.hand
    if hand is not None:
        check_hand(hand)
    assert sum(table.match.scores) == sum(sum(h.points) for h in table.match.hands
                                          if h.phase is Phase.OVER)
    copy = restored(table)
    assert copy.state() == table.state()
    copy.start()
    assert copy.state() == table.state()
    if not table.stuck:
        assert faces(copy) == faces(table)


SEATINGS: tuple[tuple[SeatSpec, ...], ...] = (one_person(), one_person(Seat.EAST), two_people())


@pytest.mark.slow
@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seating=st.sampled_from(SEATINGS), seed=st.integers(0, 1 << 16),
       steps=st.lists(st.tuples(st.sampled_from(OPS + RARE), st.integers(0, 1 << 16)),
                      min_size=10, max_size=80),
       turn_seconds=st.sampled_from((None, 30.0)))
def test_random_events_keep_the_table_sound(seating: tuple[SeatSpec, ...], seed: int,
                                            steps: list[tuple[str, int]],
                                            turn_seconds: float | None) -> None:
    driver = make_driver(seats=seating, seed=seed, hold=True, level=Level.CLUB,
                         turn_seconds=turn_seconds)
    driver.send(ev.Deal(driver.table.people[0]))
    seen: dict[int, Decide | Wait] = {}
    for op, choice in steps:
        fuzz_step(driver, list(seen.values()), op, random.Random(choice))
        seen.update((r.token, r) for r in driver.due)
        check_table(driver.table)
    table = driver.table
    hand = table.hand
    event(f"hands dealt: {min(len(table.match.hands), 3)}")
    event(f"cards played in the last hand: {0 if hand is None else len(hand.plays) // 13 * 13}+")
