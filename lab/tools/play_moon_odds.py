"""The chance of a shot the search would give a suspect from its plays, against
whether it shot.

    python lab/tools/play_moon_odds.py FILE [FILE ...] [--hands 300] [--deals 120]
        [--power 0.25] [--floor 0.02] [--strong 0.6] [--weak 0.15]

In held-out hands of the files (the test split of :func:`play_rows.split_of`),
at every play decision of a seat whose view shows a sign of a shot on another
seat (:func:`hearts.ai.search.moon_threat`), the Expert's sampler deals
``--deals`` deals as the search does and the chance of a shot is worked out as
``Budget.moon_odds`` does: the prior (``--strong`` on a strong sign, ``--weak``
on a weak one) times the likelihood ratio of the suspect's plays by the
shooting table and the table of every seat, to the power ``--power``. Printed
per sign: the decisions, how often the suspect shot, and the Brier score of the
prior alone and of the chance from the plays (lower is better).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from play_rows import held_out
from replay import replayed

from hearts.ai.inference import Plays, lacks_of_view, observations_of_view
from hearts.ai.kit import rule_kit
from hearts.ai.playmodel import default_play_model
from hearts.ai.sampling import sample_deal_guessing
from hearts.ai.search import moon_threat
from hearts.ai.situation import Situation
from hearts.hand import Hand


def shot_chance(plays: Plays, worlds: list[list[int]], seat: int, prior: float, power: float,
                floor: float) -> float:
    """The prior times the suspect's likelihood ratio, as a chance."""
    model = default_play_model()
    plain = [plays.log_likelihood(w, model.weights, floor, only=seat) for w in worlds]
    shoot = [plays.log_likelihood(w, model.shooting, floor, only=seat) for w in worlds]
    top = max(max(plain), max(shoot))
    ratio = (sum(math.exp(power * (x - top)) for x in shoot)
             / sum(math.exp(power * (x - top)) for x in plain))
    return prior * ratio / (prior * ratio + 1.0 - prior)


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--deals", type=int, default=120)
    parser.add_argument("--power", type=float, default=0.25)
    parser.add_argument("--floor", type=float, default=0.02)
    parser.add_argument("--strong", type=float, default=0.6)
    parser.add_argument("--weak", type=float, default=0.15)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    floor = math.log(args.floor)
    # Per sign: decisions, shots, the prior's squared error, the chance's.
    sums = {"strong": [0, 0, 0.0, 0.0], "weak": [0, 0, 0.0, 0.0]}
    held = list(held_out(args.files, args.hands))
    for record in held:
        full = Hand.from_record(record)
        shooter = -1 if full.shooter is None else int(full.shooter)
        for _number, seat, hand in replayed(record):
            view = hand.view(seat)
            s = Situation.of(view)
            suspect, strong = moon_threat(s)
            if suspect >= 0 and len(view.legal) > 1:
                kit = rule_kit(view.rules)
                plays = Plays(observations_of_view(view), kit)
                lacks = lacks_of_view(view, kit)
                worlds = [sample_deal_guessing(s, rng, lacks, 0.5)
                          for _ in range(args.deals)]
                prior = args.strong if strong else args.weak
                chance = shot_chance(plays, worlds, suspect, prior, args.power, floor)
                label = float(suspect == shooter)
                cell = sums["strong" if strong else "weak"]
                cell[0] += 1
                cell[1] += int(label)
                cell[2] += (prior - label) ** 2
                cell[3] += (chance - label) ** 2
    print(f"{len(held)} held-out hands; power {args.power}, floor {args.floor}")
    print(f"{'sign':8} {'decisions':>9} {'shot':>6} {'Brier, prior':>13} {'Brier, plays':>13}")
    for sign, (count, shots, prior_error, chance_error) in sums.items():
        if count:
            print(f"{sign:8} {count:9d} {shots / count:6.3f} {prior_error / count:13.4f} "
                  f"{chance_error / count:13.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
