"""The Expert with the gated moon search set by name, for measuring it in the arena.

    hearts-arena match lab.tools.moon_search_expert:gate3_deals160 expert --deals 300 --seed 66

``gateG_dealsD`` is the Expert with ``moon_search`` G/100 (the model's chance of
a shot from which the gate opens, :mod:`hearts.ai.moongate`) and ``moon_deals``
D (the deals added in each world at a gated decision); ``gateG_dealsD_scaleS``
weighs the shot world S times the model's chance, at most 1 (``moon_scale``);
``gateG_dealsD_cal`` weighs it by the calibrated chance (``moon_calibrated``,
:func:`hearts.ai.moongate.calibrated_chance`);
``off`` is the Expert as released.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hearts.ai import Level
from hearts.ai.players import BUDGETS, SearchPlayer


def expert(gate: float, deals: int, scale: float = 1.0,
           calibrated: bool = False) -> Callable[[int], SearchPlayer]:
    """A factory of Experts with this gate, these added deals, this scale and the
    model's chance or the calibrated one."""
    budget = BUDGETS[Level.EXPERT]._replace(moon_search=gate, moon_deals=deals,
                                            moon_scale=scale, moon_calibrated=calibrated)

    def make(seed: int = 0) -> SearchPlayer:
        return SearchPlayer(Level.EXPERT, seed, budget)

    return make


def off(seed: int = 0) -> SearchPlayer:
    """The Expert without the moon search."""
    return expert(0.0, 0)(seed)


def __getattr__(name: str) -> Callable[[int], SearchPlayer]:
    found = re.fullmatch(r"gate(\d+)_deals(\d+)(?:_scale(\d+))?(_cal)?", name)
    if found is None:
        raise AttributeError(name)
    return expert(int(found[1]) / 100, int(found[2]), float(found[3] or 1), bool(found[4]))
