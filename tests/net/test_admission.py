"""No one can lock the room: connections that never join are capped by address,
by network and in total (the oldest gives way to a new one), a person with a
seat's token always gets in, and wrong codes are slowed by address, by network
and in total with their log bounded. Raw clients from many loopback addresses
(Linux routes all of 127.0.0.0/8 to this machine)."""

from __future__ import annotations

import asyncio
import json
import logging
from contextlib import AsyncExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from hearts.net.admission.limits import Guesses, Waiting, network_of
from hearts.net.clock import InlineExecutor, loop_clock, run_virtual
from hearts.net.server import Limits
from hearts.net.wire import messages as msg
from hearts.net.wire.errors import ErrorCode
from tests.net.helpers import QUICK, running_server, until

_INLINE = InlineExecutor()


def _virtual_time() -> float:
    """The running loop's clock (virtual under :func:`run_virtual`)."""
    return asyncio.get_running_loop().time()


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_network_of_an_address() -> None:
    assert network_of("10.1.2.3") == "10.1.2.0/24"
    assert network_of("2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64"
    assert network_of("::ffff:10.1.2.3") == "10.1.2.0/24"
    assert network_of("fe80::1%eth0") == "fe80::/64"
    assert network_of("?") == "?"


def test_waiting_connections_give_way_oldest_first_by_address_network_and_total() -> None:
    waiting = Waiting(per_address=2, per_network=3, total=4)
    assert waiting.admit("a1", "10.0.0.1") == []
    assert waiting.admit("a2", "10.0.0.1") == []
    assert waiting.admit("a3", "10.0.0.1") == ["a1"]  # the address's oldest
    assert waiting.admit("b1", "10.0.0.2") == []
    assert waiting.admit("c1", "10.0.0.3") == ["a2"]  # the network's oldest
    assert waiting.admit("x1", "10.9.0.1") == []
    assert waiting.admit("y1", "10.8.0.1") == ["a3"]  # in all: the busiest network's
    assert len(waiting) == 4
    waiting.left("b1")  # joined
    assert "b1" not in waiting and len(waiting) == 3
    assert waiting.make_room() == "c1"


def test_wrong_codes_are_slowed_by_network_and_in_total() -> None:
    clock = Clock()
    guesses = Guesses(first=0.5, longest=4.0, forget=60.0, clock=clock, network_free=3,
                      total_rate=10.0)
    # one wrong code each from many addresses of one network: the first three
    # wait only their own address's time, then the network's grows
    waits = [guesses.wrong(f"10.0.0.{n}")[1] for n in range(1, 7)]
    assert waits[:3] == [0.5, 0.5, 0.5]
    assert waits[3] >= 0.5 and waits[4] > waits[3] and waits[5] > waits[4]
    # another network is not slowed by that one's count, only by the total rate
    other = guesses.wrong("10.0.1.1")[1]
    assert other == pytest.approx(0.7) and other < waits[5]  # the seventh refusal in all
    clock.now += 100
    # in total: at most ten refusals a second, from anywhere
    waits = [guesses.wrong(f"10.{n}.0.1")[1] for n in range(30)]
    assert waits[-1] >= 2.9
    clock.now += 1000
    guesses.prune()
    assert len(guesses) == 0  # forgiven and forgotten


async def _idle(session: aiohttp.ClientSession, url: str) -> aiohttp.ClientWebSocketResponse:
    return await session.ws_connect(url)


def _session(address: str) -> aiohttp.ClientSession:
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0)))


async def _join(session: aiohttp.ClientSession, url: str, name: str,
                token: str | None = None) -> dict[str, Any]:
    async with session.ws_connect(url) as ws:
        await ws.send_str(json.dumps(msg.client_json(msg.Join("code-1", name, token))))
        answer: dict[str, Any] = json.loads((await ws.receive(timeout=10)).data)
        return answer


@pytest.mark.slow
async def test_idle_connections_from_one_address_or_network_lock_nobody_out(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    # the server's own limit is 40 connections for its table, as a host sets it
    limits = Limits(messages_per_second=1e6, message_burst=1e6, max_connections=40)
    async with running_server(tmp_path, replace(QUICK, people=2), limits=limits) as (
            server, url), AsyncExitStack() as stack:
        ann = await stack.enter_async_context(_session("127.0.1.1"))
        welcome = await _join(ann, url, "Ann")
        assert welcome["type"] == "welcome"
        token = welcome["token"]
        # 45 idle connections from one address, then 60 from 60 addresses of a network
        held = []
        one = await stack.enter_async_context(_session("127.0.0.2"))
        for _ in range(45):
            held.append(await _idle(one, url))
        for n in range(60):
            many = await stack.enter_async_context(_session(f"127.0.0.{n + 3}"))
            held.append(await _idle(many, url))
        await until(lambda: len(server.waiting) <= limits.waiting_per_network)
        assert len(server.connections) <= server.max_connections
        # a new person and Ann with her seat's token both get in, at once
        bob = await stack.enter_async_context(_session("127.0.2.1"))
        assert (await _join(bob, url, "Bob"))["type"] == "welcome"
        back = await _join(ann, url, "Ann", token)
        assert back["type"] == "welcome" and back["seat"] == "south"
        # the oldest idle connections were told why they were let go
        first = await held[0].receive(timeout=10)
        assert json.loads(first.data)["code"] == ErrorCode.SERVER_FULL.value
        for ws in held:
            await ws.close()
    assert any("let one go to make room" in r.getMessage() for r in caplog.records)


def test_wrong_codes_from_many_addresses_are_one_line_every_few_seconds(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    # on the virtual clock: 30 s of guessing in a moment, whatever the machine's speed
    caplog.set_level(logging.WARNING, "hearts.net")
    loop_time = _virtual_time

    async def guess(url: str, address: str, until_time: float) -> int:
        tries = 0
        async with _session(address) as session, session.ws_connect(url) as ws:
            while loop_time() < until_time and not ws.closed:
                await ws.send_str(json.dumps(msg.client_json(msg.Join("guess", "Eve"))))
                reply = await ws.receive(timeout=30)
                if reply.type is not aiohttp.WSMsgType.TEXT:
                    break
                tries += 1
                if json.loads(reply.data).get("code") != ErrorCode.BAD_CODE.value:
                    break
        return tries

    async def main() -> tuple[list[int], float]:
        async with running_server(tmp_path, executor=_INLINE, writer=_INLINE) as (server, url):
            server.guesses = Guesses(first=0.5, longest=2.5, network_free=4, total_rate=2.0,
                                     clock=loop_clock)
            start = loop_time()
            tries = await asyncio.gather(*(guess(url, f"127.0.3.{n + 1}", start + 30.0)
                                           for n in range(20)))
            return list(tries), loop_time() - start
    tries, spent = run_virtual(main)
    assert spent >= 30
    lines = [r.getMessage() for r in caplog.records if "Wrong table code" in r.getMessage()]
    assert sum(tries) <= 2.0 * spent + 20  # the total rate, and one each in flight
    assert 1 <= len(lines) <= 1 + spent / 5, lines
    assert len(lines) >= 30 / 5  # one every 5 s while they keep guessing
    assert "from 20 addresses" in lines[1]  # the first held back: all of them at once
