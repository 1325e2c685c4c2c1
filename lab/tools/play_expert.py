"""The Expert with the learned model of play, set by name, for the arena.

    hearts-arena match lab.tools.play_expert:model50_floor2 expert --deals 200 --seed 5501

``modelA_floorF`` is the Expert whose sampled deals are weighed by the learned
model of play (:mod:`hearts.ai.playmodel`) to the power A/100, each play's
chance at least F/100 (``Budget.model``, ``Budget.floor``), beside judgement's
``miss`` factor of 0.5 (``_nomiss``: in its place). Suffixes add the moon
defence's parts:

- ``_shoot``: in the deals where a seat plays to shoot, its plays so far are
  weighed by the shooting table (``Budget.model_shooting``);
- ``_reply``: in those deals it plays by the shooting table, answering our
  blocks as the logged shooters did (``Budget.shooter_model``);
- ``_odds``: the share of those deals is the chance of a shot given the
  suspect's plays, by the two tables (``Budget.moon_odds``; with ``_shoot``);
- ``_loneL``: a seat that alone has points is watched too, with the prior L/100
  (``Budget.lone_watch``; the Expert's is 0).

``reply`` alone is the released Expert with only the second part. Tuning runs
use seeds that are never reported (``lab/README.md``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hearts.ai import Level
from hearts.ai.players import BUDGETS, SearchPlayer


def expert(model: float, floor: float, shoot: bool = False, reply: bool = False,
           miss: bool = True, odds: bool = False, lone: float = 0.0
           ) -> Callable[[int], SearchPlayer]:
    """A factory of Experts with these settings (``miss``: keep judgement's factor)."""
    base = BUDGETS[Level.EXPERT]
    budget = base._replace(model=model, floor=floor, model_shooting=shoot, shooter_model=reply,
                           miss=base.miss if miss else 1.0, moon_odds=odds, lone_watch=lone)

    def make(seed: int = 0) -> SearchPlayer:
        return SearchPlayer(Level.EXPERT, seed, budget)

    return make


def reply(seed: int = 0) -> SearchPlayer:
    """The released Expert whose suspected shooter answers blocks by the shooting table."""
    return expert(0.0, 0.02, reply=True)(seed)


def __getattr__(name: str) -> Callable[[int], SearchPlayer]:
    found = re.fullmatch(r"model(\d+)_floor(\d+(?:p\d+)?)((?:_nomiss)?)((?:_shoot)?)"
                         r"((?:_reply)?)((?:_odds)?)(?:_lone(\d+))?", name)
    if found is None:
        raise AttributeError(name)
    return expert(int(found[1]) / 100, float(found[2].replace("p", ".")) / 100,
                  bool(found[4]), bool(found[5]), not found[3], bool(found[6]),
                  int(found[7] or 0) / 100)
