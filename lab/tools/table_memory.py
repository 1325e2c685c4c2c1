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


async def _run(tables: int, cards: int, folder: Path) -> None:
    rng = random.Random(1)
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    nets, outboxes = table_cpu.open_tables(tables, folder, asyncio.get_running_loop())
    gc.collect()
    opened = tracemalloc.get_traced_memory()[0]
    played = await table_cpu.play_cards(nets, outboxes, rng, cards)
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
