"""How often a player of :mod:`play_expert` plays another card than the Expert,
against how often the Expert plays another card with another seed.

    python lab/tools/play_agree.py FILE [FILE ...] [--name model50_floor2_nomiss_shoot]
        [--hands 40] [--every 2]

At every ``--every``-th play decision with a choice in held-out hands of the
files (the test split of :func:`play_rows.split_of`), from the fourth trick on,
three players decide from the same view: the Expert with seed 1, the Expert
with seed 2 and the named player with seed 1. Printed: how often the named
player's card differs from the Expert's (same seed: only the inference
differs), and how often the Expert's own card differs between the two seeds
(the search's noise), overall and by stage of the hand.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import play_expert
from play_rows import held_out
from replay import replayed

from hearts.ai import Level, make_player


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--name", default="model50_floor2_nomiss_shoot")
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--every", type=int, default=2)
    args = parser.parse_args(argv)
    expert, other_seed = make_player(Level.EXPERT, 1), make_player(Level.EXPERT, 2)
    named = getattr(play_expert, args.name)(1)
    # Per stage (tricks 3-5, 6-8, 9-12): decisions, named differs, seed differs.
    stages = {"tricks 4-6": [0, 0, 0], "tricks 7-9": [0, 0, 0], "tricks 10-13": [0, 0, 0]}
    held = list(held_out(args.files, args.hands))
    for record in held:
        for number, seat, hand in replayed(record):
            view = hand.view(seat)
            if number >= 12 and number % args.every == 0 and len(view.legal) > 1:
                card = expert.choose_play(view)
                trick = number // 4
                cell = stages["tricks 4-6" if trick < 6 else
                              "tricks 7-9" if trick < 9 else "tricks 10-13"]
                cell[0] += 1
                cell[1] += named.choose_play(view) != card
                cell[2] += other_seed.choose_play(view) != card
    total = [sum(cell[i] for cell in stages.values()) for i in range(3)]
    print(f"{len(held)} held-out hands; {args.name} against the Expert (seed 1), "
          "and the Expert with seed 2")
    print(f"{'stage':14} {'decisions':>9} {'model differs':>14} {'seed differs':>13}")
    for label, (count, differs, noise) in [*stages.items(), ("all", total)]:
        if count:
            print(f"{label:14} {count:9d} {differs / count:14.3f} {noise / count:13.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
