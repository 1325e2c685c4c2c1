"""The CPU a network table spends building its four seats' states for one change.

Random positions of four-person tables (every seat a person, every card played at
random from the first trick to the last), and for each the four states built as a
network table builds them at every change: as flat parts
(:mod:`hearts.table.projection`: the public part once, each seat's own), from
nothing kept (``--apart``: each seat's typed ``seat_state`` and its JSON on its
own). Prints the CPU time a change, in microseconds (best of
``--rounds``).

    .venv/bin/python lab/tools/state_cpu.py [--positions 40] [--reps 30] [--apart]
"""

from __future__ import annotations

import argparse
import random
import time

from hearts.cards import Seat
from hearts.options import Options
from hearts.table import Person, Table, seat_state
from hearts.table import events as ev
from hearts.table.driver import Driver
from hearts.table.projection import Projection


def positions(count: int, seed: int = 1) -> list[Table]:
    """``count`` tables of four people, each stopped at a random card of its first hand."""
    rng = random.Random(seed)
    tables = []
    for number in range(count):
        table = Table(Options(), number, [Person(name) for name in ("Ann", "Bob", "Cat", "Dan")])
        driver = Driver(table)
        driver.start()
        driver.send(ev.Deal(Seat.SOUTH))
        hand = table.hand
        assert hand is not None
        for seat in Seat:
            driver.send(ev.Pass(seat, tuple(hand.passable(seat)[:3])))
        driver.send(ev.Continue(Seat.SOUTH))
        stop = rng.randrange(0, 48)
        while len(hand.plays) < stop and hand.turn is not None:
            driver.send(ev.Play(hand.turn, rng.choice(hand.legal_plays())))
        tables.append(table)
    return tables


def cpu_a_change(tables: list[Table], reps: int, apart: bool) -> float:
    """Microseconds of CPU to build the four states and their JSON, a change."""
    seats = list(Seat)
    start = time.process_time()
    for _ in range(reps):
        for table in tables:
            if apart:
                for seat in seats:
                    seat_state(table, seat).to_json()
            else:
                parts = Projection()  # nothing kept from a change before
                parts.public(table)
                for seat in seats:
                    parts.own(table, seat)
    return (time.process_time() - start) / (reps * len(tables)) * 1e6


def main(argv: list[str] | None = None) -> int:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--reps", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--apart", action="store_true", help="each seat's state on its own")
    args = parser.parse_args(argv)
    tables = positions(args.positions)
    best = min(cpu_a_change(tables, args.reps, args.apart) for _ in range(args.rounds))
    way = "apart" if args.apart else "as parts"
    print(f"{best:.0f} us of CPU a change, the four states built {way} "
          f"({args.positions} positions x {args.reps})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
