"""Load benchmark of the table server: ``python -m hearts.net.bench``.

Measured the way a server is judged: the table server runs alone in a process
of its own (four people a table, no computer players), and the people are
scripted clients (:class:`~hearts.net.scripted.Scripted`, a Beginner's
choices, over real WebSocket connections) in other processes, each process
holding the four people of some tables. The tables play at a person's pace:
each person thinks ``--pace`` seconds before a card (2 s by default, so a
table plays one card every two seconds; 0 plays as fast as the machine goes),
and the tables start at moments spread over one pace so they do not play in
step.

Once every person is seated and a warm-up of three paces has passed, for
``--seconds`` the benchmark measures the time from a
person sending a card until the last of the three others at the table has the
state that shows it (its median, 95th percentile and worst), the server
process's CPU time divided by the cards played, and the server's memory a
table (its resident size from ``/proc``, so Linux only: once the tables are
open, and while every seat is connected and playing). ``--tables`` may list
several counts (``--tables 100,250,500,1000``), run one after the other; the
largest that kept the 95th percentile within ``--target`` milliseconds is
reported as what one server process holds.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from aiohttp import web

from hearts.ai import Level
from hearts.net.scripted import Board, Scripted
from hearts.net.server import Limits, TableServer
from hearts.net.tables import TableConfig

__all__ = ["Figures", "main", "run"]

_CONFIG = TableConfig(people=4, level=Level.BEGINNER, grace=600.0, delay_scale=0.0)
"""Four people a table, no pauses of the table's own: the people set the pace."""

_MAX_TABLES = 5000

_SEATING_SECONDS = 300.0
"""How long the people may take to connect and sit down before the measurement."""


@dataclass(frozen=True)
class Figures:
    """What one run measured."""

    tables: int
    pace: float
    seconds: float
    """How long the measurement lasted."""
    people: int
    """People connected when the measurement began."""
    cards: int
    """Cards whose arrival at the three others was timed during the measurement."""
    median_ms: float
    p95_ms: float
    worst_ms: float
    """From a card sent until the last of the three others at the table saw it."""
    cpu_ms_per_card: float
    """The server process's CPU time (user and system) during the measurement, per card."""
    cpu_share: float
    """The server's CPU time over the measurement's wall time (1.0: one core busy)."""
    kib_per_table_open: float
    """The server's resident memory once the tables are open, per table (less the
    server's own before opening them)."""
    kib_per_table_playing: float
    """The same while every seat is connected and playing."""
    people_cpu_share: float
    """The people's processes' CPU time over the wall time, all together."""
    load: float
    """The machine's load average over the last minute, at the end (other work
    on the machine takes CPU from the server and the people alike)."""

    def lines(self) -> list[str]:
        """The figures in words."""
        return [
            f"{self.tables} tables x 4 people ({self.people} connected), a card every "
            f"{self.pace:g} s a table: {self.cards} cards timed in {self.seconds:.0f} s",
            f"  a card until the other three people all see it: median {self.median_ms:.1f} "
            f"ms, p95 {self.p95_ms:.1f} ms, worst {self.worst_ms:.1f} ms",
            f"  server CPU: {self.cpu_ms_per_card:.2f} ms a card "
            f"({self.cpu_share:.0%} of one core); the people's processes "
            f"{self.people_cpu_share:.0%} of one core; load average {self.load:.1f} on "
            f"{os.cpu_count()} cores",
            f"  server memory: {self.kib_per_table_open:.0f} KiB a table open, "
            f"{self.kib_per_table_playing:.0f} KiB a table with its people playing",
        ]


# --- the server's process ------------------------------------------------------------


def _rss_kib(pid: int) -> float:
    """A process's resident memory in KiB (Linux's /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return float(line.split()[1])
    raise OSError(f"no VmRSS for process {pid}")


def _cpu_seconds(pid: int) -> float:
    """A process's CPU time so far, user and system (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _serve(data_dir: str, tables: int, codes: list[str], parent: Connection) -> None:
    """The server's process: open the tables, listen, say where, serve until told."""
    asyncio.run(_serving(Path(data_dir), tables, codes, parent))


