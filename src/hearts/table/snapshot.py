"""What the store keeps of a table, and the table rebuilt from it.

The store keeps the match itself (every hand's record). Beside it the table
saves what only the table knows (:func:`kept`): the stage on show, the rules of
the next hand (a target lowered between hands ends the match, and must stay
lowered), and the counters that seed the next deals and computer players.
:func:`mark` tells cheaply whether any of it changed (the table saves when it
did), and :func:`restore` puts a table back where the saved one stood.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any, Protocol

from hearts.cards import Seat
from hearts.hand import Hand
from hearts.match import Match
from hearts.rules import Rules
from hearts.table.seating import Seating
from hearts.table.stage import Stage
from hearts.view import Phase, Trick

__all__ = ["Kept", "kept", "mark", "restore"]


class Kept(Protocol):
    """What the store keeps of a table (:class:`hearts.table.Table`), and sets again."""

    match: Match
    seed: int
    games: int
    deals: int
    stage: Stage
    shown_trick: Trick | None
    aided: set[Seat]

    @property
    def hand(self) -> Hand | None:
        """The current hand."""
        ...

    def seating(self, seat: Seat) -> Seating:
        """Who sits in ``seat``."""
        ...


def kept(table: Kept) -> dict[str, Any]:
    """What ``table`` must remember beside the match, as JSON values."""
    return {
        "stage": table.stage.value,
        "seed": table.seed,
        "games": table.games,
        "deals": table.deals,
        "rules": table.match.rules.to_json(),
    }


def mark(table: Kept) -> tuple[object, ...]:
    """What a save of ``table`` keeps, told cheaply (it is asked twice an event): a
    hand only grows by passes, cards, stand-ins and marks of help, or is put back
    whole by an undo; and everything :func:`kept` holds."""
    hand = table.hand
    match = table.match
    grown = None if hand is None else (
        id(hand), len(hand.plays), hand.passes_made(),
        len(hand.stand_ins), frozenset(hand.assisted))
    return (id(match), len(match.hands), grown, table.stage, table.seed,
            table.games, table.deals, match.rules, frozenset(table.aided))


def _whole(value: object, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _stage(saved: object, table: Kept) -> Stage:
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


def restore(table: Kept, match: Match, state: Mapping[str, Any], assisted: bool) -> None:
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
