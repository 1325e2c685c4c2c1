"""What the sockets alone cost the table server a card: the floor under its CPU.

A bare aiohttp server shaped like the table server's card path and nothing else:
four WebSocket connections a table, a frame in from the seat that plays (a
card's command, 30 bytes), and a frame of ``--bytes`` out to each of the four
(a change, written at once as the table server writes it), with the same
heartbeat. No table, no states, no saves. The server runs pinned to one
processor and the people to the other, in a few processes of many connections
each, a card every ``--pace`` seconds a table, as ``hearts.net.bench`` does.

    .venv/bin/python lab/tools/socket_floor.py --tables 1000 --seconds 30

prints the server's CPU a card (user and system, from /proc) and the share of
one core; with ``--no-send`` the server reads the cards and sends nothing (the
read's share alone). The issue's aim of 0.25 ms a card is for the whole server:
what this measures comes before any of the game's own work.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import resource
import sys
import time
from collections.abc import Awaitable, Callable, Coroutine
from functools import partial
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

HEARTBEAT = 10.0  # hearts.net.wire.messages.HEARTBEAT_SECONDS


def _cpu_seconds(pid: int) -> tuple[float, float]:
    """A process's CPU time so far: user and system, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def _more_files() -> None:
    with contextlib.suppress(ValueError, OSError):
        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def _pin(cpu: int) -> None:
    with contextlib.suppress(OSError, AttributeError):
        os.sched_setaffinity(0, {cpu})


# --- the server ------------------------------------------------------------------


def _serve(parent: Connection, out_bytes: int, send: bool, heartbeat: float | None,
           raw: bool) -> None:
    _pin(0)
    _more_files()
    if raw:
        asyncio.run(_serving_raw(parent, out_bytes, send))
    else:
        asyncio.run(_serving(parent, out_bytes, send, heartbeat))


async def _answer(parent: Connection, counted: list[int]) -> None:
    """Tell the parent the cards counted until it says stop."""
    loop = asyncio.get_running_loop()
    while await loop.run_in_executor(None, parent.recv) == "count":
        parent.send(counted[0])


async def _serving_raw(parent: Connection, out_bytes: int, send: bool) -> None:
    """The same with no WebSocket and no aiohttp: asyncio's own transports, a
    line a frame (what CPython's loop costs before any library)."""
    tables: dict[bytes, list[asyncio.Transport]] = {}
    counted = [0]
    padding = b"x" * max(0, out_bytes - 60)

    class Seat(asyncio.Protocol):
        def __init__(self) -> None:
            self.transport: asyncio.Transport | None = None
            self.seats: list[asyncio.Transport] | None = None
            self.buffer = b""

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            assert isinstance(transport, asyncio.Transport)
            self.transport = transport

        def data_received(self, data: bytes) -> None:
            *lines, self.buffer = (self.buffer + data).split(b"\n")
            for line in lines:
                if self.seats is None:  # the first line names the table
                    self.seats = tables.setdefault(line, [])
                    assert self.transport is not None
                    self.seats.append(self.transport)
                    continue
                counted[0] += 1
                if send:
                    card = json.loads(line)["card"]
                    text = json.dumps({"type": "change", "card": card,
                                       "pad": padding.decode()}).encode() + b"\n"
                    for other in self.seats:
                        other.write(text)

    server = await asyncio.get_running_loop().create_server(Seat, "127.0.0.1", 0,
                                                             backlog=4096)
    parent.send(server.sockets[0].getsockname()[1])
    await _answer(parent, counted)
    server.close()


async def _serving(parent: Connection, out_bytes: int, send: bool,
                   heartbeat: float | None) -> None:
    tables: dict[str, list[web.WebSocketResponse]] = {}
    counted = [0]
    padding = "x" * max(0, out_bytes - 60)

    def write_now(ws: web.WebSocketResponse, text: str) -> None:
        sending = ws.send_str(text)  # as hearts.net.server._write_now: no wait
        try:
            sending.send(None)
        except StopIteration:
            return
        except (ConnectionError, RuntimeError):
            return
        sending.close()

    async def socket(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=64 * 1024, heartbeat=heartbeat)
        await ws.prepare(request)
        seats = tables.setdefault(request.match_info["table"], [])
        seats.append(ws)
        try:
            async for frame in ws:
                if frame.type is not aiohttp.WSMsgType.TEXT:
                    continue
                counted[0] += 1
                if send:
                    card = json.loads(frame.data)["card"]
                    text = json.dumps({"type": "change", "card": card, "pad": padding})
                    for other in seats:
                        write_now(other, text)
        finally:
            seats.remove(ws)
        return ws

    app = web.Application()
    app.router.add_get("/t/{table}/ws", socket)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0, backlog=4096)
    await site.start()
    server = site._server
    assert isinstance(server, asyncio.Server)
    port = server.sockets[0].getsockname()[1]
    parent.send(port)
    await _answer(parent, counted)
    await runner.cleanup()


# --- the people ------------------------------------------------------------------


