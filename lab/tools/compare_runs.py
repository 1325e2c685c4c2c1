"""Compare two arena runs on the same deals: did a change to side A help?

    python lab/tools/compare_runs.py OLD NEW

OLD and NEW are `hearts-arena match` results files (JSON lines, gzipped or not)
with the same seed and rules, for example the Expert's run against the shooter
and a changed Expert's run against it. Deal n is the same cards in both, so on
the deals both files hold the difference in A's saving is a paired sample: it
is printed with its 95% confidence interval, beside each run's own summary and
its moons. The moons A conceded are paired the same way: the deals where NEW
conceded fewer than OLD against those where it conceded more, with a sign
test's z. Last, A's passes: in how many of OLD's passes a seat of A gave away
the last of the queen, king and ace of hearts it was dealt (its moon stopper),
how many of those NEW kept, and how many NEW gave away that OLD kept. A run
stopped early compares on the deals it finished.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

from results_files import READ_ERRORS

from hearts.ai.passsearch import gives_away_stopper
from hearts.arena.duplicate import DealResult, read_deals
from hearts.arena.stats import mean_and_ci, summarize
from hearts.cards import CardSet


def compare(old: dict[int, DealResult], new: dict[int, DealResult]) -> list[str]:
    """The report's lines for the deals both runs hold."""
    common = sorted(set(old) & set(new))
    if not common:
        return ["the two runs share no deal"]
    lines = [f"{len(common)} deals in both runs ({2 * len(common)} hands each)"]
    for name, run in (("old", old), ("new", new)):
        s = summarize([run[deal] for deal in common])
        lines.append(f"  {name}: A saves {s.diff:+.3f} ± {s.ci95:.3f} a hand, z = {s.z:.2f}; "
                     f"moons A shot {s.a_moons}, conceded {s.b_moons}")
    change = [new[deal].saving() - old[deal].saving() for deal in common]
    mean, half, z = mean_and_ci(change)
    if len(change) > 1:
        lines.append(f"  new - old: {mean:+.3f} ± {half:.3f} a hand (95% CI, paired), "
                     f"z = {z:.2f}")
    else:
        lines.append(f"  new - old: {mean:+.3f} a hand (one deal: no interval)")
    lines.append(conceded_change(old, new, common))
    lines.append(stopper_change(old, new, common))
    return lines


def conceded_change(old: dict[int, DealResult], new: dict[int, DealResult],
                    common: list[int]) -> str:
    """The line pairing A's conceded moons deal by deal, with a sign test's z."""
    fewer = sum(new[deal].b_moons < old[deal].b_moons for deal in common)
    more = sum(new[deal].b_moons > old[deal].b_moons for deal in common)
    z = (fewer - more) / math.sqrt(fewer + more) if fewer + more else 0.0
    return (f"  A conceded fewer moons in {fewer} deals and more in {more} "
            f"(sign test z = {z:.2f})")


A_SEATS = (("south", "north"), ("west", "east"))
"""Side A's seats in the first and the second playing of a deal."""


def _gave_stopper_away(record: dict[str, Any], seat: str) -> bool:
    passed = next((p["cards"] for p in record["passes"] if p["seat"] == seat), None)
    if passed is None:  # a hold hand: nothing passed
        return False
    return gives_away_stopper(CardSet(record["deal"][seat]).mask, CardSet(passed).mask)


def stopper_change(old: dict[int, DealResult], new: dict[int, DealResult],
                   common: list[int]) -> str:
    """The line pairing A's passes that gave away a moon stopper, seat by seat."""
    gave = kept = lost = 0
    for deal in common:
        for playing, seats in enumerate(A_SEATS):
            for seat in seats:
                before = _gave_stopper_away(old[deal].hands[playing], seat)
                after = _gave_stopper_away(new[deal].hands[playing], seat)
                gave += before
                kept += before and not after
                lost += after and not before
    return (f"  A gave away its last high heart in {gave} passes of old; new kept it in "
            f"{kept} of them, and gave it away in {lost} passes where old kept it")


def main(argv: list[str] | None = None) -> int:
    """Print the comparison; 2 when a file cannot be read."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path, help="the reference run's results file")
    parser.add_argument("new", type=Path, help="the changed run's results file")
    args = parser.parse_args(argv)
    try:
        old, new = read_deals(args.old), read_deals(args.new)
    except READ_ERRORS as error:
        print(f"compare_runs: {error}", file=sys.stderr)
        return 2
    print("\n".join(compare(old, new)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
