"""The table is made of parts (composition, no mixins), each with its own state,
talking through public methods only; each part works on its own."""

from __future__ import annotations

import ast
from pathlib import Path

import hearts.table
from hearts.cards import Card, Seat
from hearts.hand import Hand, SeatPlayer
from hearts.levels import Level
from hearts.options import Options
from hearts.rules import PassDirection, Rules
from hearts.table import Stage, restore, snapshot, turns
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
from hearts.view import Phase

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


def test_whose_move_is_due_is_read_off_the_hand_the_stage_and_the_seats() -> None:
    hand = Hand.deal(Rules(), 5, pass_direction=PassDirection.NONE)
    computers = {Seat.WEST, Seat.EAST}
    turn = hand.turn
    assert turn is not None
    person = turn not in computers
    assert turns.waiting(hand, Stage.PLAYING, False, computers.__contains__) == (
        (turn,) if person else ())
    assert turns.computer_due(hand, Stage.PLAYING, computers.__contains__) == (
        None if person else turn)
    assert turns.to_play(hand, Stage.TRICK_SHOW, False, turn)
    assert not turns.to_play(hand, Stage.PLAYING, True, turn)  # played out: nobody chooses
    assert not turns.to_play(hand, Stage.IDLE, False, turn)
    assert turns.waiting(hand, Stage.PLAYING, True, computers.__contains__) == ()
    passing = Hand.deal(Rules(), 5)
    south = [card for card in passing.holding(Seat.SOUTH)][:3]
    passing.pass_cards(Seat.SOUTH, south)
    assert turns.passed(passing, Seat.SOUTH) and not turns.passed(passing, Seat.WEST)
    assert turns.waiting(passing, Stage.PASSING, False, computers.__contains__) == (
        Seat.NORTH,)


def test_the_points_are_settled_once_every_card_that_counts_is_taken() -> None:
    for rules in (Rules(), Rules(jack_of_diamonds=True)):
        seen = set()
        for seed in range(8):
            hand = Hand.deal(rules, seed, pass_direction=PassDirection.NONE)
            assert not turns.points_settled(hand, Stage.PLAYING)
            while hand.phase is Phase.PLAYING:
                left = [card for seat in Seat for card in hand.holding(seat)]
                left += [card for _, card in hand.trick]
                settled = not any(rules.card_points(card) for card in left)
                assert turns.points_settled(hand, Stage.PLAYING) is settled
                assert not turns.points_settled(hand, Stage.TRICK_SHOW)
                seen.add(settled)
                hand.play(hand.legal_plays()[-1])  # the highest: points go early
            assert not turns.points_settled(hand, Stage.PLAYING)  # over: nothing to play out
        assert seen == {False, True}, rules


def test_the_record_of_a_hand_dealt_gives_each_seat_to_its_person_or_its_computer() -> None:
    seats = Seats((Person("Ann"), Computer(), Person("Bob"), Computer()), None,
                  Requests(), HappeningLog())
    seats.handle(ev.Leave(Seat.NORTH), [])  # Bob left: a computer player stands in

    def computer(seat: Seat) -> SeatPlayer:
        return SeatPlayer("expert", 100 + seat)

    assert seats.players(None, computer) == (
        SeatPlayer("human", name="Ann"), SeatPlayer("expert", 101),
        SeatPlayer("expert", 102), SeatPlayer("expert", 103))
    dealt = tuple(SeatPlayer("beginner", 7 + seat) for seat in Seat)  # today's deal's players
    assert seats.players(dealt, computer) == (
        SeatPlayer("human", name="Ann"), dealt[1], dealt[2], dealt[3])
    alone = Seats((Person("Ann"), Computer(), Computer(), Computer()), None,
                  Requests(), HappeningLog())
    assert alone.players(None, computer)[0] == SeatPlayer("human")  # one person: no name


def test_a_card_and_a_pass_tell_what_they_made_happen() -> None:
    hand = Hand.deal(Rules(), 3)
    for seat in Seat:
        cards = hand.holding(seat)[:3]
        hand.pass_cards(seat, cards)
        made = hp.of_pass(hand, seat)
        to = hand.pass_direction.target(seat)
        assert made[:2] == [hp.Passed(seat, to), hp.PassedCards(seat, to, tuple(cards))]
        assert [type(each) for each in made[2:]] == ([hp.Received] * 4 if seat is Seat.EAST
                                                    else [])
    told: list[hp.Happening] = []
    while hand.phase is Phase.PLAYING:
        broken = hand.hearts_broken
        play = hand.play(hand.legal_plays()[0])
        told += hp.of_card(hand, play, broken, 1)
    assert [each.card for each in told if isinstance(each, hp.Played)] == list(hand.plays)
    taken = [each for each in told if isinstance(each, hp.TrickTaken)]
    assert [each.trick for each in taken] == list(range(1, 14))
    assert sum(each.points for each in taken) == sum(map(Rules().card_points, Card.all()))
    assert sum(isinstance(each, hp.HeartsBroken) for each in told) == 1
    assert told[-1] == hp.HandEnded(1, hand.points, hand.shooter)


def test_a_save_is_marked_by_what_it_keeps() -> None:
    table = Table(Options(), 9, seats=(Person("Ann"), Computer(), Computer(), Computer()))
    before = snapshot.mark(table)
    assert snapshot.mark(table) == before
    table.handle(ev.Deal(Seat.SOUTH))
    dealt = snapshot.mark(table)
    assert dealt != before
    assert snapshot.kept(table) == {"stage": "passing", "seed": 9, "games": 0, "deals": 1,
                                    "rules": table.rules.to_json()}
    again = Table(Options(), 1, seats=(Person("Ann"), Computer(), Computer(), Computer()))
    restore(again, table.match, snapshot.kept(table), table.assisted)
    assert snapshot.mark(again) == dealt
