"""The lifecycle of a seat: people come, drop, come back, leave; the host frees a
seat or gives it to a computer player. The table never waits for a seat nobody
sits in, and every hand's record names who made each decision."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts import Card, Phase, Seat
from hearts.ai import Level, make_player
from hearts.hand import Hand, SeatPlayer
from hearts.table import (
    Computer,
    Decide,
    NoticeKind,
    Presence,
    Redraw,
    Seating,
    SeatSpec,
    Stage,
    Wait,
    seat_state,
)
from hearts.table import events as ev
from hearts.table import happenings as hp
from hearts.table.driver import Driver
from hearts.verify import verify_record

from .helpers import answer, due_decisions, due_waits, make_driver

S, W, N, E = Seat
GRACE = 30.0
FREE_TABLE: tuple[SeatSpec, ...] = (Seating(Presence.FREE), Computer(), Seating(Presence.FREE),
                                    Computer())


def table_with_two_free_seats(seed: int = 7, hold: bool = True) -> Driver:
    """Two people's seats (South, North) nobody has taken yet, a grace of 30 s."""
    return make_driver(seats=FREE_TABLE, seed=seed, hold=hold, grace=GRACE,
                       factory=make_player)


def moves(driver: Driver) -> list[hp.SeatMove]:
    """Every seat's move the table told, in order."""
    return [h for _, h in driver.table.happenings.since(0) if isinstance(h, hp.SeatMove)]


def grace_of(driver: Driver, seat: Seat) -> Wait:
    token = driver.table.grace_token(seat)
    assert token is not None, f"no grace timer for {seat}"
    (wait,) = [w for w in due_waits(driver) if w.token == token]
    assert wait.seconds == GRACE and not wait.scaled
    return wait


# --- free seats ------------------------------------------------------------------------


def test_a_seat_nobody_took_is_played_by_a_computer_after_the_grace_time() -> None:
    driver = table_with_two_free_seats()
    table = driver.table
    driver.send(ev.Sit(S, "Ann"))
    driver.send(ev.Deal(S))
    assert table.seating(N).presence is Presence.FREE
    answer_all_decisions(driver)
    driver.send(ev.Pass(S, tuple(table.hand.passable(S)[:3])))  # type: ignore[union-attr]
    state = seat_state(table, S)
    assert state.waiting == (N,) and state.stage is Stage.PASSING  # waits for the free seat
    assert not due_decisions(driver)
    effects = answer(driver, grace_of(driver, N))
    assert hp.StoodIn(N, None) in moves(driver)
    assert [e.seat for e in effects if isinstance(e, Decide)] == [N]
    assert table.seating(N) == Seating(Presence.STAND_IN)
    play_on(driver, {S})
    hand = table.hand
    assert hand is not None and hand.phase is Phase.OVER  # the hand was played out
    assert verify_record(hand.to_record()).verified


def test_someone_who_takes_a_seat_played_by_a_computer_plays_it_from_then_on() -> None:
    driver = table_with_two_free_seats()
    table = driver.table
    driver.send(ev.Sit(S, "Ann"))
    answer(driver, grace_of(driver, N))  # nobody came: a computer plays North
    driver.send(ev.Deal(S))
    hand = table.hand
    assert hand is not None and hand.players is not None
    assert hand.players[N].player == "beginner"  # the record gives it to the computer
    answer_all_decisions(driver)
    driver.send(ev.Pass(S, tuple(hand.passable(S)[:3])))
    flush_until(driver, lambda: len(hand.plays) >= 6)
    driver.send(ev.Sit(N, "Cat"))  # a late friend
    assert table.seating(N) == Seating(Presence.HERE, "Cat")
    assert moves(driver)[-1] == hp.SatDown(N, "Cat")
    plays = play_on(driver, {S, N})
    cat = [i for i in plays[N]]
    assert cat and all(hand.decider(N, i) == SeatPlayer("human", name="Cat") for i in cat)
    early = [i for i in range(6) if seat_at(hand, i) == N]
    assert all(hand.decider(N, i) == hand.players[N] for i in early)
    assert verify_record(hand.to_record()).verified


# --- U1: a person who comes back plays as themself ---------------------------------------


