"""People named as they sat: the table keeps their names in the hand record where
people share it, old records read as before, and a name from a file is shown as
plain text only."""

from __future__ import annotations

import pytest

from hearts import table
from hearts.cards import Seat
from hearts.hand import Hand, HandRecordError, SeatPlayer, read_record
from hearts.review.analysis import review_hand
from hearts.review.names import SHOWN_NAME, Seating
from hearts.review.text import review_text
from hearts.table import Computer, Person, one_person
from hearts.table import events as ev
from tests.review.helpers import PEOPLE, steady_record
from tests.table.helpers import make_driver, two_people


def test_a_table_people_share_keeps_their_names_in_the_record() -> None:
    driver = make_driver(seats=two_people(), seed=3)
    driver.send(ev.Deal(Seat.SOUTH))
    hand = driver.table.hand
    assert hand is not None
    players = hand.record()["players"]
    assert [entry.get("name") for entry in players] == ["Ann", None, "Bob", None]
    assert [entry["player"] for entry in players] == ["human", "beginner", "human", "beginner"]
    assert Hand.from_record(hand.record()).record() == hand.record()  # read back whole
    seats = Seating(hand.to_record())
    assert seats.names == ("Ann", "West (Beginner)", "Bob", "East (Beginner)")
    assert seats.friends and seats.people == (Seat.SOUTH, Seat.NORTH)


def test_a_person_who_sits_down_during_the_hand_is_named_from_then_on() -> None:
    seats = (Person("Ann"), Computer(), table.Seating(table.Presence.FREE), Computer())
    driver = make_driver(seats=seats, seed=3)
    driver.send(ev.Deal(Seat.SOUTH))
    hand = driver.table.hand
    assert hand is not None and hand.players is not None
    assert hand.players[Seat.NORTH].player == "beginner"  # nobody holds it at the deal
    driver.send(ev.Sit(Seat.NORTH, "Cleo"))
    driver.send(ev.Pass(Seat.NORTH, tuple(hand.passable(Seat.NORTH)[:3])))
    assert {"seat": "north", "decision": "pass", "player": "human",
            "name": "Cleo"} in hand.record()["stand_ins"]
    driver.send(ev.Leave(Seat.NORTH))  # she leaves: her pass stays hers
    assert hand.decider(Seat.NORTH, None) == SeatPlayer("human", name="Cleo")
    seats_named = Seating(hand.to_record())
    assert seats_named.name(Seat.NORTH) == "Cleo" and Seat.NORTH in seats_named.people


def test_a_table_of_one_person_names_no_one_and_its_records_are_as_before() -> None:
    driver = make_driver(seats=one_person(), seed=3)
    driver.send(ev.Deal(Seat.SOUTH))
    hand = driver.table.hand
    assert hand is not None
    assert all("name" not in entry for entry in hand.record()["players"])
    seats = Seating(hand.to_record())
    assert seats.names == ("South", "West (Beginner)", "North (Beginner)", "East (Beginner)")
    assert not seats.friends and seats.title(Seat.SOUTH) == "South"


def test_old_records_and_outside_players_are_named_by_seat() -> None:
    assert Seating(steady_record(2)).names == ("South", "West", "North", "East")  # no players
    seats = Seating(steady_record(2, players=[
        {"seat": "south", "player": "human"},
        {"seat": "west", "player": "cmd:./my-bot --fast"},
        {"seat": "north", "player": "examples.bots.cautious:Cautious"},
        {"seat": "east", "player": "expert", "seed": 1}]))
    assert seats.names == ("South", "West (cmd:./my-bot --fast)",
                           "North (examples.bots.cautious:~)", "East (Expert)")
    assert seats.people == (Seat.SOUTH,) and not seats.friends


def test_a_name_from_a_file_is_shown_as_plain_text_only() -> None:
    record = steady_record(2, players=[dict(entry) for entry in PEOPLE]).to_json()
    record["players"][0]["name"] = "Ann\x1b]0;owned\x07 \u202eevil"
    record["players"][2]["name"] = "B" * 64
    seats = Seating(read_record(record))  # it reads: a name is text of at most 64 characters
    assert seats.name(Seat.SOUTH) == "Ann?]0;owned? ?evil"
    assert len(seats.name(Seat.NORTH)) == SHOWN_NAME and seats.name(Seat.NORTH).endswith("~")
    record["players"][2]["name"] = "B" * 65
    with pytest.raises(HandRecordError, match=r"players\[2\]\.name must be text of at most 64"):
        Hand.from_record(record)
    record["players"][2]["name"] = 7
    with pytest.raises(HandRecordError, match="name must be text"):
        Hand.from_record(record)


def test_the_text_names_people_as_they_sat() -> None:
    record = steady_record(5, players=PEOPLE)
    review = review_hand(record, list(Seat), 0, 2)
    text = review_text(review, "A hand", [Seat.SOUTH, Seat.WEST], ascii_only=True)
    assert "\nAnn (South)\n" in text and "\nWest (Club)\n" in text and "human" not in text
    totals = text.split("standard error):\n")[1].splitlines()
    assert [line.split(" ", 3)[2] for line in totals] == ["Ann", "West", "Bob", "East"]
