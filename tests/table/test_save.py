"""Saving: a Save follows every change, and a table restored from any saved
state stands where the saved one stood."""

from __future__ import annotations

import json
from typing import Any

from hearts import Phase, Seat
from hearts.ai import Level
from hearts.options import Options
from hearts.table import Save, Stage, Table, display_order, one_person, restore
from hearts.table import events as ev
from hearts.table.driver import Driver

from .helpers import (
    QS,
    CheckedTable,
    answer,
    breaking,
    due_decisions,
    due_waits,
    make_driver,
    person_passes,
    rebuilt,
    restored,
    step,
    to_first_card,
    two_people,
)

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST
ACTIONS = ("deal", "pass", "clear", "continue", "hint", "undo", "last", "scores", "abandon")


def face(table: Table, seat: Seat) -> tuple[object, ...]:
    """What ``seat`` sees of the table."""
    return (table.prompt(seat), table.cards(seat), table.highlighted(seat),
            sorted(table.raised(seat), key=lambda c: c.index),
            sorted(table.legal(seat), key=lambda c: c.index), table.trick_cards(),
            table.result_lines(seat), table.passed(seat), table.target, table.stage,
            [table.can(action, seat) for action in ACTIONS])


def faces(table: Table) -> dict[Seat, tuple[object, ...]]:
    """What every person sees."""
    return {seat: face(table, seat) for seat in table.people}


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
                   if hasattr(d, "kind") and d.kind != "hint")  # type: ignore[union-attr]
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


def test_moving_a_highlight_or_choosing_a_card_is_saved() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    table = driver.table
    effects = driver.send(ev.Move(S, 1))
    (save,) = [e for e in effects if isinstance(e, Save)]
    assert save.state["desks"]["south"]["cursor"] == 1
    card = [c for c in table.cards(S) if c != QS][2]
    effects = driver.send(ev.Choose(S, card))
    (save,) = [e for e in effects if isinstance(e, Save)]
    assert save.state["desks"]["south"]["chosen"] == [str(card)]
    check_restores(table, save)


def test_what_changes_nothing_is_not_saved() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    for event in (ev.PassChosen(S), ev.Undo(S), ev.Continue(S), ev.Move(S, 13),
                  ev.Deal(S), ev.Elapsed(999)):
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
    driver.send(ev.Choose(N, driver.table.cards(N)[0]))
    save = driver.saves[-1]
    check_restores(driver.table, Save(save[0], save[1], driver.table.assisted))
    driver.send(ev.Clear(N))
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
        driver.send(ev.Use(S, hand.legal_plays()[0]))
    copy = restored(table)
    twin = Driver(copy, driver.player_factory)
    twin.start()
    for each in (driver, twin):
        while each.table.hand is not None and each.table.hand.phase is not Phase.OVER:
            each.send(ev.Use(S, each.table.hand.legal_plays()[0]))
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
    state = dict(table.state(), stage="trick", desks={"south": {"chosen": ["QS", "zz", 3],
                                                                "cursor": 99}})
    copy = restored(table, state=state)
    assert copy.stage is Stage.PASSING
    assert len(copy.desks[S].chosen) <= 3 and set(copy.desks[S].chosen) <= set(copy.cards(S))
    assert copy.desks[S].cursor == 12


def test_the_highlight_after_playing_the_last_card_drawn_restores() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    person_passes(driver)
    table = driver.table
    hand = table.hand
    assert hand is not None
    for _ in range(400):
        if table.to_play(S) and table.stage is Stage.PLAYING and not due_decisions(driver):
            last = table.cards(S)[-1]
            if last in hand.legal_plays():
                break
            driver.send(ev.Use(S, hand.legal_plays()[0]))
        elif due_decisions(driver):
            answer(driver, due_decisions(driver)[0])
        else:
            answer(driver, due_waits(driver)[0])
    else:
        raise AssertionError("South could never play its last card drawn")
    driver.send(ev.Point(S, last))
    effects = driver.send(ev.Use(S, last))
    (save,) = [e for e in effects if isinstance(e, Save)]
    assert 0 <= save.state["desks"]["south"]["cursor"] < len(table.cards(S))
    check_restores(table, save)


def twin(driver: Driver) -> Driver:
    """A held driver of a table restored from ``driver``'s table, started."""
    copy = restored(driver.table)
    other = Driver(copy, driver.player_factory)
    other.hold = True
    other.start()
    return other


def test_restored_while_cards_are_received_the_highlight_goes_to_the_lowest_card() -> None:
    driver = make_driver(seats=one_person(W), hold=True)  # West leads the first hand
    driver.send(ev.Deal(W))
    while due_decisions(driver):
        answer(driver, due_decisions(driver)[0])
    person_passes(driver, W)
    table = driver.table
    assert table.stage is Stage.RECEIVED and table.to_play(W) is False
    driver.send(ev.Move(W, 5))
    other = twin(driver)
    for each in (driver, other):
        each.send(ev.Continue(W))
    assert other.table.highlighted(W) == table.highlighted(W)
    hand = table.hand
    assert hand is not None
    assert table.highlighted(W) == min(hand.legal_plays(), key=lambda c: (c.rank, display_order(c)))


def test_restored_while_a_trick_is_shown_the_next_lead_is_aimed_as_before() -> None:
    from .test_flow import play_until_trick_show

    driver = make_driver(hold=True)
    to_first_card(driver)
    play_until_trick_show(driver, south_leads=True)
    table = driver.table
    hand = table.hand
    assert hand is not None
    lowest = min(hand.legal_plays(), key=lambda c: (c.rank, display_order(c)))
    driver.send(ev.Point(S, next(c for c in table.cards(S) if c != lowest)))
    other = twin(driver)
    for each in (driver, other):
        (pause,) = due_waits(each)
        answer(each, pause)
    assert other.table.state() == driver.table.state()
    assert other.table.highlighted(S) == driver.table.highlighted(S) == lowest