def test_a_person_back_during_a_hand_dealt_while_they_were_away_is_recorded_as_themself(
        ) -> None:
    driver = table_with_two_free_seats()
    table = driver.table
    driver.send(ev.Sit(S, "Ann"))
    driver.send(ev.Sit(N, "Bob"))
    driver.send(ev.Drop(N))
    answer(driver, grace_of(driver, N))  # a computer stands in for Bob
    assert table.seating(N) == Seating(Presence.STAND_IN, "Bob")
    driver.send(ev.Deal(S))  # Ann deals while Bob is away
    hand = table.hand
    assert hand is not None and hand.players is not None
    assert hand.players[N] == SeatPlayer("human", name="Bob")  # the seat is Bob's
    answer_all_decisions(driver)  # the stand-in passes for him
    driver.send(ev.Pass(S, tuple(hand.passable(S)[:3])))
    driver.send(ev.Return(N))  # Bob is back before the first card
    assert table.seating(N) == Seating(Presence.HERE, "Bob")
    plays = play_on(driver, {S, N})
    assert hand.phase is Phase.OVER and plays[N]
    passer = hand.decider(N, None)
    assert passer is not None and passer.player == "beginner"  # the stand-in's pass
    assert all(hand.decider(N, i) == SeatPlayer("human", name="Bob") for i in plays[N])
    verdict = verify_record(hand.to_record())
    assert verdict.verified, verdict.message


def test_a_return_after_a_restart_is_not_news() -> None:
    seats: tuple[SeatSpec, ...] = (Seating(Presence.AWAY, "Ann"), Computer(),
                                   Seating(Presence.HERE, "Bob"), Computer())
    driver = make_driver(seats=seats, hold=True, grace=GRACE)
    driver.send(ev.Return(S))
    assert moves(driver) == []
    driver.send(ev.Drop(S))
    driver.send(ev.Return(S))
    assert moves(driver) == [hp.Dropped(S, "Ann"), hp.CameBack(S, "Ann")]


def test_a_drop_shows_at_once_with_when_a_computer_takes_over() -> None:
    driver = table_with_two_free_seats()
    table = driver.table
    driver.send(ev.Sit(S, "Ann"))
    driver.send(ev.Sit(N, "Bob"))
    effects = driver.send(ev.Drop(N))
    (wait,) = [e for e in effects if isinstance(e, Wait)]
    state = seat_state(table, S, deadlines={wait.token: 1234.5})
    assert state.seats[N].presence is Presence.AWAY and state.seats[N].until == 1234.5
    assert state.seats[N].name == "Bob"
    assert moves(driver)[-1] == hp.Dropped(N, "Bob")


def test_a_seats_move_is_told_as_a_happening_never_as_a_notice() -> None:
    driver = table_with_two_free_seats(hold=False)
    for event in (ev.Sit(S, "Ann"), ev.Sit(N, "Bob"), ev.Drop(N), ev.Return(N), ev.Leave(N),
                  ev.SeatComputer(N)):
        driver.send(event)
    told = [type(m) for m in moves(driver)]
    assert {hp.SatDown, hp.StoodIn, hp.Dropped, hp.CameBack, hp.Left, hp.ComputerSeated} \
        <= set(told)
    assert driver.said == []


# --- the host ------------------------------------------------------------------------------


def test_the_host_frees_a_seat_and_gives_one_to_a_computer_for_good() -> None:
    driver = table_with_two_free_seats(hold=False)
    table = driver.table
    driver.send(ev.Sit(S, "Ann"))
    driver.send(ev.Sit(N, "Bob"))
    driver.send(ev.FreeSeat(N))
    assert table.seating(N) == Seating(Presence.STAND_IN)
    assert moves(driver)[-1] == hp.Freed(N, "Bob")
    driver.send(ev.Sit(N, "Cat"))  # someone else may take it now
    assert table.seating(N) == Seating(Presence.HERE, "Cat")
    driver.send(ev.SeatComputer(N))
    assert table.seating(N) == Seating(Presence.COMPUTER)
    assert moves(driver)[-1] == hp.ComputerSeated(N, "Cat")
    driver.send(ev.Sit(N, "Dan"))  # nobody takes a computer's seat
    assert table.seating(N) == Seating(Presence.COMPUTER)
    assert not table.shared or table.seating(S).presence is Presence.HERE


