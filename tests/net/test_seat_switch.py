"""Table.seat_as: a computer player stands in for a person, and the person comes back."""

from __future__ import annotations

from hearts.cards import Seat
from hearts.options import Options
from hearts.table import Computer, Decide, Person, Table, seat_state
from hearts.table import events as ev
from hearts.table.driver import Driver


def _two_people() -> tuple[Table, Driver]:
    seats = [Person("Ann"), Computer(), Person("Bob"), Computer()]
    table = Table(Options(difficulty=1), 5, seats)
    driver = Driver(table)
    driver.start()
    driver.send(ev.Deal(Seat.SOUTH))
    return table, driver


def test_a_computer_player_in_a_persons_seat_plays_and_is_recorded() -> None:
    table, driver = _two_people()
    assert not any(d.seat is Seat.NORTH for d in driver.asked)  # a person's seat waits
    driver._run(table.seat_as(Seat.NORTH, Computer()))
    assert any(d.seat is Seat.NORTH and d.kind == "pass" for d in driver.asked)
    hand = table.hand
    assert hand is not None and hand.passed(Seat.NORTH)
    assert [s.seat for s in hand.stand_ins] == [Seat.NORTH]
    assert hand.stand_ins[0].play is None  # the pass
    assert hand.players is not None and hand.players[Seat.NORTH].player == "human"


def test_the_person_back_in_the_seat_is_waited_for_again() -> None:
    table, driver = _two_people()
    driver.hold = True
    effects = table.seat_as(Seat.NORTH, Computer())
    asked = [e for e in effects if isinstance(e, Decide) and e.seat is Seat.NORTH]
    assert asked
    table.seat_as(Seat.NORTH, Person("Bob"))
    assert asked[0].token not in table.waiting_on
    # the computer player's late answer is ignored
    driver._take(table.handle(driver.answer(asked[0])))
    hand = table.hand
    assert hand is not None and not hand.passed(Seat.NORTH)
    assert table.is_person(Seat.NORTH)
    assert seat_state(table, Seat.SOUTH).seats[Seat.NORTH].name == "Bob"


def test_the_same_seat_again_changes_nothing() -> None:
    table, _ = _two_people()
    assert table.seat_as(Seat.NORTH, Person("Bob")) == []
