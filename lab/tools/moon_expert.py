"""The Expert with the moon-aware mode set by name, for tuning it in the arena.

    hearts-arena match lab.tools.moon_expert:gate25_weight2 shooter --deals 200 --seed 7

``gateG_weightW`` is the Expert with ``moon_gate`` G/100 and ``moon_weight`` W
(a ``p`` in W stands for a point: ``weight1p5`` is 1.5); ``off`` is the Expert
with the mode off, as v0.2.0 played. Tuning runs use seeds that are never
reported (``lab/README.md``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hearts.ai import Level
from hearts.ai.players import BUDGETS, SearchPlayer


def expert(gate: float, weight: float) -> Callable[[int], SearchPlayer]:
    """A factory of Experts with this gate and weight."""
    budget = BUDGETS[Level.EXPERT]._replace(moon_gate=gate, moon_weight=weight)

    def make(seed: int = 0) -> SearchPlayer:
        return SearchPlayer(Level.EXPERT, seed, budget)

    return make


def off(seed: int = 0) -> SearchPlayer:
    """The Expert without the moon-aware mode."""
    return expert(0.0, 1.0)(seed)


def __getattr__(name: str) -> Callable[[int], SearchPlayer]:
    found = re.fullmatch(r"gate(\d+)_weight(\d+(?:p\d+)?)", name)
    if found is None:
        raise AttributeError(name)
    return expert(int(found[1]) / 100, float(found[2].replace("p", ".")))
