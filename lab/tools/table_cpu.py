"""The CPU a network table spends on a card, without sockets.

``--tables`` four-person tables of :class:`hearts.net.tables.table.NetTable`, set up as
the load benchmark sets them up (no computer players, no pauses), each person's
messages put in a real :class:`~hearts.net.tables.outbox.Outbox` and taken out as a
connection's sender would, their writes done by the real writer threads. The
people play a random legal card (and pass, deal and go on) in turn, one table
after another, until ``--cards`` cards were played. Prints the process's CPU a
card (every thread: the writers count), and with ``--profile`` the functions
that took the most of it and each module's share of the time spent in its own
functions (which modules a compiler would have to take to pay).

    .venv/bin/python lab/tools/table_cpu.py [--tables 200] [--cards 20000] [--profile]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import random
import tempfile
import time
from pathlib import Path

from hearts.ai import Level
from hearts.net.clock import InlineExecutor
from hearts.net.tables.outbox import Outbox
from hearts.net.tables.table import NetTable, SeatHolder, TableConfig
from hearts.table import Stage
from hearts.table import events as ev


def _act(net: NetTable, holders: dict[object, SeatHolder], rng: random.Random) -> bool:
    """One person's move at ``net``; True when it was a card."""
    table = net.table
    hand = table.hand
    stage = table.stage
    if hand is None or stage is Stage.IDLE:
        seat = next(iter(holders))
        net.act(holders[seat], ev.Deal(seat))  # type: ignore[arg-type]
        return False
    if stage is Stage.PASSING:
        for seat, holder in holders.items():
            if not table.passed(seat):  # type: ignore[arg-type]
                cards = tuple(rng.sample(list(hand.passable(seat)), 3))  # type: ignore[arg-type]
                net.act(holder, ev.Pass(seat, cards))  # type: ignore[arg-type]
                return False
    if stage is Stage.RECEIVED:
        seat = next(iter(holders))
        net.act(holders[seat], ev.Continue(seat))  # type: ignore[arg-type]
        return False
    turn = hand.turn
    if turn is not None and table.to_play(turn):
        net.act(holders[turn], ev.Play(turn, rng.choice(hand.legal_plays())))
        return True
    return False


def open_tables(tables: int, folder: Path, loop: asyncio.AbstractEventLoop
                ) -> tuple[list[tuple[NetTable, dict[object, SeatHolder]]], list[Outbox]]:
    """``tables`` four-person tables in ``folder``, started on ``loop``, each
    person with an outbox of their own (writes on the loop with ``INLINE``)."""
    config = TableConfig(people=4, level=Level.BEGINNER, grace=600.0, delay_scale=0.0)
    nets: list[tuple[NetTable, dict[object, SeatHolder]]] = []
    outboxes: list[Outbox] = []
    for number in range(tables):
        net = NetTable.create(f"t{number}", folder / f"t{number}", config, None,
                              code=f"c{number}", seed=number)
        if os.environ.get("INLINE"):
            net.writer = InlineExecutor()
        net.start(loop)
        holders: dict[object, SeatHolder] = {}
        for person in range(4):
            outbox = Outbox()
            holder = net.join(f"P{person}", None, outbox)
            holders[holder.seat] = holder
            outboxes.append(outbox)
        nets.append((net, holders))
    return nets, outboxes


async def play_cards(nets: list[tuple[NetTable, dict[object, SeatHolder]]],
                     outboxes: list[Outbox], rng: random.Random, cards: int) -> int:
    """Random legal moves round the tables until ``cards`` cards are played and
    every write is done; the cards played."""
    played = 0
    while played < cards:
        for net, holders in nets:
            played += _act(net, holders, rng)
        await asyncio.sleep(0)  # the pauses of no length, the writes' ends
        await asyncio.sleep(0)
        for box in outboxes:
            box.drain()  # what the senders would write to the sockets
    while any(net.writing for net, _ in nets):
        await asyncio.sleep(0.001)
    return played


async def _run(tables: int, cards: int, folder: Path, profile: bool) -> float:
    rng = random.Random(1)
    nets, outboxes = open_tables(tables, folder, asyncio.get_running_loop())
    for _ in range(10):
        await asyncio.sleep(0.01)
    for box in outboxes:
        box.drain()
    profiler = cProfile.Profile() if profile else None
    began = time.process_time()
    if profiler is not None:
        profiler.enable()
    played = await play_cards(nets, outboxes, rng, cards)
    if profiler is not None:
        profiler.disable()
    spent = time.process_time() - began
    for net, _ in nets:
        net.close()
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(45)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        print_modules(pstats.Stats(profiler), played)
    return spent * 1e3 / played


def print_modules(stats: pstats.Stats, cards: int, shown: int = 30) -> None:
    """Each source file's share of the profile's own time (``~``: functions in C,
    compiled modules' among them), with its calls a card, most first."""
    spent: dict[str, float] = {}
    calls: dict[str, int] = {}
    for (file, _, _), (_, count, own, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        name = file.split("/src/", 1)[-1]
        spent[name] = spent.get(name, 0.0) + own
        calls[name] = calls.get(name, 0) + count
    total = sum(spent.values()) or 1.0
    print("own time by module (calls a card):")
    for name in sorted(spent, key=spent.__getitem__, reverse=True)[:shown]:
        print(f"{100 * spent[name] / total:5.1f}%  {calls[name] / cards:7.1f}  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--cards", type=int, default=20000)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        ms = asyncio.run(_run(args.tables, args.cards, Path(folder), args.profile))
    print(f"{ms:.3f} ms of CPU a card")


if __name__ == "__main__":
    main()
