"""The Expert with more search, for the arena: ``lab.tools.deeper_expert:make``.

The compiled core made the Expert's decisions about three times cheaper (median
24 ms against a 250 ms budget); this player spends the room on three times as
many sampled deals in each round of the play search (``FACTOR``), with the
Expert's pass unchanged, to measure whether more search pays:

    hearts-arena match lab.tools.deeper_expert:make expert --deals 1000 --seed 1 --jobs 2
"""

from __future__ import annotations

from hearts.ai import Level
from hearts.ai.players import BUDGETS, SearchPlayer

FACTOR = 3
"""How many times the Expert's sampled deals the deeper search uses."""


def make(seed: int = 0) -> SearchPlayer:
    """The arena's entry point: the Expert with ``FACTOR`` times the deals."""
    base = BUDGETS[Level.EXPERT]
    budget = base._replace(deals=base.deals * FACTOR, late_deals=base.late_deals * FACTOR,
                           extra_deals=base.extra_deals * FACTOR)
    return SearchPlayer(Level.EXPERT, seed, budget)
