"""Saving: a Save follows every change, and a table restored from any saved
state stands where the saved one stood."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from hearts import Card, Phase, Seat
from hearts.ai import Level
from hearts.options import Options
from hearts.table import Decide, Save, SeatState, Stage, Table, restore, seat_state
from hearts.table import events as ev
from hearts.table.choosing import Choice, saved_choice
from hearts.table.driver import Driver

from .helpers import (
    QS,
    CheckedTable,
    answer,
    answer_decisions,
    breaking,
    cards,
    choose_three,
    due_decisions,
    make_driver,
    person_passes,
    rebuilt,
    restored,
    stage,
    step,
    two_people,
)

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST


def faces(table: Table) -> dict[Seat, SeatState]:
    """What every person sees (but a turn timer: a table started again times the
    turn afresh)."""
    return {seat: dataclasses.replace(seat_state(table, seat), timer=None)
            for seat in table.people}


def check_restores(table: Table, saved: Save) -> None:
    """A table restored from ``saved`` (its match rebuilt from the hands' records)
    has the same state, and, once started, shows every person the same table."""
    copy = CheckedTable(table.options, 0, table.seats, table.level_override)
    restore(copy, rebuilt(saved.match), json.loads(json.dumps(saved.state)), saved.assisted)
    assert copy.state() == saved.state == table.state()
    assert copy.assisted == table.assisted
    started = copy.start()
    assert copy.state() == table.state()
    assert faces(copy) == faces(table)
    asked = sorted((d.seat, d.kind, d.level, d.seed) for d in started
                   if isinstance(d, Decide) and d.kind != "hint")
    hand = table.hand
    if hand is not None and table.stage is Stage.PASSING:
        assert [seat for seat, *_ in asked] == [
            seat for seat in Seat if not table.is_person(seat) and not hand.passed(seat)]


def drive_checking_saves(driver: Driver, events: int = 400) -> int:
    """Play on (people their lowest legal card, answering requests in order),
    restoring a copy from every save made; how many saves were checked."""
    table = driver.table
    checked = 0
    for _ in range(events):
        hand = table.hand
        assert hand is not None
        if hand.phase is Phase.OVER and table.stage is Stage.IDLE:
            return checked
        for effect in step(driver):
            if isinstance(effect, Save):
                check_restores(table, effect)
                checked += 1
    raise AssertionError("the hand never ended")


def test_what_changes_nothing_is_not_saved() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    hand = driver.table.hand
    assert hand is not None
    stranger = next(c for c in hand.holding(W) if c != QS)
    for event in (ev.Pass(S, (stranger,)), ev.Undo(S), ev.Continue(S), ev.Play(S, stranger),
                  ev.Pass(S, (stranger, *hand.holding(S)[:2])), ev.Deal(S), ev.Elapsed(999)):
        effects = driver.send(event)
        assert not [e for e in effects if isinstance(e, Save)], event
    effects = driver.send(ev.AskHint(S))  # asking changes nothing yet
    assert not [e for e in effects if isinstance(e, Save)]


def test_a_hand_restores_from_every_save_made_while_it_is_played() -> None:
    driver = make_driver(hold=True)
    effects = driver.send(ev.Deal(S))
    (save,) = [e for e in effects if isinstance(e, Save)]
    check_restores(driver.table, save)
    person_passes(driver)
    checked = drive_checking_saves(driver)
    assert checked > 52  # every card played, every pause that ended, and more


def test_two_peoples_hand_restores_from_every_save() -> None:
    driver = make_driver(seats=two_people(), hold=True, options=Options(forced_cards=True))
    driver.send(ev.Deal(S))
    person_passes(driver, S)
    save = driver.saves[-1]
    check_restores(driver.table, Save(save[0], save[1], driver.table.assisted))
    person_passes(driver, N)
    assert drive_checking_saves(driver) > 52


def test_a_hand_with_stand_ins_restores_them() -> None:
    driver = make_driver(hold=True, level=Level.CASUAL, factory=breaking([Level.CASUAL]))
    driver.send(ev.Deal(S))
    person_passes(driver)
    drive_checking_saves(driver)
    hand = driver.table.hand
    assert hand is not None and len(hand.stand_ins) == 42
    assert rebuilt(driver.table.match).hands[-1].stand_ins == hand.stand_ins


def test_a_resumed_hand_plays_on_as_the_saved_one_would_have() -> None:
    driver = make_driver()
    driver.send(ev.Deal(S))
    person_passes(driver)
    table = driver.table
    hand = table.hand
    assert hand is not None
    for _ in range(5):
        assert hand.turn == S
        driver.send(ev.Play(S, hand.legal_plays()[0]))
    copy = restored(table)
    twin = Driver(copy, driver.player_factory)
    twin.start()
    for each in (driver, twin):
        while each.table.hand is not None and each.table.hand.phase is not Phase.OVER:
            each.send(ev.Play(S, each.table.hand.legal_plays()[0]))
    assert copy.hand is not None
    assert copy.hand.record() == hand.record()


def test_a_state_from_the_store_restores_in_the_middle_of_every_stage() -> None:
    driver = make_driver(hold=True)
    table = driver.table
    seen: dict[Stage, dict[str, Any]] = {}
    driver.send(ev.Deal(S))
    seen[table.stage] = table.state()
    person_passes(driver)
    while due_decisions(driver):
        answer(driver, due_decisions(driver)[0])
    seen[table.stage] = table.state()
    assert table.stage is Stage.RECEIVED
    check_restores(table, Save(table.match, table.state(), table.assisted))
    drive_checking_saves(driver)
    seen[table.stage] = table.state()
    assert set(seen) == {Stage.PASSING, Stage.RECEIVED, Stage.IDLE}


def test_a_saved_state_that_does_not_fit_the_match_gives_way_to_the_match() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    table = driver.table
    hand = table.hand
    assert hand is not None
    own = [str(c) for c in hand.holding(S) if c != QS][:4]
    stranger = str(hand.holding(W)[0])
    state = dict(table.state(), stage="trick",
                 desks={"south": {"chosen": ["zz", 3, stranger, own[0], own[0], *own[1:]]}})
    copy = restored(table, state=state)
    assert copy.stage is Stage.PASSING
    # the front end's choice, read back from such a state, keeps only what may be passed
    choice = Choice()
    choice.set(seat_state(copy, S), saved_choice(state, S))
    assert [str(c) for c in choice.cards] == own[:2]  # no stranger, no card twice


def test_saves_follow_the_game_not_the_choices_that_change_nothing() -> None:
    driver = make_driver(hold=True)
    table = driver.table

    def saves(event: ev.Event, expected: int) -> None:
        before = len(driver.saves)
        effects = driver.send(event)
        assert len([e for e in effects if isinstance(e, Save)]) == expected, event
        assert len(driver.saves) == before + expected, event

    two = Card.parse("2C")
    idle: list[ev.Event] = [ev.Play(S, two), ev.Undo(S), ev.AskHint(S), ev.Continue(S),
                            ev.Pass(S, (two,)), ev.Elapsed(999)]
    for event in idle:
        saves(event, 0)
    saves(ev.Deal(S), 1)
    hand = table.hand
    assert hand is not None
    stranger = next(c for c in hand.holding(W) if c != QS)
    first, second, third = choose_three(table, S)
    nothing: list[ev.Event] = [
        ev.Play(S, stranger), ev.Pass(S, (first, second, stranger)), ev.Pass(S, (first,)),
        ev.Continue(S), ev.Undo(S), ev.Deal(S), ev.AskHint(S), ev.AskHint(S),
        ev.Play(W, hand.holding(W)[0]), ev.Pass(W, tuple(hand.holding(W)[:3]))]
    if QS in hand.holding(S):
        nothing.append(ev.Pass(S, (first, second, QS)))
    for event in nothing:
        saves(event, 0)
    saves(ev.Pass(S, (first, second, third)), 1)
    saves(ev.Pass(S, (first, second, third)), 0)
    answer_decisions(driver)
    assert table.stage is Stage.RECEIVED
    saves(ev.Undo(S), 0)  # the exchange is made
    saves(ev.Continue(S), 1)
    assert stage(table) is Stage.PLAYING and hand.turn == W
    for event in (ev.Play(S, cards(table, S)[0]), ev.AskHint(S), ev.Continue(S), ev.Undo(S)):
        saves(event, 0)
    while not (table.to_play(S) and stage(table) is Stage.PLAYING) or due_decisions(driver):
        step(driver)
    illegal = [c for c in hand.holding(S) if c not in hand.legal_plays()]
    unheld = next(c for c in Card.all() if c not in hand.holding(S))
    assert illegal  # South must follow the suit led
    for event in (ev.Play(S, illegal[0]), ev.Play(S, unheld), ev.AskHint(S), ev.AskHint(S),
                  ev.Continue(S)):
        saves(event, 0)
    saves(ev.Play(S, hand.legal_plays()[0]), 1)