async def _serving(data_dir: Path, tables: int, codes: list[str], parent: Connection) -> None:
    empty = _rss_kib(os.getpid())
    limits = Limits(max_connections=8 * tables + 64)
    server = TableServer(data_dir, _CONFIG, tables, None, codes=codes, limits=limits)
    runner = server.runner()
    await runner.setup()  # opens the tables
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    parent.send({"port": runner.addresses[0][1], "empty_kib": empty,
                 "open_kib": _rss_kib(os.getpid())})
    await asyncio.get_running_loop().run_in_executor(None, parent.recv)
    await runner.cleanup()


# --- the people's processes ------------------------------------------------------------


@dataclass(frozen=True)
class _Plan:
    url: str
    codes: list[str]
    pace: float
    start: float
    """When the first table starts (time.time())."""


def _play(plan: _Plan, parent: Connection) -> None:
    """A process of people: play the tables of ``plan.codes``; say when everyone is
    seated, take the measurement's start and end, and report the times."""
    asyncio.run(_playing(plan, parent))


async def _playing(plan: _Plan, parent: Connection) -> None:
    loop = asyncio.get_running_loop()
    boards = {code: Board() for code in plan.codes}
    people = [Scripted(plan.url, code, f"P{seat}", deals=seat == 0, history=False,
                       board=boards[code], pace=plan.pace, first_pause=1.0)
              for code in plan.codes for seat in range(4)]
    rng = random.Random(os.getpid())
    offsets = sorted((rng.uniform(0, max(plan.pace, 0.5)), index)
                     for index in range(len(plan.codes)))
    try:
        for offset, index in offsets:
            await _sleep_until(plan.start + offset)
            for person in people[4 * index:4 * index + 4]:
                person.start()
        deadline = time.monotonic() + _SEATING_SECONDS
        while time.monotonic() < deadline and \
                not all(p.connection.connected.is_set() for p in people):
            await asyncio.sleep(0.1)
        parent.send(sum(p.connection.connected.is_set() for p in people))
        measure, end = await loop.run_in_executor(None, parent.recv)
        await _sleep_until(measure)
        connected = sum(p.connection.connected.is_set() for p in people)
        marks = [len(b.spread) for b in boards.values()]
        await _sleep_until(end)
        spread = [x for board, mark in zip(boards.values(), marks, strict=True)
                  for x in board.spread[mark:]]
    finally:
        await asyncio.gather(*(p.stop() for p in people), return_exceptions=True)
    parent.send({"spread": spread, "connected": connected})


async def _sleep_until(moment: float) -> None:
    await asyncio.sleep(max(0.0, moment - time.time()))


# --- the run ---------------------------------------------------------------------------


