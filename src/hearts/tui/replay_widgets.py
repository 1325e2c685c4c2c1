"""The replay's widgets, painted like the table page (:class:`~hearts.tui.painted.Painted`,
the same canvas, card faces and colours): the table at a step, the strip of
steps to click, and the summary at the end.

The table at a step (:func:`paint_frame`): the person reviewing along the bottom,
the others around as at the table, every hand face up (the hand is over; cards
passed and not yet exchanged dimmed, as at the table), each seat's name and
points taken so far, the trick in the middle as cards (or a
pass's three cards), and each choice of the decision marked with its expected
points under the card. North's and the others' hands are drawn small, one card
in three columns (``10♠``); the bottom hand in full card faces when the page is
tall enough, as at the table.
"""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message

from hearts.cards import Card, Seat
from hearts.review.replay import Step
from hearts.review.text import card_text
from hearts.table import SUIT_ORDER
from hearts.tui.painted import Painted
from hearts.tui.render import CARD_HEIGHT, CARD_WIDTH, Canvas, Palette
from hearts.tui.replay_frame import Frame, Mark, MarkKind, SummaryLine

__all__ = ["CELL", "COMPACT_ROWS", "FULL_ROWS", "Drawn", "ReplaySummary", "ReplayTable",
           "StepStrip", "chip_text", "paint_frame", "strip_items"]

CHIP = 3
"""Columns a small card takes (``10♠``)."""
CELL = CHIP + 2
"""Columns from one small card to the next (the figure under it may take all five)."""
DIAMOND_WIDTH = 3 * CARD_WIDTH + 4
"""Columns the trick takes: three card faces side by side with two columns between."""
MIDDLE_ROWS = 12
"""Rows of the middle of the table: the trick as a diamond with a figure under each card."""
EDGE_ROWS = 3
"""Rows of North's hand (and a small bottom hand): the name, the cards, the figures."""
FULL_BOTTOM_ROWS = 2 + CARD_HEIGHT
"""Rows of the bottom hand in full card faces: the name, the faces, the figures."""
COMPACT_ROWS = 2 * EDGE_ROWS + MIDDLE_ROWS
"""Rows the table takes with a small bottom hand (it fits 80 x 24)."""
FULL_ROWS = EDGE_ROWS + MIDDLE_ROWS + FULL_BOTTOM_ROWS
"""Rows the table takes with the bottom hand in full faces."""
BLOCK_WIDTH = 86
"""The widest the table is drawn; a wider page centres it."""

# Where each place's card lies in the trick (column, row), the diamond's corner at 0, 0.
_TRICK_AT = {Seat.NORTH: (CARD_WIDTH + 2, 0), Seat.WEST: (0, 3),
             Seat.EAST: (2 * CARD_WIDTH + 4, 3), Seat.SOUTH: (CARD_WIDTH + 2, 6)}

Drawn = tuple[Card, int, int]
"""A card drawn, with the column and row of its top-left corner."""


def chip_text(card: Card, ascii_only: bool) -> str:
    """A small card: the card as the table writes it, right-aligned in three columns."""
    return card_text(card, ascii_only).rjust(CHIP)


class MarkStyles:
    """The styles of the figures on the cards and of the seat deciding."""

    def __init__(self, choice: Style, best: Style, played: Style, error: Style, turn: Style
                 ) -> None:
        self.turn = turn
        """The name of the seat whose decision the step is."""
        self._by_kind: dict[MarkKind, Style] = {"choice": choice, "best": best,
                                                "played": played, "error": error}

    def of(self, mark: Mark) -> Style:
        """The style of ``mark``."""
        return self._by_kind[mark.kind]


def _face_style(card: Card, palette: Palette, dim: bool = False) -> Style:
    style = palette.red if card.suit.is_red else palette.black
    return style + Style(bgcolor=palette.dim.bgcolor) if dim else style


