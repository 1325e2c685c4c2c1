"""The load benchmark's figures, on a small run (its timing is reported, never asserted)."""

from __future__ import annotations

import os
import shutil

import pytest

from hearts.net.bench import run
from hearts.net.scripted import Board

_HAPROXY = shutil.which("haproxy") or ("/usr/sbin/haproxy"
                                       if os.path.exists("/usr/sbin/haproxy") else None)


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
    assert len(figures.lines()) == 5 and figures.redraw_ms_per_card > 0
    # both sides' loops were watched for lateness (a timer always wakes a bit late)
    assert figures.server_lag_p95_ms > 0 and figures.people_lag_p95_ms > 0


@pytest.mark.slow
@pytest.mark.skipif(_HAPROXY is None, reason="needs HAProxy (Debian: apt-get install haproxy)")
def test_tables_shared_by_two_server_processes_behind_haproxy_are_measured() -> None:
    # Four tables over two processes: every person reaches their table's owner
    # through the proxy (a table that nobody reached would time no card).
    figures = run(4, pace=0.05, seconds=2.0, warmup=2.0, clients=1, workers=2)
    assert figures.people == 16 and figures.cards > 20 and figures.workers == 2
    assert figures.cpu_ms_per_card > 0 and figures.proxy_cpu_share > 0
    assert "behind HAProxy" in figures.lines()[2]