def run(tables: int, pace: float = 2.0, seconds: float = 60.0, warmup: float | None = None,
        clients: int | None = None) -> Figures:
    """Serve ``tables`` tables in a process of their own, play them from ``clients``
    processes of people at ``pace`` seconds a card, and once everyone is seated
    and a warm-up has passed (by default three paces, at least 5 s) measure for
    ``seconds``."""
    if not 1 <= tables <= _MAX_TABLES:
        raise ValueError(f"1 to {_MAX_TABLES} tables")
    clients = clients or max(1, min(8, tables // 100 + 1))
    warmup = warmup if warmup is not None else max(5.0, 3 * pace)
    context = multiprocessing.get_context("spawn")
    codes = [f"bench-{n}" for n in range(tables)]
    with tempfile.TemporaryDirectory(prefix="hearts-net-bench-") as folder:
        mine, theirs = context.Pipe()
        server = context.Process(target=_serve, args=(folder, tables, codes, theirs),
                                 name="bench-server")
        server.start()
        workers: list[tuple[Any, Connection]] = []
        try:
            if not mine.poll(120):
                raise RuntimeError("the server did not start")
            started = mine.recv()
            assert server.pid is not None
            url = f"ws://127.0.0.1:{started['port']}/ws"
            begin = time.time() + 3.0  # the people's processes start meanwhile
            for number in range(clients):
                here, there = context.Pipe()
                process = context.Process(
                    target=_play, name=f"bench-people-{number}",
                    args=(_Plan(url, codes[number::clients], pace, begin), there))
                process.start()
                workers.append((process, here))
            for process, pipe in workers:
                if not pipe.poll(_SEATING_SECONDS + 60):
                    raise RuntimeError(f"{process.name} did not seat its people")
                pipe.recv()
            measure = time.time() + warmup
            for _process, pipe in workers:
                pipe.send((measure, measure + seconds))
            time.sleep(max(0.0, measure - time.time()))
            pids = [process.pid for process, _pipe in workers if process.pid is not None]
            cpu_before, wall_before = _cpu_seconds(server.pid), time.monotonic()
            people_before = sum(_cpu_seconds(pid) for pid in pids)
            time.sleep(seconds)
            cpu = _cpu_seconds(server.pid) - cpu_before
            people_cpu = sum(_cpu_seconds(pid) for pid in pids) - people_before
            wall = time.monotonic() - wall_before
            playing = _rss_kib(server.pid)
            results = []
            for process, pipe in workers:
                if not pipe.poll(60):
                    raise RuntimeError(f"{process.name} did not report")
                results.append(pipe.recv())
        finally:
            for process, _pipe in workers:
                process.join(30)
                if process.is_alive():
                    process.kill()
            mine.send("stop")
            server.join(30)
            if server.is_alive():
                server.kill()
    spread = sorted(x for result in results for x in result["spread"])
    if not spread:
        raise RuntimeError("no card was timed: the tables did not play")
    empty, opened = started["empty_kib"], started["open_kib"]
    return Figures(
        tables=tables, pace=pace, seconds=wall,
        people=sum(result["connected"] for result in results), cards=len(spread),
        median_ms=statistics.median(spread) * 1000, p95_ms=_p95(spread) * 1000,
        worst_ms=spread[-1] * 1000,
        cpu_ms_per_card=cpu * 1000 / len(spread), cpu_share=cpu / wall,
        kib_per_table_open=(opened - empty) / tables,
        kib_per_table_playing=(playing - empty) / tables,
        people_cpu_share=people_cpu / wall, load=os.getloadavg()[0])


def _p95(sorted_values: list[float]) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(0.95 * len(sorted_values)))]


def _counts(text: str) -> list[int]:
    try:
        counts = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError:
        counts = []
    if not counts or not all(1 <= count <= _MAX_TABLES for count in counts):
        raise argparse.ArgumentTypeError(f"table counts from 1 to {_MAX_TABLES}, "
                                         "separated by commas")
    return counts


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark from the command line and print its figures."""
    parser = argparse.ArgumentParser(prog="python -m hearts.net.bench",
                                     description=__doc__.split("\n\n")[1])
    parser.add_argument("--tables", type=_counts, default=[50], metavar="N[,N...]",
                        help="table counts to run, one after the other (default 50)")
    parser.add_argument("--pace", type=float, default=2.0,
                        help="seconds a person thinks before each card (default 2; "
                             "0: as fast as the machine goes)")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="how long to measure, after the warm-up (default 60)")
    parser.add_argument("--clients", type=int, default=None,
                        help="processes of people (default: one for every 100 tables, "
                             "at most 8)")
    parser.add_argument("--target", type=float, default=50.0,
                        help="the p95 in milliseconds a server must keep (default 50)")
    args = parser.parse_args(argv)
    if not sys.platform.startswith("linux"):
        parser.error("the benchmark reads the server's CPU time and memory from /proc (Linux)")
    held = None
    for tables in args.tables:
        figures = run(tables, max(0.0, args.pace), max(1.0, args.seconds),
                      clients=args.clients)
        for line in figures.lines():
            print(line, flush=True)
        if figures.p95_ms <= args.target and figures.people == 4 * tables:
            held = tables
    if len(args.tables) > 1:
        print(f"the most tables one server process held with the p95 within "
              f"{args.target:g} ms: {held if held is not None else 'none of those tried'}")


if __name__ == "__main__":
    main()
