"""Scratch measurement (not a tool): would reading the pass received sharpen
the sampled deals?

For every seat of the first 150 deals of a results file, the seat that passed
to it is dealt 200 random hands from the cards it cannot see. Each hand is
weighed by how judgement ranks the three passed cards in it (``pass_danger``
on the passer's cards after the exchange plus the three it passed; the weight
of a rank is how often the passes of the whole file put a passed card at that
rank). It prints how many passes share 3, 2, 1 or 0 cards with judgement's
own pass and how often a passed card is among judgement's first three, then
the squared error of the predicted chance of holding the queen, ace
and king of spades, of each suit's length and of each void is printed
unweighed and weighed; the smaller, the better the deals.

    PYTHONPATH=src python docs/results/experiments/pass-reading.py FILE
"""

from __future__ import annotations

import collections
import random
import sys
from pathlib import Path

from hearts.ai.kit import rule_kit
from hearts.ai.passing import choose_pass_mask, pass_danger
from hearts.cards import CardSet, Seat
from hearts.records import read_records
from hearts.rules import PassDirection, Rules

NAMES = ["QS", "AS", "KS", "lenC", "lenD", "lenH", "lenS", "voidC", "voidD", "voidH", "voidS"]


def features(hand: int) -> list[float]:
    suits = [(hand >> (13 * s) & 0x1FFF).bit_count() for s in range(4)]
    return [hand >> 49 & 1, hand >> 51 & 1, hand >> 50 & 1, *suits, *(n == 0 for n in suits)]


def ranks(after: int, passed: int, kit) -> list[int]:
    order = [i for _, i in pass_danger(after | passed, kit)]
    return [order.index(c) for c in range(52) if passed >> c & 1]


def hands_of(path: str):
    for sourced in read_records(Path(path)):
        record = sourced.record
        kit = rule_kit(Rules.from_json(record["rules"]))
        direction = PassDirection[record["pass_direction"].upper()]
        deal = {Seat.parse(s): CardSet(c).mask for s, c in record["deal"].items()}
        passes = {Seat.parse(p["seat"]): CardSet(p["cards"]).mask for p in record["passes"]}
        yield kit, direction, deal, passes


def main(path: str) -> None:
    counts: collections.Counter[int] = collections.Counter()
    agree: collections.Counter[int] = collections.Counter()
    top_dealt = 0
    for kit, direction, deal, passes in hands_of(path):
        for seat in Seat:
            after = (deal[seat] & ~passes[seat]) | passes[direction.source(seat)]
            counts.update(ranks(after, passes[seat], kit))
            agree[(choose_pass_mask(deal[seat], kit) & passes[seat]).bit_count()] += 1
            dealt_order = [i for _, i in pass_danger(deal[seat], kit)]
            top_dealt += sum(dealt_order.index(c) < 3 for c in range(52) if passes[seat] >> c & 1)
    passed = sum(counts.values())
    print(f"{path}: passes with 3, 2, 1 and 0 cards of judgement's own pass:",
          [agree[k] for k in (3, 2, 1, 0)])
    print(f"passed cards among judgement's first three: {top_dealt / passed:.1%} of the "
          f"thirteen dealt, {sum(counts[r] for r in range(3)) / passed:.1%} of the sixteen "
          "after the exchange")
    top = max(counts.values())
    rng = random.Random(5)
    plain = [0.0] * len(NAMES)
    weighed = [0.0] * len(NAMES)
    n = 0
    for number, (kit, direction, deal, passes) in enumerate(hands_of(path)):
        if number >= 300:
            break
        for seat in Seat:
            passer = direction.source(seat)
            received = passes[passer]
            mine = (deal[seat] & ~passes[seat]) | received
            truth = features((deal[passer] & ~received) | passes[direction.source(passer)])
            unseen = [c for c in range(52) if not (mine | passes[seat]) >> c & 1]
            weights, found = [], []
            for _ in range(200):
                hand = sum(1 << c for c in rng.sample(unseen, 13))
                weight = 1.0
                for rank in ranks(hand, received, kit):
                    weight *= max(counts.get(rank, 0), 2) / top
                weights.append(weight)
                found.append(features(hand))
            total = sum(weights)
            for k in range(len(NAMES)):
                p_plain = sum(f[k] for f in found) / len(found)
                p_weighed = sum(w * f[k] for w, f in zip(weights, found, strict=True)) / total
                plain[k] += (p_plain - truth[k]) ** 2
                weighed[k] += (p_weighed - truth[k]) ** 2
            n += 1
    print(f"{n} received passes")
    for k, name in enumerate(NAMES):
        print(f"  {name:6s} unweighed {plain[k] / n:.4f}  weighed {weighed[k] / n:.4f}")


if __name__ == "__main__":
    main(sys.argv[1])
