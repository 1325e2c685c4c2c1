"""The table rebuilt from what the store kept: the match and the table's state.

The store keeps the match itself (every hand's record). Beside it the table
saves what only the table knows (:meth:`hearts.table.Table.state`): the stage
on show, the rules of the next hand
(a target lowered between hands ends the match, and must stay lowered), and
the counters that seed the next deals and computer players.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

from hearts.cards import Seat
from hearts.match import Match
from hearts.rules import Rules
from hearts.table.table import Stage, Table
from hearts.view import Phase

__all__ = ["restore"]


def _whole(value: object, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _stage(saved: object, table: Table) -> Stage:
    """The saved stage if it fits the hand, else the stage the hand itself implies."""
    hand = table.hand
    if hand is None or hand.phase is Phase.OVER:
        natural = Stage.IDLE
    elif hand.phase is Phase.PASSING:
        natural = Stage.PASSING
    else:
        natural = Stage.PLAYING
    try:
        stage = Stage(saved)
    except ValueError:
        return natural
    if hand is None:
        return Stage.IDLE
    fits = {
        Stage.RECEIVED: hand.phase is Phase.PLAYING and not hand.plays,
        Stage.TRICK_SHOW: bool(hand.tricks) and not hand.trick,
        Stage.IDLE: hand.phase is Phase.OVER,
        Stage.PASSING: hand.phase is Phase.PASSING,
        Stage.PLAYING: hand.phase is Phase.PLAYING,
    }
    return stage if fits[stage] else natural


def restore(table: Table, match: Match, state: Mapping[str, Any], assisted: bool) -> None:
    """Put ``table`` where the saved table stood: the same match, stage, rules for
    the next hand, and the counters the next deals are seeded from (the cards a
    person chose to pass are their front end's:
    :func:`hearts.table.choosing.saved_choice`). Anything in ``state`` that does
    not fit is left at what the match itself implies."""
    table.match = match
    rules = state.get("rules")
    if rules is not None:
        with contextlib.suppress(ValueError, TypeError):  # else the hand's own rules stand
            match.rules = Rules.from_json(rules)
    table.seed = _whole(state.get("seed"), table.seed)
    table.games = _whole(state.get("games"), table.games)
    table.deals = _whole(state.get("deals"), len(match.hands))
    aided = {seat for hand in match.hands for seat in hand.assisted}
    if assisted and not aided:  # saved before each hand named who had help
        aided = {seat for seat in Seat if table.seating(seat).for_person}
    table.aided = aided
    table.stage = _stage(state.get("stage"), table)
    hand = table.hand
    table.shown_trick = (hand.tricks[-1] if hand is not None and table.stage is Stage.TRICK_SHOW
                         else None)
