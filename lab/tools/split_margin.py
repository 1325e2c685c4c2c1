"""Where side A's margin comes from: the moons, the queen of spades, the hearts.

    python lab/tools/split_margin.py RESULTS [RESULTS ...]

RESULTS is a `hearts-arena match` results file (JSON lines, gzipped or not).
A's saving a hand (B's mean points less A's, as the arena counts it) is split
between the deals where a moon was shot in either playing and the deals
without. On the deals without a moon every point is a card taken, so their
saving is split again by card: the queen of spades, the hearts, and any other
scoring card (the jack of diamonds of the Omnibus rule). Each part is printed
with its 95% confidence interval, its z, and what it adds to the saving over
all deals.

Last, the queen of spades deal by deal. In a deal without a moon, the seat
dealt the queen sits for A in one playing and for B in the other, with the
same cards. The line counts the deals where the queen went to that seat's side
when A held it but not when B did, and the reverse, with a sign test's z:
which side gets rid of a queen it is dealt.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from pathlib import Path

from results_files import report_each

from hearts.arena.duplicate import DealResult
from hearts.arena.seating import SIDES_SWAPPED, SIDES_UPRIGHT
from hearts.arena.stats import mean_and_ci
from hearts.cards import Card, Seat, Suit
from hearts.hand import Hand

QUEEN = Card.parse("QS")
PARTS = ("the queen of spades", "hearts", "other cards")
SIDES = (SIDES_UPRIGHT, SIDES_SWAPPED)
"""Each seat's side in the first and the second playing of a deal."""


def replayed(result: DealResult) -> list[Hand]:
    """The deal's two playings, replayed from their records."""
    return [Hand.from_record(record) for record in result.hands]


def card_savings(result: DealResult, hands: Sequence[Hand]) -> tuple[float, float, float]:
    """A's saving a hand on a deal without a moon (its playings ``hands``), from the
    queen of spades, from the hearts and from other cards: the three add up to
    :meth:`DealResult.saving`."""
    parts = [0.0, 0.0, 0.0]
    share = 1 / len(result.a_points)
    for sides, hand in zip(SIDES, hands, strict=True):
        for seat in Seat:
            sign = -share if sides[seat] == "a" else share
            for card in hand.taken(seat):
                part = 0 if card == QUEEN else 1 if card.suit is Suit.HEARTS else 2
                parts[part] += sign * hand.rules.card_points(card)
    return parts[0], parts[1], parts[2]


def queen_taken_by_holder(hands: Sequence[Hand]) -> tuple[bool, bool]:
    """Whether the queen of spades went to the side of the seat dealt it in a deal's
    two playings ``hands``, when A held it and when B did (the same seat, once for
    each side)."""
    taken = {}
    for sides, hand in zip(SIDES, hands, strict=True):
        holder = next(seat for seat in Seat if QUEEN in hand.dealt(seat))
        taker = next(trick.winner for trick in hand.tricks if QUEEN in trick.cards)
        taken[sides[holder]] = sides[taker] == sides[holder]
    return taken["a"], taken["b"]


def _line(label: str, samples: Sequence[float], total: int) -> str:
    mean, half, z = mean_and_ci(samples)
    share = sum(samples) / total
    return (f"  {label}: {mean:+.3f} ± {half:.3f} a hand, z = {z:.2f} "
            f"(adds {share:+.3f} to the whole)")


def split(deals: dict[int, DealResult]) -> list[str]:
    """The report's lines for one run."""
    if not deals:
        return ["no deals"]
    results = [deals[number] for number in sorted(deals)]
    total = len(results)
    moons = [r for r in results if r.a_moons or r.b_moons]
    quiet = [r for r in results if not (r.a_moons or r.b_moons)]
    mean, half, z = mean_and_ci([r.saving() for r in results])
    lines = [f"{total} deals ({2 * total} hands): A saves {mean:+.3f} ± {half:.3f} a hand, "
             f"z = {z:.2f}"]
    if moons:
        lines.append(_line(f"{len(moons)} deals with a moon", [r.saving() for r in moons],
                           total))
    if quiet:
        lines.append(_line(f"{len(quiet)} deals without", [r.saving() for r in quiet], total))
        hands = [replayed(r) for r in quiet]
        parts = [card_savings(r, h) for r, h in zip(quiet, hands, strict=True)]
        for index, name in enumerate(PARTS):
            samples = [p[index] for p in parts]
            if any(samples):
                lines.append("  " + _line(f"of which {name}", samples, total))
        held = [queen_taken_by_holder(h) for h in hands]
        a_only = sum(a and not b for a, b in held)
        b_only = sum(b and not a for a, b in held)
        z = (b_only - a_only) / math.sqrt(a_only + b_only) if a_only + b_only else 0.0
        lines.append(f"  the queen went to the side dealt it: with A holding it and not "
                     f"B in {a_only} deals, the reverse in {b_only} (sign test z = {z:.2f})")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Print each run's split; 2 when a file cannot be read."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", type=Path, nargs="+", help="a results file")
    args = parser.parse_args(argv)
    return report_each("split_margin", args.results, lambda deals: "\n".join(split(deals)))


if __name__ == "__main__":
    sys.exit(main())