def _people(port: int, first: int, count: int, pace: float, heartbeat: float | None,
            raw: bool, parent: Connection) -> None:
    _pin(1)
    _more_files()
    if raw:
        asyncio.run(_playing_raw(port, first, count, pace, parent))
    else:
        asyncio.run(_playing(port, first, count, pace, heartbeat, parent))


_CARD = '{"type":"play","card":"QS"}'
"""A card's command, as a person's client sends it."""

Send = Callable[[], Awaitable[object]]
"""Sends a card's command on one connection."""


async def _play_until_stopped(tables: list[list[Send]], reads: list[Coroutine[Any, Any, None]],
                              pace: float, parent: Connection) -> None:
    """Read every connection and play a card every ``pace`` seconds a table, seat
    after seat, until the parent says stop."""
    readers = [asyncio.create_task(read) for read in reads]
    parent.send("ready")

    async def play(seats: list[Send]) -> None:
        await asyncio.sleep(random.uniform(0, pace))
        turn = 0
        while True:
            await seats[turn]()
            turn = (turn + 1) % 4
            await asyncio.sleep(pace)

    players = [asyncio.create_task(play(seats)) for seats in tables]
    await asyncio.get_running_loop().run_in_executor(None, parent.recv)
    for task in players + readers:
        task.cancel()


def _line_sender(writer: asyncio.StreamWriter) -> Send:
    async def send() -> None:
        writer.write(_CARD.encode() + b"\n")
    return send


async def _playing_raw(port: int, first: int, count: int, pace: float,
                       parent: Connection) -> None:
    sockets: list[list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]] = []
    for table in range(first, first + count):
        seats = []
        for _ in range(4):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"{table}\n".encode())
            seats.append((reader, writer))
        sockets.append(seats)

    async def read(reader: asyncio.StreamReader) -> None:
        while await reader.read(65536):
            pass

    await _play_until_stopped([[_line_sender(w) for _r, w in seats] for seats in sockets],
                              [read(r) for seats in sockets for r, _w in seats], pace, parent)
    for seats in sockets:
        for _r, writer in seats:
            writer.close()


async def _playing(port: int, first: int, count: int, pace: float, heartbeat: float | None,
                   parent: Connection) -> None:
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        sockets = [
            [await session.ws_connect(f"http://127.0.0.1:{port}/t/{table}/ws",
                                      heartbeat=heartbeat) for _ in range(4)]
            for table in range(first, first + count)]

        async def read(ws: aiohttp.ClientWebSocketResponse) -> None:
            async for _frame in ws:
                pass

        await _play_until_stopped([[partial(ws.send_str, _CARD) for ws in seats]
                                   for seats in sockets],
                                  [read(ws) for seats in sockets for ws in seats], pace, parent)
        for seats in sockets:
            for ws in seats:
                await ws.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--pace", type=float, default=2.0)
    parser.add_argument("--bytes", type=int, default=320, dest="out_bytes")
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--no-send", action="store_true")
    parser.add_argument("--no-heartbeat", action="store_true")
    parser.add_argument("--raw", action="store_true",
                        help="asyncio's own transports, a line a frame: no aiohttp")
    args = parser.parse_args(argv)
    send = not args.no_send
    heartbeat = None if args.no_heartbeat or args.raw else HEARTBEAT
    spawn = multiprocessing.get_context("spawn")
    mine, theirs = spawn.Pipe()
    server = spawn.Process(target=_serve, args=(theirs, args.out_bytes, send, heartbeat, args.raw))
    server.start()
    port = mine.recv()
    pipes = []
    share = -(-args.tables // args.processes)
    for first in range(0, args.tables, share):
        a, b = spawn.Pipe()
        process = spawn.Process(target=_people, args=(
            port, first, min(share, args.tables - first), args.pace, heartbeat, args.raw, b))
        process.start()
        pipes.append((a, process))
    for pipe, _process in pipes:
        pipe.recv()
    time.sleep(min(10.0, args.pace * 3))  # every table at its pace
    assert server.pid is not None
    mine.send("count")
    cards0, cpu0, wall0 = mine.recv(), _cpu_seconds(server.pid), time.monotonic()
    time.sleep(args.seconds)
    mine.send("count")
    cards1, cpu1, wall1 = mine.recv(), _cpu_seconds(server.pid), time.monotonic()
    cards = cards1 - cards0
    user, system = cpu1[0] - cpu0[0], cpu1[1] - cpu0[1]
    cpu = user + system
    print(json.dumps({
        "tables": args.tables, "raw": args.raw, "send": send, "heartbeat": heartbeat,
        "bytes": args.out_bytes, "cards": cards,
        "cpu_ms_per_card": round(1000 * cpu / max(1, cards), 4),
        "system_share_of_cpu": round(system / max(cpu, 1e-9), 3),
        "cpu_share": round(cpu / (wall1 - wall0), 3),
        "load": os.getloadavg()[0]}))
    for pipe, process in pipes:
        pipe.send("stop")
        process.join(30)
    mine.send("stop")
    server.join(30)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
