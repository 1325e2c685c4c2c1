"""How much the Expert's pass loses to its search's sampling noise.

    python lab/tools/pass_regret.py RESULTS [--hands N] [--deals D,D,...] [--reference R]

RESULTS is a `hearts-arena` results file (JSON lines, gzipped or not). For the
first playing of each of its first N deals, every seat's pass is searched as
the Expert searches it, once with each number of sampled deals D (the rest of
the Expert's pass budget as it is). The passes found are then scored again on
R fresh deals, and the report gives, for each D, how much worse on average its
pass scores than the best pass any D found, in points a hand (our points less
the mean of the others'). The fresh deals use the same playouts as the search,
so this measures the noise of too few deals, not how good the playouts are;
and the search's own leanings (the credit for judgement's pass, the price on
giving away the last high heart) count as regret here, whatever D is.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path

from results_files import report_each

from hearts.ai import Level
from hearts.ai.kit import rule_kit
from hearts.ai.passsearch import pass_totals, search_pass
from hearts.ai.players import PASS_BUDGETS
from hearts.ai.search import queen_charge
from hearts.arena.duplicate import DealResult
from hearts.cards import CardSet, Seat
from hearts.hand import Hand


def _margin(me: int, points: tuple[int, ...]) -> float:
    """Our points less the mean of the others'."""
    return (4 * points[me] - sum(points)) / 3


def regrets(result: DealResult, counts: Sequence[int], reference: int) -> list[list[float]]:
    """For each seat that passes in the first playing of ``result``: the regret of
    the pass found with each of ``counts`` sampled deals, judged on ``reference``
    fresh deals."""
    base = PASS_BUDGETS[Level.EXPERT]
    record = result.hands[0]
    hand = Hand.from_record({**record, "passes": [], "plays": []})
    found = []
    for seat in Seat:
        view = hand.view(seat)
        if view.pass_direction.target(seat) == seat:
            continue
        me = int(seat)
        mask = CardSet(view.hand).mask
        targets = tuple(int(view.pass_direction.target(other)) for other in Seat)
        kit = rule_kit(view.rules)
        leader = (int(view.dealer) + 1) & 3
        chosen = [search_pass(me, mask, targets, leader, kit, base._replace(deals=deals),
                              random.Random(8 * result.deal + me), None)
                  for deals in counts]
        options = sorted(set(chosen))
        totals = pass_totals(me, mask, [(option, 0) for option in options], targets, leader,
                             kit, reference, base.noise, random.Random(~(8 * result.deal + me)),
                             partial(_margin, me), queen_charge(base.queen_fear, kit))
        value = {option: total / reference
                 for option, total in zip(options, totals, strict=True)}
        best = min(value.values())
        found.append([value[option] - best for option in chosen])
    return found


def report(deals: dict[int, DealResult], hands: int, counts: Sequence[int],
           reference: int) -> list[str]:
    """The report's lines for one run."""
    rows = [row for number in sorted(deals)[:hands]
            for row in regrets(deals[number], counts, reference)]
    if not rows:
        return ["  no passes to search"]
    return [f"  {deals_:4d} deals: mean regret {sum(row[i] for row in rows) / len(rows):.3f} "
            f"points a hand over {len(rows)} passes" for i, deals_ in enumerate(counts)]


def main(argv: list[str] | None = None) -> int:
    """Print each run's report; 2 when a file cannot be read."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", type=Path, nargs="+", help="a results file")
    parser.add_argument("--hands", type=int, default=40, help="deals to look at (default 40)")
    parser.add_argument("--deals", default="160,320,480,640",
                        help="sampled deals of the searches compared (default 160,320,480,640)")
    parser.add_argument("--reference", type=int, default=4000,
                        help="fresh deals that score the passes found (default 4000)")
    args = parser.parse_args(argv)
    counts = [int(word) for word in args.deals.split(",")]
    return report_each("pass_regret", args.results, lambda deals: (
        f"the Expert's pass against the best found, judged on {args.reference} fresh deals\n"
        + "\n".join(report(deals, args.hands, counts, args.reference))))


if __name__ == "__main__":
    sys.exit(main())
