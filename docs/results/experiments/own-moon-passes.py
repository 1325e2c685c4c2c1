"""Scratch count (not a tool): how often the own-moon Expert's pass goes for the moon.

For each seat's dealt hand in the first playing of the first 299 deals of a
results file, with a shooting strength (jack 1 to ace 4) of at least MIN,
searches the pass with the Expert's pass budget of the code on the path (the
n-th such hand with seed n) and counts how often it is the shooting pass.
Run it with the branch's ``src`` on the path:

    PYTHONPATH=BRANCH/src python docs/results/experiments/own-moon-passes.py FILE [MIN]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from hearts.ai import Level
from hearts.ai.kit import rule_kit
from hearts.ai.passing import shooting_pass, shooting_strength
from hearts.ai.passsearch import search_pass
from hearts.ai.players import PASS_BUDGETS
from hearts.arena.duplicate import read_deals
from hearts.cards import CardSet
from hearts.rules import Rules


def main(path: str, least: int) -> None:
    budget = PASS_BUDGETS[Level.EXPERT]
    strong = shooting = 0
    deals = read_deals(Path(path))
    for number in sorted(deals)[:299]:
        record = deals[number].hands[0]
        kit = rule_kit(Rules.from_json(record["rules"]))
        for cards in record["deal"].values():
            hand = CardSet(cards).mask
            if shooting_strength(hand) >= least:
                strong += 1
                chosen = search_pass(0, hand, (1, 2, 3, 0), 1, kit, budget, random.Random(strong))
                shooting += chosen == shooting_pass(hand)
    print(f"{strong} hands of strength {least} or more; the shooting pass in {shooting}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 15)
