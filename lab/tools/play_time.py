"""Decision times of the Expert and of players of :mod:`play_expert`, side by side.

    python lab/tools/play_time.py [NAME ...] [--positions 100] [--seed 1] [--rules WORDS]

The positions are those ``python -m hearts.bench ai`` times (play decisions with
a choice from hands of Club players; :func:`hearts.ai.bench.sample_views`), and
each player decides in every one of them: printed are the median and 95th
percentile, wall clock and CPU. ``expert`` is the shipped Expert; any other NAME
is a factory of ``lab/tools/play_expert.py`` (``model25_floor2_shoot``) or of
``lab/tools/moon_search_expert.py`` (``gate3_deals160``). With ``--gated G`` only
the positions where the moon search's gate opens at chance G are timed
(:func:`hearts.ai.moongate.moon_gate`), drawn from as many hands as it takes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import moon_search_expert
import play_expert

from hearts.ai import Level, make_player
from hearts.ai.bench import sample_views
from hearts.ai.moongate import moon_gate
from hearts.arena.rulestext import parse_rules
from hearts.rules import Rules


def _percentile(times: list[float], fraction: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", default=["expert", "model25_floor2_shoot"])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default=None)
    parser.add_argument("--gated", type=float, default=0.0,
                        help="time only positions where the moon gate opens at this chance")
    args = parser.parse_args(argv)
    rules = parse_rules(args.rules) if args.rules else Rules()
    if args.gated > 0:
        pool = sample_views(rules, args.seed, args.positions * 15)
        views = [v for v in pool if moon_gate(v, args.gated) is not None][:args.positions]
        print(f"{len(views)} positions where the gate opens, of {len(pool)}")
    else:
        views = sample_views(rules, args.seed, args.positions)
    print(f"{'player':28} {'median':>9} {'p95':>9} {'CPU median':>11} {'CPU p95':>9}")
    for name in args.names:
        module = moon_search_expert if name.startswith("gate") else play_expert
        player = (make_player(Level.EXPERT, args.seed) if name == "expert"
                  else getattr(module, name)(args.seed))
        wall: list[float] = []
        cpu: list[float] = []
        for view in views:
            start, start_cpu = time.perf_counter(), time.process_time()
            player.choose_play(view)
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        figures = [statistics.median(wall), _percentile(wall, 0.95), statistics.median(cpu),
                   _percentile(cpu, 0.95)]
        print(f"{name:28} {figures[0] * 1e3:7.1f}ms {figures[1] * 1e3:7.1f}ms"
              f" {figures[2] * 1e3:9.1f}ms {figures[3] * 1e3:7.1f}ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
