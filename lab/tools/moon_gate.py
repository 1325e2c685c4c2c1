"""How often the moon-aware mode was on in a run, and whether the Expert played
as before wherever it was off.

    python lab/tools/moon_gate.py NEW [--before OLD] [--gate G]

NEW is a ``hearts-arena match`` results file whose side A is the Expert with the
mode (gate ``G``, by default the shipped Expert's ``moon_gate``). Every hand is
played again from its record, and at each of side A's decisions the mode's
suspect is found from the view (:func:`hearts.ai.moonmodel.moon_suspect`). It
prints the share of side A's decisions (plays and passes) in the mode and the
hands in which the mode was ever on. With ``--before OLD``, a run of the same
seed and rules whose side A is the Expert without the mode, it also counts, of
the hands where the mode never came on and of those where it did, how many
were played card for card as in OLD: outside the mode the two Experts must
play alike, so every hand of the first kind should be the same.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from replay import choices

from hearts.ai import Level
from hearts.ai.moonmodel import moon_suspect
from hearts.ai.players import BUDGETS
from hearts.arena.duplicate import DealResult, read_deals
from hearts.cards import Seat

SIDE_A_SEATS = ((Seat.SOUTH, Seat.NORTH), (Seat.WEST, Seat.EAST))
"""Side A's seats in the first and second playing of a deal."""


def mode_decisions(record: dict[str, Any], seats: tuple[Seat, ...], gate: float) -> tuple[int,
                                                                                           int]:
    """Of ``seats``' play decisions in a hand, how many and how many in the mode."""
    total = inside = 0
    for view in choices(record, seats):
        total += 1
        inside += moon_suspect(view, gate, 1.0) is not None
    return total, inside


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a["passes"] == b["passes"] and a["plays"] == b["plays"]


def report(new: dict[int, DealResult], old: dict[int, DealResult] | None, gate: float) -> str:
    """The counts the module describes, as text."""
    decisions = inside = hands = opened = 0
    alike = {False: [0, 0], True: [0, 0]}  # opened -> [same, compared]
    for number, deal in sorted(new.items()):
        for playing, record in enumerate(deal.hands):
            total, on = mode_decisions(record, SIDE_A_SEATS[playing], gate)
            decisions += total
            inside += on
            hands += 1
            opened += on > 0
            if old is not None and number in old:
                counts = alike[on > 0]
                counts[1] += 1
                counts[0] += _same(record, old[number].hands[playing])
    lines = [f"gate {gate}: side A's play decisions in the mode: {inside} of {decisions} "
             f"({inside / max(1, decisions):.2%}); hands with the mode on: {opened} of {hands}"]
    if old is not None:
        for on, label in ((False, "never on"), (True, "on")):
            same, compared = alike[on]
            lines.append(f"  hands with the mode {label}: {same} of {compared} played as before")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("new", type=Path)
    parser.add_argument("--before", type=Path)
    parser.add_argument("--gate", type=float, default=BUDGETS[Level.EXPERT].moon_gate)
    args = parser.parse_args(argv)
    if args.gate <= 0:
        print("moon_gate.py: the mode is off (give --gate)", file=sys.stderr)
        return 2
    try:
        new = read_deals(args.new)
        old = read_deals(args.before) if args.before else None
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"moon_gate.py: {error}", file=sys.stderr)
        return 2
    print(report(new, old, args.gate))
    return 0


if __name__ == "__main__":
    sys.exit(main())