def _mark_at(canvas: Canvas, x: int, width: int, y: int, mark: Mark | None,
             styles: MarkStyles) -> None:
    """``mark`` centred under a card drawn ``width`` columns wide from column ``x``."""
    if mark is not None:
        canvas.text(x + (width - len(mark.text)) // 2, y, mark.text, styles.of(mark))


def _chips(canvas: Canvas, x: int, y: int, cards: tuple[Card, ...], frame: Frame,
           palette: Palette, styles: MarkStyles, ascii_only: bool) -> list[Drawn]:
    """Small cards in a row from ``(x, y)``, each with its figure (if any) below."""
    drawn = []
    for number, card in enumerate(cards):
        left = x + number * CELL
        canvas.text(left, y, chip_text(card, ascii_only),
                    _face_style(card, palette, card in frame.away))
        _mark_at(canvas, left, CHIP, y + 1, frame.marks.get(card), styles)
        drawn.append((card, left, y))
    return drawn


def _label(frame: Frame, seat: Seat, width: int, ascii_only: bool) -> str:
    points = frame.points[seat]
    dot = "-" if ascii_only else "\u00b7"
    tail = f" {dot} {points} point{'' if points == 1 else 's'}"
    name = frame.names[seat]
    room = max(1, width - len(tail))
    if len(name) > room:
        name = name[:room - 1] + "~"
    return name + tail


def _name_style(frame: Frame, seat: Seat, palette: Palette, styles: MarkStyles) -> Style:
    return styles.turn if frame.decider == seat else palette.text


def _centred_label(canvas: Canvas, y: int, seat: Seat, frame: Frame, palette: Palette,
                   styles: MarkStyles, ascii_only: bool) -> None:
    label = _label(frame, seat, canvas.width, ascii_only)
    canvas.text((canvas.width - len(label)) // 2, y, label,
                _name_style(frame, seat, palette, styles))


def _edge(canvas: Canvas, y: int, seat: Seat, frame: Frame, palette: Palette,
          styles: MarkStyles, ascii_only: bool) -> list[Drawn]:
    """A hand along the top (or a small bottom hand): the name centred over the cards."""
    _centred_label(canvas, y, seat, frame, palette, styles, ascii_only)
    cards = frame.hands[seat]
    left = max(0, (canvas.width - (len(cards) * CELL - 2)) // 2)
    return _chips(canvas, left, y + 1, cards, frame, palette, styles, ascii_only)


def _bottom_faces(canvas: Canvas, y: int, seat: Seat, frame: Frame, palette: Palette,
                  styles: MarkStyles, ascii_only: bool) -> list[Drawn]:
    """The bottom hand in full card faces, touching as at the table, figures below."""
    _centred_label(canvas, y, seat, frame, palette, styles, ascii_only)
    cards = frame.hands[seat]
    left = max(0, (canvas.width - len(cards) * CARD_WIDTH) // 2)
    drawn = []
    for number, card in enumerate(cards):
        x = left + number * CARD_WIDTH
        canvas.card(x, y + 1, card, palette, ascii_only, dim=card in frame.away)
        _mark_at(canvas, x, CARD_WIDTH, y + 1 + CARD_HEIGHT, frame.marks.get(card), styles)
        drawn.append((card, x, y + 1))
    return drawn


def _side(canvas: Canvas, x: int, y: int, width: int, seat: Seat, frame: Frame,
          palette: Palette, styles: MarkStyles, ascii_only: bool) -> list[Drawn]:
    """A hand at the side: the name, then a row of small cards a suit in the table's
    order (a long suit goes on over two rows), each row with its figures below; a
    suit the seat is out of keeps its empty row, unless the rows would not fit."""
    canvas.text(x, y, _label(frame, seat, width, ascii_only),
                _name_style(frame, seat, palette, styles))
    per_row = max(1, (width + 2) // CELL)
    suits = [tuple(card for card in frame.hands[seat] if card.suit is suit)
             for suit in SUIT_ORDER]
    rows = [max(1, -(-len(cards) // per_row)) for cards in suits]
    keep_voids = 1 + 2 * sum(rows) <= MIDDLE_ROWS
    row = y + 1
    drawn = []
    for cards, count in zip(suits, rows, strict=True):
        for start in range(0, len(cards), per_row):
            drawn += _chips(canvas, x, row, cards[start:start + per_row], frame, palette,
                            styles, ascii_only)
            row += 2
        if not cards and keep_voids:
            row += 2 * count
    return drawn


def _trick(canvas: Canvas, x: int, y: int, frame: Frame, palette: Palette,
           styles: MarkStyles, ascii_only: bool) -> None:
    """The trick as a diamond of card faces, each seat's card on its side."""
    for seat, card in frame.trick:
        dx, dy = _TRICK_AT[frame.place(seat)]
        canvas.card(x + dx, y + dy, card, palette, ascii_only, won=seat == frame.winner)
        _mark_at(canvas, x + dx, CARD_WIDTH, y + dy + CARD_HEIGHT, frame.marks.get(card),
                 styles)


def _pass(canvas: Canvas, x: int, y: int, frame: Frame, palette: Palette,
          styles: MarkStyles, ascii_only: bool) -> None:
    """A pass: its three cards face up with the pass's figure below; under them the
    best pass, small, with its figure, when the verdict names another."""
    left = x + (DIAMOND_WIDTH - (3 * CARD_WIDTH + 2)) // 2
    for number, card in enumerate(frame.passed):
        canvas.card(left + number * (CARD_WIDTH + 1), y + 1, card, palette, ascii_only)
    _mark_at(canvas, x, DIAMOND_WIDTH, y + 1 + CARD_HEIGHT, frame.pass_mark, styles)
    if frame.best_pass:
        word = "best "
        width = len(word) + len(frame.best_pass) * CELL - 2
        start = x + (DIAMOND_WIDTH - width) // 2
        canvas.text(start, y + 8, word, palette.text)
        for number, card in enumerate(frame.best_pass):
            canvas.text(start + len(word) + number * CELL, y + 8, chip_text(card, ascii_only),
                        _face_style(card, palette))
        _mark_at(canvas, start + len(word), width - len(word), y + 9, frame.best_pass_mark,
                 styles)


def paint_frame(canvas: Canvas, frame: Frame, palette: Palette, styles: MarkStyles,
                ascii_only: bool) -> dict[Seat, list[Drawn]]:
    """Draw ``frame`` on ``canvas``; returns where each seat's cards were drawn."""
    full = canvas.height >= FULL_ROWS
    top = max(0, (canvas.height - (FULL_ROWS if full else COMPACT_ROWS)) // 2)
    block = min(canvas.width, BLOCK_WIDTH)
    left = (canvas.width - block) // 2
    side = (block - DIAMOND_WIDTH - 4) // 2
    middle = top + EDGE_ROWS

    def at(place: Seat) -> Seat:
        return Seat((place + frame.you) % 4)

    drawn = {at(Seat.NORTH): _edge(canvas, top, at(Seat.NORTH), frame, palette, styles,
                                   ascii_only),
             at(Seat.WEST): _side(canvas, left, middle, side, at(Seat.WEST), frame, palette,
                                  styles, ascii_only),
             at(Seat.EAST): _side(canvas, left + block - side, middle, side, at(Seat.EAST),
                                  frame, palette, styles, ascii_only)}
    bottom = middle + MIDDLE_ROWS
    if full:
        drawn[at(Seat.SOUTH)] = _bottom_faces(canvas, bottom, at(Seat.SOUTH), frame, palette,
                                              styles, ascii_only)
    else:
        drawn[at(Seat.SOUTH)] = _edge(canvas, bottom, at(Seat.SOUTH), frame, palette, styles,
                                      ascii_only)
    trick_x = left + (block - DIAMOND_WIDTH) // 2
    if frame.passed:
        _pass(canvas, trick_x, middle, frame, palette, styles, ascii_only)
    else:
        _trick(canvas, trick_x, middle, frame, palette, styles, ascii_only)
    return drawn


class ReplayPainted(Painted):
    """A replay widget: the table's colours, and the figures' and names' styles."""

    COMPONENT_CLASSES: ClassVar[set[str]] = Painted.COMPONENT_CLASSES | {
        "replay--best", "replay--played", "replay--error", "replay--turn",
    }

    def __init__(self, ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii_only = ascii_only
        """Draw cards with suit letters instead of symbols."""

    def mark_styles(self) -> MarkStyles:
        """The figures' styles from the stylesheet."""
        return MarkStyles(
            choice=self.get_component_rich_style("table--text"),
            best=self.get_component_rich_style("replay--best"),
            played=self.get_component_rich_style("replay--played"),
            error=self.get_component_rich_style("replay--error"),
            turn=self.get_component_rich_style("replay--turn"),
        )


class ReplayTable(ReplayPainted):
    """The table at one step of the replay."""

    def __init__(self, ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(ascii_only, id=id)
        self.frame: Frame | None = None
        """The step shown (None: an empty table)."""
        self.drawn: dict[Seat, list[Drawn]] = {}
        """Where each seat's cards were drawn last."""

    def show(self, frame: Frame) -> None:
        """Draw ``frame`` next."""
        self.frame = frame
        self.refresh()

    def render(self) -> Text:
        """Paint the table at the step."""
        palette = self.palette()
        width, height = self.size
        canvas = Canvas(width, height, palette.table)
        if self.frame is not None:
            self.drawn = paint_frame(canvas, self.frame, palette, self.mark_styles(),
                                     self.ascii_only)
        return canvas.render()


def strip_items(steps: list[Step]) -> list[tuple[str, int]]:
    """The strip's entries: the deal, the pass (if the hand had one), each trick and
    the summary, each with the step it goes to (the summary: one past the last)."""
    items = [("Deal", 0)]
    passes = [index for index, step in enumerate(steps) if step.kind == "pass"]
    if passes:
        items.append(("Pass", passes[0]))
    items += [(str(step.trick_number), index) for index, step in enumerate(steps)
              if step.kind == "play" and step.plays % 4 == 1]
    items.append(("Summary", len(steps)))
    return items


class StepStrip(ReplayPainted):
    """One row to click: the deal, the pass, each trick and the summary; where the
    replay stands is shown reversed, and a place with an error shown in its colour."""

    class Chosen(Message):
        """An entry of the strip was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index
            """The step it goes to (one past the last: the summary)."""

    GAP = 2
    """Columns between two entries."""

    def __init__(self, steps: list[Step], ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(ascii_only, id=id)
        self.items = strip_items(steps)
        """The entries and the steps they go to."""
        self.index = 0
        """The step the replay stands at."""
        self.errors: frozenset[int] = frozenset()
        """The steps with an error shown."""

    def show(self, index: int, errors: frozenset[int]) -> None:
        """Mark ``index`` as where the replay stands, and the ``errors``' places."""
        self.index, self.errors = index, errors
        self.refresh()

    def _spans(self) -> list[tuple[int, int, int]]:
        """Each entry's first column, width and the step it goes to."""
        spans = []
        x = 1
        for text, index in self.items:
            spans.append((x, len(text), index))
            x += len(text) + self.GAP
        return spans

    def _current(self) -> int:
        """The entry that holds the step the replay stands at."""
        return max(number for number, (_text, start) in enumerate(self.items)
                   if start <= self.index)

    def render(self) -> Text:
        """Paint the entries."""
        palette = self.palette()
        styles = self.mark_styles()
        canvas = Canvas(self.size.width, self.size.height, palette.table)
        current = self._current()
        starts = [start for _text, start in self.items]
        for number, ((text, start), (x, _width, _index)) in enumerate(
                zip(self.items, self._spans(), strict=True)):
            end = starts[number + 1] if number + 1 < len(starts) else start + 1
            style = palette.text
            if any(start <= error < end for error in self.errors):
                style = styles.of(Mark("", "error"))
            if number == current:
                style = styles.turn
            canvas.text(x, 0, text, style)
        return canvas.render()

    def on_click(self, event: events.Click) -> None:
        """A click on an entry goes there."""
        for x, width, index in self._spans():
            if x <= event.x < x + width:
                event.stop()
                self.post_message(self.Chosen(index))
                return


class ReplaySummary(ReplayPainted):
    """The summary at the end of the replay: the points taken and given away, and
    the costliest decisions, each a click (or its number) away."""

    class Chosen(Message):
        """One of the costliest decisions was clicked."""

        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number
            """Its number in the list (from 1)."""

    def __init__(self, ascii_only: bool, *, id: str | None = None) -> None:
        super().__init__(ascii_only, id=id)
        self.lines: list[SummaryLine] = []
        """The summary's lines, unwrapped."""
        self._rows: list[int | None] = []

    def show(self, lines: list[SummaryLine]) -> None:
        """Draw ``lines`` next."""
        self.lines = lines
        self.refresh()

    def _wrapped(self, width: int) -> list[tuple[str, SummaryLine]]:
        """Each line cut to ``width`` at spaces, continued lines indented."""
        out = []
        for line in self.lines:
            text = line.text
            indent = " " * (len(text) - len(text.lstrip()) + 4)
            while len(text) > width and " " in text.strip():
                cut = text.rfind(" ", 0, width + 1)
                if cut <= len(indent):
                    cut = width
                out.append((text[:cut].rstrip(), line))
                text = indent + text[cut:].lstrip()
            out.append((text, line))
        return out

    def render(self) -> Text:
        """Paint the summary from the top left, wrapped to the width."""
        palette = self.palette()
        styles = self.mark_styles()
        width, height = self.size
        canvas = Canvas(width, height, palette.table)
        rows = self._wrapped(max(20, width - 2))
        top = max(0, min(1, height - len(rows)))
        self._rows = [None] * top
        for row, (text, line) in enumerate(rows):
            y = top + row
            canvas.text(1, y, text, palette.text)
            if line.number is not None and text.startswith(str(line.number)):
                canvas.text(1, y, str(line.number), styles.turn)
            self._rows.append(line.number)
        return canvas.render()

    def on_click(self, event: events.Click) -> None:
        """A click on one of the costliest decisions goes to it."""
        if 0 <= event.y < len(self._rows):
            number = self._rows[event.y]
            if number is not None:
                event.stop()
                self.post_message(self.Chosen(number))
