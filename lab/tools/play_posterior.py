"""How well the search's weighed deals place the unseen cards, weighed each way.

    python lab/tools/play_posterior.py FILE [FILE ...] [--hands 200] [--deals 320]
        [--every 3] [--seed 1] [--scheme NAME ...]

An offline measure for tuning the inference without arena runs. In held-out
hands of the files (the test split of :func:`play_rows.split_of`: deals the
model never trained on), at every ``--every``-th play decision of a seat
from the fourth trick on, the Expert's sampler deals ``--deals`` deals of the
unseen cards from that seat's view, as the search does (the guesses of
:mod:`hearts.ai.inference` trusted half the time), and each scheme weighs them:

- ``none``: every deal alike;
- ``miss0.5``: judgement's fixed factor (the released Expert's inference);
- ``modelA_floorF``: the learned model of play to the power A, each play's
  chance at least F (e.g. ``model0.5_floor0.02``);
- ``A+B``: two of these together (their weights multiplied).

For each scheme it prints, over the decisions: the mean log of the weighed
share of deals that put each unseen card in its true seat (higher is better:
0 would be certainty), the same for the queen of spades alone while it is
unseen, and the effective number of deals (the sum of the weights squared
over the sum of their squares), as a share of the deals.
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
from hearts.ai.situation import Situation
from hearts.cards import Seat
from hearts.core import FULL_DECK, QUEEN_OF_SPADES_INDEX

DEFAULT_SCHEMES = ("none", "miss0.5", "model0.25_floor0.02", "model0.5_floor0.02",
                   "model1_floor0.02", "model0.5_floor0.005", "model0.5_floor0.1")


def weights(scheme: str, plays: Plays, worlds: list[list[int]]) -> list[float]:
    """Each deal's weight under ``scheme`` (normalized to sum 1); ``A+B`` is the
    product of two schemes' weights."""
    if "+" in scheme:
        first, second = scheme.split("+", 1)
        product = [a * b for a, b in zip(weights(first, plays, worlds),
                                         weights(second, plays, worlds), strict=True)]
        total = sum(product)
        return [value / total for value in product]
    if scheme == "none":
        raw = [1.0] * len(worlds)
    elif scheme.startswith("miss"):
        miss = float(scheme[4:])
        raw = [plays.likelihood(world, miss) for world in worlds]
    else:
        power_text, floor_text = scheme[5:].split("_floor")
        power, floor = float(power_text), math.log(float(floor_text))
        table = default_play_model().weights
        logs = [plays.log_likelihood(world, table, floor) for world in worlds]
        top = max(logs)
        raw = [math.exp(power * (value - top)) for value in logs]
    total = sum(raw)
    return [value / total for value in raw]


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--deals", type=int, default=320)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scheme", action="append", default=None)
    args = parser.parse_args(argv)
    schemes = args.scheme or list(DEFAULT_SCHEMES)
    rng = random.Random(args.seed)
    sums = {scheme: [0.0, 0.0, 0.0] for scheme in schemes}
    decisions = queen_decisions = 0
    held = list(held_out(args.files, args.hands))
    for record in held:
        for number, seat, hand in replayed(record):
            if number >= 12 and number % args.every == 0:
                view = hand.view(seat)
                s = Situation.of(view)
                kit = rule_kit(view.rules)
                seen = observations_of_view(view)
                lacks = lacks_of_view(view, kit)
                worlds = [sample_deal_guessing(s, rng, lacks, 0.5)
                          for _ in range(args.deals)]
                truth = [sum(card.bit for card in hand.holding(other)) for other in Seat]
                unseen = FULL_DECK ^ s.played ^ s.hand
                plays = Plays(seen, kit)
                decisions += 1
                queen = bool(unseen >> QUEEN_OF_SPADES_INDEX & 1)
                queen_decisions += queen
                for scheme in schemes:
                    w = weights(scheme, plays, worlds)
                    hits: dict[int, float] = {}
                    for weight, world in zip(w, worlds, strict=True):
                        for other in range(4):
                            if other == s.me:
                                continue
                            right = world[other] & truth[other]
                            while right:
                                low = right & -right
                                right ^= low
                                index = low.bit_length() - 1
                                hits[index] = hits.get(index, 0.0) + weight
                    cards = [i for i in range(52) if unseen >> i & 1]
                    mean = sum(math.log(max(hits.get(i, 0.0), 1e-4)) for i in cards)
                    sums[scheme][0] += mean / max(1, len(cards))
                    if queen:
                        sums[scheme][1] += math.log(max(hits.get(QUEEN_OF_SPADES_INDEX, 0.0),
                                                        1e-4))
                    sums[scheme][2] += 1.0 / sum(x * x for x in w) / len(w)
    print(f"{decisions} decisions ({queen_decisions} with the queen unseen) in {len(held)} "
          f"held-out hands, {args.deals} deals each")
    print(f"{'scheme':24} {'log share, card':>16} {'log share, queen':>17} {'effective deals':>16}")
    for scheme in schemes:
        total, queen_total, effective = sums[scheme]
        print(f"{scheme:24} {total / decisions:16.4f} {queen_total / max(1, queen_decisions):17.4f}"
              f" {effective / decisions:16.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
