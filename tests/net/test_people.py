"""The people's seats of a network table on their own (hearts.net.tables.people):
a seat belongs to its token, never to a name; every move is handed to the table
as its event, and the seats are kept before a token is given out."""

from __future__ import annotations

import json

import pytest

from hearts.cards import Seat
from hearts.net.tables.outbox import Outbox
from hearts.net.tables.people import PEOPLE_ORDER, JoinRefused, People, SeatHolder
from hearts.net.wire.errors import ErrorCode
from hearts.table import Presence
from hearts.table import events as ev


class _Table:
    """What People hands over: the table's events, and each keeping of the seats
    (with the tokens held at that moment)."""

    def __init__(self) -> None:
        self.events: list[ev.SeatEvent] = []
        self.kept: list[list[str | None]] = []
        self.people = People("t1", 3, self.events.append, self._keep)

    def _keep(self) -> None:
        self.kept.append([h.token for h in self.people.holders.values()])


def _messages(outbox: Outbox) -> list[dict[str, object]]:
    return [json.loads(text) for text in outbox.drain()]


def test_a_new_person_takes_the_next_seat_kept_before_its_token_is_given() -> None:
    table = _Table()
    ann, sat = table.people.take("Ann", None, Outbox())
    bob, _ = table.people.take("Bob", None, Outbox())
    assert [ann.seat, bob.seat] == list(PEOPLE_ORDER[:2])
    assert sat == ev.Sit(Seat.SOUTH, "Ann") and table.events == []  # the table is told by its owner
    assert ann.token is not None and table.kept[0][0] == ann.token
    assert table.kept[1][:2] == [ann.token, bob.token]


def test_a_seat_is_given_back_only_to_its_token() -> None:
    table = _Table()
    first = Outbox()
    ann, _ = table.people.take("Ann", None, first)
    assert table.people.dropped(ann, first) and table.events == [ev.Drop(Seat.SOUTH)]
    with pytest.raises(JoinRefused) as refused:
        table.people.take("Ann", None, Outbox())  # her name is not her seat
    assert refused.value.code is ErrorCode.NAME_TAKEN
    with pytest.raises(JoinRefused) as refused:
        table.people.take("Ann", "not-a-token", Outbox())
    assert refused.value.code is ErrorCode.BAD_TOKEN
    back, came = table.people.take("anything", ann.token, Outbox())
    assert back is ann and came == ev.Return(Seat.SOUTH) and ann.name == "Ann"


def test_names_are_the_same_whatever_their_case() -> None:
    table = _Table()
    table.people.take("Ann", None, Outbox())
    with pytest.raises(JoinRefused) as refused:
        table.people.take("ANN", None, Outbox())
    assert refused.value.code is ErrorCode.NAME_TAKEN


def test_a_full_table_refuses_another_person() -> None:
    table = _Table()
    for name in ("Ann", "Bob", "Cy"):
        table.people.take(name, None, Outbox())
    with pytest.raises(JoinRefused) as refused:
        table.people.take("Di", None, Outbox())
    assert refused.value.code is ErrorCode.TABLE_FULL


def test_a_second_window_is_refused_and_a_new_device_takes_the_seat_over() -> None:
    table = _Table()
    first = Outbox()
    ann, _ = table.people.take("Ann", None, first)
    with pytest.raises(JoinRefused) as refused:
        table.people.take("Ann", ann.token, Outbox())
    assert refused.value.code is ErrorCode.SEAT_TAKEN and ann.outbox is first
    token = table.people.new_token(Seat.SOUTH)
    assert token is not None and token != ann.joined_with and table.kept[-1][0] == token
    phone = Outbox()
    table.people.take("Ann", token, phone)
    assert ann.outbox is phone and first.closed
    assert _messages(first)[-1]["code"] == ErrorCode.REPLACED.value
    assert not table.people.dropped(ann, first)  # the old connection's end changes nothing
    assert ev.Drop(Seat.SOUTH) not in table.events
    assert table.people.new_token(Seat.NORTH) is None  # nobody holds it


def test_leaving_gives_the_seat_to_a_computer_player_and_the_table_up() -> None:
    table = _Table()
    ann = table.people.seat_creator("Ann")
    assert table.people.creator is Seat.SOUTH
    outbox = Outbox()
    table.people.take("", ann.token, outbox)
    table.people.leave(ann)
    assert table.events == [ev.Leave(Seat.SOUTH)] and table.people.creator is None
    assert ann.token is None and ann.stood_in and outbox.closed
    assert _messages(outbox)[-1]["notice"] == {"kind": "you-left"}
    assert table.kept[-1][0] is None
    assert table.people.take("Bob", None, Outbox())[0] is ann  # free for someone else


def test_the_host_frees_a_seat_or_gives_it_to_a_computer_player() -> None:
    table = _Table()
    outbox = Outbox()
    ann, _ = table.people.take("Ann", None, outbox)
    assert table.people.free_seat(Seat.SOUTH) == "Ann's seat at t1 (South) is free"
    assert outbox.closed and ann.token is None and ann.stood_in
    assert table.people.free_seat(Seat.EAST) == "The East seat at t1 is free"
    assert Seat.EAST in table.people.holders  # a computer player's seat became a person's
    assert table.people.seat_computer(Seat.NORTH) == "A computer player has the North seat at t1"
    assert table.people.holders[Seat.NORTH].gone
    assert table.people.seating(Seat.NORTH).presence is Presence.COMPUTER
    assert table.events == [ev.FreeSeat(Seat.SOUTH), ev.FreeSeat(Seat.EAST),
                            ev.SeatComputer(Seat.NORTH)]
    seated = [table.people.take(name, None, Outbox())[0].seat for name in ("Bob", "Cy", "Di")]
    assert seated == [Seat.SOUTH, Seat.WEST, Seat.EAST]  # never the computer player's for good
    with pytest.raises(JoinRefused):
        table.people.take("Ed", None, Outbox())


def test_the_seats_kept_on_disk_come_back_as_they_were() -> None:
    table = _Table()
    ann, _ = table.people.take("Ann", None, Outbox())
    table.people.seat_computer(Seat.NORTH)
    kept = json.loads(json.dumps(table.people.to_json()))
    again = _Table()
    again.people.restore(kept)
    assert again.people.to_json() == kept
    assert again.people.seating(Seat.SOUTH).presence is Presence.AWAY
    assert again.people.seating(Seat.NORTH).presence is Presence.COMPUTER
    assert again.people.seating(Seat.WEST).presence is Presence.FREE
    assert again.people.seating(Seat.EAST).presence is Presence.COMPUTER  # no person's seat
    assert again.people.take("", ann.token, Outbox())[0].seat is Seat.SOUTH


def test_fewer_people_keep_a_seat_a_person_holds() -> None:
    table = _Table()
    table.people.take("Ann", None, Outbox())
    table.people.take("Bob", None, Outbox())
    said = table.people.seat_people(1)
    assert list(table.people.holders) == [Seat.SOUTH, Seat.NORTH]
    assert "Bob keeps the North seat" in said[0]
    assert said[-1].endswith("2 people's seats from now on")
    table.people.seat_people(4)
    assert list(table.people.holders) == list(PEOPLE_ORDER)
    assert isinstance(table.people.holders[Seat.EAST], SeatHolder)
