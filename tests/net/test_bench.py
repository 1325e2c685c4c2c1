"""The load benchmark's figures, on a small run (its timing is reported, never asserted)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
from typing import Any

import pytest

from hearts.net.bench import _cause, _Person, _quantile, run
from hearts.net.scripted import Board, Timed

_HAPROXY = shutil.which("haproxy") or ("/usr/sbin/haproxy"
                                       if os.path.exists("/usr/sbin/haproxy") else None)


def test_a_card_is_timed_until_all_three_others_have_seen_it() -> None:
    board = Board()
    board.played(1, "QS")
    board.seen(1, "QS", "P1")
    board.seen(1, "QS", "P2")
    assert board.spread == []
    board.seen(1, "QS", "P3")
    assert len(board.spread) == 1 and board.spread[0] >= 0
    board.seen(1, "2C")  # a card nobody sent: played by the table, not timed
    assert len(board.spread) == 1 and not board.sent and board.played_out == 1


def test_two_tables_play_in_processes_of_their_own_and_are_measured() -> None:
    # A smoke run: a server process and a process of people, a short measurement.
    figures = run(2, pace=0.05, seconds=2.0, warmup=2.0, clients=1)
    assert figures.people == 8 and figures.cards > 10
    assert 0 <= figures.median_ms <= figures.p95_ms <= figures.worst_ms
    assert figures.cpu_ms_per_card > 0 and figures.kib_per_table_open > 0
    assert len(figures.lines()) == 9 and figures.redraw_ms_per_card > 0
    # every card accounted for, against what the pace asks (0.05 s a card, 2 tables)
    assert figures.cards_asked is not None and figures.cards_asked > 0
    assert figures.worst_table.startswith("bench-") and figures.worst_cause
    assert figures.median_ms <= figures.p999_ms <= figures.worst_ms
    assert "worst card" in figures.lines()[8] and "timed of the" in figures.lines()[5]
    # the server's sweeps of its heap are told (none is due in a run this short)
    assert figures.sweeps == 0 and "sweeps of its heap: 0" in figures.lines()[7]
    # the server's memory at the start, each tenth and the end of the measurement
    course = figures.kib_per_table_course
    assert len(course) == 11 and all(kib > 0 for kib in course)
    assert (course[0], course[-1]) == (figures.kib_per_table_playing_before,
                                       figures.kib_per_table_playing)
    assert figures.lines()[4].endswith(" ".join(f"{kib:.0f}" for kib in course))
    # both sides' loops were watched for lateness (a timer always wakes a bit late)
    assert figures.server_lag_p95_ms > 0 and figures.people_lag_p95_ms > 0


def test_the_sweeps_asked_for_are_counted_with_their_longest_pause() -> None:
    figures = run(1, pace=0.05, seconds=3.0, warmup=1.0, clients=1, sweep_seconds=1.0)
    assert figures.sweeps >= 2 and figures.sweep_longest_ms > 0
    assert f"sweeps of its heap: {figures.sweeps} " in figures.lines()[7]


@pytest.mark.slow
@pytest.mark.skipif(_HAPROXY is None, reason="needs HAProxy (Debian: apt-get install haproxy)")
def test_tables_shared_by_two_server_processes_behind_haproxy_are_measured() -> None:
    # Four tables over two processes: every person reaches their table's owner
    # through the proxy (a table that nobody reached would time no card).
    figures = run(4, pace=0.05, seconds=2.0, warmup=2.0, clients=1, workers=2)
    assert figures.people == 16 and figures.cards > 20 and figures.workers == 2
    assert figures.cpu_ms_per_card > 0 and figures.proxy_cpu_share > 0
    assert "behind HAProxy" in figures.lines()[2]


# --- the count of a table's cards (deterministic: no server, no timing asserted) ---


def test_a_refused_card_is_never_timed_even_when_the_table_plays_it_later() -> None:
    board = Board(table="t1")
    board.played(1, "QS")
    board.refused(1, "QS", "not-your-turn")
    assert board.refusals == {"not-your-turn": 1} and not board.sent
    for _other in range(3):  # the rest of the hand played out: QS among it
        board.seen(1, "QS")
    assert board.timed == [] and board.played_out == 1


def test_a_refusal_after_the_others_saw_the_card_takes_its_time_back() -> None:
    # The table played the card itself (the hand's end) while the person's was on
    # its way: the others saw it first, then the person's card was refused.
    board = Board()
    board.played(2, "AH")
    for who in ("P1", "P2", "P3"):
        board.seen(2, "AH", who)
    assert len(board.timed) == 1
    board.refused(2, "AH", "not-your-turn")
    assert board.timed == [] and board.played_out == 1
    board.seen(2, "AH", "P0")  # a late seer changes nothing
    assert board.played_out == 1


def test_the_cards_the_table_plays_out_are_counted_once_each() -> None:
    board = Board()
    for card in ("2C", "3C"):
        for who in ("P0", "P1", "P2", "P3"):
            board.seen(5, card, who)
    assert board.played_out == 2 and board.timed == []


def test_a_card_is_timed_once_three_different_others_saw_it_and_says_who_was_last() -> None:
    board = Board(table="bench-7")
    board.played(3, "10D")
    board.seen(3, "10D", "P1")
    board.seen(3, "10D", "P1")  # the same person twice is one of the three
    board.seen(3, "10D", "P2", "change")
    assert board.timed == []
    board.seen(3, "10D", "P3", "state")
    (timed,) = board.timed
    assert (timed.table, timed.hand, timed.card, timed.last, timed.how) == \
        ("bench-7", 3, "10D", "P3", "state")
    assert timed.arrived - timed.sent == timed.seconds >= 0


def test_a_card_that_never_reaches_all_three_is_counted_unseen_two_hands_on() -> None:
    board = Board()
    board.played(1, "KS")
    board.seen(1, "KS", "P1")  # the other two were away
    board.played(2, "2C")
    assert board.unseen == 0 and board.pending(before=float("inf")) == 2
    board.played(3, "2C")
    assert board.unseen == 1 and set(board.sent) == {(2, "2C"), (3, "2C")}
    assert board.pending(before=0.0) == 0  # none sent before the clock's start


def test_begin_starts_every_count_again_and_times_only_the_cards_sent_since() -> None:
    board = Board()
    board.played(1, "QS")
    board.seen(1, "2C")
    board.refused(1, None, "press-deal")
    board.error("rate-limited")
    board.dropped("closed 1006")
    board.begin()
    assert (board.played_out, board.refusals, board.errors, board.drops) == (0, {}, {}, {})
    board.played(1, "KS")
    for who in ("P1", "P2", "P3"):
        board.seen(1, "QS", who)  # sent in the warm-up: not timed, and not played out
        board.seen(1, "KS", who)
    assert [t.card for t in board.timed] == ["KS"] and board.played_out == 0


# --- the benchmark's person: one card a turn, only on its turn ---


class _Socket:
    """What a person writes, kept (a WebSocket that never closes)."""

    closed = False

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_str(self, text: str) -> None:
        self.sent.append(json.loads(text))


def _person(board: Board) -> tuple[_Person, _Socket]:
    person = _Person("ws://unused", "bench-0", "P0", False, board, 0.0, random.Random(1))
    socket = _Socket()
    person.ws = socket  # type: ignore[assignment]
    return person, socket


def _state(seq: int, stage: str, played: list[str], legal: list[str]) -> dict[str, Any]:
    return {"type": "state", "seq": seq, "state": {
        "stage": stage, "hand_number": 1, "view": {"played": played}, "legal": legal,
        "passable": [], "actions": ["play"] if legal else [], "match_over": False}}


async def _settle() -> None:
    for _step in range(5):
        await asyncio.sleep(0)


TRICK = ["2C", "3C", "4C", "5C"]


def test_a_new_matchs_cards_are_seen_though_its_hands_are_numbered_again() -> None:
    # hand 1 of the next match plays cards hand 1 of the last one played
    board = Board()
    person, _socket = _person(board)
    for seq, number in enumerate((1, 2, 3, 1), start=1):
        person.got({"type": "state", "seq": seq, "state": {
            "stage": "playing", "hand_number": number, "view": {"played": ["2C"]},
            "legal": [], "passable": [], "actions": [], "match_over": False}})
    assert board.played_out == 4  # each seen once a hand (nobody sent them)


async def test_every_person_asks_for_a_new_match_once_one_is_over() -> None:
    # A table of several people deals a new match once all of them have asked
    # (the rematch): a person who deals no hand still asks, once.
    person, socket = _person(Board())
    idle = {"stage": "idle", "hand_number": 9, "view": {"played": []}, "legal": [],
            "passable": [], "actions": ["deal", "scores"], "match_over": False}
    person.got({"type": "state", "seq": 1, "state": idle})
    await _settle()
    assert socket.sent == []  # between hands the dealer deals, not this person
    person.got({"type": "state", "seq": 2, "state": {**idle, "match_over": True}})
    person.got({"type": "state", "seq": 3, "state": {**idle, "match_over": True}})
    await _settle()
    assert socket.sent == [{"type": "deal"}]


async def test_the_same_turn_in_two_states_sends_one_card() -> None:
    # The trick on show, then play going on: one turn, so one card.
    person, socket = _person(Board())
    person.got(_state(1, "trick", TRICK, ["2H", "3H"]))
    person.got({"type": "change", "seq": 2, "base": 1, "set": [[["stage"], "playing"]]})
    await _settle()
    assert [m["type"] for m in socket.sent] == ["play"]
    assert socket.sent[0]["card"] in ("2H", "3H") and person.pending == (1, socket.sent[0]["card"])


async def test_a_turn_that_passed_while_thinking_sends_nothing() -> None:
    board = Board()
    person, socket = _person(board)
    person.got(_state(1, "playing", TRICK, ["2H"]))
    # before the person is done thinking the table moves on (the rest played out)
    person.got(_state(2, "playing", [*TRICK, "2H", "6C", "7C", "8C"], []))
    await _settle()
    assert socket.sent == [] and board.sent == {}


async def test_a_refused_card_is_forgotten_and_the_turn_asked_again() -> None:
    board = Board()
    person, socket = _person(board)
    person.got(_state(1, "playing", TRICK, ["2H"]))
    await _settle()
    assert [(m["type"], m["card"]) for m in socket.sent] == [("play", "2H")]
    person.got({"type": "notice", "notice": {"kind": "refused",
                                             "refusal": {"reason": "not-your-turn"}}})
    await _settle()
    assert board.refusals == {"not-your-turn": 1}
    assert person.pending == (1, "2H") and len(socket.sent) == 2  # still its turn: again
    person.got({"type": "error", "code": "rate-limited", "message": "slow down"})
    assert board.errors == {"rate-limited": 1}


async def test_coming_back_while_thinking_sends_one_card() -> None:
    person, socket = _person(Board())
    person.got(_state(1, "playing", TRICK, ["2H", "3H"]))
    person.got({"type": "welcome", "token": "t"})  # the line dropped and came back
    person.got(_state(1, "playing", TRICK, ["2H", "3H"]))
    await _settle()
    assert [m["type"] for m in socket.sent] == ["play"] and person.token == "t"


async def test_a_change_out_of_order_asks_for_the_whole_state_once() -> None:
    person, socket = _person(Board())
    person.got(_state(1, "playing", TRICK, []))
    for seq in (5, 6, 7):
        person.got({"type": "change", "seq": seq, "base": seq - 1, "set": []})
    await _settle()
    assert socket.sent == [{"type": "sync"}]


# --- the figures ---


def test_the_worst_card_names_its_cause() -> None:
    card = Timed(0.8, 100.0, 100.8, "bench-3", 2, "QS", "P2", "change")
    assert "server's event loop stalled" in _cause(card, [(100.7, 0.6)], [])
    assert "people's process stalled" in _cause(card, [(100.7, 0.01)], [(100.5, 0.5)])
    late_after = _cause(card, [(102.0, 0.6)], [])  # a stall that began after it arrived
    assert "stalled" not in late_after and "up to 0 ms (the server's)" in late_after
    assert "whole state" in _cause(card._replace(how="state"), [], [])
    # with the server's clock on the message: where the time went
    inside = _cause(card._replace(built=0.7), [], [])
    assert inside.startswith("held in the server: 700 ms until the server built the change")
    assert "100 ms from then" in inside
    assert "on its way to P2" in _cause(card._replace(built=0.1), [], [])


def test_a_card_knows_how_long_the_server_took_to_build_what_showed_it() -> None:
    board = Board()
    board.played(1, "QS")
    sent = board.sent[1, "QS"][2]  # the wall clock at its sending
    board.seen(1, "QS", "P1", "change", sent + 0.25)
    board.seen(1, "QS", "P2", "change", sent + 0.5)
    board.seen(1, "QS", "P3", "change", sent + 0.75)
    assert board.timed[0].built == pytest.approx(0.75)


def test_quantiles_take_the_nearest_rank() -> None:
    values = [float(n) for n in range(1000)]
    assert (_quantile(values, 0.5), _quantile(values, 0.999), _quantile(values, 1.0)) == \
        (500.0, 999.0, 999.0)
