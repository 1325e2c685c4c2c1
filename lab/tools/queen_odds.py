"""How well the search's playouts foresee who takes the queen of spades.

    python lab/tools/queen_odds.py RESULTS [RESULTS ...] [--samples N]

RESULTS is a `hearts-arena match` results file (JSON lines, gzipped or not).
In every deal without a moon, each playing is replayed. At each seat's first
play with a choice, the card it played is played out by judgement in all four
seats on N honestly sampled deals of the cards it cannot see, as the search
does, and the share of playouts in which that seat takes the queen of spades
is its predicted chance. The report sets the mean prediction against how often
the seat really took the queen, for the seat holding the queen and for the
seats not holding it while it is out, by side (A and B). A real rate above the
predicted one means the playouts underrate the risk of taking the queen.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from pathlib import Path

from replay import replayed
from results_files import report_each

from hearts.ai.kit import rule_kit
from hearts.ai.sampling import sample_deal
from hearts.ai.search import outcome
from hearts.ai.situation import Situation
from hearts.arena.duplicate import DealResult
from hearts.arena.seating import SIDES_SWAPPED, SIDES_UPRIGHT
from hearts.cards import Card, Seat
from hearts.hand import Hand

QUEEN = Card.parse("QS")
SIDES = (SIDES_UPRIGHT, SIDES_SWAPPED)
MARK = 1000
"""Points a playout adds to the deciding seat when it takes the queen: far above
any hand's score, so the result says who took it."""


def predictions(result: DealResult, samples: int) -> Iterator[tuple[str, bool, float, bool]]:
    """For each seat's first play with a choice in both playings of ``result``: its
    side, whether it held the queen, the playouts' chance that it takes the queen
    and whether it did."""
    for playing, record in enumerate(result.hands):
        sides = SIDES[playing]
        played = Hand.from_record(record)
        taker = next(trick.winner for trick in played.tricks if QUEEN in trick.cards)
        kit = rule_kit(played.rules)
        asked: set[Seat] = set()
        for number, seat, hand in replayed(record):
            if (seat not in asked and QUEEN not in hand.plays
                    and len(hand.legal_plays()) > 1):
                asked.add(seat)
                situation = Situation.of(hand.view(seat))
                rng = random.Random(8 * result.deal + 4 * playing + int(seat))
                card = Card.parse(record["plays"][number]).index
                took = 0
                for _ in range(samples):
                    world = sample_deal(situation, rng)
                    points = outcome(situation, world, card, kit, rng.getrandbits(32), 0.1,
                                     charge=MARK)
                    took += points[situation.me] >= MARK
                yield (sides[seat], QUEEN in hand.holding(seat), took / samples,
                       taker == seat)


def report(deals: dict[int, DealResult], samples: int) -> list[str]:
    """The report's lines for one run."""
    sums: dict[tuple[bool, str], list[float]] = {}
    for number in sorted(deals):
        result = deals[number]
        if result.a_moons or result.b_moons:
            continue
        for side, holds, chance, took in predictions(result, samples):
            entry = sums.setdefault((holds, side), [0, 0.0, 0])
            entry[0] += 1
            entry[1] += chance
            entry[2] += took
    lines = []
    for (holding, side), (count, predicted, taken) in sorted(sums.items(), reverse=True):
        who = "holding the queen" if holding else "not holding it"
        lines.append(f"  {side.upper()} seats {who}: {int(count)} first plays, predicted "
                     f"{predicted / count:.3f}, took it {taken / count:.3f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Print each run's report; 2 when a file cannot be read."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", type=Path, nargs="+", help="a results file")
    parser.add_argument("--samples", type=int, default=40,
                        help="sampled deals for each prediction (default 40)")
    args = parser.parse_args(argv)
    return report_each("queen_odds", args.results, lambda deals: (
        "the chance of taking the queen of spades, by the playouts and in play\n"
        + "\n".join(report(deals, args.samples))))


if __name__ == "__main__":
    sys.exit(main())
