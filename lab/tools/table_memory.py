"""The memory a network table holds while it plays, without sockets.

Sets up ``--tables`` four-person tables as :mod:`table_cpu` does, plays
``--cards`` random legal cards among them, and prints the Python heap a table
(tracemalloc, after a collection) once open and after the cards, with the
source files that hold the most. The benchmark's memory a table is the whole
process's (sockets, backlogs, SQLite's caches); this is the tables' own.

    .venv/bin/python lab/tools/table_memory.py [--tables 200] [--cards 20000]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import sys
import tempfile
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import table_cpu

from hearts.ai import Level
from hearts.net.tables.outbox import Outbox
from hearts.net.tables.table import NetTable, SeatHolder, TableConfig


async def _run(tables: int, cards: int, folder: Path) -> None:
    config = TableConfig(people=4, level=Level.BEGINNER, grace=600.0, delay_scale=0.0)
    loop = asyncio.get_running_loop()
    rng = random.Random(1)
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    nets: list[tuple[NetTable, dict[object, SeatHolder]]] = []
    outboxes: list[Outbox] = []
    for number in range(tables):
        net = NetTable.create(f"t{number}", folder / f"t{number}", config, None,
                              code=f"c{number}", seed=number)
        net.start(loop)
        holders: dict[object, SeatHolder] = {}
        for person in range(4):
            outbox = Outbox()
            holder = net.join(f"P{person}", None, outbox)
            holders[holder.seat] = holder
            outboxes.append(outbox)
        nets.append((net, holders))
    gc.collect()
    opened = tracemalloc.get_traced_memory()[0]
    played = 0
    while played < cards:
        for net, holders in nets:
            played += table_cpu._act(net, holders, rng)
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        for box in outboxes:
            box.drain()
    while any(net.writing for net, _ in nets):
        await asyncio.sleep(0.001)
    for box in outboxes:
        box.drain()
    gc.collect()
    playing = tracemalloc.get_traced_memory()[0]
    print(f"KiB a table: open {(opened - base) / 1024 / tables:.1f}, "
          f"after {played} cards {(playing - base) / 1024 / tables:.1f}")
    for stat in tracemalloc.take_snapshot().statistics("filename")[:8]:
        name = stat.traceback[0].filename.split("/src/")[-1]
        print(f"  {stat.size / 1024 / tables:8.1f} KiB a table  {name}")
    for net, _ in nets:
        net.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--cards", type=int, default=20000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(_run(args.tables, args.cards, Path(folder)))


if __name__ == "__main__":
    main()
