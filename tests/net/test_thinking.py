"""At a busy server the computer players think less: past a backlog of decisions a
process, the searching levels decide as Strong, then as Club; the hand's record
says so and still verifies."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

from hearts import Phase, Seat
from hearts.ai import Level
from hearts.net.tables.outbox import Outbox
from hearts.net.tables.table import NetTable
from hearts.net.tables.thinking import FULL, LIGHT, Thinkers
from hearts.table import events as ev
from hearts.verify import verify_record
from tests.net.helpers import QUICK, until

S = Seat.SOUTH


def test_the_level_falls_with_the_backlog_and_only_for_the_searching_levels() -> None:
    thinkers = Thinkers(processes=2)
    made = []
    for backlog in (0, int(2 * FULL) - 1, int(2 * FULL), int(2 * LIGHT) - 1, int(2 * LIGHT), 500):
        thinkers.backlog = backlog
        made.append((thinkers.level_for(Level.EXPERT), thinkers.level_for(Level.STRONG),
                     thinkers.level_for(Level.CLUB), thinkers.level_for(Level.BEGINNER)))
    E, St, C, B = Level.EXPERT, Level.STRONG, Level.CLUB, Level.BEGINNER
    assert made == [(E, St, C, B), (E, St, C, B), (St, St, C, B), (St, St, C, B),
                    (C, C, C, B), (C, C, C, B)]


def test_the_backlog_counts_decisions_in_and_out() -> None:
    thinkers = Thinkers(processes=1, full=1, light=2)
    assert [thinkers.start(Level.EXPERT) for _ in range(3)] == [
        Level.EXPERT, Level.STRONG, Level.CLUB]
    assert thinkers.backlog == 3 and thinkers.lighter == 2
    for _ in range(4):
        thinkers.finish()
    assert thinkers.backlog == 0  # never below nothing


async def test_a_busy_servers_table_records_the_lighter_level_and_the_hand_verifies(
        tmp_path: Path) -> None:
    config = replace(QUICK, people=1, level=Level.EXPERT)
    with ThreadPoolExecutor(1) as executor:
        net = NetTable.create("t1", tmp_path / "t1", config, executor, code="c", seed=3)
        net.thinkers = thinkers = Thinkers(processes=1, full=0, light=1e9)  # always busy
        net.start(asyncio.get_running_loop())
        ann = net.join("Ann", None, Outbox())
        net.act(ann, ev.Deal(S))
        table = net.table
        hand = table.hand
        assert hand is not None
        for _ in range(300):
            if hand.phase is Phase.OVER:
                break
            if hand.phase is Phase.PASSING and not table.passed(S):
                net.act(ann, ev.Pass(S, tuple(hand.passable(S)[:3])))
            elif table.to_play(S):
                net.act(ann, ev.Play(S, hand.legal_plays()[0]))
            await asyncio.sleep(0.01)
        await until(lambda: hand.phase is Phase.OVER)
        record = hand.to_record()
        assert {s.player for s in record.stand_ins} == {"strong"}
        assert len(record.stand_ins) == 3 + 39
        assert verify_record(record).verified
        await until(lambda: thinkers.backlog == 0)
        assert thinkers.made[Level.EXPERT, Level.STRONG] == 42
        net.close()
