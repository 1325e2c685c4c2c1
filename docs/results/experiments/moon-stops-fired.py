"""Scratch count (not a tool): where the moon-stop rule of ``guard-master`` fires.

Replays every hand of a results file and asks, at each play of an Expert seat
to a trick, whether the rule (``_moon_stops`` in the branch's
``hearts.ai.search``) would restrict the candidates there: the seat that passed
us three low cards alone has points and wins a trick with points in it, and we
hold a card that surely wins it. Counts the hands where it would fire, with a
moon conceded and without, and the hands where it fired and the Expert never
took such a trick, with how many of those the other side shot. Run it with the
branch's ``src`` on the path (``git apply moon-stops.patch`` on 5a785dd):

    PYTHONPATH=BRANCH/src python docs/results/experiments/moon-stops-fired.py FILE
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from hearts.ai.search import _moon_stops  # type: ignore[attr-defined]
from hearts.ai.situation import Situation
from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.records import read_records


def main(path: Path) -> None:
    counts: Counter[str] = Counter()
    for sourced in read_records(path):
        record = sourced.record
        ours = {Seat.parse(p["seat"]) for p in record["players"] if p["player"] == "expert"}
        hand = Hand.from_record({**record, "plays": []})
        shooter = Hand.from_record(record).shooter
        kind = "conceded" if shooter is not None and shooter not in ours else "other"
        counts[f"{kind} hands"] += 1
        fired = took = False
        for text in record["plays"]:
            card = Card.parse(text)
            if hand.turn in ours and hand.trick:
                stops = _moon_stops(Situation.of(hand.view(hand.turn)))
                fired = fired or bool(stops)
                took = took or bool(stops >> card.index & 1)
            hand.play(card)
        counts[f"{kind}: hands where it fires"] += fired
        if fired and not took:
            counts["hands where it fired and the Expert never took such a trick"] += 1
            counts["... of which the other side shot the moon"] += kind == "conceded"
    for key in sorted(counts):
        print(f"{counts[key]:6d}  {key}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
