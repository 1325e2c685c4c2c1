"""Scratch measurement (not a tool): how far a seat that shoots the moon plays
unlike judgement early in the hand, on its true cards.

    python docs/results/experiments/shooter-mismatch.py RESULTS [TRICKS]

For every seat not played by the Expert, counts its plays with a choice in the
first TRICKS tricks (default 4) where judgement, holding that seat's real hand,
would have played another card; the shares of 0, 1, 2, 3 and 4 or more such
plays are printed for the seats that then shot the moon and for the others.
This is the evidence a deal's weight (``hearts.ai.inference.deal_likelihood``)
could draw from the plays at best: the Expert knows only sampled hands.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from hearts.ai.judgement import judge_play
from hearts.ai.kit import rule_kit
from hearts.ai.situation import Situation
from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.records import read_records

tricks = int(sys.argv[2]) if len(sys.argv) > 2 else 4
counts: Counter[tuple[str, int]] = Counter()
for source in read_records(Path(sys.argv[1])):
    record = source.record
    ours = {Seat.parse(p["seat"]) for p in record["players"] if p["player"] == "expert"}
    full = Hand.from_record(record)
    kit = rule_kit(full.rules)
    hand = Hand.from_record({**record, "plays": []})
    unlike: Counter[Seat] = Counter()
    for text in record["plays"]:
        card = Card.parse(text)
        seat = hand.turn
        if seat is None or len(hand.tricks) >= tricks:
            break
        if seat not in ours:
            s = Situation.of(hand.view(seat))
            if s.legal & (s.legal - 1) and judge_play(
                    s.me, s.hand, s.legal, s.trick, s.played, s.taken, s.voids, kit) != card.index:
                unlike[seat] += 1
        hand.play(card)
    for seat in Seat:
        if seat not in ours:
            kind = "shot" if full.shooter == seat else "did not shoot"
            counts[(kind, min(unlike[seat], 4))] += 1
for kind in ("shot", "did not shoot"):
    total = sum(counts[(kind, n)] for n in range(5))
    shares = "  ".join(f"{n}{'+' if n == 4 else ''}: {counts[(kind, n)] / total:4.0%}"
                       for n in range(5))
    print(f"{kind:14s} {total:5d} seat-hands; plays unlike judgement  {shares}")
