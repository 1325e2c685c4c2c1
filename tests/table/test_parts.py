"""The table is made of parts (composition, no mixins), each with its own state,
talking through public methods only; each part works on its own."""

from __future__ import annotations

import ast
from pathlib import Path

import hearts.table
from hearts.cards import Seat
from hearts.levels import Level
from hearts.options import Options
from hearts.table import events as ev
from hearts.table import happenings as hp
from hearts.table.aids import Aids
from hearts.table.decisions import Decisions
from hearts.table.effects import Decide, Effect, Say, Wait
from hearts.table.happenings import HappeningLog
from hearts.table.notices import Outcome
from hearts.table.requests import Pause, Requests
from hearts.table.seating import Computer, Person, Presence
from hearts.table.seats import Seats
from hearts.table.table import Table

PACKAGE = Path(hearts.table.__file__).parent
KEY = (1, 0, 0)


def test_the_table_and_its_parts_inherit_nothing() -> None:
    for cls in (Table, Requests, Seats, Decisions, Aids):
        assert cls.__bases__ == (object,), cls
        assert cls.__doc__, cls


def test_no_module_of_the_table_reads_another_objects_private_state() -> None:
    reached = []
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                    and not node.attr.startswith("__") \
                    and not (isinstance(node.value, ast.Name) and node.value.id == "self"):
                reached.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert reached == []


def test_requests_ignore_a_stale_token_and_forget_what_a_seat_was_asked() -> None:
    requests = Requests()
    out: list[Effect] = []
    table = Table(Options(), 1)
    view = table.match.deal(table.rules).view(Seat.WEST)
    requests.ask(out, Seat.WEST, "play", KEY, Level.CLUB, 7, view)
    requests.pause(out, 0.5, Pause.CARD)
    requests.start_timer(out, Seat.SOUTH, KEY, 30.0)
    requests.start_grace(out, Seat.NORTH, 60.0)
    decide, pause, timer, grace = out
    assert isinstance(decide, Decide) and (decide.seat, decide.level, decide.seed) == (
        Seat.WEST, Level.CLUB, 7)
    assert isinstance(pause, Wait) and pause.scaled
    assert isinstance(timer, Wait) and not timer.scaled and timer.seconds == 30.0
    assert isinstance(grace, Wait) and not grace.scaled
    assert len({decide.token, pause.token, timer.token, grace.token}) == 4
    assert set(requests.waiting_on) == {decide.token, pause.token, timer.token, grace.token}
    assert requests.pause_over(timer.token) is None  # another request's token
    assert requests.timer_over(pause.token) is None
    assert requests.grace_over(decide.token) is None
    assert requests.pause_over(pause.token) is Pause.CARD
    assert requests.pause_over(pause.token) is None  # it ran out once
    requests.forget_seat(Seat.WEST)
    assert requests.asked_by(decide.token) is None
    requests.drop_stale((1, 1, 0))  # the match moved on: the timer goes too
    assert not requests.timing
    assert requests.grace_over(grace.token) is Seat.NORTH
    assert requests.settled and requests.waiting_on == ()


def test_a_decision_that_fails_at_every_level_leaves_the_requests_stuck() -> None:
    requests = Requests()
    out: list[Effect] = []
    table = Table(Options(), 1)
    view = table.match.deal(table.rules).view(Seat.EAST)
    requests.ask(out, Seat.EAST, "pass", KEY, Level.CASUAL, 3, view)
    outcomes = []
    while not requests.stuck:
        token = next(e.token for e in reversed(out) if isinstance(e, Decide))
        out.clear()
        requests.failed(ev.Failed(token, "boom"), lambda seat: view, out)
        outcomes += [e.notice.outcome for e in out if isinstance(e, Say)]
    assert outcomes == [Outcome.ASK_AGAIN, Outcome.LOWER_LEVEL, Outcome.ASK_AGAIN,
                        Outcome.STUCK]
    requests.forget()
    assert not requests.stuck


def test_the_seats_move_tell_and_wait_the_grace_time_on_their_own() -> None:
    requests = Requests()
    log = HappeningLog()
    seats = Seats((Person("Ann"), Computer(), Person("Bob"), Computer()), 45.0, requests, log)
    assert seats.shared and seats.people == (Seat.SOUTH, Seat.NORTH)
    out: list[Effect] = []
    seats.handle(ev.Drop(Seat.NORTH), out)
    seats.handle(ev.Drop(Seat.NORTH), out)  # away already: nothing more
    assert seats.of(Seat.NORTH).presence is Presence.AWAY
    grace = next(e for e in out if isinstance(e, Wait))
    assert requests.grace_token(Seat.NORTH) == grace.token
    assert [h for _, h in log.since(0)] == [hp.Dropped(Seat.NORTH, "Bob")]
    assert not [e for e in out if isinstance(e, Say)]  # a happening, never a notice
    out.clear()
    assert requests.grace_over(grace.token) is Seat.NORTH
    seats.grace_over(Seat.NORTH, out)
    assert seats.of(Seat.NORTH).presence is Presence.STAND_IN
    assert seats.of(Seat.NORTH).name == "Bob"
    seats.handle(ev.Return(Seat.NORTH), out)
    assert seats.people == (Seat.SOUTH, Seat.NORTH)
    assert [type(each) for _, each in log.since(0)] == [hp.Dropped, hp.StoodIn, hp.CameBack]
