"""Reading and clicking the game in a served page, as a player in a browser would.

The page draws the terminal on a canvas (xterm.js inside textual-serve's
bundle), so the DOM holds no game text. An init script catches the bundle's
terminal object as it is made (the first time it sets its ``fitAddon``) and
keeps it on ``window``; the test then reads xterm's own screen buffer: what
the page shows, cell by cell. Clicks go to the pixel at the middle of a cell.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from playwright.sync_api import Page

CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "fitAddon", {
  configurable: true,
  set(value) {
    window.heartsTerminal = this;
    Object.defineProperty(this, "fitAddon",
      {value: value, writable: true, configurable: true, enumerable: true});
  },
});
"""
"""Init script that keeps the page's terminal as ``window.heartsTerminal``."""

_READ_SCREEN = """() => {
  const holder = window.heartsTerminal;
  if (!holder || !holder.terminal) return null;
  const terminal = holder.terminal, buffer = terminal.buffer.active, rows = [];
  for (let y = 0; y < terminal.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    rows.push(line ? line.translateToString(false) : "");
  }
  return rows;
}"""

SUITS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
"""Suit names as the status line writes them, and their symbols on the cards."""


@dataclass(frozen=True)
class Face:
    """A card face on the screen: its rank and suit as drawn, and its top-left cell."""

    rank: str
    suit: str
    column: int
    row: int
    width: int = 5
    """Columns the face takes: 5, or 7 for the big cards of a large terminal."""

    @property
    def name(self) -> str:
        """Rank and suit symbol, e.g. ``10♥``."""
        return self.rank + self.suit


class Terminal:
    """The game in one browser page."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def rows(self) -> list[str]:
        """Every row of the screen as text (empty before the terminal exists)."""
        rows = self.page.evaluate(_READ_SCREEN)
        return list(rows) if rows else []

    def text(self) -> str:
        """The whole screen as one string."""
        return "\n".join(self.rows())

    def status(self) -> str:
        """The bottom row: the game's status line."""
        rows = self.rows()
        return rows[-1].strip() if rows else ""

    def wait_for(self, wanted: str, timeout: float = 30.0) -> str:
        """Wait until ``wanted`` is on the screen; return the screen."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.text()
            if wanted in screen:
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"{wanted!r} never appeared; the screen:\n{screen}")
            self.page.wait_for_timeout(100)

    def find(self, wanted: str) -> tuple[int, int]:
        """The column and row where ``wanted`` first appears."""
        for row, line in enumerate(self.rows()):
            column = line.find(wanted)
            if column >= 0:
                return column, row
        raise AssertionError(f"{wanted!r} is not on the screen:\n{self.text()}")

    def click_cell(self, column: int, row: int) -> None:
        """Click the middle of a cell with the left button."""
        box = self.page.locator(".xterm-screen").bounding_box()
        assert box is not None, "the terminal is not on the page"
        columns, rows = self.page.evaluate(
            "() => [window.heartsTerminal.terminal.cols, window.heartsTerminal.terminal.rows]")
        width, height = box["width"] / columns, box["height"] / rows
        self.page.mouse.click(box["x"] + (column + 0.5) * width,
                              box["y"] + (row + 0.5) * height)

    def click_text(self, wanted: str) -> None:
        """Click the middle of the first place ``wanted`` appears (a button's label)."""
        column, row = self.find(wanted)
        self.click_cell(column + len(wanted) // 2, row)

    def faces(self) -> list[Face]:
        """Every card face on the screen, top to bottom, left to right: faces of 5 x 5,
        or of 7 x 7 (the big cards of a large terminal)."""
        rows = self.rows()
        found = []
        for size in (5, 7):
            top, bottom = "┌" + "─" * (size - 2) + "┐", "└" + "─" * (size - 2) + "┘"
            for row, line in enumerate(rows[:-(size - 1)]):
                column = line.find(top)
                while column >= 0:
                    if rows[row + size - 1][column:column + size] == bottom:
                        rank = rows[row + 1][column + 1:column + size - 1].strip()
                        suit = rows[row + size // 2][column + size // 2]
                        found.append(Face(rank, suit, column, row, size))
                    column = line.find(top, column + 1)
        return sorted(found, key=lambda face: (face.row, face.column))

    def hand(self) -> list[Face]:
        """The user's hand: the faces along the bottom (raised ones a row higher)."""
        faces = self.faces()
        if not faces:
            return []
        lowest = max(face.row for face in faces)
        return sorted((face for face in faces if face.row >= lowest - 1),
                      key=lambda face: face.column)

    def click_face(self, face: Face) -> None:
        """Click the middle of a card face."""
        self.click_cell(face.column + face.width // 2, face.row + face.width // 2)
