"""A hand record played again card by card, for the tools that look at each play.

    from replay import replayed
    for number, seat, hand in replayed(record): ...

``hand`` is the hand as it stood before card ``number`` of the record, which
``seat`` played; the card is played once the loop goes on. :func:`choices`
gives only the views of some seats' play decisions with a choice.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any

from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.view import Phase, PlayerView


def replayed(record: dict[str, Any]) -> Iterator[tuple[int, Seat, Hand]]:
    """Each card of a hand record by its number, with the seat that played it and
    the hand as it stood before it (the card is played once the loop goes on)."""
    hand = Hand.from_record({**record, "plays": []})
    for number, text in enumerate(record["plays"]):
        seat = hand.turn
        assert seat is not None
        yield number, seat, hand
        hand.play(Card.parse(text))


def choices(record: dict[str, Any], seats: Collection[Seat]) -> Iterator[PlayerView]:
    """The view of each play decision of ``seats`` along a hand's record that
    has more than one legal card."""
    for _number, seat, hand in replayed(record):
        if seat in seats and hand.phase is Phase.PLAYING:
            view = hand.view(seat)
            if len(view.legal) > 1:
                yield view
