"""Drawing on a character grid: card faces, labels and the canvas they go on.

Nothing here knows about Textual; widgets hand in the styles (taken from the
stylesheet) and get back Rich ``Text``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from hearts.cards import Card, Suit

__all__ = ["BIG_CARD_HEIGHT", "BIG_CARD_WIDTH", "CARD_HEIGHT", "CARD_WIDTH", "Canvas",
           "Palette", "card_face", "suit_mark"]

CARD_WIDTH = 5
"""Columns a card face takes."""
CARD_HEIGHT = 5
"""Rows a card face takes."""
BIG_CARD_WIDTH = 7
"""Columns a big card face takes (the table on a large terminal)."""
BIG_CARD_HEIGHT = 7
"""Rows a big card face takes."""


@dataclass(frozen=True, slots=True)
class Palette:
    """The styles a drawing uses (widgets read them from the stylesheet)."""

    table: Style
    """The green cloth."""
    text: Style
    """Labels and notes on the cloth."""
    black: Style
    """A card face with a black suit."""
    red: Style
    """A card face with a red suit."""
    win: Style
    """The face of the card that took the trick on show (its suit colour kept)."""
    dim: Style
    """The face of a card that may not be played now (its suit colour kept)."""


def suit_mark(suit: Suit, ascii_only: bool) -> str:
    """The suit as one character: a symbol, or a letter in ASCII mode."""
    return suit.letter if ascii_only else suit.symbol


def card_face(card: Card, ascii_only: bool, big: bool = False) -> list[str]:
    """The rows of ``card``'s face: a box with the rank at two corners and the suit
    in the middle; five rows of five columns, or seven of seven when ``big``."""
    inner = BIG_CARD_WIDTH - 2 if big else CARD_WIDTH - 2
    if ascii_only:
        rank = card.rank_name
        top = bottom = "+" + "-" * inner + "+"
        side = "|"
    else:
        rank = "10" if card.rank == 10 else card.rank_name
        top, side, bottom = "┌" + "─" * inner + "┐", "│", "└" + "─" * inner + "┘"
    mark = suit_mark(card.suit, ascii_only)
    space = side + " " * inner + side
    middle = side + mark.center(inner) + side
    return [
        top,
        side + rank.ljust(inner) + side,
        *([space] if big else []),
        middle,
        *([space] if big else []),
        side + rank.rjust(inner) + side,
        bottom,
    ]


class Canvas:
    """A fixed-size grid of styled characters; anything drawn off the edge is clipped."""

    def __init__(self, width: int, height: int, background: Style) -> None:
        self.width = max(0, width)
        """Columns."""
        self.height = max(0, height)
        """Rows."""
        self._cells: list[list[tuple[str, Style]]] = [
            [(" ", background)] * self.width for _ in range(self.height)
        ]

    def text(self, x: int, y: int, text: str, style: Style) -> None:
        """Write ``text`` starting at column ``x`` of row ``y``."""
        if not 0 <= y < self.height:
            return
        row = self._cells[y]
        for offset, char in enumerate(text):
            column = x + offset
            if 0 <= column < self.width:
                row[column] = (char, style)

    def card(self, x: int, y: int, card: Card, palette: Palette, ascii_only: bool,
             highlight: bool = False, won: bool = False, dim: bool = False,
             big: bool = False) -> None:
        """Draw ``card``'s face with its top-left corner at ``(x, y)``; ``won`` marks
        the card that took the trick, ``dim`` a card that may not be played now,
        ``big`` draws the big face."""
        style = palette.red if card.suit.is_red else palette.black
        if won:
            style = style + Style(bgcolor=palette.win.bgcolor)
        if dim:
            style = style + Style(bgcolor=palette.dim.bgcolor)
        if highlight:
            style = style + Style(reverse=True)
        for row, line in enumerate(card_face(card, ascii_only, big)):
            self.text(x, y + row, line, style)

    def render(self) -> Text:
        """The grid as Rich text, one line a row."""
        out = Text(no_wrap=True, overflow="crop", end="")
        for number, row in enumerate(self._cells):
            if number:
                out.append("\n")
            run = ""
            run_style: Style | None = None
            for char, style in row:
                if style is not run_style and run:
                    out.append(run, run_style)
                    run = ""
                run_style = style
                run += char
            if run:
                out.append(run, run_style)
        return out
