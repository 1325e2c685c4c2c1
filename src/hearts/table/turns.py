"""Whose move the table waits for, read off where it stands.

Pure readings of the hand in play, the table's :class:`~hearts.table.stage.Stage`,
whether the rest of a hand whose points are settled is being played out
(``claimed``), and who decides for each seat: whose pass or card is due, from
a person or a computer player, and whether any point is left to take. The
table's flow asks them, and so does everyone who shows the table.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from hearts.cards import SEATS, Card, Seat
from hearts.hand import Hand
from hearts.rules import Rules
from hearts.table.stage import Stage
from hearts.view import Phase

__all__ = ["computer_due", "passed", "points_settled", "to_play", "waiting"]

ComputerDecides = Callable[[Seat], bool]
"""Whether a computer player decides for a seat (its own, or one standing in)."""


def passed(hand: Hand | None, seat: Seat) -> bool:
    """True once ``seat``'s cards have gone, while the others are still choosing."""
    return hand is not None and hand.phase is Phase.PASSING and bool(hand.passed(seat))


def to_play(hand: Hand | None, stage: Stage, claimed: bool, seat: Seat) -> bool:
    """True when the table waits for ``seat``'s card."""
    return (stage in (Stage.PLAYING, Stage.TRICK_SHOW) and hand is not None
            and hand.turn == seat and not claimed)


def waiting(hand: Hand, stage: Stage, claimed: bool,
            computer: ComputerDecides) -> tuple[Seat, ...]:
    """The seats whose pass or card the table waits for from a person (or from a
    seat nobody sits in yet), in seat order."""
    if stage is Stage.PASSING:
        return tuple(seat for seat in SEATS if not hand.passed(seat) and not computer(seat))
    turn = hand.turn
    if stage in (Stage.PLAYING, Stage.TRICK_SHOW) and turn is not None \
            and not claimed and not computer(turn):
        return (turn,)
    return ()


def computer_due(hand: Hand | None, stage: Stage, computer: ComputerDecides) -> Seat | None:
    """The computer seat whose card is due now, if any."""
    if stage is not Stage.PLAYING or hand is None or hand.turn is None:
        return None
    return hand.turn if computer(hand.turn) else None


def points_settled(hand: Hand | None, stage: Stage) -> bool:
    """True when play goes on but no card left to be taken carries points (nor
    the jack of diamonds when it counts): the rest cannot change any score."""
    if hand is None or hand.phase is not Phase.PLAYING or stage is not Stage.PLAYING:
        return False
    taken = 0
    for seat in SEATS:
        taken |= hand.taken(seat).mask
    points = _point_cards(hand.rules)
    return taken & points == points


@functools.cache
def _point_cards(rules: Rules) -> int:
    """The cards that carry points (or count, as the jack of diamonds may) under
    ``rules``, as a mask."""
    return sum(card.bit for card in Card.all() if rules.card_points(card))
