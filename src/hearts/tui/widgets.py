"""The table's widgets: the trick in the middle, the user's hand, the buttons."""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Button

from hearts.cards import Card, Seat
from hearts.table import Presence, SeatState, Stage
from hearts.tui import words
from hearts.tui.painted import Painted
from hearts.tui.render import (
    BIG_CARD_HEIGHT,
    BIG_CARD_WIDTH,
    CARD_HEIGHT,
    CARD_WIDTH,
    Canvas,
    Palette,
    suit_mark,
)
from hearts.tui.seatview import SeatView
from hearts.view import Phase

__all__ = ["BIG", "BLOCK_HEIGHT", "BLOCK_WIDTH", "LARGE", "REGULAR", "GameButton", "HandRow",
           "TableLayout", "TrickArea"]

LABEL_WIDTH = 18
"""Columns a seat's label takes."""


class TableLayout(NamedTuple):
    """How big the table page draws: its cards, and the trick's diamond with the
    labels around it."""

    big: bool
    """Big cards (a large terminal)."""
    card_width: int
    """Columns a card takes."""
    card_height: int
    """Rows a card takes."""
    block_width: int
    """Columns the trick's diamond with its labels takes."""
    block_height: int
    """Rows the trick's diamond with its labels takes."""
    label_at: dict[Seat, tuple[int, int]]
    """Where each place's label goes (column, row) inside the block; the card sits
    under the label, centred on it, and the shown-out suits under the card."""

    @property
    def hand_height(self) -> int:
        """Rows the hand takes: a card, and the row a chosen card rises into."""
        return self.card_height + 1


REGULAR = TableLayout(False, CARD_WIDTH, CARD_HEIGHT, 66, 15, {
    Seat.NORTH: (24, 0), Seat.WEST: (0, 4), Seat.EAST: (48, 4), Seat.SOUTH: (24, 8)})
"""The table of an 80 x 24 terminal (and of anything smaller than :data:`LARGE`)."""

BIG = TableLayout(True, BIG_CARD_WIDTH, BIG_CARD_HEIGHT, 78, 19, {
    Seat.NORTH: (30, 0), Seat.WEST: (0, 5), Seat.EAST: (60, 5), Seat.SOUTH: (30, 10)})
"""The table of a large terminal: bigger cards, further apart."""

LARGE = (106, 32)
"""The smallest terminal (columns, rows) the table is drawn :data:`BIG` on: its
hand of 13 big cards, the buttons beside it, the diamond over it."""

BLOCK_WIDTH = REGULAR.block_width
"""Columns the trick diamond with its labels takes at 80 x 24."""
BLOCK_HEIGHT = REGULAR.block_height
"""Rows the trick diamond with its labels takes at 80 x 24."""


