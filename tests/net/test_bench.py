"""The load benchmark's figures, on a small run (its timing is reported, never asserted)."""

from __future__ import annotations

from hearts.net.bench import run
from hearts.net.scripted import Board


def test_a_card_is_timed_until_all_three_others_have_seen_it() -> None:
    board = Board()
    board.played(1, "QS")
    board.seen(1, "QS")
    board.seen(1, "QS")
    assert board.spread == []
    board.seen(1, "QS")
    assert len(board.spread) == 1 and board.spread[0] >= 0
    board.seen(1, "2C")  # a card nobody timed changes nothing
    assert len(board.spread) == 1 and not board.sent


def test_two_tables_play_in_processes_of_their_own_and_are_measured() -> None:
    # A smoke run: a server process and a process of people, a short measurement.
    figures = run(2, pace=0.05, seconds=2.0, warmup=2.0, clients=1)
    assert figures.people == 8 and figures.cards > 10
    assert 0 <= figures.median_ms <= figures.p95_ms <= figures.worst_ms
    assert figures.cpu_ms_per_card > 0 and figures.kib_per_table_open > 0
    assert len(figures.lines()) == 4 and figures.redraw_ms_per_card > 0
