"""The three cards a person chooses to pass, kept by their front end.

Choosing is the front end's business, as moving a highlight is: the table
hears of the pass only when it is made (:class:`~hearts.table.events.Pass`,
three cards), and takes it or refuses it whole. A :class:`Choice` keeps the
cards chosen so far against the seat's state (its ``passable`` cards), says
why a card cannot be chosen in the table's own notices, and forgets what the
table no longer lets the seat pass (the pass made, a new hand).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from hearts.cards import Card, Seat
from hearts.rules import Reason, Refusal
from hearts.table.notices import Notice, NoticeKind
from hearts.table.seatstate import SeatState
from hearts.table.stage import Stage

__all__ = ["Choice", "saved_choice"]

_QUEEN = Card.parse("QS")


class Choice:
    """The cards one person chose to pass, in the order chosen."""

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        self.cards: list[Card] = list(cards)
        """The cards chosen so far (at most three)."""
        self._hand: int | None = None
        """The number of the hand they were chosen in."""

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def toggle(self, state: SeatState, card: Card) -> Notice | None:
        """Choose ``card``, or put it back if it was chosen; a notice says why not."""
        if card in self.cards:
            self.cards.remove(card)
            return None
        if state.stage is not Stage.PASSING or not state.passable:
            return Notice.refused(Refusal(Reason.NOT_PASSING))
        if len(self.cards) >= 3:
            return Notice(NoticeKind.THREE_CHOSEN)
        if card not in state.passable:
            in_hand = state.view is not None and card in state.view.hand
            reason = Reason.QUEEN_PASSED if in_hand and card == _QUEEN else Reason.NOT_IN_HAND
            return Notice.refused(Refusal(reason, card=card))
        self.cards.append(card)
        return None

    def set(self, state: SeatState, cards: Iterable[Card]) -> None:
        """Choose exactly ``cards`` (a hint's three, a pass taken back), keeping
        only those the seat may pass."""
        self.cards = [card for card in cards if card in state.passable][:3]

    def clear(self) -> None:
        """Put every chosen card back."""
        self.cards = []

    def follow(self, state: SeatState) -> None:
        """Keep only what ``state`` still lets the seat pass (none once it passed,
        or in another hand)."""
        if state.hand_number != self._hand:
            self._hand = state.hand_number
            self.cards = []
        self.cards = [card for card in self.cards if card in state.passable]

    def refusal(self) -> Notice | None:
        """Why these cards cannot be passed as they are, or None when three are chosen."""
        if len(self.cards) != 3:
            return Notice(NoticeKind.CHOOSE_THREE, count=len(self.cards))
        return None

    def to_json(self) -> list[str]:
        """The cards as JSON values (a front end keeps them with its save)."""
        return [str(card) for card in self.cards]


def saved_choice(state: Mapping[str, Any], seat: Seat) -> list[Card]:
    """The chosen cards a front end kept for ``seat`` in a saved table state (also
    read from the forms of earlier versions); what cannot be read is left out."""
    desks = state.get("desks")
    kept: object = None
    if isinstance(desks, dict):
        desk = desks.get(seat.name.lower())
        kept = desk.get("chosen") if isinstance(desk, dict) else None
    else:
        kept = state.get("chosen")
    cards: list[Card] = []
    for text in kept if isinstance(kept, list) else []:
        try:
            card = Card.parse(str(text))
        except ValueError:
            continue
        if card not in cards:
            cards.append(card)
    return cards[:3]