def test_a_person_who_leaves_frees_the_seat_for_someone_else() -> None:
    driver = table_with_two_free_seats(hold=False)
    table = driver.table
    driver.send(ev.Sit(S, "Ann"))
    driver.send(ev.Sit(N, "Bob"))
    effects = driver.send(ev.Leave(N))
    assert table.seating(N) == Seating(Presence.STAND_IN)
    assert moves(driver)[-1] == hp.Left(N, "Bob")
    assert any(isinstance(e, Redraw) for e in effects)  # everyone is shown the seat's move
    driver.send(ev.Sit(N, "Cat"))
    assert table.seating(N) == Seating(Presence.HERE, "Cat")


# --- a hint is the asker's alone ------------------------------------------------------------


def test_a_hint_marks_only_the_person_who_asked() -> None:
    driver = table_with_two_free_seats(hold=False)
    table = driver.table
    driver.send(ev.Sit(S, "Ann"))
    driver.send(ev.Sit(N, "Bob"))
    driver.send(ev.Deal(S))
    driver.send(ev.AskHint(N))
    assert table.aided == {N}
    assert seat_state(table, N).assisted and not seat_state(table, S).assisted
    assert seat_state(table, S).seats[N].assisted  # everyone may see who had help
    assert [s for s in driver.said if s.notice.kind is NoticeKind.ASSISTED] == [
        s for s in driver.said if s.notice.kind is NoticeKind.ASSISTED and s.seat == N]
    hand = table.hand
    assert hand is not None and hand.assisted == {N}
    assert hand.record()["assisted"] == ["north"]
    assert Hand.from_record(hand.record()).assisted == {N}


# --- random comings and goings ----------------------------------------------------------

OPS = ("answer",) * 6 + ("play",) * 4 + ("grace",) * 2 + (
    "sit", "return", "drop", "leave", "free", "computer", "deal", "deal")
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")


def answer_all_decisions(driver: Driver) -> None:
    while due_decisions(driver):
        answer(driver, due_decisions(driver)[0])


def seat_at(hand: Hand, index: int) -> Seat:
    """Who played the card at ``index`` of the hand's plays."""
    order = [s for trick in hand.tricks for s, _ in trick.plays()] + [s for s, _ in hand.trick]
    return order[index]


def flush_until(driver: Driver, done: object, limit: int = 2000) -> None:
    """Answer decisions, then pauses, until ``done()``; the people (South, North) play
    their lowest card."""
    for _ in range(limit):
        if callable(done) and done():
            return
        step(driver, {S, N}, {S: [], N: []})
    raise AssertionError("never done")


def step(driver: Driver, people: set[Seat], plays: dict[Seat, list[int]]) -> bool:
    """One ordinary move; False when nothing could move."""
    table = driver.table
    hand = table.hand
    if due_decisions(driver):
        answer(driver, due_decisions(driver)[0])
        return True
    if hand is not None and hand.turn in people and table.is_person(hand.turn) \
            and table.stage in (Stage.PLAYING, Stage.TRICK_SHOW) and not table.claimed:
        turn = hand.turn
        index = len(hand.plays)
        driver.send(ev.Play(turn, hand.legal_plays()[0]))
        if len(hand.plays) > index:
            plays[turn].append(index)
        return True
    if due_waits(driver):
        # pauses of the table first; a grace time only when nothing else is due
        graces = {table.grace_token(seat) for seat in Seat}
        ordinary = [w for w in due_waits(driver) if w.token not in graces]
        answer(driver, (ordinary or due_waits(driver))[0])
        return True
    return False


def play_on(driver: Driver, people: set[Seat]) -> dict[Seat, list[int]]:
    """Play the hand out (the people their lowest cards); the indexes of the cards
    each person played."""
    plays: dict[Seat, list[int]] = {seat: [] for seat in people}
    hand = driver.table.hand
    assert hand is not None
    for _ in range(3000):
        if hand.phase is Phase.OVER and driver.table.stage is Stage.IDLE:
            return plays
        if not step(driver, people, plays):
            raise AssertionError("the table stopped")
    raise AssertionError("the hand never ended")


