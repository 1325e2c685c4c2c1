"""The Expert with the learned model of play, set by name, for the arena.

    hearts-arena match lab.tools.play_expert:model50_floor2 expert --deals 200 --seed 5501

``modelA_floorF`` is the Expert whose sampled deals are weighed by the learned
model of play (:mod:`hearts.ai.playmodel`) to the power A/100, each play's
chance at least F/100 (``Budget.model``, ``Budget.floor``), in place of
judgement's ``miss``. Suffixes add the moon defence's parts:

- ``_shoot``: in the deals where a seat plays to shoot, its plays so far are
  weighed by the shooting table (``Budget.model_shooting``);
- ``_reply``: in those deals it plays by the shooting table, answering our
  blocks as the logged shooters did (``Budget.shooter_model``).

``reply`` alone is the released Expert with only the second part. Tuning runs
use seeds that are never reported (``lab/README.md``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hearts.ai import Level
from hearts.ai.players import BUDGETS, SearchPlayer


def expert(model: float, floor: float, shoot: bool = False,
           reply: bool = False) -> Callable[[int], SearchPlayer]:
    """A factory of Experts with these settings."""
    budget = BUDGETS[Level.EXPERT]._replace(model=model, floor=floor, model_shooting=shoot,
                                            shooter_model=reply)

    def make(seed: int = 0) -> SearchPlayer:
        return SearchPlayer(Level.EXPERT, seed, budget)

    return make


def reply(seed: int = 0) -> SearchPlayer:
    """The released Expert whose suspected shooter answers blocks by the shooting table."""
    return expert(0.0, 0.02, reply=True)(seed)


def __getattr__(name: str) -> Callable[[int], SearchPlayer]:
    found = re.fullmatch(r"model(\d+)_floor(\d+(?:p\d+)?)((?:_shoot)?)((?:_reply)?)", name)
    if found is None:
        raise AttributeError(name)
    return expert(int(found[1]) / 100, float(found[2].replace("p", ".")) / 100,
                  bool(found[3]), bool(found[4]))
