"""The table server's times on a virtual clock: the grace before a computer
player stands in, the turn timer, the heartbeat that sees a silent client
gone, the join deadline and the rate limits, each tested in a moment of real
time and whatever the machine's speed (hearts.net.clock). The server runs
for real (sockets, aiohttp, the tables), its decisions and writes inline."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from hearts.cards import Seat
from hearts.net.clock import InlineExecutor, VirtualLoop, run_virtual
from hearts.net.server import Limits
from hearts.net.wire import messages as msg
from hearts.net.wire.errors import ErrorCode
from hearts.table import NoticeKind, Presence
from hearts.table import happenings as hp
from tests.net.helpers import QUICK, UNLIMITED, Scripted, running_server

_INLINE = InlineExecutor()

pytestmark = pytest.mark.timeout(120)


def _loop() -> VirtualLoop:
    loop = asyncio.get_running_loop()
    assert isinstance(loop, VirtualLoop)
    return loop


async def _until(condition: Any, seconds: float) -> None:
    """Wait (on the virtual clock) until ``condition()``, at most ``seconds``."""
    async with asyncio.timeout(seconds):
        while not condition():
            await asyncio.sleep(0.05)


def test_the_virtual_clock_jumps_over_idle_time() -> None:
    async def main() -> tuple[float, float]:
        loop = _loop()
        start, real = loop.time(), time.monotonic()
        await asyncio.sleep(3600)
        return loop.time() - start, time.monotonic() - real
    virtual, real = run_virtual(main)
    assert virtual >= 3600 and real < 2  # an hour in a moment


def test_grace_then_a_computer_player_stands_in(tmp_path: Path) -> None:
    async def main() -> None:
        config = replace(QUICK, people=2, grace=60.0)
        async with running_server(tmp_path, config, executor=_INLINE, writer=_INLINE) as (
                server, url):
            net = server.tables["t1"]
            ann = Scripted(url, "code-1", "Ann", deals=True)
            bob = Scripted(url, "code-1", "Bob")
            bob.playing = False  # Bob reads, and does nothing
            ann.start()
            bob.start()
            await _until(lambda: bob.states and bob.state.stage.value == "passing", 30)
            await bob.stop()
            dropped = _loop().time()
            await _until(lambda: net.holders[Seat.NORTH].outbox is None, 10)
            await asyncio.sleep(58)
            assert net.table.seating(Seat.NORTH).presence is Presence.AWAY  # waiting for Bob
            await _until(lambda: net.table.seating(Seat.NORTH).presence is Presence.STAND_IN, 5)
            waited = _loop().time() - dropped
            assert 59.9 <= waited < 62
            # Ann is told
            await _until(lambda: hp.StoodIn(Seat.NORTH, "Bob") in ann.happenings(), 5)
            await ann.stop()
    start = time.monotonic()
    run_virtual(main)
    assert time.monotonic() - start < 30  # a minute's grace, without waiting for it


def test_the_turn_timer_decides_for_a_person_who_takes_too_long(tmp_path: Path) -> None:
    async def main() -> None:
        config = replace(QUICK, people=2, turn_seconds=30.0)
        async with running_server(tmp_path, config, executor=_INLINE, writer=_INLINE) as (
                server, url):
            net = server.tables["t1"]
            ann = Scripted(url, "code-1", "Ann", deals=True)
            bob = Scripted(url, "code-1", "Bob")
            bob.playing = False  # Bob never chooses his pass
            ann.start()
            bob.start()
            await _until(lambda: bob.states and bob.state.stage.value == "passing", 30)
            asked = _loop().time()
            hand = net.table.hand
            assert hand is not None
            await asyncio.sleep(29)
            assert not hand.passed(Seat.NORTH)
            await _until(lambda: bool(hand.passed(Seat.NORTH)), 5)
            assert 29.9 <= _loop().time() - asked < 32
            await _until(lambda: NoticeKind.TIMED_OUT in [n.kind for n in ann.notices()], 5)
            await ann.stop()
            await bob.stop()
    run_virtual(main)


async def _messages(ws: aiohttp.ClientWebSocketResponse, seconds: float) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    async with asyncio.timeout(seconds):
        async for frame in ws:
            if frame.type is aiohttp.WSMsgType.TEXT:
                got.append(json.loads(frame.data))
    return got


def test_a_client_that_stops_answering_pings_is_seen_gone(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path, replace(QUICK, people=2), executor=_INLINE,
                                  writer=_INLINE) as (server, url), \
                aiohttp.ClientSession() as session, \
                session.ws_connect(url, autoping=False, heartbeat=None) as ws:
            net = server.tables["t1"]
            await ws.send_str(json.dumps(msg.client_json(msg.Join("code-1", "Eve"))))
            await _until(lambda: net.holders[Seat.SOUTH].outbox is not None, 10)
            joined = _loop().time()
            # Eve's client reads nothing and answers no ping
            await _until(lambda: net.holders[Seat.SOUTH].outbox is None, 60)
            gone = _loop().time() - joined
            # seen gone within one and a half heartbeats (and not before one)
            assert msg.HEARTBEAT_SECONDS <= gone <= 2 * msg.HEARTBEAT_SECONDS
    run_virtual(main)


def test_the_join_deadline_holds_whatever_else_comes(tmp_path: Path) -> None:
    async def main() -> None:
        limits = replace(UNLIMITED, join_seconds=30.0)
        async with running_server(tmp_path, limits=limits, executor=_INLINE,
                                  writer=_INLINE) as (_server, url), \
                aiohttp.ClientSession() as session, \
                session.ws_connect(url, autoping=False) as ws:
            start = _loop().time()

            async def noise() -> None:
                while not ws.closed:
                    await ws.ping()
                    await asyncio.sleep(1)
            pinging = asyncio.create_task(noise())
            got = await _messages(ws, 120)
            pinging.cancel()
            codes = [m["code"] for m in got if m["type"] == "error"]
            assert codes[-1] == ErrorCode.JOIN_TIMEOUT.value
            assert 29.9 <= _loop().time() - start < 32
    run_virtual(main)


def test_rate_limits_refill_with_the_clock(tmp_path: Path) -> None:
    async def main() -> None:
        limits = Limits(messages_per_second=5, message_burst=5, patience=100,
                        patience_per_second=5)
        async with running_server(tmp_path, replace(QUICK, people=2), limits=limits,
                                  executor=_INLINE, writer=_INLINE) as (_server, url), \
                aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
            await ws.send_str(json.dumps(msg.client_json(msg.Join("code-1", "Eve"))))
            use = '{"type":"play","card":"2C"}'

            async def burst(count: int) -> int:
                """Send ``count`` at once; how many were refused for their rate (the
                answers are read until none comes for a tenth of a second)."""
                for _ in range(count):
                    await ws.send_str(use)
                refused = 0
                try:
                    while True:
                        data = json.loads((await ws.receive(timeout=0.1)).data)
                        refused += data.get("code") == ErrorCode.RATE_LIMITED.value
                except TimeoutError:
                    return refused
            assert await burst(9) == 5  # the join and four: the burst of five, then none
            await asyncio.sleep(0.4)  # 2.5 tokens more with the tenth of a second above
            assert await burst(4) == 2
            await asyncio.sleep(10)  # full again, never more than the burst
            assert await burst(10) == 5
    run_virtual(main)
