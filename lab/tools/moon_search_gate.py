"""How often the moon search's gate would fire at side A's play decisions of a run.

    python lab/tools/moon_search_gate.py FILE ... [--hands N] [--thresholds 0.05,0.1]

Every hand is played again from its record; at each of side A's play decisions
with a choice it asks whether one other seat alone has taken points (the gate's
first half, :func:`hearts.ai.moongate.lone_opponent`) and the moon-threat
model's chance for that seat (:func:`hearts.ai.moongate.moon_gate`). It prints,
for each threshold, the share of side A's decisions where the gate fires, the
hands where it ever fires, and of the hands where a seat of side B shot the
moon, how many had the gate fire at a decision of side A before the end.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from moon_gate import SIDE_A_SEATS
from replay import choices

from hearts.ai.moongate import lone_opponent
from hearts.ai.moonmodel import default_model
from hearts.ai.moonsigns import moon_signs
from hearts.arena.duplicate import read_deals
from hearts.hand import Hand


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--hands", type=int, default=200, help="deals read from each file")
    parser.add_argument("--thresholds", default="0,0.02,0.05,0.1,0.15,0.2,0.3")
    args = parser.parse_args(argv)
    thresholds = [float(t) for t in args.thresholds.split(",")]
    model = default_model()
    for path in args.files:
        try:
            deals = read_deals(path)
        except (OSError, ValueError, KeyError, TypeError) as error:
            print(f"moon_search_gate.py: {error}", file=sys.stderr)
            return 2
        decisions = 0
        fired = [0] * len(thresholds)
        hands_fired = [0] * len(thresholds)
        moons = 0
        moons_fired = [0] * len(thresholds)
        hands = 0
        for _number, deal in sorted(deals.items())[:args.hands]:
            for playing, record in enumerate(deal.hands):
                seats = SIDE_A_SEATS[playing]
                hands += 1
                top = -1.0
                for view in choices(record, seats):
                    decisions += 1
                    lone = lone_opponent(view)
                    if lone < 0:
                        continue
                    row = moon_signs(view).get(lone)
                    chance = model.chance(row) if row is not None else 0.0
                    top = max(top, chance)
                    for index, threshold in enumerate(thresholds):
                        fired[index] += chance >= threshold
                points = list(Hand.from_record(record).points)
                b_shot = any(points[s] <= 0 and all(points[o] >= 16 for o in range(4) if o != s)
                             for s in range(4) if s not in seats)
                moons += b_shot
                for index, threshold in enumerate(thresholds):
                    hands_fired[index] += top >= threshold
                    moons_fired[index] += b_shot and top >= threshold
        print(f"{path.name}: {hands} hands, {decisions} play decisions of side A with a "
              f"choice, {moons} moons by side B")
        for index, threshold in enumerate(thresholds):
            print(f"  chance >= {threshold:<5}: fires at {fired[index]} decisions "
                  f"({fired[index] / max(1, decisions):.1%}), in {hands_fired[index]} hands; "
                  f"before {moons_fired[index]} of the {moons} moons")
    return 0


if __name__ == "__main__":
    sys.exit(main())
