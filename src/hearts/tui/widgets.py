"""The table's widgets: the trick in the middle, the user's hand, the buttons."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Button

from hearts.cards import Card, Seat
from hearts.table import Stage
from hearts.tui import words
from hearts.tui.painted import Painted
from hearts.tui.render import CARD_HEIGHT, CARD_WIDTH, Canvas, Palette, suit_mark
from hearts.tui.seatview import SeatView
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


class _Painted(Painted):
    """A widget of the table page: it draws the seat's state."""

    def __init__(self, game: SeatView, ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        """The table state drawn."""
        self.ascii_only = ascii_only
        """Draw cards with suit letters instead of symbols."""


class TrickArea(_Painted):
    """The middle of the table: the trick as a diamond, a label for each player,
    the suits each has shown out of, and the state of the hand; between hands the
    summary of the hand and the score sheet."""

    def render(self) -> Text:
        """Draw the diamond (or the summary) centred in the space there is."""
        palette = self.palette()
        width, height = self.size
        canvas = Canvas(width, height, palette.table)
        left = max(0, (width - BLOCK_WIDTH) // 2)
        game = self.game
        view = game.state.view
        over = (view is not None and view.phase is Phase.OVER and game.stage is Stage.IDLE
                and game.review is None)
        if over:
            self._draw_summary(canvas, left, palette)
            return canvas.render()
        top = max(0, (height - BLOCK_HEIGHT) // 2)
        self._draw_header(canvas, left, top, palette)
        cards = game.trick_cards()
        winner = game.winning_seat()
        for seat in Seat:
            x, y = _LABEL_AT[game.place(seat)]
            x += left
            y += top
            held = view.cards_held[seat] if view else 0
            taken = view.points_taken[seat] if view else 0
            total = game.state.scores[seat]
            label = f"{game.label(seat)[:5]:<5} {held:>2} {taken:>4} / {total:>2}"
            canvas.text(x, y, label.ljust(LABEL_WIDTH), palette.text)
            card_x = x + (LABEL_WIDTH - CARD_WIDTH) // 2
            if seat in cards:
                canvas.card(card_x, y + 1, cards[seat], palette, self.ascii_only,
                            won=seat == winner)
            note = "away" if game.away(seat) else ""
            if seat == winner:
                note = "took it"
            elif view and view.voids[seat]:
                marks = " ".join(suit_mark(s, self.ascii_only) for s in sorted(view.voids[seat]))
                note = f"{note} out: {marks}".strip()
            if note:
                canvas.text(x + (LABEL_WIDTH - len(note)) // 2, y + 1 + CARD_HEIGHT, note,
                            palette.text)
        bottom = top + BLOCK_HEIGHT - 2
        canvas.text(left, bottom, "cards held, points", palette.text)
        canvas.text(left, bottom + 1, "this hand / total", palette.text)
        state = game.state
        if state.level:
            players = f"{state.level} players" + (", assisted" if state.assisted else "")
            canvas.text(left + BLOCK_WIDTH - len(players), bottom + 1, players, palette.text)
        return canvas.render()

    def _draw_header(self, canvas: Canvas, left: int, top: int, palette: Palette) -> None:
        """The two lines along the top: hearts broken and the trick; hand and target."""
        game = self.game
        state = game.state
        hand = state.view
        if hand is not None and hand.phase is not Phase.OVER:
            broken = "Hearts broken" if hand.hearts_broken else "Hearts not broken"
            canvas.text(left, top, broken, palette.text)
        if hand is not None:
            if game.review is not None and game.review in hand.tricks:
                corner = f"Trick {hand.tricks.index(game.review) + 1} again"
            elif hand.phase is Phase.PASSING:
                corner = f"Pass {hand.pass_direction}"
            elif state.match_over:
                corner = "Game over"
            elif hand.phase is Phase.OVER and game.stage is Stage.IDLE:
                corner = "Hand over"
            else:
                # a finished trick on show is still the trick it was
                shown = game.stage is Stage.TRICK_SHOW
                corner = f"Trick {min(13, len(hand.tricks) + (0 if shown else 1))} of 13"
            canvas.text(left + BLOCK_WIDTH - len(corner), top, corner, palette.text)
            canvas.text(left, top + 1, f"Hand {state.hand_number}", palette.text)
        target = f"Game to {state.target}" if state.target else ""
        canvas.text(left + BLOCK_WIDTH - len(target), top + 1, target, palette.text)

    def _draw_summary(self, canvas: Canvas, left: int, palette: Palette) -> None:
        """Between hands: the hand's summary and the score sheet, as much as fits."""
        game = self.game
        top = 0 if canvas.height < BLOCK_HEIGHT + 4 else 1
        self._draw_header(canvas, left, top, palette)
        row = top + 3
        for line in words.result_lines(game.state):
            canvas.text(left + (BLOCK_WIDTH - len(line)) // 2, row, line, palette.text)
            row += 1
        row += 1
        for line in game.sheet(max_rows=canvas.height - row):
            canvas.text(left, row, line, palette.text)
            row += 1


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

    _pressed: Card | None = None

    def _left(self, count: int) -> int:
        return max(0, (self.size.width - count * CARD_WIDTH) // 2)

    def render(self) -> Text:
        """Draw the hand centred along the row."""
        palette = self.palette()
        canvas = Canvas(self.size.width, self.size.height, palette.table)
        state = self.game.state
        cards = state.cards
        raised = self.game.raised
        highlighted = self.game.highlighted if state.stage is not Stage.IDLE else None
        legal = state.legal
        passed = set(state.passed)
        left = self._left(len(cards))
        for index, card in enumerate(cards):
            canvas.card(left + index * CARD_WIDTH, 0 if card in raised else 1, card, palette,
                        self.ascii_only, highlight=card is highlighted,
                        dim=(bool(legal) and card not in legal) or card in passed)
        return canvas.render()

    def card_at(self, x: int, y: int) -> Card | None:
        """The card drawn at ``(x, y)`` in the widget, if any."""
        cards = self.game.state.cards
        if not cards:
            return None
        column = x - self._left(len(cards))
        if column < 0 or column >= len(cards) * CARD_WIDTH:
            return None
        card = cards[column // CARD_WIDTH]
        top = 0 if card in self.game.raised else 1
        return card if top <= y < top + CARD_HEIGHT else None

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """Remember the card the button went down on."""
        self._pressed = self.card_at(event.x, event.y) if event.button == 1 else None

    def on_click(self, event: events.Click) -> None:
        """Report a left click on a card: pressed and released on the same card."""
        pressed, self._pressed = self._pressed, None
        if event.button != 1:
            return
        card = self.card_at(event.x, event.y)
        if card is None:
            return
        event.stop()
        if card == pressed:
            self.post_message(self.CardClicked(card, event.chain))


class GameButton(Button):
    """A button in the right-hand column; it never takes the keyboard focus, so
    space and return always go to the hand. The accent underlines the letter of
    the label that is the button's key, and only such a letter."""

    can_focus = False

    def __init__(self, label: str, action: str, accent: str | None = None) -> None:
        at = label.find(accent) if accent else -1
        shown = label if at < 0 else f"{label[:at]}[u]{label[at]}[/u]{label[at + 1:]}"
        super().__init__(shown, id=f"button-{action}")
        self.action_name = action
        """The screen action the button runs."""
        self.accent = accent if at >= 0 else None
        """The letter underlined (the button's key), if any."""