class _Painted(Painted):
    """A widget of the table page: it draws the seat's state."""

    def __init__(self, game: SeatView, ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        """The table state drawn."""
        self.ascii_only = ascii_only
        """Draw cards with suit letters instead of symbols."""

    @property
    def large(self) -> bool:
        """True on a large page (its screen has the class ``large``): the cards are
        drawn :data:`BIG` where they fit."""
        return self.is_attached and self.screen.has_class("large")


_PRESENCE_NOTES = {Presence.AWAY: "away", Presence.STAND_IN: "stand-in",
                   Presence.FREE: "free seat"}
"""The note under a seat whose person is not at the screen (or who has none yet)."""


def _players_corner(state: SeatState) -> str:
    """The corner naming the computer players' level: alone at the table as ever
    ("Club players"); among friends only when a computer plays a seat, and said
    so ("computers: Club"), for "Club players" read as the people."""
    if not state.level:
        return ""
    assisted = ", assisted" if state.assisted else ""
    if sum(info.person for info in state.seats) <= 1:
        return f"{state.level} players{assisted}"
    computers = any(info.presence in (Presence.COMPUTER, Presence.STAND_IN, Presence.FREE)
                    for info in state.seats)
    return f"computers: {state.level}{assisted}" if computers else assisted.lstrip(", ")


class TrickArea(_Painted):
    """The middle of the table: the trick as a diamond, a label for each player,
    the suits each has shown out of, and the state of the hand; between hands the
    summary of the hand and the score sheet."""

    def render(self) -> Text:
        """Draw the diamond (or the summary) centred in the space there is."""
        palette = self.palette()
        width, height = self.size
        fits = width >= BIG.block_width and height >= BIG.block_height
        layout = BIG if self.large and fits else REGULAR
        canvas = Canvas(width, height, palette.table)
        block = layout.block_width
        left = max(0, (width - block) // 2)
        game = self.game
        view = game.state.view
        over = (view is not None and view.phase is Phase.OVER and game.stage is Stage.IDLE
                and game.review is None)
        if over:
            self._draw_summary(canvas, left, block, palette)
            return canvas.render()
        top = max(0, (height - layout.block_height) // 2)
        self._draw_header(canvas, left, top, block, palette)
        cards = game.trick_cards()
        winner = game.winning_seat()
        card_height = layout.card_height
        for seat in Seat:
            x, y = layout.label_at[game.place(seat)]
            x += left
            y += top
            held = view.cards_held[seat] if view else 0
            taken = view.points_taken[seat] if view else 0
            total = game.state.scores[seat]
            label = f"{game.label(seat)[:5]:<5} {held:>2} {taken:>4} / {total:>2}"
            canvas.text(x, y, label.ljust(LABEL_WIDTH), palette.text)
            card_x = x + (LABEL_WIDTH - layout.card_width) // 2
            if seat in cards:
                canvas.card(card_x, y + 1, cards[seat], palette, self.ascii_only,
                            won=seat == winner, big=layout.big)
            note = _PRESENCE_NOTES.get(game.state.seats[seat].presence, "")
            said = game.reactions.at(seat)
            if said is not None:  # a person's quick reaction, for a few seconds
                note = f'"{said}"'[:LABEL_WIDTH]
            elif seat == winner:
                note = "took it"
            elif view and view.voids[seat]:
                marks = " ".join(suit_mark(s, self.ascii_only) for s in sorted(view.voids[seat]))
                note = f"{note} out: {marks}".strip()
            if note:
                canvas.text(x + (LABEL_WIDTH - len(note)) // 2, y + 1 + card_height, note,
                            palette.text)
        bottom = top + layout.block_height - 2
        canvas.text(left, bottom, "cards held, points", palette.text)
        canvas.text(left, bottom + 1, "this hand / total", palette.text)
        state = game.state
        players = _players_corner(state)
        if players:
            canvas.text(left + block - len(players), bottom + 1, players, palette.text)
        if state.watchers:
            watching = f"{len(state.watchers)} watching"
            canvas.text(left + block - len(watching), bottom, watching, palette.text)
        return canvas.render()

    def _draw_header(self, canvas: Canvas, left: int, top: int, block: int,
                     palette: Palette) -> None:
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
            canvas.text(left + block - len(corner), top, corner, palette.text)
            canvas.text(left, top + 1, f"Hand {state.hand_number}", palette.text)
        target = f"Game to {state.target}" if state.target else ""
        canvas.text(left + block - len(target), top + 1, target, palette.text)

    def _draw_summary(self, canvas: Canvas, left: int, block: int, palette: Palette) -> None:
        """Between hands: the hand's summary and the score sheet, as much as fits."""
        game = self.game
        top = 0 if canvas.height < BLOCK_HEIGHT + 4 else 1
        self._draw_header(canvas, left, top, block, palette)
        row = top + 3
        for line in words.result_lines(game.state):
            canvas.text(left + (block - len(line)) // 2, row, line, palette.text)
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

    @property
    def drawn_in(self) -> TableLayout:
        """The layout the hand is drawn in (big cards on a large page)."""
        width, height = self.size
        fits = width >= 13 * BIG.card_width and height >= BIG.hand_height
        return BIG if self.large and fits else REGULAR

    def _left(self, count: int, layout: TableLayout) -> int:
        return max(0, (self.size.width - count * layout.card_width) // 2)

    def render(self) -> Text:
        """Draw the hand centred along the row."""
        palette = self.palette()
        canvas = Canvas(self.size.width, self.size.height, palette.table)
        layout = self.drawn_in
        state = self.game.state
        cards = state.cards
        raised = self.game.raised
        highlighted = self.game.highlighted if state.stage is not Stage.IDLE else None
        legal = state.legal
        passed = set(state.passed)
        left = self._left(len(cards), layout)
        for index, card in enumerate(cards):
            canvas.card(left + index * layout.card_width, 0 if card in raised else 1, card,
                        palette, self.ascii_only, highlight=card is highlighted,
                        dim=(bool(legal) and card not in legal) or card in passed,
                        big=layout.big)
        return canvas.render()

    def offset_of(self, card: Card) -> tuple[int, int] | None:
        """A point inside ``card`` as drawn in the widget (its middle), if it is held."""
        cards = self.game.state.cards
        if card not in cards:
            return None
        layout = self.drawn_in
        top = 0 if card in self.game.raised else 1
        return (self._left(len(cards), layout) + cards.index(card) * layout.card_width
                + layout.card_width // 2, top + layout.card_height // 2)

    def card_at(self, x: int, y: int) -> Card | None:
        """The card drawn at ``(x, y)`` in the widget, if any."""
        cards = self.game.state.cards
        if not cards:
            return None
        layout = self.drawn_in
        column = x - self._left(len(cards), layout)
        if column < 0 or column >= len(cards) * layout.card_width:
            return None
        card = cards[column // layout.card_width]
        top = 0 if card in self.game.raised else 1
        return card if top <= y < top + layout.card_height else None

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
