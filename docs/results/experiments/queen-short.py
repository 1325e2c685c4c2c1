"""Scratch measurement (not a tool): how often the seat holding the queen of
spades after the pass takes it, by side and by how many spades it holds.

    python docs/results/experiments/queen-short.py RESULTS [RESULTS ...]

Deals with a moon in either playing are left out, as in
``tools/split_margin.py``. Each line: spades held after the pass (the queen
counted; 5 means five or more), then for each side the hands, the hands where
that seat led a spade before the queen fell, and the hands where it took the
queen.
"""

from __future__ import annotations

import collections
import sys
from pathlib import Path

from hearts.arena.duplicate import read_deals
from hearts.arena.seating import SIDES_SWAPPED, SIDES_UPRIGHT
from hearts.cards import Card, Seat, Suit
from hearts.hand import Hand

QUEEN = Card.parse("QS")


def count(path: Path) -> collections.Counter[tuple[str, int, str]]:
    """(side, spades after the pass, what) -> hands, over a results file."""
    stats: collections.Counter[tuple[str, int, str]] = collections.Counter()
    for result in read_deals(path).values():
        hands = [Hand.from_record(record) for record in result.hands]
        if any(hand.shooter is not None for hand in hands):
            continue
        for sides, hand in zip((SIDES_UPRIGHT, SIDES_SWAPPED), hands, strict=True):
            kept = {s: (set(hand.dealt(s)) - set(hand.passed(s))) | set(hand.received(s))
                    for s in Seat}
            holder = next(s for s in Seat if QUEEN in kept[s])
            spades = min(5, sum(card.suit is Suit.SPADES for card in kept[holder]))
            side = sides[holder]
            led = False
            for trick in hand.tricks:
                if QUEEN in trick.cards:
                    break
                led |= trick.leader == holder and trick.cards[0].suit is Suit.SPADES
            stats[(side, spades, "hands")] += 1
            stats[(side, spades, "led")] += led
            stats[(side, spades, "took")] += QUEEN in hand.taken(holder)
    return stats


for name in sys.argv[1:]:
    stats = count(Path(name))
    print(name)
    for spades in range(1, 6):
        print(f"  {spades} spades", " | ".join(
            f"{side}: {stats[(side, spades, 'hands')]} hands, led {stats[(side, spades, 'led')]},"
            f" took {stats[(side, spades, 'took')]}" for side in "ab"))
