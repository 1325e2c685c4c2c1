"""Benchmarks: ``python -m hearts.bench engine``, ``playout``, ``ai``, ``store`` and
``review`` (its own options follow: ``python -m hearts.bench review --help``).

Numbers, not tests: run them on a quiet machine and report what they print.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable

from hearts import core
from hearts.arena.rulestext import RULES_HELP, rules_argument, rules_text
from hearts.cards import Seat
from hearts.hand import Hand
from hearts.rules import Rules, Scoring
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


def _rate(run_once: Callable[[], object], seconds: float,
          clock: Callable[[], float] = time.perf_counter) -> tuple[int, float]:
    count = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        for _ in range(50):
            run_once()
        count += 50
    return count, clock() - start


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


def playout_rules() -> list[Rules]:
    """Every rule set the playouts can meet: scoring x jack of diamonds x the three
    restrictions (the first lead, leading hearts, the first trick), 32 in all."""
    return [Rules(scoring=scoring, jack_of_diamonds=jack, first_lead=lead,
                  leading_hearts=hearts, first_trick=trick)
            for scoring, jack, lead, hearts, trick in itertools.product(
                Scoring, (False, True), (False, True), (False, True), (False, True))]


def playout_rate(seconds: float, seed: int, noise: float) -> tuple[int, float]:
    """Full-hand playouts from the first lead (random deals, no passing) in this
    process, cycling through :func:`playout_rules`: how many ran, in how many
    seconds of this process's CPU time (one core's work, however busy the machine).

    With ``noise`` 0 every seat plays by judgement; otherwise each playout gets a
    fresh ``random.Random`` and plays a random card with that chance, as the
    Expert's search does."""
    from hearts.ai.kit import rule_kit
    from hearts.ai.playout import playout

    kits = [rule_kit(rules) for rules in playout_rules()]
    rng = random.Random(seed)
    # 997 deals against 32 rule sets: every deal meets every rule set in turn.
    deals = []
    for _ in range(997):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sum(1 << card for card in deck[seat::4]) for seat in range(4)]
        deals.append((hands, next(seat for seat in range(4) if hands[seat] & 1)))
    none = (0, 0, 0, 0)
    counter = itertools.count()

    def run_once() -> None:
        n = next(counter)
        hands, holder = deals[n % len(deals)]
        kit = kits[n % len(kits)]
        playout(list(hands), [], holder if kit.first_lead else n & 3, 0, none, none, False,
                True, kit, random.Random(n) if noise else rng, noise)

    return _rate(run_once, seconds, time.process_time)


def bench_playout(seconds: float, seed: int, here: bool) -> None:
    """Print judgement playouts per second, compiled (when built) and pure Python
    (measured in a child process with ``HEARTS_PURE_PYTHON=1``)."""
    from hearts.speedups import PURE_ENV, compiled

    label = "compiled" if compiled() else "pure"
    for noise in (0.0, 0.1):
        count, elapsed = playout_rate(seconds, seed, noise)
        kind = "judgement" if not noise else "noise 0.1"
        print(f"{label:<8} {kind} : {count / elapsed:9,.0f} playouts/s  "
              f"({count} full hands in {elapsed:.1f} s of CPU)", flush=True)
    if here:
        return
    if label == "pure":
        print("(the compiled modules are not in use: python -m hearts.compile)")
        return
    subprocess.run([sys.executable, "-m", "hearts.bench", "playout", "--here",
                    "--seconds", str(seconds), "--seed", str(seed)],
                   env={**os.environ, PURE_ENV: "1"}, check=True)


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark named on the command line."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["review"]:
        from hearts.review.bench import main as bench_review

        sys.exit(bench_review(argv[1:]))
    parser = argparse.ArgumentParser(prog="python -m hearts.bench", description=__doc__)
    parser.add_argument("what", choices=["engine", "playout", "ai", "store", "review"],
                        help="what to measure")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--here", action="store_true",
                        help="playout: measure in this process only (no pure-Python child)")
    parser.add_argument("--rules", type=rules_argument, default=Rules(), metavar="WORDS",
                        help="ai: the rules the decisions are timed under: " + RULES_HELP)
    args = parser.parse_args(argv)
    if args.what == "engine":
        bench_engine(args.seconds, args.seed)
    elif args.what == "playout":
        bench_playout(args.seconds, args.seed, args.here)
    elif args.what == "store":
        from hearts.store.bench import bench_store

        bench_store(args.seed)
    else:
        from hearts.ai.bench import bench_ai
        from hearts.speedups import compiled

        print("playout modules:", "compiled (mypyc)" if compiled() else "pure Python")
        print("rules:", rules_text(args.rules))
        bench_ai(args.seed, args.rules)


if __name__ == "__main__":
    main()
