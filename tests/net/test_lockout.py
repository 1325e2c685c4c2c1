"""No stranger can lock the room: each attack of issue 63, by raw clients from
many loopback addresses against a real server, and then a person with a seat's
token and a newcomer are both seated within a few seconds. The attacks run on
the virtual clock where they wait (hearts.net.clock), so a refusal's delay of
minutes shows in a moment of real time."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from hearts.net.admission.limits import Guesses
from hearts.net.clock import InlineExecutor, run_virtual
from hearts.net.server import Limits
from hearts.net.wire import messages as msg
from hearts.net.wire.errors import ErrorCode
from tests.net.attacks import (
    guess_patiently,
    guess_wrong,
    join,
    seated_within,
    session_from,
    watch_many,
)
from tests.net.helpers import QUICK, running_server

_INLINE = InlineExecutor()

pytestmark = pytest.mark.timeout(120)

_PEOPLE = Limits()
"""The server's own limits, as a host runs it (no test's exceptions)."""

_SOON = 3.0
"""Seconds after an attack within which the token holder and the newcomer are in."""


async def test_wrong_codes_from_many_addresses_lock_nobody_out(tmp_path: Path) -> None:
    # on the real clock: a guess's wait must pass in real time while others guess
    config = replace(QUICK, people=4)
    async with running_server(tmp_path, config, limits=_PEOPLE) as (_server, url):
        ann = await join(url, "127.0.1.1", "Ann")
        assert ann["type"] == "welcome"
        # 60 addresses of one network, two connections each, guessing for 3
        # seconds: each waits for its answer, and reconnects when closed
        until = asyncio.get_running_loop().time() + 3.0
        attackers = [f"127.0.5.{n + 1}" for n in range(60)]
        tries = await asyncio.gather(*(guess_patiently(url, a, until, most=100)
                                       for a in attackers for _ in (1, 2)))
        # at once after the attack: Ann with her seat's token, and Bob, new
        (back, ann_took), (bob, bob_took) = await asyncio.gather(
            seated_within(url, "127.0.1.1", "Ann", ann["token"], _SOON),
            seated_within(url, "127.0.2.1", "Bob", None, _SOON))
    # the attack was real: at least one wrong code an address on average (about
    # 100 to 170 on a quiet machine; fewer under load, the waits growing alike)
    assert sum(tries) >= len(attackers)
    assert back["type"] == "welcome" and back["seat"] == "south", (back, ann_took)
    assert bob["type"] == "welcome", (bob, bob_took)
    assert ann_took < _SOON and bob_took < _SOON


def test_a_refused_guess_waits_boundedly_and_holds_no_place(tmp_path: Path) -> None:
    async def main() -> tuple[int, int, float]:
        async with running_server(tmp_path, limits=_PEOPLE, executor=_INLINE,
                                  writer=_INLINE) as (server, url):
            await asyncio.gather(*(guess_wrong(url, f"127.0.8.{n + 1}", 10)
                                   for n in range(30)))
            # every guesser went at once: none is still counted
            await asyncio.sleep(0.2)
            connections, waiting = len(server.connections), len(server.waiting)
            # a person who mistypes now is answered within the bounded wait
            start = asyncio.get_running_loop().time()
            answer = await join(url, "127.0.9.1", "Meg", code="c0de-1")
            took = asyncio.get_running_loop().time() - start
            assert answer["code"] == ErrorCode.BAD_CODE.value
        return connections, waiting, took

    connections, waiting, took = run_virtual(main)
    assert connections == 0 and waiting == 0
    assert took <= 30.5  # Guesses.reach: never minutes, however many guesses came first


def test_many_watchers_from_one_address_lock_nobody_out(tmp_path: Path) -> None:
    async def main() -> tuple[dict[str, int], dict[str, Any], dict[str, Any]]:
        config = replace(QUICK, people=4)
        codes = [f"code-{n}" for n in range(1, 5)]
        async with running_server(tmp_path, config, tables=4, codes=codes, limits=_PEOPLE,
                                  executor=_INLINE, writer=_INLINE) as (server, url):
            ann = await join(url, "127.0.1.1", "Ann")
            assert ann["type"] == "welcome"
            watch_codes = [table.watchers.code for table in server.tables.values()]
            held, session, answers = await watch_many(url, "127.0.7.1", watch_codes, 16)
            try:
                back, _ = await seated_within(url, "127.0.1.1", "Ann", ann["token"], _SOON)
                bob, _ = await seated_within(url, "127.0.2.1", "Bob", None, _SOON)
                # a watcher from elsewhere still gets in: the budget is the address's
                wes = await _watch_once(url, "127.0.3.1", watch_codes[0])
            finally:
                for ws in held:
                    await ws.close()
                await session.close()
        return answers, back, bob | {"wes": wes}

    answers, back, bob = run_virtual(main)
    assert answers.get("welcome", 0) == _PEOPLE.watchers_per_address, answers
    assert answers.get(ErrorCode.WATCHERS_FULL.value, 0) >= 60
    assert back["type"] == "welcome" and back["seat"] == "south", back
    assert bob["type"] == "welcome", bob
    assert bob["wes"] == "welcome"


async def _watch_once(url: str, address: str, code: str) -> str:
    async with session_from(address) as session, session.ws_connect(url) as ws:
        await ws.send_str(json.dumps(msg.client_json(msg.Watch(code, "Wes"))))
        reply = json.loads((await ws.receive(timeout=30)).data)
        return str(reply.get("code") or reply["type"])


async def _errors(ws: aiohttp.ClientWebSocketResponse, count: int) -> list[str]:
    """The codes of the next ``count`` errors (other messages skipped)."""
    codes: list[str] = []
    while len(codes) < count:
        data = json.loads((await ws.receive(timeout=30)).data)
        if data["type"] == "error":
            codes.append(data["code"])
    return codes


async def test_reviews_and_hints_are_limited_a_seat_across_reconnects(tmp_path: Path) -> None:
    limits = replace(_PEOPLE, hint_seconds=60.0, hint_burst=3.0)
    asks = [msg.AskReview(), msg.AskReview(), msg.AskReview(), msg.AskReview()]
    async with running_server(tmp_path, replace(QUICK, people=1), limits=limits) as (
            _server, url), session_from("127.0.1.1") as session:
        token = None
        rate_limited = []
        for _connection in range(3):  # Ann asks, goes, and comes back with her token
            async with session.ws_connect(url) as ws:
                await ws.send_str(json.dumps(msg.client_json(msg.Join("code-1", "Ann", token))))
                welcome = json.loads((await ws.receive(timeout=30)).data)
                assert welcome["type"] == "welcome"
                token = welcome["token"]
                for ask in asks:
                    await ws.send_str(json.dumps(msg.client_json(ask)))
                codes = await _errors(ws, len(asks))
                rate_limited.append(codes.count(ErrorCode.RATE_LIMITED.value))
        # the first connection: three taken (no hand over yet), one refused; each
        # connection after it: none taken, the seat's budget is spent
        assert rate_limited == [1, 4, 4]
        # a hint shares the seat's budget
        async with session.ws_connect(url) as ws:
            await ws.send_str(json.dumps(msg.client_json(msg.Join("code-1", "Ann", token))))
            assert json.loads((await ws.receive(timeout=30)).data)["type"] == "welcome"
            await ws.send_str(json.dumps({"type": "hint", "version": msg.NETWORK_VERSION}))
            assert await _errors(ws, 1) == [ErrorCode.RATE_LIMITED.value]


def test_no_wrong_code_waits_past_the_reach_however_many_came_first() -> None:
    now = [100.0]
    guesses = Guesses(clock=lambda: now[0])  # the server's own figures
    # 5 s of 2,000 guesses from 200 addresses of one network, none answered yet
    waits = []
    for n in range(2000):
        now[0] = 100.0 + n * 0.0025
        waits.append(guesses.wrong(f"10.0.0.{n % 200}")[1])
    assert guesses.reach == 30.0 and max(waits) <= 30.0 + 1e-9
    # a person who mistypes just after, from elsewhere, waits no longer either
    assert guesses.wrong("192.0.2.7")[1] <= 30.0 + 1e-9
    # and a minute later the queue is behind: one from a fresh address waits a moment
    now[0] += 60.0
    assert guesses.wrong("198.51.100.9")[1] <= 0.25 + 1e-9


def test_watchers_from_many_addresses_leave_room_to_join(tmp_path: Path) -> None:
    # a host's small limit: 30 connections for 2 tables leave 14 for watchers
    # (30, less 8 seats, less 8 kept for people joining)
    limits = replace(_PEOPLE, max_connections=30)

    async def main() -> tuple[dict[str, int], dict[str, Any], dict[str, Any], int]:
        async with running_server(tmp_path, QUICK, tables=2, limits=limits, executor=_INLINE,
                                  writer=_INLINE) as (server, url):
            ann = await join(url, "127.0.1.1", "Ann")
            watch_codes = [table.watchers.code for table in server.tables.values()]
            answers: dict[str, int] = {}
            clients = []
            for n in range(5):  # 5 addresses, 4 watchers each, at both tables
                held, client, got = await watch_many(url, f"127.0.7.{n + 1}", watch_codes, 2)
                clients.append((held, client))
                for kind, count in got.items():
                    answers[kind] = answers.get(kind, 0) + count
            try:
                back, _ = await seated_within(url, "127.0.1.1", "Ann", ann["token"], _SOON)
                bob, _ = await seated_within(url, "127.0.2.1", "Bob", None, _SOON)
                budget = server.watcher_budget
            finally:
                for held, client in clients:
                    for ws in held:
                        await ws.close()
                    await client.close()
        return answers, back, bob, budget

    answers, back, bob, budget = run_virtual(main)
    assert budget == 14
    assert answers == {"welcome": 14, ErrorCode.WATCHERS_FULL.value: 6}, answers
    assert back["type"] == "welcome" and bob["type"] == "welcome", (back, bob)
