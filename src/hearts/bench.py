"""Benchmarks: ``python -m hearts.bench engine``, ``ai`` and ``store``.

Numbers, not tests: run them on a quiet machine and report what they print.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from hearts import core
from hearts.cards import Seat
from hearts.hand import Hand
from hearts.rules import Rules
from hearts.view import Phase


def random_public_hand(rules: Rules, rng: random.Random) -> Hand:
    """Deal, pass and play one hand at random through the public API."""
    hand = Hand.deal(rules, rng)
    for seat in Seat:
        cards = [card for card in hand.holding(seat) if card.index != core.QUEEN_OF_SPADES_INDEX]
        hand.pass_cards(seat, rng.sample(cards, 3))
    while hand.phase is Phase.PLAYING:
        hand.play(rng.choice(hand.legal_plays()))
    return hand


def _rate(run_once: Callable[[], object], seconds: float) -> tuple[int, float]:
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            run_once()
        count += 50
    return count, time.perf_counter() - start


def bench_engine(seconds: float, seed: int) -> None:
    """Print random full hands per second through the public API and the lean core."""
    rules = Rules()
    rng = random.Random(seed)
    count, elapsed = _rate(lambda: random_public_hand(rules, rng), seconds)
    print(f"public API : {count / elapsed:9,.0f} hands/s  (deal, pass, 52 plays; "
          f"{count} hands in {elapsed:.1f} s)")
    rng = random.Random(seed)
    count, elapsed = _rate(lambda: core.random_hand(rng), seconds)
    print(f"lean core  : {count / elapsed:9,.0f} hands/s  (deal, 52 plays; "
          f"{count} hands in {elapsed:.1f} s)")


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark named on the command line."""
    parser = argparse.ArgumentParser(prog="python -m hearts.bench", description=__doc__)
    parser.add_argument("what", choices=["engine", "ai", "store"], help="what to measure")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.what == "engine":
        bench_engine(args.seconds, args.seed)
    elif args.what == "store":
        from hearts.store.bench import bench_store

        bench_store(args.seed)
    else:
        from hearts.ai.bench import bench_ai
        from hearts.speedups import compiled

        print("playout modules:", "compiled (mypyc)" if compiled() else "pure Python")
        bench_ai(args.seed)


if __name__ == "__main__":
    main()
