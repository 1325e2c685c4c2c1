"""The rules reduced to the plain values the players' inner loops need."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from hearts import core
from hearts.rules import Rules

__all__ = ["RuleKit", "rule_kit"]


class RuleKit(NamedTuple):
    """Rules as ints and tables, shared by judgement, playouts and search."""

    table: tuple[int, ...]
    """Points of each card index (the jack of diamonds -10 when it is on)."""
    hearts: tuple[int, ...]
    """Points of a 13-bit set of hearts, indexed by the set."""
    queen: int
    """Points of the queen of spades."""
    value: int
    """The positive points in a hand (33 or 26)."""
    scoring: str
    """``"house"`` or ``"classic"``."""
    jack: bool
    """The jack of diamonds variant is on."""
    first_lead: bool
    """The two of clubs must lead the first trick."""
    leading_hearts: bool
    """Hearts may not be led until broken."""
    first_trick: bool
    """No points on the first trick."""
    pass_queen: bool = False
    """The queen of spades may be passed."""


@lru_cache(maxsize=64)
def rule_kit(rules: Rules) -> RuleKit:
    """The :class:`RuleKit` of ``rules`` (cached)."""
    scoring = rules.scoring.value
    table = core.card_points_table(scoring, rules.jack_of_diamonds)
    return RuleKit(table, core.heart_points_table(scoring), table[core.QUEEN_OF_SPADES_INDEX],
                   core.hand_value(scoring), scoring, rules.jack_of_diamonds,
                   rules.first_lead, rules.leading_hearts, rules.first_trick, rules.pass_queen)
