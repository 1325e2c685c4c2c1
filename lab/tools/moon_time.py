"""Decision times of the Expert with and without the moon-aware mode.

    python lab/tools/moon_time.py [--hands 40] [--seed 1] [--gate 0.15] [--weight 5]

The positions are play decisions with a choice, from hands where the shooter
(:mod:`hearts.ai.shooter`) sits North and Club players the other seats, so the
moon-threat model is high in some of them. The Expert decides in each position
twice, the mode off (as release 0.2.0) and on; printed are the median and 95th
percentile of each, wall clock and CPU, over all positions and over those where
the mode was entered. ``python -m hearts.bench ai`` times the shipped Expert.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from hearts.ai import Level
from hearts.ai.moonmodel import moon_suspect
from hearts.ai.players import BUDGETS, SearchPlayer, make_player
from hearts.ai.shooter import make as make_shooter
from hearts.cards import Seat
from hearts.hand import Hand
from hearts.rules import Rules
from hearts.view import Phase, PlayerView


def positions(hands: int, seed: int) -> list[PlayerView]:
    """The views of every decision with a choice in ``hands`` hands."""
    rng = random.Random(seed)
    views: list[PlayerView] = []
    for number in range(hands):
        hand = Hand.deal(Rules(), rng.getrandbits(64), dealer=Seat(number % 4))
        players = [make_player(Level.CLUB, number * 4 + seat) for seat in range(4)]
        players[Seat.NORTH] = make_shooter(number)
        for seat in Seat:
            hand.pass_cards(seat, players[seat].choose_pass(hand.view(seat)))
        while hand.phase is Phase.PLAYING:
            turn = hand.turn
            assert turn is not None
            view = hand.view(turn)
            if len(view.legal) > 1 and turn is not Seat.NORTH:
                views.append(view)
            hand.play(players[turn].choose_play(view))
    return views


def timed(decide: Callable[[PlayerView], object],
          views: list[PlayerView]) -> list[tuple[float, float]]:
    """(wall, CPU) seconds of each decision."""
    times = []
    for view in views:
        wall, cpu = time.perf_counter(), time.process_time()
        decide(view)
        times.append((time.perf_counter() - wall, time.process_time() - cpu))
    return times


def _line(label: str, times: list[tuple[float, float]]) -> str:
    if not times:
        return f"{label:<22} no decisions"
    parts = []
    for index, name in ((0, "wall"), (1, "CPU")):
        values = sorted(t[index] for t in times)
        p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
        parts.append(f"{name} median {statistics.median(values) * 1e3:7.1f} ms, "
                     f"p95 {p95 * 1e3:7.1f} ms")
    return f"{label:<22} {len(times):>5}  " + "; ".join(parts)


def main(argv: list[str] | None = None) -> int:
    """Time both Experts at the same positions and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--gate", type=float, default=0.15)
    parser.add_argument("--weight", type=float, default=5.0)
    args = parser.parse_args(argv)
    views = positions(args.hands, args.seed)
    entered = [moon_suspect(view, args.gate, args.weight) is not None for view in views]
    budget = BUDGETS[Level.EXPERT]
    off = SearchPlayer(Level.EXPERT, args.seed, budget._replace(moon_gate=0.0))
    on = SearchPlayer(Level.EXPERT, args.seed,
                      budget._replace(moon_gate=args.gate, moon_weight=args.weight))
    off_times, on_times = timed(off.choose_play, views), timed(on.choose_play, views)
    print(f"{len(views)} positions from {args.hands} hands; the mode entered in "
          f"{sum(entered)} ({sum(entered) / max(1, len(views)):.1%})")
    print(_line("mode off", off_times))
    print(_line("mode on", on_times))
    print(_line("mode on, entered", [t for t, e in zip(on_times, entered, strict=True) if e]))
    print(_line("mode off, same", [t for t, e in zip(off_times, entered, strict=True) if e]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
