"""Scratch measurement (not a tool): how often the seat the Expert's search
suspects of shooting the moon really shoots, by the kind of sign it shows.

    python docs/results/experiments/moon-signs.py RESULTS [PLAYER]

For every decision of PLAYER (default ``expert``) with more than one legal card,
``hearts.ai.search.moon_threat`` names the suspected seat and whether the sign is
strong or weak; each (sign, trick number, suspected seat) is counted once a hand,
with the hands in which that seat then shot the moon. Trick numbers count the
tricks already played (8 means 8 or more).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from hearts.ai.search import moon_threat
from hearts.ai.situation import Situation
from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.records import read_records

path = Path(sys.argv[1])
player = sys.argv[2] if len(sys.argv) > 2 else "expert"
counts: Counter[tuple[str, str]] = Counter()
for source in read_records(path):
    record = source.record
    ours = {Seat.parse(p["seat"]) for p in record["players"] if p["player"] == player}
    hand = Hand.from_record({**record, "plays": []})
    seen: set[tuple[str, int]] = set()
    for text in record["plays"]:
        seat = hand.turn
        if seat in ours and len(hand.legal_plays()) > 1:
            suspect, strong = moon_threat(Situation.of(hand.view(seat)))
            if suspect >= 0:
                seen.add((f"{'strong' if strong else 'weak'} trick {min(len(hand.tricks), 8)}",
                          suspect))
        hand.play(Card.parse(text))
    for kind, suspect in seen:  # the hand is played out now, so its shooter is known
        counts[(kind, "n")] += 1
        counts[(kind, "moon")] += hand.shooter is not None and int(hand.shooter) == suspect
for kind in sorted({kind for kind, _ in counts}):
    n, moons = counts[(kind, "n")], counts[(kind, "moon")]
    print(f"{kind:16} {n:6d} hands, that seat shot {moons:5d} ({100 * moons / n:4.1f}%)")
