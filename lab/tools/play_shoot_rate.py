"""How often a seat playing to shoot makes it in the search's playouts, by the
hand-written shooting play and by the shooting table of the model of play.

    python lab/tools/play_shoot_rate.py [--deals 3000] [--seed 5] [--high 7]

Random deals, no pass, the original rules; the seat holding the most cards from
the 10 up (at least ``--high``) plays to shoot in a playout
(:func:`hearts.ai.playout.playout` with it in ``shooters``, noise 0.1 as the
Expert's), judgement in the other seats, once with
:func:`hearts.ai.judgement.shoot` and once with the table's likeliest card
(``Budget.shooter_model``), from the same deal and playout seed. Prints the share
of those deals each shot the moon: a search whose suspect shoots less often in
its playouts fears the moon less.
"""

from __future__ import annotations

import argparse
import random
import sys

from hearts.ai.kit import rule_kit
from hearts.ai.playmodel import default_play_model
from hearts.ai.playout import playout
from hearts.core import TWO_OF_CLUBS
from hearts.rules import Rules


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--high", type=int, default=7)
    args = parser.parse_args(argv)
    kit = rule_kit(Rules())
    policies = {"shoot()": None, "shooting table": default_play_model().shooting}
    moons = dict.fromkeys(policies, 0)
    rng = random.Random(args.seed)
    tried = 0
    for deal in range(args.deals):
        cards = list(range(52))
        rng.shuffle(cards)
        hands = [sum(1 << c for c in cards[13 * s:13 * s + 13]) for s in range(4)]
        strength = [sum(1 for c in range(52) if h >> c & 1 and c % 13 >= 8) for h in hands]
        seat = max(range(4), key=lambda s: strength[s])
        if strength[seat] < args.high:
            continue
        tried += 1
        leader = next(s for s in range(4) if hands[s] & TWO_OF_CLUBS)
        for name, policy in policies.items():
            points = playout(list(hands), [], leader, 0, (0, 0, 0, 0), (0, 0, 0, 0), False, True,
                             kit, random.Random(deal), 0.1, 1 << seat, -1, 0, False, policy)
            if points[seat] == 0 and all(points[o] > 0 for o in range(4) if o != seat):
                moons[name] += 1
    print(f"{tried} deals with a seat holding {args.high}+ cards from the 10 up, "
          "playing to shoot against judgement:")
    for name, count in moons.items():
        print(f"  {name}: {count} moons ({count / max(1, tried):.1%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
