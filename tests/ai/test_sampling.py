"""The deal sampler's own draws: the same numbers as ``random.Random``'s methods,
so that compiling it changes no decision."""

from __future__ import annotations

import random

from hearts.ai.sampling import below, shuffle


def test_below_draws_as_randrange() -> None:
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 5, 7, 8, 13, 39, 64, 100, 1000):
            assert below(ours.getrandbits, n) == theirs.randrange(n)
        assert ours.getrandbits(32) == theirs.getrandbits(32)


def test_shuffle_orders_as_random_shuffle() -> None:
    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        size = seed % 40
        mine, reference = list(range(size)), list(range(size))
        shuffle(mine, ours.getrandbits)
        theirs.shuffle(reference)
        assert mine == reference
        assert ours.getrandbits(32) == theirs.getrandbits(32)
