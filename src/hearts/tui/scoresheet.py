"""The score sheet page, on the ``r`` key (the table shows the latest hands
between hands)."""

from __future__ import annotations

from typing import ClassVar, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from hearts.tui.base import FitScreen
from hearts.tui.seatapp import SeatApp
from hearts.tui.widgets import GameButton

__all__ = ["ScoreSheetScreen"]


class ScoreSheetScreen(FitScreen):
    """The whole score sheet; escape, ``r``, ``q`` or Close goes back to the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,r,q", "close", "Close", show=False),
        Binding("v", "review", "Review the last hand", show=False),
        Binding("ctrl+l", "redraw", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(id="scores-screen")

    def compose(self) -> ComposeResult:
        """The sheet and a Close button."""
        app = cast(SeatApp, self.app)
        lines = ["Score sheet", "", *app.seat_view.sheet()]
        with Horizontal(id="main"):
            with VerticalScroll(id="scores-scroll"):
                yield Static("\n".join(lines), id="scores-text", markup=False)
            with Vertical(id="buttons"):
                yield GameButton("Close", "close")
                yield GameButton("Quit", "quit")
        yield Static("Score sheet - escape, r or Close returns to the game; between hands v "
                     "reviews the last one",
                     classes="status", markup=False)
        yield Static("", classes="too-small", markup=False)

    def on_mount(self) -> None:
        """Let the arrow keys scroll the sheet."""
        super().on_mount()
        self.query_one("#scores-scroll").focus()

    def action_close(self) -> None:
        """Back to the game."""
        self.leave(None)

    def action_review(self) -> None:
        """Review the hand just finished (between hands), in place of the sheet."""
        app = cast(SeatApp, self.app)
        self.leave(None)
        app.open_review()