def check_never_stuck(driver: Driver) -> None:
    """The table waits for no seat nobody sits in without a grace timer running."""
    table = driver.table
    due = {r.token for r in driver.due}
    for seat in table.waiting:
        presence = table.seating(seat).presence
        assert presence in (Presence.HERE, Presence.AWAY, Presence.FREE), (seat, presence)
        if presence is not Presence.HERE:
            assert table.grace_token(seat) in due, f"{seat} ({presence}) waits for ever"
    for seat in Seat:
        seating = table.seating(seat)
        if seating.presence in (Presence.AWAY, Presence.FREE):
            assert table.grace_token(seat) in due


@pytest.mark.slow
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.integers(0, 1 << 16),
       steps=st.lists(st.tuples(st.sampled_from(OPS), st.integers(0, 1 << 16)),
                      min_size=20, max_size=150))
def test_random_comings_and_goings_never_stop_the_table_and_records_name_who_played(
        seed: int, steps: list[tuple[str, int]]) -> None:
    driver = make_driver(seats=FREE_TABLE, seed=seed, hold=True, grace=GRACE,
                         factory=make_player, level=Level.BEGINNER)
    table = driver.table
    people = {S, N}
    mine: dict[tuple[int, Seat, int | None], str] = {}  # (hand, seat, play) -> name
    for op, choice in steps:
        pick = random.Random(choice)
        seat = pick.choice((S, N))
        hand = table.hand
        number = len(table.match.hands)
        if op == "answer" and due_decisions(driver):
            answer(driver, pick.choice(due_decisions(driver)))
        elif op == "grace":
            graces = [table.grace_token(s) for s in Seat if table.grace_token(s) is not None]
            waits = [w for w in due_waits(driver) if w.token in graces]
            if waits:
                answer(driver, pick.choice(waits))
        elif op == "play" and hand is not None:
            if table.stage is Stage.PASSING and table.is_person(seat) \
                    and not hand.passed(seat):
                driver.send(ev.Pass(seat, tuple(pick.sample(hand.passable(seat), 3))))
                if hand.passed(seat):
                    mine[number, seat, None] = table.seating(seat).name or ""
            elif hand.turn in people and table.is_person(hand.turn) and not table.claimed \
                    and table.stage in (Stage.PLAYING, Stage.TRICK_SHOW):
                turn = hand.turn
                index = len(hand.plays)
                driver.send(ev.Play(turn, pick.choice(hand.legal_plays())))
                if len(hand.plays) > index:
                    mine[number, turn, index] = table.seating(turn).name or ""
            elif due_waits(driver):
                graces = [table.grace_token(s) for s in Seat]
                ordinary = [w for w in due_waits(driver) if w.token not in graces]
                if ordinary:
                    answer(driver, ordinary[0])
        elif op == "sit":
            driver.send(ev.Sit(seat, pick.choice(NAMES)))
        elif op == "return":
            driver.send(ev.Return(seat))
        elif op == "drop":
            driver.send(ev.Drop(seat))
        elif op == "leave":
            driver.send(ev.Leave(seat))
        elif op == "free":
            driver.send(ev.FreeSeat(seat))
        elif op == "computer" and pick.random() < 0.3:
            driver.send(ev.SeatComputer(seat))
        elif op == "deal":
            driver.send(ev.Deal(S))
        check_never_stuck(driver)
    for number, hand in enumerate(table.match.hands, 1):
        verdict = verify_record(hand.to_record())
        assert verdict.verified, verdict.message
        decisions: list[tuple[Seat, int | None]] = [(s, None) for s in Seat if hand.passed(s)]
        decisions += [(seat_at(hand, i), i) for i in range(len(hand.plays))]
        for seat, play in decisions:
            who = hand.decider(seat, play)
            assert who is not None
            person = mine.get((number, seat, play))
            if person is not None:
                assert who == SeatPlayer("human", name=person), (number, seat, play, who)
            elif who.player == "human":  # only a card the table played out for them
                assert play is not None and play >= played_out_from(hand), (number, seat, play)


def played_out_from(hand: Hand) -> int:
    """The index of the first card played once no card left carried points (the
    table plays the rest out itself), or 52."""
    points = {card for card in Card.all() if hand.rules.card_points(card)}
    taken: set[object] = set()
    for number, trick in enumerate(hand.tricks, 1):
        taken.update(trick.cards)
        if points <= taken:
            return 4 * number
    return 52
