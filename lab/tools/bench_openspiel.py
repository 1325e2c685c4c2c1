"""The same random-hands loop through our public API and through OpenSpiel's C++
Hearts driven from Python, alternating in one session.

Not a project dependency: run it from a scratch environment that has open_spiel,
with this tree's src on the path:

    python -m venv /tmp/ospiel && /tmp/ospiel/bin/pip install open_spiel
    PYTHONPATH=src nice -n 0 /tmp/ospiel/bin/python lab/tools/bench_openspiel.py --rounds 5

Each round times both loops for --seconds each and prints hands per second and
the ratio (ours over OpenSpiel's); the summary gives the best and the spread.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from hearts.bench import random_public_hand
from hearts.rules import Rules


def openspiel_hand(game: Any, rng: random.Random) -> None:
    """Deal, pass and play one hand at random: chance nodes (the pass direction and
    the deal) uniformly, every player action uniformly among the legal ones."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def rate(run_once: Callable[[], object], seconds: float) -> float:
    """Hands per CPU second of this process over about ``seconds`` of CPU time (CPU
    time, not wall time, so other people's work on a shared machine counts less)."""
    count = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(50):
            run_once()
        count += 50
    return count / (time.process_time() - start)


def main() -> None:
    """Alternate the two loops and print each round and the summary."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    import pyspiel  # only here, so the loop above can be tested without OpenSpiel

    game = pyspiel.load_game("hearts")
    rules = Rules()
    rng = random.Random(1)
    ratios = []
    for number in range(1, args.rounds + 1):
        ours = rate(lambda: random_public_hand(rules, rng), args.seconds)
        theirs = rate(lambda: openspiel_hand(game, rng), args.seconds)
        ratios.append(ours / theirs)
        print(f"round {number}: hearts public API {ours:7,.0f} hands/CPU s, "
              f"OpenSpiel {theirs:7,.0f} hands/CPU s, ratio {ours / theirs:.2f}")
    print(f"ratio best {max(ratios):.2f}, worst {min(ratios):.2f}, "
          f"median {sorted(ratios)[len(ratios) // 2]:.2f}")


if __name__ == "__main__":
    main()
