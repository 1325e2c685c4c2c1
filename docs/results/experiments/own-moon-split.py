"""Scratch measurement (not a tool): where did the own-moon Expert's margin move?

Pairs two results files of the same deals (OLD, NEW) hand by hand and sums the
change of side A's margin (B's mean less A's, per hand) in three groups: hands
where a seat of side A passed its three lowest cards in NEW (the shooting pass)
and not in OLD; the other hands where a seat of side A held cards after the pass
with a shooting strength (jack 1 to ace 4) of at least 15; and the rest.

    PYTHONPATH=BRANCH/src python docs/results/experiments/own-moon-split.py OLD NEW

(``BRANCH``: a worktree of one of the own-moon branches, whose
``hearts.ai.passing`` has the shooting pass and strength.)
"""

from __future__ import annotations

import collections
import sys
from pathlib import Path

from hearts.ai.passing import shooting_pass, shooting_strength
from hearts.arena.duplicate import read_deals
from hearts.cards import CardSet, Seat
from hearts.hand import Hand
from hearts.rules import PassDirection


def group(old: dict, new: dict) -> str:
    seats = [Seat.parse(p["seat"]) for p in new["players"] if p["player"] == "expert"]
    direction = PassDirection[new["pass_direction"].upper()]
    passes = {Seat.parse(p["seat"]): CardSet(p["cards"]).mask for p in new["passes"]}
    old_passes = {Seat.parse(p["seat"]): CardSet(p["cards"]).mask for p in old["passes"]}
    strong = False
    for seat in seats:
        dealt = CardSet(new["deal"][str(seat).lower()]).mask
        if passes[seat] == shooting_pass(dealt) != old_passes[seat]:
            return "a new shooting pass"
        after = (dealt & ~passes[seat]) | passes[direction.source(seat)]
        strong = strong or shooting_strength(after) >= 15
    return "other, strong" if strong else "other, weak"


def main(old_path: str, new_path: str) -> None:
    old = read_deals(Path(old_path))
    new = read_deals(Path(new_path))
    totals: dict[str, list[float]] = collections.defaultdict(lambda: [0, 0.0])
    for deal in sorted(set(old) & set(new)):
        for before, after in zip(old[deal].hands, new[deal].hands, strict=True):
            a = {Seat.parse(p["seat"]) for p in after["players"] if p["player"] == "expert"}
            change = 0.0
            for record, sign in ((after, 1), (before, -1)):
                points = Hand.from_record(record).points
                margin = sum(points[s] for s in Seat if s not in a) - sum(points[s] for s in a)
                change += sign * margin / 2
            entry = totals[group(before, after)]
            entry[0] += 1
            entry[1] += change
    for name in ("a new shooting pass", "other, strong", "other, weak"):
        count, change = totals[name]
        print(f"{name:20s} {count:5d} hands, margin change {change:+8.1f} "
              f"({change / max(count, 1):+.3f} a hand)")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
