"""A network table writes when the game moves, never for keys that change nothing,
and holds its store open only while it is in use."""

from __future__ import annotations

import asyncio
import gc
import weakref
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest

from hearts.cards import Card, Seat
from hearts.net.clock import InlineExecutor, run_virtual
from hearts.net.tables import files
from hearts.net.tables.outbox import Outbox
from hearts.net.tables.table import NetTable
from hearts.table import Presence
from hearts.table import events as ev
from tests.net.helpers import QUICK, until

S = Seat.SOUTH


async def test_refused_actions_write_nothing_and_the_game_writes_once_a_step(
        tmp_path: Path) -> None:
    loop = asyncio.get_running_loop()
    with ThreadPoolExecutor(1) as executor:
        net = NetTable.create("t1", tmp_path / "t1", QUICK, executor, code="c", seed=5)
        net.start(loop)
        ann = net.join("Ann", None, Outbox())
        net.act(ann, ev.Deal(S))
        await asyncio.sleep(0.05)
        hand = net.table.hand
        assert hand is not None
        before = net.saves
        foreign = next(c for c in Card.all() if c not in hand.holding(S))
        mine = tuple(c for c in hand.holding(S) if str(c) != "QS")[:3]
        for _ in range(200):  # a flood of refusals: not a single write
            net.act(ann, ev.Play(S, foreign))
            net.act(ann, ev.Pass(S, (*mine[:2], foreign)))
            net.act(ann, ev.Continue(S))
        assert net.saves == before
        net.act(ann, ev.Pass(S, mine))
        assert net.saves == before + 1  # the pass is kept
        net.close()


async def test_an_idle_tables_store_is_closed_and_opened_again_when_needed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "IDLE_SECONDS", 0.5)
    loop = asyncio.get_running_loop()
    with ThreadPoolExecutor(1) as executor:
        net = NetTable.create("t1", tmp_path / "t1", QUICK, executor, code="c", seed=5)
        net.start(loop)
        await until(lambda: not net.store_open, 5)  # started, nobody there: no open file
        ann = net.join("Ann", None, Outbox())
        net.act(ann, ev.Deal(S))
        await until(lambda: not net.writing)  # written off the event loop
        assert net.store_open
        await until(lambda: not net.store_open, 5)
        hand = net.table.hand
        assert hand is not None
        cards = tuple(c for c in hand.holding(S) if str(c) != "QS")[:3]
        net.act(ann, ev.Pass(S, cards))  # saved: opened again
        await until(lambda: not net.writing)
        assert net.store_open
        net.close()
        assert not net.store_open
    again = NetTable.load(tmp_path / "t1", None)
    again.start(asyncio.get_running_loop())
    again_hand = again.table.hand
    assert again_hand is not None and again_hand.passed(S) == cards  # nothing was lost
    again.close()


def _inline(net: NetTable) -> NetTable:
    """``net`` started on the running loop, its decisions and writes done inline."""
    net.writer = InlineExecutor()
    net.start(asyncio.get_running_loop())
    return net


def test_the_store_is_closed_a_whole_idle_time_after_its_last_save(tmp_path: Path) -> None:
    # one timer a table, moved on when it ends early: a save within the idle
    # time keeps the file open for a whole idle time after it (virtual clock)
    async def main() -> list[bool]:
        waits = replace(QUICK, grace=1e6)  # the free seats stay free: nothing else moves
        net = _inline(NetTable.create("t1", tmp_path / "t1", waits, InlineExecutor(),
                                      code="c", seed=5))
        ann = net.join("Ann", None, Outbox())
        net.act(ann, ev.Deal(S))  # saved at 0
        seen = [net.store_open]
        await asyncio.sleep(0.6 * files.IDLE_SECONDS)
        hand = net.table.hand
        assert hand is not None
        net.act(ann, ev.Pass(S, tuple(c for c in hand.holding(S) if str(c) != "QS")[:3]))
        seen.append(net.store_open)  # saved at 0.6
        await asyncio.sleep(0.6 * files.IDLE_SECONDS)
        seen.append(net.store_open)  # at 1.2: the first timer ended and moved on
        await asyncio.sleep(0.6 * files.IDLE_SECONDS)
        seen.append(net.store_open)  # at 1.8: idle since 0.6
        net.close()
        return seen
    assert run_virtual(main) == [True, True, True, False]


