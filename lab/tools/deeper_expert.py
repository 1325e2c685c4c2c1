"""The Expert with more search, for the arena: ``lab.tools.deeper_expert:make``.

The compiled core made the Expert's decisions about three times cheaper (median
24 ms against a 250 ms budget); this player spends the room on three times as
many sampled deals in each round of the play search (``FACTOR``), with the
Expert's pass unchanged, to measure whether more search pays:

    hearts-arena match lab.tools.deeper_expert:make expert --deals 1000 --seed 1 --jobs 2

``make_second_round`` spends it on the close decisions instead: the first round
as the Expert's, a second round for up to ``FINALISTS`` close candidates over
``SECOND_FACTOR`` times the Expert's extra deals:

    hearts-arena match lab.tools.deeper_expert:make_second_round expert \\
        --deals 1000 --seed 1 --jobs 2
"""

from __future__ import annotations

from hearts.ai import Level
from hearts.ai.players import BUDGETS, SearchPlayer

FACTOR = 3
"""How many times the Expert's sampled deals the deeper search uses."""

FINALISTS = 5
"""How many candidates the wider second round may compare (the Expert: 3)."""

SECOND_FACTOR = 4
"""How many times the Expert's second-round deals the wider second round uses."""


def make(seed: int = 0) -> SearchPlayer:
    """The arena's entry point: the Expert with ``FACTOR`` times the deals."""
    base = BUDGETS[Level.EXPERT]
    budget = base._replace(deals=base.deals * FACTOR, late_deals=base.late_deals * FACTOR,
                           extra_deals=base.extra_deals * FACTOR)
    return SearchPlayer(Level.EXPERT, seed, budget)


def make_second_round(seed: int = 0) -> SearchPlayer:
    """The arena's entry point: the Expert with a wider, deeper second round."""
    base = BUDGETS[Level.EXPERT]
    budget = base._replace(finalists=FINALISTS, extra_deals=base.extra_deals * SECOND_FACTOR)
    return SearchPlayer(Level.EXPERT, seed, budget)
