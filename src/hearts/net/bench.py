"""Load benchmark of the table server: ``python -m hearts.net.bench``.

Starts a table server on 127.0.0.1 (a free port) in this process with
``--tables`` tables of four people each (no computer players), seats four
scripted people at each (Beginner choices, through real WebSocket
connections), and has every table play ``--hands`` hands with no pauses.
Reports the median and 95th percentile of the time from a person sending a
card until the last of the other three people at the table receives the state
that shows it played (and until the player sees it too), the wall time, and
the memory a table takes: the traced Python allocations of the server's tables
once started, and the growth of the process's peak resident size while playing
(server and clients together), each divided by the count.
Bounded: at most 200 tables, and ``--seconds`` for the whole run.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import tempfile
import time
import tracemalloc
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from aiohttp import web

from hearts.ai import Level
from hearts.net.scripted import Board, Scripted
from hearts.net.server import TableServer
from hearts.net.tables import TableConfig

__all__ = ["main", "run"]


async def run(tables: int, hands: int, seconds: float, data_dir: Path) -> dict[str, float]:
    """Play the benchmark; returns its figures."""
    config = TableConfig(people=4, level=Level.BEGINNER, grace=60.0, delay_scale=0.0)
    codes = [f"bench-{n}" for n in range(tables)]
    executor = ThreadPoolExecutor(2)
    server = TableServer(data_dir, config, tables, executor, codes=codes)
    peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    runner = web.AppRunner(server.app(), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    per_table = (tracemalloc.get_traced_memory()[0] - before) / tables
    tracemalloc.stop()
    url = f"ws://127.0.0.1:{runner.addresses[0][1]}/ws"
    boards = [Board() for _ in codes]
    people = [Scripted(url, code, f"P{seat}", deals=seat == 0, hands=hands,
                       history=False, board=board)
              for code, board in zip(codes, boards, strict=True) for seat in range(4)]
    start = time.perf_counter()
    try:
        for person in people:
            person.start()
        await asyncio.wait_for(asyncio.gather(*(p.over.wait() for p in people)), seconds)
        wall = time.perf_counter() - start
    finally:
        for person in people:
            await person.stop()
        await runner.cleanup()
        executor.shutdown(wait=True, cancel_futures=True)
    peak_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    latencies = sorted(x for p in people for x in p.latencies)
    spread = sorted(x for board in boards for x in board.spread)
    return {"tables": tables, "hands": hands, "cards": len(latencies), "wall_s": wall,
            "median_ms": statistics.median(latencies) * 1000,
            "p95_ms": _p95(latencies) * 1000,
            "others_cards": len(spread),
            "others_median_ms": statistics.median(spread) * 1000,
            "others_p95_ms": _p95(spread) * 1000,
            "kib_per_table": per_table / 1024,
            "peak_kib_per_table": (peak_after - peak_before) / tables}


def _p95(sorted_values: list[float]) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(0.95 * len(sorted_values)))]


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark from the command line and print its figures."""
    parser = argparse.ArgumentParser(prog="python -m hearts.net.bench",
                                     description=__doc__.split("\n\n")[1])
    parser.add_argument("--tables", type=int, default=50, help="tables (1-200, default 50)")
    parser.add_argument("--hands", type=int, default=1, help="hands each table plays (1-5)")
    parser.add_argument("--seconds", type=float, default=180.0,
                        help="give up after this long (default 180)")
    args = parser.parse_args(argv)
    tables = max(1, min(200, args.tables))
    hands = max(1, min(5, args.hands))
    with tempfile.TemporaryDirectory(prefix="hearts-net-bench-") as folder:
        figures = asyncio.run(run(tables, hands, args.seconds, Path(folder)))
    print(f"{figures['tables']:.0f} tables x 4 people, {figures['hands']:.0f} hand(s) each: "
          f"{figures['cards']:.0f} cards in {figures['wall_s']:.1f} s")
    print(f"a card until the other three people all see it: median "
          f"{figures['others_median_ms']:.1f} ms, p95 {figures['others_p95_ms']:.1f} ms")
    print(f"a card until its player sees it played: median {figures['median_ms']:.1f} ms, "
          f"p95 {figures['p95_ms']:.1f} ms")
    print(f"memory: {figures['kib_per_table']:.0f} KiB a table at start (traced); the "
          f"process's peak grew {figures['peak_kib_per_table']:.0f} KiB a table while "
          "playing (server and its four people's clients together)")


if __name__ == "__main__":
    main()
