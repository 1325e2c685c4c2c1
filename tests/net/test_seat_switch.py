"""A computer player stands in for a person who dropped, and the person comes back;
a table started again with another number of people."""

from __future__ import annotations

from pathlib import Path

from hearts.cards import Seat
from hearts.options import Options
from hearts.table import Computer, Decide, Person, Presence, Seating, Table, seat_state
from hearts.table import events as ev
from hearts.table.driver import Driver


def _two_people(hold: bool = False) -> tuple[Table, Driver]:
    seats: list[Person | Computer] = [Person("Ann"), Computer(), Person("Bob"), Computer()]
    table = Table(Options(difficulty=1), 5, seats, grace=5.0)
    driver = Driver(table)
    driver.hold = hold
    driver.start()
    driver.send(ev.Deal(Seat.SOUTH))
    return table, driver


def test_a_computer_player_in_a_persons_seat_plays_and_is_recorded() -> None:
    table, driver = _two_people()
    assert not any(d.seat is Seat.NORTH for d in driver.asked)  # a person's seat waits
    driver.send(ev.Drop(Seat.NORTH))  # the grace time runs out at once
    assert table.seating(Seat.NORTH) == Seating(Presence.STAND_IN, "Bob")
    assert any(d.seat is Seat.NORTH and d.kind == "pass" for d in driver.asked)
    hand = table.hand
    assert hand is not None and hand.passed(Seat.NORTH)
    assert [s.seat for s in hand.stand_ins] == [Seat.NORTH]
    assert hand.stand_ins[0].play is None  # the pass
    assert hand.players is not None and hand.players[Seat.NORTH].player == "human"
    assert hand.players[Seat.NORTH].name == "Bob"


def test_the_person_back_in_the_seat_is_waited_for_again() -> None:
    table, driver = _two_people(hold=True)
    driver.send(ev.Drop(Seat.NORTH))
    (grace,) = [w for w in driver.due if w.token == table.grace_token(Seat.NORTH)]
    driver.due.remove(grace)
    effects = driver.send(ev.Elapsed(grace.token))
    asked = [e for e in effects if isinstance(e, Decide) and e.seat is Seat.NORTH]
    assert asked
    driver.send(ev.Return(Seat.NORTH))
    assert asked[0].token not in table.waiting_on
    # the computer player's late answer is ignored
    driver._take(table.handle(driver.answer(asked[0])))
    hand = table.hand
    assert hand is not None and not hand.passed(Seat.NORTH)
    assert table.is_person(Seat.NORTH)
    assert seat_state(table, Seat.SOUTH).seats[Seat.NORTH].name == "Bob"


def test_a_return_of_a_person_who_is_here_changes_nothing() -> None:
    table, _ = _two_people()
    assert table.handle(ev.Return(Seat.NORTH)) == []
    assert table.handle(ev.Sit(Seat.NORTH, "Cat")) == []  # Bob's seat is not free


def test_a_table_started_again_with_other_people_applies_them_or_says_why_not(
        tmp_path: Path) -> None:
    from hearts.net.tables.table import NetTable, TableConfig

    config = TableConfig(people=3)
    net = NetTable.create("t1", tmp_path / "t1", config, None, code="c", seed=1)
    net.holders[Seat.NORTH].name, net.holders[Seat.NORTH].token = "Bob", "b" * 22
    net.write_meta()  # South free, North Bob's, West free
    fewer = NetTable.load(tmp_path / "t1", None, people=1)
    assert set(fewer.holders) == {Seat.SOUTH, Seat.NORTH}  # Bob keeps his seat...
    assert any("Bob keeps the North seat" in line for line in fewer.notices)  # ...said so
    assert fewer.config.people == 2
    more = NetTable.load(tmp_path / "t1", None, people=4)
    assert set(more.holders) == set(Seat) and more.config.people == 4
    assert NetTable.load(tmp_path / "t1", None).config.people == 4  # kept so
