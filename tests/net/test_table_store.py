"""A network table writes when the game moves, never for keys that change nothing,
and holds its store open only while it is in use."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from hearts.cards import Card, Seat
from hearts.net import messages as msg
from hearts.net import tables
from hearts.net.outbox import Outbox
from hearts.net.tables import NetTable
from tests.net.helpers import QUICK, until


async def test_refused_actions_write_nothing_and_the_game_writes_once_a_step(
        tmp_path: Path) -> None:
    loop = asyncio.get_running_loop()
    with ThreadPoolExecutor(1) as executor:
        net = NetTable.create("t1", tmp_path / "t1", QUICK, executor, code="c", seed=5)
        net.start(loop)
        ann = net.join("Ann", None, Outbox())
        net.act(ann, msg.Act(msg.ActKind.DEAL))
        await asyncio.sleep(0.05)
        hand = net.table.hand
        assert hand is not None
        before = net.saves
        foreign = next(c for c in Card.all() if c not in hand.holding(Seat.SOUTH))
        for _ in range(200):  # a flood of refusals: not a single write
            net.act(ann, msg.Act(msg.ActKind.USE, foreign))
            net.act(ann, msg.Act(msg.ActKind.PASS))  # nothing chosen yet
            net.act(ann, msg.Act(msg.ActKind.CONTINUE))
        assert net.saves == before
        mine = [c for c in hand.holding(Seat.SOUTH) if str(c) != "QS"][:3]
        for card in mine:
            net.act(ann, msg.Act(msg.ActKind.CHOOSE, card))
        assert net.saves == before + 3  # each card chosen is kept
        net.close()


async def test_an_idle_tables_store_is_closed_and_opened_again_when_needed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "IDLE_SECONDS", 0.05)
    loop = asyncio.get_running_loop()
    with ThreadPoolExecutor(1) as executor:
        net = NetTable.create("t1", tmp_path / "t1", QUICK, executor, code="c", seed=5)
        net.start(loop)
        await asyncio.sleep(0.2)
        assert not net.store_open  # started, nobody there: no open file
        ann = net.join("Ann", None, Outbox())
        net.act(ann, msg.Act(msg.ActKind.DEAL))
        await until(lambda: not net.writing)  # written off the event loop
        assert net.store_open
        await until(lambda: not net.store_open, 5)
        hand = net.table.hand
        assert hand is not None
        card = next(c for c in hand.holding(Seat.SOUTH) if str(c) != "QS")
        net.act(ann, msg.Act(msg.ActKind.CHOOSE, card))  # saved: opened again
        await until(lambda: not net.writing)
        assert net.store_open
        net.close()
        assert not net.store_open
    again = NetTable.load(tmp_path / "t1", None)
    again.start(asyncio.get_running_loop())
    assert again.table.desks[Seat.SOUTH].chosen == [card]  # nothing was lost
    again.close()