def test_a_wait_that_ends_is_freed_at_once_not_left_for_the_collector(
        tmp_path: Path) -> None:
    # A timer whose callback referred to the timer made a cycle at every wait:
    # garbage only the collector could free (4,500 of them in 30 s at 1,000 tables)
    async def main() -> tuple[int, int]:
        net = _inline(NetTable.create("t1", tmp_path / "t1", QUICK, InlineExecutor(),
                                      code="c", seed=5))
        net.join("Ann", None, Outbox())
        gc.disable()
        try:
            timers = [weakref.ref(timer) for timer in net.work.timers]
            await asyncio.sleep(QUICK.grace + 1)  # the free seats' graces end
            alive = sum(ref() is not None for ref in timers)
        finally:
            gc.enable()
        net.close()
        return len(timers), alive
    waits, alive = run_virtual(main)
    assert waits >= 3 and alive == 0


def test_a_seat_stood_in_for_before_a_restart_is_not_waited_for_again(
        tmp_path: Path) -> None:
    # After a restart, a seat whose grace was over (nobody came, or its person
    # left or stayed away) goes on with its computer player at once; a person who
    # was here is away from the restart on and has the grace time from then.
    folder = tmp_path / "t1"
    config = replace(QUICK, people=3, grace=60.0)

    async def main() -> tuple[dict[str, Presence], dict[str, Presence], Presence]:
        net = _inline(NetTable.create("t1", folder, config, InlineExecutor(), code="c", seed=5))
        ann = net.join("Ann", None, Outbox())
        bob = net.join("Bob", None, Outbox())
        free = next(h.seat for h in net.holders.values() if h.token is None)
        assert bob.outbox is not None
        net.dropped(bob, bob.outbox)  # Bob away, and not back within his minute
        await asyncio.sleep(61)
        names = {ann.seat: "ann", bob.seat: "bob", free: "free"}
        before = {names[s]: net.table.seating(s).presence for s in names}
        token = bob.token
        net.close()
        again = _inline(NetTable.load(folder, InlineExecutor()))
        after = {names[s]: again.table.seating(s).presence for s in names}
        again.join("Bob", token, Outbox())  # his seat is his again
        back = again.table.seating(bob.seat).presence
        again.close()
        return before, after, back
    before, after, back = run_virtual(main)
    assert before == {"ann": Presence.HERE, "bob": Presence.STAND_IN, "free": Presence.STAND_IN}
    assert after == {"ann": Presence.AWAY, "bob": Presence.STAND_IN, "free": Presence.STAND_IN}
    assert back is Presence.HERE


def test_a_seat_given_up_before_a_restart_is_not_waited_for_again(tmp_path: Path) -> None:
    folder = tmp_path / "t1"
    config = replace(QUICK, people=2, grace=60.0)

    async def main() -> tuple[Presence, Presence, Presence]:
        net = _inline(NetTable.create("t1", folder, config, InlineExecutor(), code="c", seed=5))
        ann = net.join("Ann", None, Outbox())
        bob = net.join("Bob", None, Outbox())
        net.leave(ann)  # Ann gives her seat up; the host frees Bob's
        net.free_seat(bob.seat)
        net.close()
        again = _inline(NetTable.load(folder, InlineExecutor()))
        after = (again.table.seating(ann.seat).presence,
                 again.table.seating(bob.seat).presence)
        cat = again.join("Cat", None, Outbox())  # a newcomer takes a seat stood in for
        taken = again.table.seating(cat.seat).presence
        again.close()
        return (*after, taken)
    assert run_virtual(main) == (Presence.STAND_IN, Presence.STAND_IN, Presence.HERE)
