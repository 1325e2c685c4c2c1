"""The table's widgets: the trick in the middle, the user's hand, the buttons."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button

from hearts.cards import Card, Seat
from hearts.tui.game import USER, Game, Stage
from hearts.tui.render import CARD_HEIGHT, CARD_WIDTH, Canvas, Palette, suit_mark
from hearts.view import Phase

__all__ = ["BLOCK_HEIGHT", "BLOCK_WIDTH", "GameButton", "HandRow", "TrickArea"]

BLOCK_WIDTH = 66
"""Columns the trick diamond with its labels takes."""
BLOCK_HEIGHT = 15
"""Rows the trick diamond with its labels takes."""
LABEL_WIDTH = 18

# Where each seat's label goes (column, row) inside the block; the card sits
# under the label, centred on it, and the shown-out suits under the card.
_LABEL_AT = {
    Seat.NORTH: (24, 0),
    Seat.WEST: (0, 4),
    Seat.EAST: (48, 4),
    Seat.SOUTH: (24, 8),
}


class _Painted(Widget):
    """A widget that paints itself on a :class:`Canvas` with stylesheet colours."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "table--cloth", "table--text", "table--black", "table--red",
    }

    def __init__(self, game: Game, ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        """The table state drawn."""
        self.ascii_only = ascii_only
        """Draw cards with suit letters instead of symbols."""

    def palette(self) -> Palette:
        """The colours from the stylesheet."""
        return Palette(
            table=self.get_component_rich_style("table--cloth"),
            text=self.get_component_rich_style("table--text"),
            black=self.get_component_rich_style("table--black"),
            red=self.get_component_rich_style("table--red"),
        )


class TrickArea(_Painted):
    """The middle of the table: the trick as a diamond, a label for each player,
    the suits each has shown out of, and the state of the hand."""

    def render(self) -> Text:
        """Draw the diamond centred in the space there is."""
        palette = self.palette()
        width, height = self.size
        canvas = Canvas(width, height, palette.table)
        left = max(0, (width - BLOCK_WIDTH) // 2)
        top = max(0, (height - BLOCK_HEIGHT) // 2)
        game = self.game
        hand = game.hand
        cards = game.trick_cards()
        over = hand is not None and hand.phase is Phase.OVER and game.stage is Stage.IDLE
        view = hand.view(USER) if hand is not None else None
        for seat in Seat:
            x, y = _LABEL_AT[seat]
            x += left
            y += top
            held = view.cards_held[seat] if view else 0
            taken = view.points_taken[seat] if view else 0
            total = game.match.scores[seat]
            label = f"{seat!s:<5} {held:>2} {taken:>4} / {total:>2}"
            canvas.text(x, y, label.ljust(LABEL_WIDTH), palette.text)
            card_x = x + (LABEL_WIDTH - CARD_WIDTH) // 2
            if seat in cards:
                canvas.card(card_x, y + 1, cards[seat], palette, self.ascii_only)
            if view and view.voids[seat] and not over:
                marks = " ".join(suit_mark(s, self.ascii_only) for s in sorted(view.voids[seat]))
                note = f"out: {marks}"
                canvas.text(x + (LABEL_WIDTH - len(note)) // 2, y + 1 + CARD_HEIGHT, note,
                            palette.text)
        if hand is not None:
            broken = "Hearts broken" if hand.hearts_broken else "Hearts not broken"
            canvas.text(left, top, broken, palette.text)
            if hand.phase is Phase.PASSING:
                corner = f"Pass {hand.pass_direction}"
            elif hand.phase is Phase.OVER:
                corner = "Hand over"
            else:
                corner = f"Trick {min(13, len(hand.tricks) + 1)} of 13"
            canvas.text(left + BLOCK_WIDTH - len(corner), top, corner, palette.text)
        canvas.text(left, top + 1, f"Hand {len(game.match.hands)}", palette.text)
        target = f"Game to {game.rules.target if hand is None else hand.rules.target}"
        canvas.text(left + BLOCK_WIDTH - len(target), top + 1, target, palette.text)
        if over:
            for row, line in enumerate(game.result_lines()):
                canvas.text(left + (BLOCK_WIDTH - len(line)) // 2, top + 5 + row, line,
                            palette.text)
        return canvas.render()


class HandRow(_Painted):
    """The user's hand along the bottom: touching cards, the highlighted one in
    reverse, chosen and received cards raised one row."""

    class CardClicked(Message):
        """A card in the hand was clicked."""

        def __init__(self, card: Card, chain: int) -> None:
            super().__init__()
            self.card = card
            """The card clicked."""
            self.chain = chain
            """1 for a single click, 2 for the second of a double click, and so on."""

    def _left(self, count: int) -> int:
        return max(0, (self.size.width - count * CARD_WIDTH) // 2)

    def render(self) -> Text:
        """Draw the hand centred along the row."""
        palette = self.palette()
        canvas = Canvas(self.size.width, self.size.height, palette.table)
        cards = self.game.user_cards()
        raised = self.game.raised()
        highlighted = self.game.highlighted if self.game.stage is not Stage.IDLE else None
        left = self._left(len(cards))
        for index, card in enumerate(cards):
            canvas.card(left + index * CARD_WIDTH, 0 if card in raised else 1, card, palette,
                        self.ascii_only, highlight=card is highlighted)
        if not cards and self.game.hand is None:
            canvas.text(max(0, (self.size.width - 20) // 2), 2, "", palette.text)
        return canvas.render()

    def card_at(self, x: int, y: int) -> Card | None:
        """The card drawn at ``(x, y)`` in the widget, if any."""
        cards = self.game.user_cards()
        if not cards:
            return None
        column = x - self._left(len(cards))
        if column < 0 or column >= len(cards) * CARD_WIDTH:
            return None
        card = cards[column // CARD_WIDTH]
        top = 0 if card in self.game.raised() else 1
        return card if top <= y < top + CARD_HEIGHT else None

    def on_click(self, event: events.Click) -> None:
        """Report a left click on a card."""
        if event.button != 1:
            return
        card = self.card_at(event.x, event.y)
        if card is not None:
            event.stop()
            self.post_message(self.CardClicked(card, event.chain))


class GameButton(Button):
    """A button in the right-hand column; it never takes the keyboard focus, so
    space and return always go to the hand. The letter at ``accent`` (the first
    unless told) is underlined: the button's key."""

    can_focus = False

    def __init__(self, label: str, action: str, accent: int = 0) -> None:
        marked = f"{label[:accent]}[u]{label[accent]}[/u]{label[accent + 1:]}"
        super().__init__(marked, id=f"button-{action}")
        self.action_name = action
        """The screen action the button runs."""
