"""A network table's decisions and pauses on their own (hearts.net.tables.loopwork):
each answer and each pause's end comes back as the table's event; a person's
time is shown as a deadline and never scaled; nothing comes back once closed."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

from hearts.ai import Player, make_player
from hearts.cards import Seat
from hearts.levels import Level
from hearts.net.tables.loopwork import LoopWork
from hearts.options import Options
from hearts.table import Computer, Decide, Table, Wait
from hearts.table import events as ev


def _a_decision() -> Decide:
    """A computer player's pass, as a table of four computer players asks it."""
    table = Table(Options(), 3, [Computer() for _ in Seat], Level.BEGINNER)
    effects = table.start() + table.handle(ev.Deal(Seat.SOUTH))
    return next(e for e in effects if isinstance(e, Decide))


async def test_a_decision_comes_back_as_the_tables_event() -> None:
    answers: list[ev.Event] = []
    with ThreadPoolExecutor(1) as executor:
        work = LoopWork(executor, make_player, answers.append, 1.0)
        work.loop = asyncio.get_running_loop()
        request = _a_decision()
        work.decide(request, None)
        while not answers:
            await asyncio.sleep(0.01)
    (answer,) = answers
    assert isinstance(answer, ev.Decided) and answer.token == request.token
    assert len(answer.cards) == 3 and answer.level is None and work.failures == 0


def _broken(level: Level, seed: int) -> Player:
    raise RuntimeError("no player today")


async def test_a_decision_that_raises_is_a_failure_told_to_the_table() -> None:
    answers: list[ev.Event] = []
    with ThreadPoolExecutor(1) as executor:
        work = LoopWork(executor, _broken, answers.append, 1.0)
        work.loop = asyncio.get_running_loop()
        work.decide(_a_decision(), None)
        while not answers:
            await asyncio.sleep(0.01)
    (answer,) = answers
    assert isinstance(answer, ev.Failed) and "no player today" in answer.error
    assert work.failures == 1


async def test_a_persons_time_is_a_deadline_and_never_scaled() -> None:
    answers: list[ev.Event] = []
    work = LoopWork(None, make_player, answers.append, 0.0)  # the table's pauses: none
    work.loop = asyncio.get_running_loop()
    work.wait(Wait(1, 30.0), lambda: ())  # a computer's pause, scaled to nothing
    work.wait(Wait(2, 0.2, scaled=False), lambda: ())  # a person's time
    assert set(work.deadlines) == {2} and work.deadlines[2] > time.time() + 0.1
    await asyncio.sleep(0.05)
    assert answers == [ev.Elapsed(1)]
    await asyncio.sleep(0.3)
    assert answers == [ev.Elapsed(1), ev.Elapsed(2)] and work.deadlines == {}
    assert work.timers == []


async def test_nothing_comes_back_once_closed() -> None:
    answers: list[ev.Event] = []
    work = LoopWork(None, make_player, answers.append, 1.0)
    work.loop = asyncio.get_running_loop()
    work.wait(Wait(1, 0.05), lambda: ())
    work.close()
    await asyncio.sleep(0.1)
    assert answers == [] and work.timers == []
