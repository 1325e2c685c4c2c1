"""The search's compiled parts draw and weigh exactly as the Python they replace:
the sampler's own draws as ``random.Random``'s methods, a reseeded generator as a
new one, and :class:`~hearts.ai.inference.Plays` as judgement play by play."""

from __future__ import annotations

import random

from hearts.ai.sampling import below, sample_deal, shuffle
from hearts.ai.trial import reseed
from hearts.core import legal_mask


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


def test_a_reseeded_generator_draws_as_a_new_one() -> None:
    kept = random.Random(99)
    kept.random()
    for seed in (0, 1, 7, 2**31, 2**32 - 1, 123456789):
        fresh = random.Random(seed)
        reseed(kept, seed)
        for k in (1, 3, 13, 32):
            assert kept.getrandbits(k) == fresh.getrandbits(k)
        assert [kept.random() for _ in range(20)] == [fresh.random() for _ in range(20)]


def test_the_plays_weigh_a_deal_as_deal_likelihood_did() -> None:
    from hearts.ai.bench import sample_views
    from hearts.ai.inference import Plays, deal_likelihood, observations_of_view
    from hearts.ai.judgement import judge_play
    from hearts.ai.kit import rule_kit
    from hearts.ai.situation import Situation
    from hearts.rules import Rules

    kit = rule_kit(Rules())
    rng = random.Random(4)
    weighed = 0
    for view in sample_views(Rules(), 2, 30):
        seen = observations_of_view(view)
        s = Situation.of(view)
        plays = Plays(seen, kit)
        for _ in range(3):
            world = sample_deal(s, rng)
            skip = rng.randrange(-1, 4)
            # The weighing as judge_play states it, play by play.
            expected = 1.0
            for o in seen:
                if o.seat == skip:
                    continue
                hand = world[o.seat] | o.later | (1 << o.card)
                led = o.trick[0] // 13 if o.trick else -1
                legal = legal_mask(hand, led, o.first, o.broken, kit.first_lead,
                                   kit.leading_hearts, kit.first_trick)
                if legal & (legal - 1) and judge_play(o.seat, hand, legal, o.trick, o.played,
                                                      o.taken, o.voids, kit) != o.card:
                    expected *= 0.5
            assert plays.likelihood(world, 0.5, skip) == expected
            assert deal_likelihood(world, seen, kit, 0.5, skip) == expected
            weighed += expected < 1.0
    assert weighed
